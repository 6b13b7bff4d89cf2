import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { downloadBy, setSiteUrl, unpackDownload, validateXml, writeAll } from './export-helpers';
import { saveScreenshot } from './helpers';
import { expect, test } from './test';

const SITE = 'https://www.example.org/';
const N = 60_000;

/**
 * A urlset of N URLs (more than one sitemap may hold) with four planted
 * problems: an ftp: URL and an impossible date (errors), a URL repeated and
 * one on another host (warnings).
 */
function writeLargeSitemap(dir: string): string {
  const entries: string[] = [];
  for (let i = 0; i < N; i++) {
    let loc = `${SITE}catalog/item-${i + 1}`;
    let lastmod = `2024-0${(i % 9) + 1}-1${i % 10}`;
    if (i === 100) loc = 'ftp://www.example.org/catalog/item-101';
    if (i === 200) lastmod = '2024-02-30';
    if (i === 300) loc = `${SITE}catalog/item-1`;
    if (i === 400) loc = 'https://elsewhere.example.net/catalog/item-401';
    entries.push(`<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>\n`);
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'catalog.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`,
  );
  return file;
}

/**
 * The app with its table limit lowered to 1,000 URLs through the page
 * address (`?stream-threshold=`, the test hook stream-threshold.ts reads),
 * so a set of 60,000 takes the path a set of millions takes.
 */
async function openWithLowLimit(page: Page, more = ''): Promise<void> {
  await page.goto(`/?stream-threshold=1000${more}`);
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
}

test('a set beyond the table is checked and re-split without loading it, and the zip holds the files', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await openWithLowLimit(page);
  await setSiteUrl(page, SITE);
  await page.getByLabel('Import sitemaps').setInputFiles([writeLargeSitemap(testInfo.outputPath('in'))]);

  // Said plainly, before anything is imported.
  const offer = page.getByRole('region', { name: 'Too many URLs for the table' });
  await expect(offer).toBeVisible();
  await expect(offer.getByTestId('stream-estimate')).toContainText(/This file holds about 6\d,\d{3} URLs/);
  await expect(offer).toContainText(
    '1,000 URLs is the limit set by ?stream-threshold in the page address, for testing',
  );
  await expect(page.getByRole('heading', { name: 'Open your sitemaps' })).toBeHidden();
  await saveScreenshot(page, 'stream-offer');
  await offer.getByRole('button', { name: 'Check and re-split without loading into the table' }).click();

  const result = page.getByRole('region', { name: 'Checked without loading into the table' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('stream-url-count')).toHaveText('60,000');
  await expect(result.getByTestId('stream-problem-count')).toHaveText('2 errors · 4 warnings');
  const groups = result.getByRole('list', { name: 'Problems by rule' });
  await expect(groups.locator('.stream-group')).toHaveCount(5);
  for (const [code, count] of [
    ['loc-scheme', '1'],
    ['lastmod-invalid', '1'],
    ['loc-duplicate', '2'],
    ['loc-not-allowed', '1'],
    ['too-many-urls', '1'],
  ]) {
    await expect(result.getByTestId(`stream-count-${code}`), code).toHaveText(count as string);
  }
  // Located examples, in the words of the table path.
  await expect(groups.locator('[data-code="loc-scheme"]')).toContainText(
    'catalog.xml:103:1 URL "ftp://www.example.org/catalog/item-101" uses the scheme "ftp:"; only http and https are allowed',
  );
  await expect(groups.locator('[data-code="loc-duplicate"]')).toContainText(
    'catalog.xml:303:1 URL "https://www.example.org/catalog/item-1" appears more than once',
  );
  await expect(result.locator('.stream-robots')).toHaveText(`Sitemap: ${SITE}sitemap-index.xml.gz`);
  // Nothing went into the table.
  await expect(page.getByRole('grid')).toHaveCount(0);
  await saveScreenshot(page, 'stream');

  const { file } = await downloadBy(
    page,
    () => result.getByRole('button', { name: /^Download sitemaps\.zip/ }).click(),
    testInfo.outputPath('download'),
  );
  expect(path.basename(file)).toBe('sitemaps.zip');
  const members = unpackDownload(file);
  expect([...members.keys()]).toEqual(['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-index.xml.gz', 'robots.txt']);
  const text = (name: string) => new TextDecoder().decode(members.get(name));
  const urls = (name: string) => text(name).split('<url>').length - 1;
  expect([urls('sitemap-1.xml.gz'), urls('sitemap-2.xml.gz')]).toEqual([50_000, 10_000]);
  expect([...text('sitemap-index.xml.gz').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
    `${SITE}sitemap-1.xml.gz`,
    `${SITE}sitemap-2.xml.gz`,
  ]);
  expect(text('robots.txt')).toBe(`Sitemap: ${SITE}sitemap-index.xml.gz\n`);
  // Written as read (no fix asked): the second file, clear of the planted problems, and the index validate.
  const [, second, index] = writeAll(testInfo.outputPath('unzipped'), members, (n) => n.replace(/\.gz$/, ''));
  validateXml(second as string, 'sitemap');
  validateXml(index as string, 'index');
});

test('the offer can be declined for the table, and a run can be cancelled', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openWithLowLimit(page, '&test-hooks');
  const file = writeLargeSitemap(testInfo.outputPath('in'));

  await page.getByLabel('Import sitemaps').setInputFiles([file]);
  const offer = page.getByRole('region', { name: 'Too many URLs for the table' });
  await offer.getByRole('button', { name: 'Import into the table anyway' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('url-count')).toHaveText('60000', { timeout: 60_000 });

  await page.getByLabel('Import sitemaps').setInputFiles([file]);
  await offer.getByLabel(/Apply the safe automatic fixes/).check();
  // The run works a minute before it reads (a busy worker), so it is surely under way when Cancel is
  // clicked: on a busy machine a run of 60,000 URLs could end before the click, or while it is made.
  await page.evaluate(() =>
    (
      window as unknown as { __sitemapEditorTest: { stopWorkerDuring: (d: string, h: string, ms: number) => void } }
    ).__sitemapEditorTest.stopWorkerDuring('stream', 'slow', 60_000),
  );
  await offer.getByRole('button', { name: 'Check and re-split without loading into the table' }).click();
  const run = page.getByRole('status').filter({ hasText: 'Checking and re-splitting without loading' });
  await expect(run).toBeVisible();
  await run.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Checking without loading was cancelled.')).toBeVisible();
  // The rows imported before are still there (the worker reloaded the saved document).
  await expect(page.getByTestId('url-count')).toHaveText('60000', { timeout: 60_000 });
});
