/**
 * Sorting by loc again: the worker keeps the order of a sort until loc
 * changes (text-order.ts), so the other direction and a filtered view come
 * from it; an edit, its undo and a filter must still show the right order.
 */
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, sortBy, tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';

test('sort by loc, flip, edit a loc, sort again, undo, filter: each order as the values are', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '5');

  await sortBy(page, 'loc', 'ascending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/shop#top');
  await sortBy(page, 'loc', 'descending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/shop#top');
  await expect(tableCell(page, 4, 'loc')).toHaveText('https://www.example.com/about');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/');

  // The edited row stays where it is until the next sort, which places it by its new value.
  await editCell(page, 5, 'loc', 'https://www.example.com/zoo');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/zoo');
  await sortBy(page, 'loc', 'none');
  await sortBy(page, 'loc', 'ascending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/about');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/zoo');
  await sortBy(page, 'loc', 'descending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/zoo');
  await saveScreenshot(page, 'sort-again-desc');

  // Undo brings the old value back; sorting again puts it first ascending.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await sortBy(page, 'loc', 'none');
  await sortBy(page, 'loc', 'ascending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');
  await expect(tableCell(page, 5, 'loc')).toHaveText('https://www.example.com/shop#top');

  // A filtered view sorted from the kept order.
  await page.getByLabel('Filter URLs').fill('b');
  await expect(page.getByTestId('view-count')).toHaveText('2 of 5 URLs');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/about');
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://www.example.com/blog/');
  await sortBy(page, 'loc', 'descending');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/blog/');
  await expect(tableCell(page, 2, 'loc')).toHaveText('https://www.example.com/about');
});
