import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { corpus } from './paths';
import { expect, test } from './test';

const OLD = 'http://www.hebdenbridgetimes.co.uk';
const YOAST_FILES = ['sitemap_index.xml', 'post-sitemap.xml', 'page-sitemap.xml'].map((n) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/layouts/yoast', n),
);
const NEW = 'https://www.hebdenbridgetimes.co.uk';

test('the migration preset moves every URL field of a real sitemap, says what changed where, and leaves no old URL in the export', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, [corpus('ext_real-video-image-mobile_hebdenbridgetimes.xml')]);
  await expect(page.getByTestId('url-count')).toHaveText('74');
  await setSiteUrl(page, `${OLD}/`);

  await page.getByRole('button', { name: 'Move to another origin…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to another origin' });
  await expect(dialog).toBeVisible();
  // The old origin starts as the Site URL's.
  await expect(dialog.getByLabel('From origin')).toHaveValue(OLD);
  await dialog.getByLabel('To origin').fill(NEW);
  await expect(dialog.getByTestId('replace-summary')).toHaveText('74 rows would change.');
  await expect(dialog.getByTestId('replace-by-field')).toHaveText(
    '174 URLs: loc 74, image:loc 94, video:thumbnail_loc 6',
  );
  const samples = dialog.getByRole('table', { name: 'First changes' });
  await expect(samples.locator('tbody tr').nth(1).locator('td').nth(0)).toHaveText('image:loc');
  await expect(dialog.getByLabel(/Move the Site URL too/)).toBeChecked();
  await saveScreenshot(page, 'migrate-preview');
  await dialog.getByRole('button', { name: 'Move URLs' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(
      `Moved 174 URLs from ${OLD} to ${NEW}: loc 74, image:loc 94, video:thumbnail_loc 6. The Site URL is now ${NEW}/.`,
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Site URL')).toHaveValue(`${NEW}/`);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute(
    'title',
    `Undo: Move every URL from ${OLD} to ${NEW} (146 cells)`,
  );

  const exportDialog = await openExport(page);
  await exportDialog.getByLabel('Always').check();
  const { file } = await downloadBy(
    page,
    async () => {
      await exportDialog.getByRole('button', { name: 'Download', exact: true }).click();
      const goOn = exportDialog.getByRole('button', { name: 'Continue with errors' });
      if (await goOn.isVisible().catch(() => false)) await goOn.click();
    },
    testInfo.outputPath('out'),
  );
  const files = unpackDownload(file);
  expect([...files.keys()].sort()).toEqual(['robots.txt', 'sitemap-index.xml', 'sitemap.xml']);
  for (const [name, data] of files) {
    const text = new TextDecoder().decode(data);
    expect(text.includes(OLD), `${name} still holds ${OLD}`).toBe(false);
  }
  const xml = new TextDecoder().decode(files.get('sitemap.xml'));
  expect(xml.match(new RegExp(`${NEW.replaceAll('.', '\\.')}/`, 'g'))?.length).toBe(174);
  expect(xml).toContain('<video:player_loc>http://c.brightcove.com/');
});

test('a migration between two hyphenated hosts runs, and Keep my files writes no old-origin URL', async ({
  page,
}, testInfo) => {
  const from = 'https://shop-demo.example';
  const to = 'https://new-shop.example';
  await openApp(page);
  await importFiles(page, YOAST_FILES);
  await expect(page.getByTestId('url-count')).toHaveText('7');
  await setSiteUrl(page, `${from}/`);

  await page.getByRole('button', { name: 'Move to another origin…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to another origin' });
  await expect(dialog.getByLabel('From origin')).toHaveValue(from);
  await dialog.getByLabel('To origin').fill(to);
  await expect(dialog.getByTestId('replace-summary')).toHaveText('7 rows would change.');
  await expect(dialog.getByTestId('replace-by-field')).toHaveText('11 URLs: loc 7, image:loc 4');
  await expect(dialog.getByLabel(/Move the Site URL too/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Move URLs' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Site URL')).toHaveValue(`${to}/`);

  const exportDialog = await openExport(page, null);
  await expect(exportDialog.getByLabel('Layout')).toHaveValue('keep');
  const { file } = await downloadBy(
    page,
    () => exportDialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  const files = unpackDownload(file);
  expect(new TextDecoder().decode(files.get('robots.txt'))).toBe(`Sitemap: ${to}/sitemap_index.xml\n`);
  for (const name of ['post-sitemap.xml', 'page-sitemap.xml', 'sitemap_index.xml']) {
    const text = new TextDecoder().decode(files.get(name));
    expect(text).toContain(`${to}/`);
    expect(text.includes(from), `${name} still holds ${from}`).toBe(false);
  }
});
