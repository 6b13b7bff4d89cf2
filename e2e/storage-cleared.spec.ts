/*
 * The site's data cleared while the page is open (issue 34): it said "a
 * private window?", saving never resumed in that tab, and a reload lost the
 * work. Now the page says what happened, writes the work (and the settings)
 * anew at once, and a reload finds both.
 */
import type { Page } from '@playwright/test';
import { setSiteUrl } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

test('clearing the site data with the page open: said in plain words, saved again at once, nothing lost on reload', async ({
  page,
  context,
  baseURL,
}) => {
  await openApp(page);
  await setSiteUrl(page, 'https://www.example.com/');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await editCell(page, 1, 'priority', '0.3');
  await expectSaved(page);

  // What the browser's "Clear site data" does: IndexedDB, localStorage and the rest, for this origin.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL ?? page.url()).origin, storageTypes: 'all' });

  const notice = page.getByRole('status').filter({ hasText: 'stored data was cleared' });
  await expect(notice).toHaveText(
    /^This site's stored data was cleared while the page was open \(in the browser's settings or tools\)\. Your work is saved again, so reloading the page keeps it\./,
  );
  await expect(page.getByText(/private window/)).toHaveCount(0);
  await expectSaved(page);
  await saveScreenshot(page, 'storage-cleared');

  // Saving goes on as before.
  await editCell(page, 2, 'priority', '0.7');
  await expect(page.getByTestId('save-status')).toHaveText(/^Saving…$|^Saved /);
  await expectSaved(page);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.reload();
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.3');
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.7');
  await expect(page.getByLabel('Site URL')).toHaveValue('https://www.example.com/');
});
