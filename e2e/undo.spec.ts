import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell, tableRow, urlGrid } from './table-helpers';
import { expect, test } from './test';

/** The toolbar's Undo and Redo buttons. */
function undoButton(page: Page) {
  return page.getByRole('button', { name: 'Undo', exact: true });
}

function redoButton(page: Page) {
  return page.getByRole('button', { name: 'Redo', exact: true });
}

/** The keyboard's history shortcuts, pressed where the focus is. */
const keyboard = {
  undo: (page: Page) => page.keyboard.press('Control+z'),
  redo: (page: Page) => page.keyboard.press('Control+Shift+Z'),
  redoY: (page: Page) => page.keyboard.press('Control+y'),
};

test('Ctrl+Z undoes a cell edit with its problems; Ctrl+Shift+Z and Ctrl+Y redo it', async ({ page }) => {
  await openApp(page);
  await expect(undoButton(page)).toBeDisabled();
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(undoButton(page)).toBeDisabled();
  await expect(undoButton(page)).toHaveAttribute('title', 'Nothing to undo');
  await expect(redoButton(page)).toBeDisabled();

  await editCell(page, 1, 'priority', 'high');
  await expectCounts(page, { urls: 5, errors: 3, warnings: 1 });
  await expect(undoButton(page)).toBeEnabled();
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Edit priority (1 cell)');
  await expect(redoButton(page)).toBeDisabled();

  // The focus is on the cell, not in a text field: the shortcut is the app's.
  await expect(tableCell(page, 1, 'priority')).toBeFocused();
  await keyboard.undo(page);
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
  await expect(tableCell(page, 1, 'problems')).toHaveText('');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Undone' })).toHaveText(/Undone: Edit priority \(1 cell\)\./);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeEnabled();
  await expect(redoButton(page)).toHaveAttribute('title', 'Redo: Edit priority (1 cell)');
  await saveScreenshot(page, 'undo-edit');

  await keyboard.redo(page);
  await expect(tableCell(page, 1, 'priority')).toHaveText('high');
  await expect(tableCell(page, 1, 'problems')).toContainText('priority-format');
  await expectCounts(page, { urls: 5, errors: 3, warnings: 1 });
  await expect(redoButton(page)).toBeDisabled();

  await keyboard.undo(page);
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
  await keyboard.redoY(page);
  await expect(tableCell(page, 1, 'priority')).toHaveText('high');
  await expectCounts(page, { urls: 5, errors: 3, warnings: 1 });

  // Typing in a text field: Ctrl+Z is the field's own, the rows stay as they are.
  const filter = page.getByLabel('Filter URLs');
  await filter.fill('blog');
  await filter.press('Control+z');
  await expect(tableCell(page, 1, 'priority')).toBeVisible();
  await filter.fill('');
  await expect(page.getByTestId('view-count')).toHaveText('5 of 5 URLs');
  await expect(tableCell(page, 1, 'priority')).toHaveText('high');
  await expect(redoButton(page)).toBeDisabled();
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Edit priority (1 cell)');

  // A new change after an undo drops what could be redone.
  await undoButton(page).click();
  await expect(redoButton(page)).toBeEnabled();
  await editCell(page, 2, 'priority', '0.5');
  await expect(redoButton(page)).toBeDisabled();
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Edit priority (1 cell)');
});

test('the Undo button takes back Fix all on a group, and Redo applies it again', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  await problemGroup(page, 'lastmod-format').getByRole('button', { name: 'Fix all lastmod-format' }).click();
  // Nothing left in the group: it leaves the panel.
  await expect(problemGroup(page, 'lastmod-format')).toHaveCount(0);
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024-01-05');
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Fix all lastmod-format (1 cell)');

  await undoButton(page).click();
  await expect(problemGroup(page, 'lastmod-format').getByTestId('group-count')).toHaveText('1');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024/01/05');
  await expect(tableCell(page, 2, 'problems')).toContainText('lastmod-format');
  await expect(
    problemGroup(page, 'lastmod-format').getByRole('button', { name: 'Fix all lastmod-format' }),
  ).toBeVisible();
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toHaveAttribute('title', 'Redo: Fix all lastmod-format (1 cell)');
  await saveScreenshot(page, 'undo-fix-group');

  await redoButton(page).click();
  await expect(problemGroup(page, 'lastmod-format')).toHaveCount(0);
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024-01-05');
  await expect(redoButton(page)).toBeDisabled();
  await expect(undoButton(page)).toBeEnabled();
});

test('undo brings deleted rows back at the same positions', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const grid = urlGrid(page);
  const locs = await grid.locator('[role="row"][aria-rowindex] .ut-col-loc').allTextContents();
  expect(locs).toHaveLength(5);

  await page.getByRole('checkbox', { name: 'Select row 2' }).check();
  await page.getByRole('checkbox', { name: 'Select row 4' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', '3');
  await expectCounts(page, { urls: 3, errors: 1, warnings: 0 });
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Delete 2 rows');

  await tableCell(page, 1, 'loc').click();
  await keyboard.undo(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  for (let i = 0; i < 5; i++) await expect(tableCell(page, i + 1, 'loc')).toHaveText(locs[i]!);
  await expect(tableCell(page, 2, 'problems')).toContainText('lastmod-format');
  await expect(tableCell(page, 4, 'problems')).toContainText('loc-fragment');
  await saveScreenshot(page, 'undo-delete');

  // The restored rows are the same rows: an edit to one of them undoes too.
  await editCell(page, 4, 'loc', 'https://www.example.com/shop');
  await expect(tableCell(page, 4, 'problems')).toHaveText('');
  await keyboard.undo(page);
  await expect(tableCell(page, 4, 'loc')).toHaveText('https://www.example.com/shop#top');
  await keyboard.redo(page);
  await expect(tableCell(page, 4, 'loc')).toHaveText('https://www.example.com/shop');

  // An added row goes away on undo and comes back on redo.
  await page.getByRole('button', { name: 'Add URL' }).click();
  const editor = grid.getByRole('textbox', { name: 'loc of row 6' });
  await editor.fill('https://www.example.com/new');
  await editor.press('Enter');
  await expect(page.getByTestId('url-count')).toHaveText('6');
  await keyboard.undo(page);
  await expect(tableCell(page, 6, 'loc')).toHaveText('');
  await keyboard.undo(page);
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await keyboard.redo(page);
  await keyboard.redo(page);
  await expect(tableCell(page, 6, 'loc')).toHaveText('https://www.example.com/new');
});

test('Fix all that removed duplicate rows is undone with the rows back in place', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('duplicates.txt');
  writeFileSync(
    file,
    [
      'https://www.example.com/a',
      'https://www.example.com/b',
      'https://www.example.com/a',
      'https://www.example.com/c#x',
    ].join('\n') + '\n',
  );
  await openApp(page);
  await importFiles(page, [file]);
  await expect(page.getByTestId('url-count')).toHaveText('4');

  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expect(page.getByTestId('url-count')).toHaveText('3');
  await expect(undoButton(page)).toHaveAttribute('title', 'Undo: Fix all (1 cell, 1 row removed)');

  await undoButton(page).click();
  await expect(page.getByTestId('url-count')).toHaveText('4');
  await expect(tableCell(page, 3, 'loc')).toHaveText('https://www.example.com/a');
  await expect(tableCell(page, 3, 'problems')).toContainText('loc-duplicate');
  await expect(tableCell(page, 4, 'loc')).toHaveText('https://www.example.com/c#x');
  await expect(tableRow(page, 1)).toBeVisible();
  await saveScreenshot(page, 'undo-fix-duplicates');
});
