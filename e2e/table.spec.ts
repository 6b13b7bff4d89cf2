import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import {
  editCell,
  renderedRows,
  scrollTable,
  sortBy,
  tableCell,
  tableRow,
  urlGrid,
  writeTextSitemap,
} from './table-helpers';
import { expect, test } from './test';

test('the table sorts, filters and counts the rows it shows', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const grid = urlGrid(page);
  // aria-rowcount is the number of rows shown (SPEC §8); the header row is not counted.
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await expect(page.getByTestId('view-count')).toHaveText('5 of 5 URLs');
  await expect(grid.getByRole('columnheader', { name: 'loc', exact: true })).toHaveAttribute('aria-sort', 'none');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');

  await sortBy(page, 'loc', 'ascending');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/shop#top');
  await sortBy(page, 'loc', 'descending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/shop#top');
  await sortBy(page, 'loc', 'none');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');

  // Rows with problems are marked, with their codes.
  await expect(tableRow(page, 2)).toHaveClass(/ut-row-error/);
  await expect(tableCell(page, 2, 'problems')).toContainText('lastmod-format');
  await expect(tableRow(page, 1)).not.toHaveClass(/ut-row-(error|warning)/);

  await page.getByLabel('Filter URLs').fill('blog');
  await expect(page.getByTestId('view-count')).toHaveText('1 of 5 URLs');
  await expect(grid).toHaveAttribute('aria-rowcount', '1');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/blog/');
  await page.getByLabel('Filter URLs').fill('');
  await expect(page.getByTestId('view-count')).toHaveText('5 of 5 URLs');

  await page.getByLabel('Only rows with problems').check();
  await expect(page.getByTestId('view-count')).toHaveText('3 of 5 URLs');
  await page.getByLabel('Only rows with problems').uncheck();

  await page.getByRole('combobox', { name: 'Problem' }).selectOption('loc-fragment');
  await expect(page.getByTestId('view-count')).toHaveText('1 of 5 URLs');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/shop#top');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('view-count')).toHaveText('5 of 5 URLs');

  await page.getByRole('button', { name: /^More filters/ }).click();
  await page.getByRole('combobox', { name: 'changefreq' }).selectOption('(empty)');
  await expect(page.getByTestId('view-count')).toHaveText('2 of 5 URLs');
  await page.getByRole('combobox', { name: 'changefreq' }).selectOption('weekly');
  await expect(page.getByTestId('view-count')).toHaveText('1 of 5 URLs');
  await page.getByRole('combobox', { name: 'changefreq' }).selectOption('Any');
  await expect(page.getByTestId('view-count')).toHaveText('5 of 5 URLs');
});

test('editing a cell re-checks its row at once', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  await editCell(page, 1, 'priority', 'high');
  await expect(tableCell(page, 1, 'priority')).toHaveText('high');
  await expect(tableCell(page, 1, 'problems')).toContainText('priority-format');
  await expect(tableRow(page, 1)).toHaveClass(/ut-row-error/);
  await expectCounts(page, { urls: 5, errors: 3, warnings: 1 });
  // Enter keeps the focus on the cell, as the keyboard user expects.
  await expect(tableCell(page, 1, 'priority')).toBeFocused();
  await saveScreenshot(page, 'table-edit-error');

  // Fix it back with the keyboard alone: Enter opens the editor on the focused cell.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.9');
  await page.keyboard.press('Enter');
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.9');
  await expect(tableCell(page, 1, 'problems')).toHaveText('');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  // Arrows move the focus; Delete clears an optional field; Escape cancels an edit.
  await page.keyboard.press('ArrowLeft');
  await expect(tableCell(page, 1, 'changefreq')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(tableCell(page, 3, 'changefreq')).toBeFocused();
  await page.keyboard.type('w');
  await page.keyboard.press('Escape');
  await expect(tableCell(page, 3, 'changefreq')).toHaveText('Daily');
  await expect(tableCell(page, 3, 'changefreq')).toBeFocused();

  // Tab commits and moves to the next cell.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('daily');
  await page.keyboard.press('Tab');
  await expect(urlGrid(page).getByRole('textbox')).toHaveCount(0);
  await expect(tableCell(page, 3, 'priority')).toBeFocused();
  await expect(tableCell(page, 3, 'changefreq')).toHaveText('daily');
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });
});

