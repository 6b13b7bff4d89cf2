import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

const SAVED = /^Saved \d\d:\d\d:\d\d$/;
const READ_ONLY =
  'This tab is read-only: the document is open in another tab, which saves it. Choose "Take over here" to edit in this tab.';

function banner(page: Page) {
  return page.getByTestId('tab-read-only');
}

/**
 * A read-only tab opens no cell editor (issue 34: it let the user type, then
 * discarded it on Enter): double-click, Enter, F2 and typing each say why,
 * with Take over, and the cell keeps its value.
 */
async function expectNoEditor(page: Page, row: number, column: string): Promise<void> {
  const cell = tableCell(page, row, column);
  const before = await cell.innerText();
  const editors = page.getByRole('grid').getByRole('textbox');
  const notice = page.getByRole('alert').filter({ hasText: READ_ONLY });
  await cell.dblclick();
  await expect(notice.locator('span')).toHaveText(READ_ONLY);
  await expect(notice.getByRole('button', { name: 'Take over here' })).toBeVisible();
  await expect(editors).toHaveCount(0);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await cell.focus();
  for (const key of ['Enter', 'F2', '7']) {
    await page.keyboard.press(key);
    await expect(notice).toHaveCount(1);
    await expect(editors).toHaveCount(0);
  }
  await expect(cell).toHaveText(before);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
}

test('two tabs on one document: one owner at a time, a take-over loses no edit, each tab tells the truth', async ({
  page: a,
  context,
}) => {
  // Tab A saves a minute after a change: its last edit is still waiting when B takes over.
  await openApp(a, '/?save-delay=60000');
  await importFiles(a, [fixture('small-sitemap.xml')]);
  // Hidden a moment (the user looked at another tab): the import's save is written at once.
  await a.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
  await expect(a.getByTestId('save-status')).toHaveText(SAVED);
  await editCell(a, 1, 'priority', '0.3');
  await expect(a.getByTestId('save-status')).toHaveText('Saving…');

  // Tab B opens on the same document: it says so and reads only.
  const b = await context.newPage();
  await openApp(b);
  await expect(banner(b).locator('span')).toHaveText(
    'This document is open in another tab, which saves it. This tab is read-only, so the two cannot overwrite each other.',
  );
  await expect(b.getByTestId('url-count')).toHaveText('5');
  await expect(banner(a)).toHaveCount(0);
  await expectNoEditor(b, 2, 'priority');
  await saveScreenshot(b, 'tabs-read-only');

  // B takes over: A writes its waiting edit first, then reads only and says why.
  await banner(b).getByRole('button', { name: 'Take over here' }).click();
  await expect(banner(b)).toHaveCount(0);
  await expect(b.getByRole('status').filter({ hasText: 'This tab has the document now' })).toBeVisible();
  await expect(tableCell(b, 1, 'priority')).toHaveText('0.3');
  await expect(banner(a).locator('span')).toHaveText(
    'Another tab took over this document. This tab is read-only now: it shows the document as it was then and saves nothing.',
  );
  await expect(a.getByTestId('save-status')).toHaveText(SAVED);
  await saveScreenshot(a, 'tabs-taken-over');

  // B edits and saves; A can no longer write.
  await editCell(b, 2, 'priority', '0.7');
  await expect(tableCell(b, 2, 'priority')).toHaveText('0.7');
  await expect(b.getByTestId('save-status')).toHaveText(SAVED);
  await expectNoEditor(a, 3, 'priority');

  // A takes the document back, from the notice's own Take over: it shows B's edit, and both edits are in the save.
  await a.getByRole('alert').filter({ hasText: READ_ONLY }).getByRole('button', { name: 'Take over here' }).click();
  await expect(banner(a)).toHaveCount(0);
  await expect(tableCell(a, 1, 'priority')).toHaveText('0.3');
  await expect(tableCell(a, 2, 'priority')).toHaveText('0.7');
  await expect(banner(b)).toBeVisible();
  await b.close();
  await a.reload();
  await expect(tableCell(a, 1, 'priority')).toHaveText('0.3');
  await expect(tableCell(a, 2, 'priority')).toHaveText('0.7');
  await expect(banner(a)).toHaveCount(0);
});
