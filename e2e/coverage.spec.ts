import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFiles, expectCounts, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

/** The coverage fixtures (a sitemap and a crawl export), shared with the unit tests. */
const coverage = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/crawl-coverage', name);

test('a crawl export lists the indexable pages the sitemap misses, and Add N pages adds them in one undo step', async ({
  page,
}) => {
  await openApp(page);
  await dropFiles(page, [coverage('sitemap.xml'), coverage('crawl.csv')]);
  // The listed redirect is a warning; the two missing pages are infos (a case and slash variant of a listed URL is not).
  await expectCounts(page, { urls: 6, errors: 0, warnings: 1 });
  const missing = problemGroup(page, 'crawl-not-in-sitemap');
  await expect(missing.getByTestId('group-count')).toHaveText('2');
  await expect(missing).toContainText('Search Console: “Indexed, not submitted in sitemap”');
  await expect(missing).toContainText('https://example.com/shop/item-2');
  await expect(missing).toContainText('https://example.com/blog/new-post');
  await saveScreenshot(page, 'coverage-missing');

  await missing.getByRole('button', { name: 'Add 2 pages' }).click();
  await expectCounts(page, { urls: 8, errors: 0, warnings: 1 });
  await expect(missing).toHaveCount(0);
  await expect(page.getByRole('grid')).toContainText('/shop/item-2');

  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveAttribute(
    'title',
    'Undo: Add 2 pages the crawl found',
  );
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expectCounts(page, { urls: 6, errors: 0, warnings: 1 });
  await expect(missing.getByTestId('group-count')).toHaveText('2');
});
