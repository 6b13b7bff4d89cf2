import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell } from './table-helpers';
import { expect, test } from './test';

/*
 * An edit's row is drawn from its answer first and the totals follow a frame
 * later (applyChangedAfterPaint): edits typed in a burst, and an undo pressed
 * right after the last, must still end with exact counts, the right undo
 * step, and every value saved.
 */
test('a burst of keyboard edits ends with exact counts, an undo right after the last takes it back, and a reload keeps the rest', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  // No wait between the keys: each Enter opens the focused cell's editor with its value selected, or commits it.
  await tableCell(page, 1, 'lastmod').click();
  const keys = page.keyboard;
  await keys.press('Enter');
  await keys.type('2024/13/01'); // row 1: a new lastmod-format error
  await keys.press('Enter');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.type('2024-01-05'); // row 2: its lastmod-format error fixed
  await keys.press('Enter');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.type('yesterday'); // row 3: a new lastmod-format error, undone at once
  await keys.press('Enter');
  await keys.press('Control+z');

  await expect(tableCell(page, 3, 'lastmod')).toHaveText('2024-02-01T10:30:00+01:00');
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024/13/01');
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024-01-05');
  await expect(tableCell(page, 1, 'problems')).toHaveText('lastmod-format');
  await expect(tableCell(page, 2, 'problems')).toHaveText('');
  await expect(tableCell(page, 3, 'problems')).toHaveText('changefreq-value');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute(
    'title',
    'Undo: Edit lastmod (1 cell)',
  );
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toHaveAttribute(
    'title',
    'Redo: Edit lastmod (1 cell)',
  );
  await expect(tableCell(page, 3, 'lastmod')).toBeFocused();
  await saveScreenshot(page, 'edit-burst');

  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.reload();
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024/13/01');
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024-01-05');
  await expect(tableCell(page, 3, 'lastmod')).toHaveText('2024-02-01T10:30:00+01:00');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
});
