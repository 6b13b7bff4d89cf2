import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell, writeTextSitemap } from './table-helpers';
import { expect, test } from './test';

const ui = {
  selectionCount: (page: Page) => page.getByTestId('selection-count'),
  viewCount: (page: Page) => page.getByTestId('view-count'),
  dialog: (page: Page) => page.getByRole('dialog'),
  open: async (page: Page, command: 'Set values…' | 'Find & replace…' | 'Remove duplicates…') => {
    await page.getByRole('button', { name: command }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
  undo: (page: Page) => page.getByRole('button', { name: 'Undo', exact: true }).click(),
  notice: (page: Page, text: string | RegExp) => page.getByText(text),
  /** Pastes text on an element as the browser does from the clipboard. */
  paste: (target: Locator, text: string) =>
    target.evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text),
};

test('select all shown, Ctrl+click, and a bulk set of changefreq on a filtered view, undone', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, [writeTextSitemap(testInfo, 'pages.txt', 20)]);
  await expect(ui.selectionCount(page)).toHaveText('No rows selected');

  await page.getByLabel('Filter URLs').fill('page/1');
  await expect(ui.viewCount(page)).toHaveText('11 of 20 URLs');
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await expect(ui.selectionCount(page)).toHaveText('All 11 shown selected');
  await expect(tableCell(page, 3, 'select').getByRole('checkbox')).toBeChecked();
  // Ctrl+click takes one row out: "all shown" becomes a list.
  await tableCell(page, 1, 'loc').click({ modifiers: ['Control'] });
  await expect(ui.selectionCount(page)).toHaveText('10 selected');
  await tableCell(page, 1, 'loc').click({ modifiers: ['Control'] });
  await expect(ui.selectionCount(page)).toHaveText('11 selected');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(ui.selectionCount(page)).toHaveText('No rows selected');

  // Without a selection, the edit applies to every row shown.
  await ui.open(page, 'Set values…');
  const dialog = ui.dialog(page);
  await expect(dialog.getByLabel('All shown rows (11)')).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'changefreq' })).toBeChecked();
  await dialog.getByLabel('New changefreq').selectOption('monthly');
  await saveScreenshot(page, 'bulk-set-dialog');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.notice(page, 'Set changefreq to monthly in 11 rows.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(ui.viewCount(page)).toHaveText('20 of 20 URLs');
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('monthly');
  await expect(tableCell(page, 2, 'changefreq')).toHaveText('');
  await expect(tableCell(page, 10, 'changefreq')).toHaveText('monthly');
  await saveScreenshot(page, 'bulk-set-applied');

  await ui.undo(page);
  await expect(ui.notice(page, /Undone: Set changefreq to monthly \(11 cells\)/)).toBeVisible();
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('');
  await expect(tableCell(page, 10, 'changefreq')).toHaveText('');

  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(ui.notice(page, /Redone: Set changefreq to monthly \(11 cells\)/)).toBeVisible();
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('monthly');
  await expect(tableCell(page, 2, 'changefreq')).toHaveText('');
});

test('regex find & replace with a preview, undone; a replacement that breaks URLs asks first', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);

  await ui.open(page, 'Find & replace…');
  const dialog = ui.dialog(page);
  await dialog.getByLabel('Regular expression').check();
  await dialog.getByLabel('Find').fill('(');
  await expect(dialog.getByRole('alert')).toContainText('That is not a valid regular expression');
  await expect(dialog.getByRole('button', { name: 'Replace', exact: true })).toBeDisabled();

  await dialog.getByLabel('Find').fill('^https://www\\.example\\.com/(\\w+)');
  await dialog.getByLabel('Replace with').fill('https://example.org/$1-page');
  await expect(dialog.getByTestId('replace-summary')).toHaveText('4 rows would change.');
  const samples = dialog.getByRole('table', { name: 'First changes' });
  await expect(samples.getByRole('row').nth(1)).toHaveText(
    'https://www.example.com/abouthttps://example.org/about-page',
  );
  await expect(samples.getByRole('row')).toHaveCount(5);
  await saveScreenshot(page, 'bulk-replace-preview');
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.notice(page, 'Replaced in 4 rows.')).toBeVisible();
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://example.org/about-page');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');

  await ui.undo(page);
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://www.example.com/about');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/contact?lang=en&ref=footer');
  await page.keyboard.press('Control+Y');
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://example.org/about-page');
  await ui.undo(page);
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://www.example.com/about');

  // Taking the scheme away would make every URL relative: asked first.
  await ui.open(page, 'Find & replace…');
  await dialog.getByLabel('Find').fill('https://');
  await expect(dialog.getByTestId('replace-summary')).toHaveText('5 rows would change; 5 URLs would become invalid.');
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^5 URLs would become invalid .*apply anyway\?$/);
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');
  await saveScreenshot(page, 'bulk-replace-confirm');
  await dialog.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(tableCell(page, 1, 'loc')).toHaveText('www.example.com/');
  await expect(tableCell(page, 1, 'problems')).toContainText('loc-not-absolute');
  await ui.undo(page);
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');
});

