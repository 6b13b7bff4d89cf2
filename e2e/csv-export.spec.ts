import { readFileSync } from 'node:fs';
import { downloadBy, openExport } from './export-helpers';
import { importFiles, openApp } from './helpers';
import { artifact, fixture } from './paths';
import { sortBy } from './table-helpers';
import { expect, test } from './test';

const HEADER = 'loc,lastmod,changefreq,priority,images,videos,news,alternates,other extensions,source file,problems';
const ROWS = {
  root: 'https://www.example.com/,2024-01-15,daily,1.0,0,0,0,0,0,small-sitemap.xml,',
  about: 'https://www.example.com/about,2024/01/05,,0.8,0,0,0,0,0,small-sitemap.xml,lastmod-format',
  blog: 'https://www.example.com/blog/,2024-02-01T10:30:00+01:00,Daily,0.6,0,0,0,0,0,small-sitemap.xml,changefreq-value',
  shop: 'https://www.example.com/shop#top,,weekly,,0,0,0,0,0,small-sitemap.xml,loc-fragment',
  contact: 'https://www.example.com/contact?lang=en&ref=footer,2023-11-30,,0.3,0,0,0,0,0,small-sitemap.xml,',
};

/** A downloaded CSV as a byte order mark and its lines (CRLF line ends, the last one closing the file). */
function readCsv(file: string): { bom: boolean; lines: string[] } {
  const bytes = readFileSync(file);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.subarray(bom ? 3 : 0).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  return { bom, lines: text.slice(0, -2).split('\r\n') };
}

test('the table downloads as CSV: the rows it shows, or every row', async ({ page }, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  // The view: only rows with problems, sorted by lastmod (as text; empty values last).
  await page.getByLabel('Only rows with problems').check();
  await sortBy(page, 'lastmod', 'ascending');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '3');

  const dialog = await openExport(page);
  const csv = dialog.getByRole('region', { name: 'Table as CSV' });
  await expect(csv.getByLabel(/As the table shows them/)).toBeChecked();
  await expect(csv).toContainText('3 of 5 rows, filtered, sorted by lastmod (ascending)');
  await expect(csv).toContainText('Every row 5 rows, in import order');

  const view = await downloadBy(
    page,
    () => csv.getByRole('button', { name: 'Download CSV' }).click(),
    testInfo.outputPath('csv'),
  );
  expect(view.download.suggestedFilename()).toBe('urls-view.csv');
  expect(readCsv(view.file)).toEqual({ bom: true, lines: [HEADER, ROWS.blog, ROWS.about, ROWS.shop] });
  await expect(csv.getByRole('status')).toHaveText(/^Downloaded urls-view\.csv \(\d+ bytes, 3 rows\)\.$/);

  await csv.getByLabel(/Every row/).check();
  const all = await downloadBy(
    page,
    () => csv.getByRole('button', { name: 'Download CSV' }).click(),
    testInfo.outputPath('csv'),
  );
  expect(all.download.suggestedFilename()).toBe('urls.csv');
  expect(readCsv(all.file)).toEqual({
    bom: true,
    lines: [HEADER, ROWS.root, ROWS.about, ROWS.blog, ROWS.shop, ROWS.contact],
  });
  await expect(csv.getByRole('status')).toHaveText(/^Downloaded urls\.csv \(\d+ bytes, 5 rows\)\.$/);

  await csv.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('csv-export.png') });

  // The file is a sitemap source too: the app reads it back as the same rows.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear everything' }).click();
  await expect(page.getByTestId('url-count')).toHaveText('0');
  await importFiles(page, [all.file]);
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(page.getByTestId('problem-count')).toHaveText('2 errors · 1 warning');
});
