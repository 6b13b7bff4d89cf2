import path from 'node:path';
import {
  downloadBy,
  openExport,
  setSiteUrl,
  unpackDownload,
  validateXml,
  writeAll,
  writeCleanSitemap,
} from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

const SITE = 'https://www.example.org/';

test('the Export button waits for sitemaps', async ({ page }) => {
  await openApp(page);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await importFiles(page, [fixture('clean-sitemap.xml')]);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();

  // The dialog shows the Site URL and sends the user to the one field that sets it.
  const dialog = await openExport(page);
  await expect(dialog).toContainText('No Site URL yet');
  await dialog.getByRole('button', { name: 'Set it in the toolbar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Site URL')).toBeFocused();
});

test('split, gzipped sitemaps with an index validate and import back', async ({ page }, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [writeCleanSitemap(testInfo.outputPath('in'), 7)]);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });

  const dialog = await openExport(page);
  // The Site URL stays one field (the toolbar's): the dialog shows it.
  await expect(page.getByLabel('Site URL')).toHaveCount(1);
  await expect(dialog).toContainText(SITE);

  await dialog.getByLabel('Custom').check();
  await dialog.getByLabel('Max URLs per file').fill('2');
  await dialog.getByLabel(/Gzip each file/).check();

  const files = dialog.getByRole('table', { name: 'Files to write' });
  const expected = [
    ['sitemap-1.xml.gz', 'Sitemap', '2'],
    ['sitemap-2.xml.gz', 'Sitemap', '2'],
    ['sitemap-3.xml.gz', 'Sitemap', '2'],
    ['sitemap-4.xml.gz', 'Sitemap', '1'],
    ['sitemap-index.xml.gz', 'Sitemap index', '4'],
  ];
  await expect(files.locator('tbody tr')).toHaveCount(expected.length);
  for (const [i, [name, kind, urls]] of expected.entries()) {
    const cells = files.locator('tbody tr').nth(i).locator('td');
    await expect(cells.nth(0)).toHaveText(name!);
    await expect(cells.nth(1)).toHaveText(kind!);
    await expect(cells.nth(2)).toHaveText(urls!);
  }
  await expect(dialog.getByTestId('robots-txt')).toHaveText(`Sitemap: ${SITE}sitemap-index.xml.gz`);
  await saveScreenshot(page, 'export-dialog');

  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemaps.zip');
  await expect(dialog.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText('sitemaps.zip');

  const unpacked = unpackDownload(file);
  expect([...unpacked.keys()].sort()).toEqual([...expected.map(([name]) => name!), 'robots.txt'].sort());
  expect(new TextDecoder().decode(unpacked.get('robots.txt'))).toBe(`Sitemap: ${SITE}sitemap-index.xml.gz\n`);

  // Validated as served (uncompressed), against the official schemas.
  const plainDir = testInfo.outputPath('plain');
  const xmlFiles = new Map([...unpacked].filter(([name]) => name.endsWith('.xml.gz')));
  const written = writeAll(plainDir, xmlFiles, (name) => name.replace(/\.gz$/, ''));
  for (const f of written) validateXml(f, path.basename(f).startsWith('sitemap-index') ? 'index' : 'sitemap');

  // Importing the bundle's files (still gzipped, as downloaded) gives the rows back.
  const gzDir = testInfo.outputPath('gz');
  const raw = new Map([...unpackDownload(file, { gunzip: false })].filter(([name]) => name.endsWith('.gz')));
  const gzFiles = writeAll(gzDir, raw);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  // The Site URL was remembered, and the rows were restored: clear them before importing the bundle.
  await expect(page.getByLabel('Site URL')).toHaveValue(SITE);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear everything' }).click();
  await expectCounts(page, { urls: 0, errors: 0, warnings: 0 });
  await importFiles(page, gzFiles);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });
});

test('one resulting file downloads as sitemap.xml, and the options are remembered', async ({ page }, testInfo) => {
  const input = writeCleanSitemap(testInfo.outputPath('in'), 3);
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [input]);

  const dialog = await openExport(page);
  await dialog.getByLabel('Date and time with zone').check();
  await expect(dialog.getByRole('table', { name: 'Files to write' }).locator('tbody tr')).toHaveCount(1);
  await expect(dialog.getByRole('table', { name: 'Files to write' })).toContainText('sitemap.xml');
  await expect(dialog.getByTestId('robots-txt')).toHaveText(`Sitemap: ${SITE}sitemap.xml`);

  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemap.xml');
  validateXml(file, 'sitemap');
  const xml = new TextDecoder().decode(unpackDownload(file).get('sitemap.xml'));
  expect(xml).toContain('<lastmod>2024-03-01T00:00:00+00:00</lastmod>');

  // Escape closes the dialog; the choice is still there when it opens again, and after a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();
  await page.reload();
  await importFiles(page, [input]);
  const again = await openExport(page);
  await expect(again.getByLabel('Date and time with zone')).toBeChecked();
});

// A W3C "YYYY-MM" lastmod (clean-sitemap.xml has one) is refused by the
// official XSD (xsd:date | xsd:dateTime): the export completes it.
test('a YYYY-MM lastmod exports valid against the official schema', async ({ page }, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('clean-sitemap.xml')]);
  const dialog = await openExport(page);
  await dialog.getByLabel('Date and time with zone').check();
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  validateXml(file, 'sitemap');
});

test('Download with errors left asks first, and can fix them before downloading', async ({ page }, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  const dialog = await openExport(page);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const confirm = dialog.getByRole('region', { name: '2 errors remain' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('2 of them can be fixed automatically');
  await expect(confirm.getByRole('heading', { name: '2 errors remain' })).toBeFocused();
  await saveScreenshot(page, 'export-confirm');

  // Back leaves the options as they were, with nothing downloaded.
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toBeHidden();

  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const { download, file } = await downloadBy(
    page,
    () => confirm.getByRole('button', { name: 'Fix all first' }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemap.xml');
  validateXml(file, 'sitemap');
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  await page.keyboard.press('Escape');
  // The fixes are listed, never silent.
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toContainText('1 × lastmod-format');
});

test('Continue with errors downloads without changing the rows', async ({ page }, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const dialog = await openExport(page);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const { download } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Continue with errors' }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemap.xml');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
});

test('the export dialog fits a 768px window', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await openApp(page);
  await importFiles(page, [fixture('clean-sitemap.xml'), fixture('urls.txt')]);
  const dialog = await openExport(page);
  await dialog.getByLabel('Custom').check();
  await expect(dialog.getByRole('table', { name: 'Files to write' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 768).toBe(true);
  await saveScreenshot(page, 'export-dialog-768');
});
