import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { XmlDocument } from 'libxml2-wasm';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

/*
 * Issue 34: one entry whose unknown elements nest thousands of levels deep
 * (a 33 KB file) made every autosave fail and the export crash. The reader
 * keeps 254 levels (what libxml2 reads) and says so; the rest of the page
 * works: the document saves and comes back, and the export is well-formed
 * and holds both URLs.
 */
const DEPTH = 3000;
const SITE = 'https://example.com/';

function deepSitemap(file: string): string {
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:x="urn:x">\n` +
      `<url><loc>https://example.com/a</loc>${'<x:a>'.repeat(DEPTH)}t${'</x:a>'.repeat(DEPTH)}</url>\n` +
      `<url><loc>https://example.com/b</loc></url>\n</urlset>\n`,
  );
  return file;
}

async function waitUntilSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

test('a file nested 3,000 levels deep is read, saved, restored and exported with both URLs', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [deepSitemap(testInfo.outputPath('deep.xml'))]);
  await expectCounts(page, { urls: 2, errors: 1, warnings: 0 });
  await expect(problemGroup(page, 'ext-too-deep')).toContainText('deeper than 254 levels');
  await waitUntilSaved(page);
  await saveScreenshot(page, 'deep-nesting-read');

  await page.reload();
  await expectCounts(page, { urls: 2, errors: 1, warnings: 0 });
  await expect(page.getByRole('status').filter({ hasText: 'Restored your work from' })).toBeVisible();

  const dialog = await openExport(page);
  // The one error is what was not read: Download asks, as for any error the user has not dealt with.
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const confirm = dialog.getByRole('region', { name: '1 error remains' });
  await expect(confirm).toBeVisible();
  const { file } = await downloadBy(
    page,
    () => confirm.getByRole('button', { name: 'Continue with errors' }).click(),
    testInfo.outputPath('out'),
  );
  const xml = new TextDecoder().decode(unpackDownload(file).get('sitemap.xml'));
  // Well-formed for libxml2, which refuses a document deeper than 256 elements (the schema
  // wants unknown elements declared, so XSD validation does not apply: unknown-tag says so).
  XmlDocument.fromString(xml).dispose();
  expect(xml).toContain('<loc>https://example.com/a</loc>');
  expect(xml).toContain('<loc>https://example.com/b</loc>');
  expect(xml.split('<x:a').length - 1).toBe(254);
  expect(xml.length).toBeLessThan(10_000);
});
