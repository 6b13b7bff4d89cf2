import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadBy, openExport, unpackDownload, validateXml, writeAll } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));
const yoast = (name: string) => path.resolve(here, '../fixtures/layouts/yoast', name);
const YOAST = ['sitemap_index.xml', 'post-sitemap.xml', 'page-sitemap.xml'].map(yoast);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

test('Keep my files: Yoast’s three files come back as the same three, with no Site URL typed', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, YOAST);
  await expect(page.getByTestId('url-count')).toContainText('7');
  await expect(page.getByLabel('Site URL')).toHaveValue('');

  // One edit: a lastmod in post-sitemap.xml (the grid's second row).
  await expect(tableCell(page, 2, 'loc')).toContainText('blog/spring-sale/');
  await editCell(page, 2, 'lastmod', '2025-02-14');
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2025-02-14');

  const dialog = await openExport(page, null);
  await expect(dialog.getByLabel('Layout')).toHaveValue('keep');
  await expect(dialog.getByLabel('Layout').locator('option:checked')).toHaveText('Keep my files');
  // Served from the index's own URLs, shown as a value, not asked for.
  await expect(dialog).toContainText('https://shop-demo.example/');
  await expect(dialog).toContainText('as your sitemap index says');
  const rows = dialog.getByRole('table', { name: 'Files to write' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td.file-name')).toHaveText(['post-sitemap.xml', 'page-sitemap.xml', 'sitemap_index.xml']);
  await expect(dialog.getByTestId('robots-txt')).toHaveText('Sitemap: https://shop-demo.example/sitemap_index.xml');
  await saveScreenshot(page, 'export-keep-my-files');

  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemaps.zip');
  const files = unpackDownload(file);
  expect([...files.keys()].sort()).toEqual(['page-sitemap.xml', 'post-sitemap.xml', 'robots.txt', 'sitemap_index.xml']);

  // The same URLs in the same order, the edit in place, every image kept.
  for (const name of ['post-sitemap.xml', 'page-sitemap.xml']) {
    const before = readFileSync(yoast(name), 'utf8');
    const after = text(files.get(name));
    expect(locs(after)).toEqual(locs(before));
  }
  const post = text(files.get('post-sitemap.xml'));
  expect(post).toContain('<lastmod>2025-02-14</lastmod>');
  expect((post.match(/<image:image>/g) ?? []).length).toBe(3);
  const index = text(files.get('sitemap_index.xml'));
  expect(locs(index)).toEqual([
    'https://shop-demo.example/post-sitemap.xml',
    'https://shop-demo.example/page-sitemap.xml',
  ]);
  expect(index).toContain('<lastmod>2025-02-14</lastmod>');
  expect(text(files.get('robots.txt'))).toBe('Sitemap: https://shop-demo.example/sitemap_index.xml\n');
  const dir = testInfo.outputPath('plain');
  for (const f of writeAll(dir, new Map([...files].filter(([n]) => n.endsWith('.xml')))))
    validateXml(f, path.basename(f) === 'sitemap_index.xml' ? 'index' : 'sitemap');
});

test('By section: files named by first path segment, the zip downloaded; without an origin Download is refused', async ({
  page,
}, testInfo) => {
  await openApp(page);
  // Only the children: no index says where they are served.
  await importFiles(page, YOAST.slice(1));
  let dialog = await openExport(page, 'By section');
  const rows = dialog.getByRole('table', { name: 'Files to write' }).locator('tbody tr');
  await expect(rows.locator('td.file-name')).toHaveText([
    'sitemap-blog.xml',
    'sitemap-root.xml',
    'sitemap-about.xml',
    'sitemap-shop.xml',
    'sitemap-index.xml',
  ]);
  // The guessed origin is a value to confirm, and nothing relative is offered.
  await expect(dialog.locator('#export-refused')).toContainText('No Site URL');
  await expect(dialog.getByRole('button', { name: 'Use https://shop-demo.example/' })).toBeVisible();
  await saveScreenshot(page, 'export-section-refused');

  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Site URL')).toBeFocused();
  await expect(page.getByText(/Download refused\. No Site URL/)).toBeVisible();
  // The guess beside the field is a real value (a button), never grey text in the field.
  await expect(page.getByLabel('Site URL')).toHaveAttribute('placeholder', 'Not set');
  await saveScreenshot(page, 'export-refused-site-url');
  await page.getByRole('button', { name: 'Use https://shop-demo.example/' }).click();
  await expect(page.getByLabel('Site URL')).toHaveValue('https://shop-demo.example/');

  dialog = await openExport(page, null);
  // The layout was remembered.
  await expect(dialog.getByLabel('Layout')).toHaveValue('section');
  await expect(dialog.getByTestId('robots-txt')).toHaveText('Sitemap: https://shop-demo.example/sitemap-index.xml');
  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemaps.zip');
  const files = unpackDownload(file);
  expect(locs(text(files.get('sitemap-blog.xml')))).toHaveLength(4);
  expect(locs(text(files.get('sitemap-index.xml')))).toEqual(
    ['blog', 'root', 'about', 'shop'].map((s) => `https://shop-demo.example/sitemap-${s}.xml`),
  );
});
