import type { Page } from '@playwright/test';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';

/*
 * An edit of lastmod, changefreq or priority is drawn re-checked in the
 * first frame after Enter: the page runs the field's own rules (editedRow),
 * since Chromium runs the worker's answer only after that frame. A loc's
 * rules reach other rows: its problems come with the answer, a frame later.
 */

/** Types `value` into a cell's editor and presses Enter; resolves to the problem codes its row showed in the first frame after the keydown. */
async function commitAndReadFirstFrame(
  page: Page,
  rowNumber: number,
  column: string,
  value: string,
): Promise<string[]> {
  await tableCell(page, rowNumber, column).dblclick();
  // changefreq's editor offers the seven values: a combobox.
  const editor = urlGrid(page).getByRole(column === 'changefreq' ? 'combobox' : 'textbox', {
    name: `${column} of row ${rowNumber}`,
  });
  await editor.fill(value);
  await page.evaluate((row) => {
    const w = window as unknown as { __firstFrame?: string[] };
    w.__firstFrame = undefined;
    document.addEventListener(
      'keydown',
      () =>
        requestAnimationFrame(() => {
          const cell = document.querySelector(`[role="grid"] [role="row"][aria-rowindex="${row}"] .ut-col-problems`);
          w.__firstFrame = [...(cell?.querySelectorAll('[data-code]') ?? [])].map(
            (b) => b.getAttribute('data-code') ?? '',
          );
        }),
      { capture: true, once: true },
    );
  }, rowNumber);
  await editor.press('Enter');
  const codes = await page.waitForFunction(
    () => (window as unknown as { __firstFrame?: string[] }).__firstFrame ?? false,
  );
  return (await codes.jsonValue()) as string[];
}

test('an edit shows its row re-checked in the first frame after Enter; the totals follow, undo takes it back, a loc duplicate comes with the answer', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  expect(await commitAndReadFirstFrame(page, 1, 'lastmod', '2099-01-01')).toEqual(['lastmod-future']);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 2 });
  expect(await commitAndReadFirstFrame(page, 2, 'lastmod', '2024-01-05')).toEqual([]);
  expect(await commitAndReadFirstFrame(page, 3, 'changefreq', 'daily')).toEqual([]);
  await expectCounts(page, { urls: 5, errors: 0, warnings: 2 });
  expect(await commitAndReadFirstFrame(page, 5, 'priority', '2')).toEqual(['priority-range']);
  await expectCounts(page, { urls: 5, errors: 1, warnings: 2 });

  // Undo right after: the worker had the edit before the undo (its requests run in order).
  await page.keyboard.press('Control+z');
  await expect(tableCell(page, 5, 'priority')).toHaveText('0.3');
  await expect(tableCell(page, 5, 'problems')).toHaveText('');
  await expectCounts(page, { urls: 5, errors: 0, warnings: 2 });

  // A loc: the first frame keeps the row's old problems; the answer brings the duplicate, on both rows.
  expect(await commitAndReadFirstFrame(page, 4, 'loc', 'https://www.example.com/')).toEqual(['loc-fragment']);
  await expect(tableCell(page, 4, 'problems')).toHaveText('loc-duplicate');
  // Row 1 has two problems now; its column fits one badge, then "+1".
  await expect(tableCell(page, 1, 'problems')).toHaveText('loc-duplicate+1');
  await expectCounts(page, { urls: 5, errors: 0, warnings: 3 });
  await saveScreenshot(page, 'edit-frame');

  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.reload();
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2099-01-01');
  await expect(tableCell(page, 5, 'priority')).toHaveText('0.3');
  await expect(tableCell(page, 4, 'problems')).toHaveText('loc-duplicate');
  await expectCounts(page, { urls: 5, errors: 0, warnings: 3 });
});
