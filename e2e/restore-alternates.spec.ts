/*
 * A document with over a million hreflang alternates, saved and opened again
 * (issue 34): it was saved as one IndexedDB value of 264 MB, over Chromium's
 * limit for one value (the save failed, "a private window?"), and its restore
 * showed a blank page with "URLS 0" and no busy state for 12–20 s. Now it is
 * saved in pieces, and the restore shows as a job with its progress.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { expect, test } from './test';

const LANGS = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'fi', 'pl'];
const PRODUCTS = 10_000;
/** 110,000 URLs, each listing its 11 language versions: 1,210,000 alternates. */
const URLS = PRODUCTS * LANGS.length;

/** The sitemaps, 50,000 URLs a file, gzipped. */
function sitemaps(): Buffer[] {
  const files: Buffer[] = [];
  let entries: string[] = [];
  const flush = () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      entries.join('') +
      '</urlset>\n';
    files.push(gzipSync(xml));
    entries = [];
  };
  for (let p = 0; p < PRODUCTS; p++) {
    const links = LANGS.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="https://shop.example.com/${l}/product-${p}"/>`,
    ).join('');
    for (const l of LANGS) {
      entries.push(`<url><loc>https://shop.example.com/${l}/product-${p}</loc>${links}</url>\n`);
      if (entries.length === 50_000) flush();
    }
  }
  if (entries.length > 0) flush();
  return files;
}

test('a document of 1,210,000 alternates is saved, and opening it again shows a busy job with its progress', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const paths = sitemaps().map((bytes, k) => {
    const file = testInfo.outputPath(`alternates-${k + 1}.xml.gz`);
    writeFileSync(file, bytes);
    return file;
  });
  await openApp(page);
  await importFiles(page, paths);
  await expect(page.getByTestId('url-count')).toHaveText(String(URLS));
  const problems = await page.getByTestId('problem-count').innerText();
  // Saved, not "Not saved (kept in memory only)".
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 120_000 });

  await page.reload();
  const job = page.getByRole('status').filter({ hasText: 'Opening your saved work' });
  await expect(job).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
  // Its progress: the saved parts read, then the rows checked.
  await expect(job).toContainText(/Reading the saved copy… part \d+ of \d+|Checking 110,000 URLs…/);
  await saveScreenshot(page, 'restore-alternates-busy');
  await expect(page.getByTestId('url-count')).toHaveText(String(URLS), { timeout: 180_000 });
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  await expect(job).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Restored your work from' })).toBeVisible();
  await expect(page.getByTestId('problem-count')).toHaveText(problems);
});
