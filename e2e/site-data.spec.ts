import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadBy, openExport, setSiteUrl, validateXml } from './export-helpers';
import { dropFiles, expectCounts, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

/** The repository's site fixtures (a sitemap, its robots.txt and crawl exports), shared with the unit tests. */
const site = (name: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site', name);

test('a dropped robots.txt is read as rules: the URLs it blocks are reported', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [site('sitemap.xml')]);
  await expectCounts(page, { urls: 8, errors: 0, warnings: 0 });

  await dropFiles(page, [site('robots.txt')]);
  // Rules, not a text sitemap: no URL is added.
  await expectCounts(page, { urls: 8, errors: 0, warnings: 2 });
  const blocked = problemGroup(page, 'robots-blocked');
  await expect(blocked.getByTestId('group-count')).toHaveText('2');
  await expect(blocked).toContainText('The URL is blocked by robots.txt for Googlebot');
  await expect(blocked).toContainText('Search Console: “Sitemap contains URLs which are blocked by robots.txt”');
  await expect(blocked.locator('.problem-place').first()).toHaveText('sitemap.xml:4:3');
  await expect(page.locator('.file-table tbody tr').nth(1)).toHaveText(/^robots\.txtrobots\.txt rules0/);
  await saveScreenshot(page, 'robots-blocked');
});

test("a dropped crawl export reports what the crawl found, in Search Console's words, and the export leaves those URLs out", async ({
  page,
}, testInfo) => {
  await openApp(page);
  await dropFiles(page, [site('sitemap.xml'), site('crawl-screaming-frog.csv')]);
  await expectCounts(page, { urls: 8, errors: 0, warnings: 5 });
  for (const [code, words] of [
    ['crawl-not-found', 'Submitted URL not found (404)'],
    ['crawl-noindex', "Submitted URL marked 'noindex'"],
    ['crawl-server-error', 'Server error (5xx)'],
    ['crawl-redirect', 'Page with redirect'],
    ['crawl-canonical', 'Submitted URL not selected as canonical'],
  ] as const) {
    const group = problemGroup(page, code);
    await expect(group.getByTestId('group-count')).toHaveText('1');
    await expect(group).toContainText(`Search Console: “${words}”`);
  }
  await expect(page.locator('.file-table tbody tr').nth(1)).toHaveText(/^crawl-screaming-frog\.csvCrawl export6/);
  await saveScreenshot(page, 'crawl-problems');

  await setSiteUrl(page, 'https://example.com/');
  const dialog = await openExport(page);
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  const xml = readFileSync(file, 'utf8');
  expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
    'https://example.com/',
    'https://example.com/private/report',
    'https://example.com/tmp/draft',
  ]);
  validateXml(file, 'sitemap');
  const notes = dialog.locator('.export-notes li');
  await expect(notes).toHaveCount(5);
  await expect(notes.first()).toHaveText(
    'crawl-not-found Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/gone) (Search Console: "Submitted URL not found (404)")',
  );
  await saveScreenshot(page, 'crawl-export');
});

test('pasted robots.txt rules are read as rules too', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [site('sitemap.xml')]);
  await page.locator('body').evaluate((body, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, 'User-agent: *\nDisallow: /private/\n');
  await expectCounts(page, { urls: 8, errors: 0, warnings: 1 });
  const blocked = problemGroup(page, 'robots-blocked');
  await expect(blocked.getByTestId('group-count')).toHaveText('1');
  await expect(blocked).toContainText(
    'URL "https://example.com/private/report" is blocked for Googlebot by pasted.txt line 2 ("Disallow: /private/")',
  );
});
