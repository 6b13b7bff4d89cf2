import type { Page } from '@playwright/test';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

/** Waits for the save of the change just made: "Saving…" first (the pause is 3 s here), then "Saved". */
async function waitUntilSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText('Saving…');
  await waitForSaved(page);
}

async function waitForSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** Ends the worker from the page (the `?test-hooks` hook): no error event, as when the browser stops it. */
async function stopWorker(page: Page, how: 'close' | 'close-on-next'): Promise<void> {
  await page.evaluate(
    (h) =>
      (
        window as unknown as { __sitemapEditorTest: { stopWorker: (how: string) => void } }
      ).__sitemapEditorTest.stopWorker(h),
    how,
  );
}

test('a worker that ends without a word is noticed at once, restarted, and the work put back', async ({ page }) => {
  await openApp(page, '/?test-hooks&save-delay=3000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await editCell(page, 1, 'priority', '0.3');
  await waitUntilSaved(page);

  await stopWorker(page, 'close');
  const alert = page.getByRole('alert');
  await expect(alert.locator('span')).toHaveText(
    /^The worker stopped without a word \(closed, or stopped by the browser\)\. It was restarted, and your work is back as saved at \d\d:\d\d:\d\d\.$/,
  );
  await saveScreenshot(page, 'worker-lost-restarted');
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.3');
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved /);

  // The new worker takes edits and imports as the old one did.
  await editCell(page, 2, 'priority', '0.7');
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.7');
  await waitUntilSaved(page);
  await importFiles(page, [fixture('clean-sitemap.xml')]);
  const total = Number(await page.getByTestId('url-count').innerText());
  expect(total).toBeGreaterThan(5);
  await waitUntilSaved(page);

  await page.reload();
  await expect(page.getByTestId('url-count')).toHaveText(String(total));
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.3');
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.7');
});

test('a job whose worker ends before answering fails plainly with a Retry, and claims no change', async ({ page }) => {
  await openApp(page, '/?test-hooks&save-delay=3000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await waitUntilSaved(page);

  await stopWorker(page, 'close-on-next');
  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  const alert = page.getByRole('alert');
  await expect(alert.locator('span')).toHaveText(
    /^Fixing failed: The worker stopped without a word \(closed, or stopped by the browser\)\. It was restarted, and your work is back as saved at \d\d:\d\d:\d\d\.$/,
  );
  // Nothing was fixed, and nothing says so.
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved /);
  await saveScreenshot(page, 'worker-lost-job');

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toContainText('1 × changefreq-value');
  await waitUntilSaved(page);
  await page.reload();
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
});
