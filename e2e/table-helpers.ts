import { writeFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './test';

/** The URL table (its one grid). */
export function urlGrid(page: Page): Locator {
  return page.getByRole('grid');
}

/** The row at a 1-based position of the current view. */
export function tableRow(page: Page, rowNumber: number): Locator {
  return urlGrid(page).locator(`[role="row"][aria-rowindex="${rowNumber}"]`);
}

/** A cell of a row, by column: loc, lastmod, changefreq, priority, ext, file, problems, select, index. */
export function tableCell(page: Page, rowNumber: number, column: string): Locator {
  return tableRow(page, rowNumber).locator(`.ut-col-${column}`);
}

/** How many data rows are in the DOM (virtualization keeps this small). */
export function renderedRows(page: Page): Promise<number> {
  return urlGrid(page).locator('[role="row"][aria-rowindex]').count();
}

/** Edits a cell as a user does: double-click, replace the text, press Enter. */
export async function editCell(page: Page, rowNumber: number, column: string, value: string): Promise<void> {
  await tableCell(page, rowNumber, column).dblclick();
  const editor = urlGrid(page).getByRole('textbox', { name: `${column} of row ${rowNumber}` });
  await expect(editor).toBeFocused();
  await editor.fill(value);
  await editor.press('Enter');
  await expect(editor).toHaveCount(0);
}

/** Clicks a column header's sort button and waits for the header to say so. */
export async function sortBy(page: Page, column: string, expected: 'ascending' | 'descending' | 'none'): Promise<void> {
  const header = urlGrid(page).getByRole('columnheader', { name: column, exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', expected);
}

/** Scrolls the table's body to a fraction (0..1) of its height. */
export async function scrollTable(page: Page, fraction: number): Promise<void> {
  await urlGrid(page)
    .locator('.ut-scroller')
    .evaluate((el, f) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
    }, fraction);
}

/** Writes a text sitemap of `count` URLs into the test's output folder and returns its path. */
export function writeTextSitemap(testInfo: TestInfo, name: string, count: number): string {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) lines.push(`https://www.example.com/page/${i}`);
  const file = testInfo.outputPath(name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}
