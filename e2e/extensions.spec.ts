import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl, validateXml } from './export-helpers';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell, tableRow } from './table-helpers';
import { expect, test } from './test';

const EN = 'https://www.example.com/en/about';
const DE = 'https://www.example.com/de/about';
const CONTACT = 'https://www.example.com/en/contact';

/** Opens a row's details from its extensions cell, as a user clicks it. */
async function openDetails(page: Page, rowNumber: number): Promise<Locator> {
  await tableCell(page, rowNumber, 'ext')
    .getByRole('button', { name: new RegExp(`^Details of row ${rowNumber}\\b`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Row details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The alternates table of the open details, as [hreflang, href, check] per row. */
async function alternates(dialog: Locator): Promise<string[][]> {
  const rows = dialog.getByRole('table').locator('tbody tr');
  const out: string[][] = [];
  for (let k = 0; k < (await rows.count()); k++) {
    const cells = rows.nth(k).locator('td');
    out.push([await cells.nth(0).innerText(), await cells.nth(1).innerText(), await cells.nth(2).innerText()]);
  }
  return out;
}

test('hreflang alternates: shown per row, changed, removed, added, checked at once, and exported', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, 'https://www.example.com/');
  await importFiles(page, [fixture('hreflang-sitemap.xml')]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
  await expect(tableCell(page, 1, 'ext')).toHaveText('3');
  await expect(tableCell(page, 3, 'ext').getByRole('button', { name: 'Details of row 3: no extensions' })).toHaveText(
    '+',
  );
  await saveScreenshot(page, 'extensions-table');

  // The row's alternates, readable, each checked.
  let dialog = await openDetails(page, 1);
  await expect(dialog.locator('.details-loc')).toHaveText(EN);
  await expect(dialog.getByRole('heading', { name: 'hreflang alternates (3)' })).toBeVisible();
  await expect
    .poll(() => alternates(dialog))
    .toEqual([
      ['en', `${EN} (this page)`, 'OK'],
      ['de', DE, 'OK'],
      ['x-default', `${EN} (this page)`, 'OK'],
    ]);

  // Escape leaves an inline editor, not the dialog.
  const change = dialog.getByRole('button', { name: 'Change alternate de' });
  await change.click();
  await expect(dialog.getByRole('textbox', { name: 'Language (hreflang) of alternate de' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('textbox')).toHaveCount(2);
  await expect(dialog).toBeVisible();
  await expect(change).toBeFocused();

  // Change de's URL: the German page no longer gets a link back, and says so at once.
  await change.click();
  const href = dialog.getByRole('textbox', { name: 'URL (href) of alternate de' });
  await href.fill('https://www.example.com/de/ueber-uns');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(change).toBeFocused();
  await expect
    .poll(() => alternates(dialog))
    .toEqual([
      ['en', `${EN} (this page)`, 'OK'],
      ['de', 'https://www.example.com/de/ueber-uns', 'OK'],
      ['x-default', `${EN} (this page)`, 'OK'],
    ]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 1 });
  await expect(problemGroup(page, 'hreflang-not-reciprocal')).toContainText('No return tags');
  await expect(tableCell(page, 2, 'problems')).toHaveText('hreflang-not-reciprocal');

  // One undo step puts it back, and the problem goes.
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
  await expect.poll(() => alternates(dialog)).toContainEqual(['de', DE, 'OK']);
  await expect(problemGroup(page, 'hreflang-not-reciprocal')).toHaveCount(0);

  // Remove x-default.
  await dialog.getByRole('button', { name: 'Remove alternate x-default' }).click();
  await expect(dialog.getByRole('heading', { name: 'hreflang alternates (2)' })).toBeFocused();
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(tableCell(page, 1, 'ext')).toHaveText('2');

  // A row without extensions gets its first alternate; a wrong code is reported, then fixed.
  dialog = await openDetails(page, 3);
  await expect(dialog).toContainText('This row has no hreflang alternates.');
  const form = dialog.getByRole('form', { name: 'Add an hreflang alternate' });
  await form.getByLabel('Language (hreflang)').fill('en_GB');
  await form.getByLabel('URL (href)').fill(CONTACT);
  await form.getByRole('button', { name: 'Add alternate' }).click();
  await expect
    .poll(() => alternates(dialog))
    .toEqual([['en_GB', `${CONTACT} (this page)`, 'hreflang uses "_" where BCP 47 wants "-"; write en-GB']]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 1 });
  await expect(dialog.locator('.details-problems li[data-code="hreflang-value"]')).toContainText(
    'Unknown language code',
  );
  await expect(tableRow(page, 3).locator('[data-code="hreflang-value"]')).toBeVisible();
  await saveScreenshot(page, 'extensions');

  await dialog.getByRole('button', { name: 'Change alternate en_GB' }).click();
  await dialog.getByRole('textbox', { name: 'Language (hreflang) of alternate en_GB' }).fill('en-GB');
  await dialog.getByRole('textbox', { name: 'Language (hreflang) of alternate en_GB' }).press('Enter');
  await expect.poll(() => alternates(dialog)).toEqual([['en-GB', `${CONTACT} (this page)`, 'OK']]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
  // An empty URL is refused in the panel itself, with the reason.
  await form.getByLabel('Language (hreflang)').fill('fr');
  await form.getByRole('button', { name: 'Add alternate' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('An alternate needs the URL of the page in that language (href).');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tableCell(page, 3, 'ext')).toHaveText('1');

  // The export carries the edits, with the xhtml namespace declared, and validates.
  const exportDialog = await openExport(page);
  const { file } = await downloadBy(
    page,
    () => exportDialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  const xml = readFileSync(file, 'utf8');
  expect(xml).toContain(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  );
  expect(xml).toContain(
    `  <url>\n    <loc>${CONTACT}</loc>\n    <xhtml:link rel="alternate" hreflang="en-GB" href="${CONTACT}"/>\n  </url>\n`,
  );
  expect(xml).toContain(
    `  <url>\n    <loc>${EN}</loc>\n    <xhtml:link rel="alternate" hreflang="en" href="${EN}"/>\n    <xhtml:link rel="alternate" hreflang="de" href="${DE}"/>\n  </url>\n`,
  );
  expect(xml.match(/hreflang="x-default"/g)).toHaveLength(1);
  validateXml(file, 'sitemap');
});

test('the details of a row with image, video and news entries read plainly; Enter on the cell opens them', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('extensions-sitemap.xml')]);
  // The one warning: the news article of 2024 (news-too-old).
  await expectCounts(page, { urls: 2, errors: 1, warnings: 1 });
  await expect(problemGroup(page, 'news-too-old')).toHaveCount(1);
  // An extension rule filters the table like any other.
  await problemGroup(page, 'video-thumbnail-missing').locator('.group-choose').click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '1');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/making-of');
  // Keyboard: focus the row's extensions cell and press Enter.
  await tableCell(page, 1, 'loc').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tableCell(page, 1, 'ext')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Row details' });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('article', { name: 'Image' });
  await expect(image.locator('dt')).toHaveText(['loc']);
  await expect(image.locator('dd')).toHaveText(['https://www.example.com/img/hero.jpg']);
  const video = dialog.getByRole('article', { name: 'Video: Making of' });
  await expect(video.locator('dt')).toHaveText(['title', 'description', 'content_loc']);
  await expect(dialog.locator('.details-problems li')).toHaveText([/video-thumbnail-missing.*Missing thumbnail URL/]);
  await saveScreenshot(page, 'extensions-media');
  await page.keyboard.press('Escape');
  await expect(tableCell(page, 1, 'ext')).toBeFocused();

  await problemGroup(page, 'video-thumbnail-missing').locator('.group-choose').click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '2');
  const news = await openDetails(page, 2);
  await expect(news.getByRole('article', { name: 'News: Launch day' }).locator('dt')).toHaveText([
    'publication name',
    'publication language',
    'publication_date',
    'title',
  ]);
});

test('news-too-old: its group’s Fix drops the old <news:news>, keeps the URL, lists what it dropped, and Undo brings it back', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('extensions-sitemap.xml')]);
  const group = problemGroup(page, 'news-too-old');
  await expect(group.getByTestId('group-count')).toHaveText('1');
  await group.getByRole('button', { name: 'Fix all news-too-old' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Fixed' });
  await expect(notice).toContainText('Fixed 1 × news-too-old.');
  await notice.getByText('Details (1)').click();
  await expect(notice.getByRole('listitem')).toHaveText([
    'https://www.example.com/news/launch: dropped <news:news> "Launch day" (Example News, en; published 2024-05-01T08:00:00+01:00)',
  ]);
  await saveScreenshot(page, 'news-too-old-fixed');
  // Nothing left: the group goes.
  await expect(group).toHaveCount(0);
  // The URL stays, without its news entry.
  await expectCounts(page, { urls: 2, errors: 1, warnings: 0 });
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://www.example.com/news/launch');

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectCounts(page, { urls: 2, errors: 1, warnings: 1 });
  await expect(group.getByTestId('group-count')).toHaveText('1');
});
