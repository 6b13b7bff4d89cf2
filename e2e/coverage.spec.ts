import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFiles, expectCounts, openApp, problemGroup, saveScreenshot } from './helpers';
import { seriousViolations } from './axe';
import { sortBy, tableCell, urlGrid } from './table-helpers';
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

test('the Coverage view filters the table by what the crawl reached, counts each branch in the tree and on the board, and the crawl depth sorts', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  await dropFiles(page, [coverage('sitemap.xml')]);
  await expectCounts(page, { urls: 6, errors: 0, warnings: 0 });
  // Without a crawl export: one line that says what enables it, and no crawl columns.
  const panel = page.getByTestId('coverage');
  await expect(panel).toContainText('Drop a crawl export (Screaming Frog or Sitebulb CSV)');
  await expect(urlGrid(page).getByRole('columnheader', { name: 'crawl depth' })).toHaveCount(0);

  await dropFiles(page, [coverage('crawl.csv')]);
  await expectCounts(page, { urls: 6, errors: 0, warnings: 1 });
  const crawled = page.getByTestId('coverage-crawled');
  const listedOnly = page.getByTestId('coverage-listedOnly');
  await expect(crawled).toHaveText('Listed and crawled 5');
  await expect(listedOnly).toHaveText('Listed only 1');
  await expect(page.getByTestId('coverage-missing')).toHaveText('Crawled only 2');

  // Listed only: the orphan, said in the table's filter chips.
  await listedOnly.click();
  await expect(listedOnly).toHaveAttribute('aria-pressed', 'true');
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '1');
  await expect(tableCell(page, 1, 'loc')).toContainText('/orphan');
  await expect(page.getByTestId('filter-chip')).toHaveText(['Listed only: not crawled×']);
  await saveScreenshot(page, 'coverage-listed-only');
  expect(await seriousViolations(page), 'serious or critical axe violations with the Coverage view').toEqual([]);

  // Listed and crawled: the five the crawl reached (/about and /blog/ as variants of its /About/ and /blog).
  await crawled.click();
  await expect(crawled).toHaveAttribute('aria-pressed', 'true');
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '5');
  await expect(page.getByTestId('filter-chip')).toHaveText(['Listed and crawled×']);
  await expect(urlGrid(page)).not.toContainText('/orphan');
  await page.getByTestId('filter-chip').getByRole('button').click();
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '6');

  // Crawled only: not rows; the count goes to their group, where Add 2 pages is.
  await page.getByTestId('coverage-missing').click();
  await expect(problemGroup(page, 'crawl-not-in-sitemap').getByRole('button', { name: 'Add 2 pages' })).toBeFocused();

  // The crawl's depth and inlinks are columns, read-only and sortable.
  await expect(urlGrid(page).getByRole('columnheader', { name: 'crawl depth', exact: true })).toBeVisible();
  await expect(urlGrid(page).getByRole('columnheader', { name: 'inlinks', exact: true })).toBeVisible();
  await sortBy(page, 'crawl depth', 'ascending');
  await expect(tableCell(page, 1, 'depth')).toHaveText('0');
  await expect(tableCell(page, 6, 'loc')).toContainText('/orphan');
  await sortBy(page, 'crawl depth', 'descending');
  await expect(tableCell(page, 1, 'loc')).toContainText('/shop/item-1');
  await expect(tableCell(page, 1, 'depth')).toHaveText('2');
  await expect(tableCell(page, 6, 'loc')).toContainText('/orphan');
  await expect(tableCell(page, 6, 'depth')).toHaveText('');
  await saveScreenshot(page, 'coverage-depth-sorted');

  // The tree: each branch says what the crawl did not reach and what the sitemap misses.
  const tree = page.getByRole('tree', { name: 'Site structure' });
  const host = tree.getByRole('treeitem', { name: /^example\.com,/ });
  await expect(host).toHaveAccessibleName(/1 not crawled · 2 missing/);
  if ((await host.getAttribute('aria-expanded')) === 'false') await host.locator('.st-twisty').click();
  await expect(tree.getByRole('treeitem', { name: /^orphan,/ })).toHaveAccessibleName(/1 not crawled/);
  await expect(tree.getByRole('treeitem', { name: /^shop,/ })).toHaveAccessibleName(/1 missing/);
  await expect(tree.getByRole('treeitem', { name: /^blog,/ })).toHaveAccessibleName(/1 missing/);
  await host.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'coverage-tree');

  // The board's boxes say the same.
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  const board = page.getByRole('group', { name: 'Site diagram' });
  await expect(board.getByRole('button', { name: /^Home,/ })).toHaveAccessibleName(/1 not crawled · 2 missing/);
  await expect(board.getByRole('button', { name: /^shop,/ })).toHaveAccessibleName(/1 missing/);
  await saveScreenshot(page, 'coverage-board');

  // The crawl export is kept with the document: after a reload the counts and the columns are back.
  await page.reload();
  await expectCounts(page, { urls: 6, errors: 0, warnings: 1 });
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(page.getByTestId('coverage-listedOnly')).toHaveText('Listed only 1');
  await expect(urlGrid(page).getByRole('columnheader', { name: 'inlinks', exact: true })).toBeVisible();
});
