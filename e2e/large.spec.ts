/*
 * The large path through the UI at 200,000 URLs (issue 5): four gzipped files
 * of 50,000 from the benchmark's deterministic generator, imported with the
 * picker, sorted, edited and exported, with the result read back.
 */
import { writeFileSync } from 'node:fs';
import { forEachEntry, generateDataSet, gzipDataSet, SITE_URL } from '../bench/generate';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { sortBy, tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';

const N = 200_000;

test('200,000 URLs: import four gzipped files, sort, edit a cell, export the zip', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const paths = gzipDataSet(generateDataSet(N)).map((f) => {
    const file = testInfo.outputPath(f.name);
    writeFileSync(file, f.bytes);
    return file;
  });
  let first = '';
  forEachEntry(N, (e) => {
    if (first === '' || e.loc < first) first = e.loc;
  });

  await openApp(page);
  await setSiteUrl(page, SITE_URL);
  await importFiles(page, paths);
  await expect(page.getByTestId('url-count')).toHaveText(String(N), { timeout: 120_000 });
  await expect(page.getByTestId('problem-count')).toHaveText('0 errors · 0 warnings');
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', String(N));

  await sortBy(page, 'loc', 'ascending');
  await expect(tableCell(page, 1, 'loc')).toHaveText(first, { timeout: 30_000 });

  // A lastmod in the future: the row is re-checked and shows the warning.
  await tableCell(page, 1, 'lastmod').dblclick();
  const editor = grid.getByRole('textbox', { name: 'lastmod of row 1' });
  await editor.fill('2099-01-01');
  await editor.press('Enter');
  await expect(tableCell(page, 1, 'problems').locator('[data-code="lastmod-future"]')).toBeVisible();
  await expect(page.getByTestId('problem-count')).toHaveText('0 errors · 1 warning');
  await saveScreenshot(page, 'large-200k');

  const dialog = await openExport(page);
  await dialog.getByRole('checkbox', { name: /Gzip each file/ }).check();
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('download'),
  );
  const files = unpackDownload(file);
  expect([...files.keys()].sort()).toEqual([
    'robots.txt',
    'sitemap-1.xml.gz',
    'sitemap-2.xml.gz',
    'sitemap-3.xml.gz',
    'sitemap-4.xml.gz',
    'sitemap-index.xml.gz',
  ]);
  let urls = 0;
  let edited = 0;
  for (const [name, data] of files) {
    if (!name.startsWith('sitemap-') || name.startsWith('sitemap-index')) continue;
    const xml = new TextDecoder().decode(data);
    urls += xml.split('<url>').length - 1;
    edited += xml.split('<lastmod>2099-01-01</lastmod>').length - 1;
  }
  expect(urls).toBe(N);
  expect(edited).toBe(1);
});
