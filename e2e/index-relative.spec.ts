import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));
const layouts = (...p: string[]) => path.resolve(here, '../fixtures/layouts', ...p);
// An index dropped from disk (no URL known) whose child locs are relative, with Yoast's children.
const FILES = [
  layouts('relative-index', 'sitemap_index.xml'),
  layouts('yoast', 'post-sitemap.xml'),
  layouts('yoast', 'page-sitemap.xml'),
];
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

test('an index’s relative child locs: Fix all makes them absolute with the Site URL, undo brings them back, Download writes them absolute', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, FILES);
  await expect(page.getByTestId('url-count')).toContainText('7');
  const group = problemGroup(page, 'loc-not-absolute');
  await expect(group.getByTestId('group-count')).toHaveText('2');
  // Fixable: the group's Fix and the header's Fix all count them.
  const fixAll = page.getByRole('button', { name: /Fix all automatically fixable/ });
  await expect(fixAll).toContainText('2');
  await expect(group.getByRole('button', { name: 'Fix all loc-not-absolute' })).toBeVisible();

  // Without a Site URL, Fix all asks for it first.
  await fixAll.click();
  await expect(page.getByText(/Set the Site URL first: the 2 relative URLs are made absolute/)).toBeVisible();
  await expect(page.getByLabel('Site URL')).toBeFocused();
  await setSiteUrl(page, 'https://shop-demo.example/');
  // Not fixed yet: the panel says the export writes them absolute, and from where.
  await expect(group.getByTestId('relative-on-export')).toHaveText(
    'Not fixed, the export writes these 2 sitemap URLs of the index absolute, from https://shop-demo.example/.',
  );
  await saveScreenshot(page, 'index-relative-before-fix');

  await fixAll.click();
  await expect(page.getByText('Fixed 2 × loc-not-absolute.')).toBeVisible();
  await expect(problemGroup(page, 'loc-not-absolute')).toHaveCount(0);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toHaveAttribute('title', 'Undo: Fix all (2 index entries)');
  await saveScreenshot(page, 'index-relative-fixed');

  // Undo brings them back; redo fixes them again.
  await undo.click();
  await expect(group.getByTestId('group-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(problemGroup(page, 'loc-not-absolute')).toHaveCount(0);

  const dialog = await openExport(page, null);
  await expect(dialog.getByLabel('Layout')).toHaveValue('keep');
  await expect(dialog.getByTestId('relative-on-export')).toHaveCount(0);
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  const files = unpackDownload(file);
  expect(locs(new TextDecoder().decode(files.get('sitemap_index.xml')))).toEqual([
    'https://shop-demo.example/post-sitemap.xml',
    'https://shop-demo.example/page-sitemap.xml',
  ]);
});

test('an index entry is edited in the Problems panel, one undo step', async ({ page }) => {
  await openApp(page);
  await importFiles(page, FILES);
  const group = problemGroup(page, 'loc-not-absolute');
  await expect(group.getByTestId('group-count')).toHaveText('2');
  // The examples under the group: where each one is, with Edit beside an index entry's.
  await group.locator('.problem-examples > summary').click();
  await group.getByRole('button', { name: /^Edit the loc of the index entry at sitemap_index\.xml:3/ }).click();
  const field = group.getByRole('textbox', { name: 'The loc sitemap_index.xml lists' });
  await expect(field).toHaveValue('post-sitemap.xml');
  await field.fill('https://shop-demo.example/post-sitemap.xml');
  await saveScreenshot(page, 'index-relative-edit');
  await field.press('Enter');
  await expect(group.getByTestId('group-count')).toHaveText('1');
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toHaveAttribute('title', 'Undo: Edit index entry loc');
  await undo.click();
  await expect(group.getByTestId('group-count')).toHaveText('2');
});

test('not fixed, the export dialog says as the panel does that it writes them absolute, and Download goes ahead', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, FILES);
  await setSiteUrl(page, 'https://shop-demo.example/');
  const words =
    'Not fixed, the export writes these 2 sitemap URLs of the index absolute, from https://shop-demo.example/.';
  await expect(problemGroup(page, 'loc-not-absolute').getByTestId('relative-on-export')).toHaveText(words);
  const dialog = await openExport(page, null);
  await expect(dialog.getByTestId('relative-on-export')).toHaveText(words);
  await expect(dialog.getByRole('table', { name: 'Files to write' }).locator('td.file-name')).toHaveText([
    'post-sitemap.xml',
    'page-sitemap.xml',
    'sitemap_index.xml',
  ]);
  await saveScreenshot(page, 'index-relative-export-dialog');
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  const index = new TextDecoder().decode(unpackDownload(file).get('sitemap_index.xml'));
  expect(locs(index)).toEqual([
    'https://shop-demo.example/post-sitemap.xml',
    'https://shop-demo.example/page-sitemap.xml',
  ]);
});