test('a URL can be added, then deleted with the selection', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);

  await page.getByRole('button', { name: 'Add URL' }).click();
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '6');
  const editor = grid.getByRole('textbox', { name: 'loc of row 6' });
  await expect(editor).toBeFocused();
  await editor.fill('https://www.example.com/new-page');
  await editor.press('Enter');
  await expect(tableCell(page, 6, 'loc')).toHaveText('https://www.example.com/new-page');
  await expect(page.getByTestId('url-count')).toHaveText('6');
  await expect(tableCell(page, 6, 'file')).toHaveText('(added here)');

  await page.getByRole('checkbox', { name: 'Select row 6' }).check();
  await expect(tableRow(page, 6)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(grid).not.toContainText('new-page');
  await expect(page.getByRole('button', { name: 'Delete selected' })).toBeDisabled();

  // Shift+click selects a range.
  await page.getByRole('checkbox', { name: 'Select row 2' }).click();
  await page.getByRole('checkbox', { name: 'Select row 4' }).click({ modifiers: ['Shift'] });
  await expect(page.getByRole('button', { name: 'Delete selected (3)' })).toBeEnabled();
  await saveScreenshot(page, 'table-selection');
});

test('60,000 URLs: only a window of rows is in the page while scrolling', async ({ page }, testInfo) => {
  const file = writeTextSitemap(testInfo, 'sixty-thousand.txt', 60_000);
  await openApp(page);
  await importFiles(page, [file]);
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '60000');
  await expect(page.getByTestId('view-count')).toHaveText('60,000 of 60,000 URLs');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');
  expect(await renderedRows(page)).toBeLessThan(80);

  for (const fraction of [0.25, 0.5, 1]) {
    await scrollTable(page, fraction);
    const last = Math.round(60_000 * fraction);
    await expect(tableCell(page, Math.max(1, last - 3), 'loc')).toHaveText(
      `https://www.example.com/page/${Math.max(1, last - 3)}`,
    );
    expect(await renderedRows(page)).toBeLessThan(80);
  }
  await grid.scrollIntoViewIfNeeded();
  await expect(tableCell(page, 60_000, 'loc')).toBeInViewport();

  // The keyboard reaches both ends.
  await tableCell(page, 60_000, 'loc').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(tableCell(page, 1, 'loc')).toBeFocused();
  await expect(tableCell(page, 1, 'loc')).toBeInViewport();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ControlOrMeta+End');
  await expect(tableCell(page, 60_000, 'loc')).toBeFocused();
  await saveScreenshot(page, 'table-60k');
});

test('the table reads well at 1280 and 768 pixels wide', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(tableCell(page, 5, 'loc')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/table-1280.png' });
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(tableCell(page, 5, 'loc')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'table-768');
});

test('600,000 URLs: the scroll height is capped and the last row is still reached', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const file = writeTextSitemap(testInfo, 'six-hundred-thousand.txt', 600_000);
  await openApp(page);
  await importFiles(page, [file]);
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '600000');
  // 600,000 × 32 px would pass browsers' element height limits: the body is capped at 16 million px.
  const body = await grid.locator('.ut-scroller .ut-body').evaluate((el) => el.getBoundingClientRect().height);
  // src/ui/table/scroll-map.ts MAX_BODY_HEIGHT: the body is exactly the cap, not merely under it.
  expect(body).toBe(16_000_000);

  await scrollTable(page, 0.5);
  await expect(tableCell(page, 300_000, 'loc')).toHaveText('https://www.example.com/page/300000');
  expect(await renderedRows(page)).toBeLessThan(80);
  await scrollTable(page, 1);
  await grid.scrollIntoViewIfNeeded();
  await expect(tableCell(page, 600_000, 'loc')).toHaveText('https://www.example.com/page/600000');
  await expect(tableCell(page, 600_000, 'loc')).toBeInViewport();
  expect(await renderedRows(page)).toBeLessThan(80);

  // Editing deep in a scaled view keeps the row in place.
  await editCell(page, 599_990, 'priority', '0.7');
  await expect(tableCell(page, 599_990, 'priority')).toHaveText('0.7');
  await expect(tableCell(page, 599_990, 'loc')).toHaveText('https://www.example.com/page/599990');
});