test('remove duplicates keeping the latest lastmod, undone', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('dupes.xml');
  const url = (loc: string, lastmod: string) => `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>`;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${url('https://a.example/x', '2024-01-01')}
${url('https://a.example/y', '2024-01-01')}
${url('https://a.example/x', '2024-03-01T10:00:00Z')}
${url('https://a.example/x', '2024-02-01')}
${url('https://a.example/y', '2023-12-31')}
</urlset>`,
  );
  await openApp(page);
  await importFiles(page, [file]);
  await expect(ui.viewCount(page)).toHaveText('5 of 5 URLs');

  await ui.open(page, 'Remove duplicates…');
  const dialog = ui.dialog(page);
  await dialog.getByLabel('The copy with the newest lastmod').check();
  await dialog.getByRole('button', { name: 'Remove duplicates' }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.notice(page, 'Removed 3 duplicate rows.')).toBeVisible();
  await expect(ui.viewCount(page)).toHaveText('2 of 2 URLs');
  // The first row of each URL stays where it was, with the newest lastmod of its copies.
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://a.example/x');
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024-03-01T10:00:00Z');
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024-01-01');
  await saveScreenshot(page, 'bulk-dedupe');

  await ui.undo(page);
  await expect(ui.viewCount(page)).toHaveText('5 of 5 URLs');
  await expect(tableCell(page, 3, 'lastmod')).toHaveText('2024-03-01T10:00:00Z');
});

test('a column pasted on a focused cell fills the rows below, in one undo step, and imports nothing', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);

  const cell = tableCell(page, 2, 'priority');
  await cell.click();
  await expect(cell).toBeFocused();
  await ui.paste(cell, '0.1\r\n0.2\r\n0.3\r\n');
  await expect(ui.notice(page, 'Pasted 3 values into priority: 3 rows changed.')).toBeVisible();
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.1');
  await expect(tableCell(page, 3, 'priority')).toHaveText('0.2');
  await expect(tableCell(page, 4, 'priority')).toHaveText('0.3');
  await expect(tableCell(page, 5, 'priority')).toHaveText('0.3');
  // The paste was the grid's: no URL was imported.
  await expect(ui.viewCount(page)).toHaveText('5 of 5 URLs');
  await saveScreenshot(page, 'bulk-paste-column');

  await ui.undo(page);
  await expect(ui.notice(page, /Undone: Paste priority \(3 cells\)/)).toBeVisible();
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.8');
  await expect(tableCell(page, 3, 'priority')).toHaveText('0.6');
  await expect(tableCell(page, 4, 'priority')).toHaveText('');
});

test('lastmod can be set from each row’s news publication date', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('news.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>https://www.example.com/news/1</loc><news:news><news:publication><news:name>Example</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-08</news:publication_date><news:title>One</news:title></news:news></url>
<url><loc>https://www.example.com/news/2</loc><lastmod>2021-01-01</lastmod></url>
</urlset>
`,
  );
  await openApp(page);
  await importFiles(page, [file]);
  await ui.open(page, 'Set values…');
  const dialog = ui.dialog(page);
  await dialog.getByRole('checkbox', { name: 'changefreq' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'lastmod' }).check();
  await dialog.getByLabel('From each row’s publication date (news or video)').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.notice(page, 'Set lastmod from the publication date in 1 row.')).toBeVisible();
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024-05-08');
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2021-01-01');
});
