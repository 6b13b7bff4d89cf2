import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

async function waitUntilSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

test('a reload brings back the undo history and the comparison, and the notice says so', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('compare-new.xml')]);
  const first = (await tableCell(page, 1, 'priority').innerText()).trim();
  const second = (await tableCell(page, 2, 'priority').innerText()).trim();
  await editCell(page, 1, 'priority', '0.1');
  await editCell(page, 2, 'priority', '0.2');
  const panel = page.getByRole('region', { name: 'Compare' });
  await panel.getByLabel('Load before sitemaps').setInputFiles(fixture('compare-live.xml'));
  await expect(panel.getByTestId('compare-before')).toHaveText('Before: compare-live.xml (7 URLs)');
  const counts = await panel.getByTestId('compare-fields').innerText();
  await waitUntilSaved(page);

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Restored your work' }).locator('span')).toHaveText(
    /^Restored your work from \d\d:\d\d:\d\d, with 2 undo steps and the comparison\.$/,
  );
  await expect(panel.getByTestId('compare-before')).toHaveText('Before: compare-live.xml (7 URLs)');
  await expect(panel.getByTestId('compare-fields')).toHaveText(counts);
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.1');
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.2');
  await saveScreenshot(page, 'history-restored');

  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toHaveAttribute('title', 'Undo: Edit priority (1 cell)');
  await undo.click();
  await expect(tableCell(page, 2, 'priority')).toHaveText(second);
  await undo.click();
  await expect(tableCell(page, 1, 'priority')).toHaveText(first);
  await expect(undo).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeEnabled();
});
