import type { Page } from '@playwright/test';
import { importFiles, openApp } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

const SAVED = /^Saved \d\d:\d\d:\d\d$/;

/** The page becomes hidden, as when the user switches tabs or the phone locks (then the tab may be killed). */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('a save still waiting is written when the tab is hidden, and the last edit survives the tab being killed', async ({
  page,
  context,
}) => {
  // The save waits a minute after a change: only hiding the page can write it in time.
  await openApp(page, '/?save-delay=60000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await editCell(page, 1, 'priority', '0.3');
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.3');
  await expect(page.getByTestId('save-status')).toHaveText('Saving…');

  await hidePage(page);
  await expect(page.getByTestId('save-status')).toHaveText(SAVED);
  // Killed: no beforeunload, no chance to ask.
  await page.close({ runBeforeUnload: false });

  const next = await context.newPage();
  await openApp(next);
  await expect(next.getByTestId('url-count')).toHaveText('5');
  await expect(tableCell(next, 1, 'priority')).toHaveText('0.3');
  await next.close();
});

test('a save still waiting is written on pagehide', async ({ page }) => {
  await openApp(page, '/?save-delay=60000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await editCell(page, 2, 'priority', '0.6');
  await expect(page.getByTestId('save-status')).toHaveText('Saving…');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  await expect(page.getByTestId('save-status')).toHaveText(SAVED);
  await page.reload();
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.6');
});

test('after a failed save (storage quota), leaving the page asks first', async ({ page, context }) => {
  await openApp(page);
  // The browser's storage quota for this origin drops to nothing: every save is refused.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin, quotaSize: 1 });
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(page.getByTestId('save-status')).toHaveText('Not saved (kept in memory only)');
  await expect(page.getByRole('alert').locator('span')).toHaveText(
    'The browser has no room left to save your work (storage quota reached). The app keeps working, but only in memory: export your sitemaps before closing the tab.',
  );

  const dialog = page.waitForEvent('dialog');
  const reload = page.reload().catch(() => {});
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin });
  await asked.accept();
  await reload;
});
