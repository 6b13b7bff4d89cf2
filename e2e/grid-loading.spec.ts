import { expect, test } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { tableCell, urlGrid, writeTextSitemap } from './table-helpers';

/*
 * A dragged scrollbar: rows still on their way are drawn as one empty cell
 * across the row (a frame of them restyles a few elements, not every cell;
 * the row holding the grid's one tab stop keeps its cells, so Tab still
 * reaches the grid), and once the drag rests every row drawn is whole again.
 */
test('a row still loading is one cell across the row; after a dragged sweep rests, every drawn row is whole', async ({ page }, testInfo) => {
  const file = writeTextSitemap(testInfo, 'sweep.txt', 60_000);
  await openApp(page);
  await importFiles(page, [file]);
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '60000');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');

  const seen = await grid.locator('.ut-scroller').evaluate(async (scroller) => {
    // Every row that turns busy, as it is drawn: how many cells it holds (the row holding the grid's tab stop keeps its cells).
    const cells: number[] = [];
    const note = (row: Element) => {
      if (row.getAttribute('role') !== 'row' || row.getAttribute('aria-busy') !== 'true') return;
      if (!row.querySelector('[tabindex="0"]')) cells.push(row.querySelectorAll('[role="gridcell"]').length);
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
        for (const n of r.addedNodes) if (n instanceof Element) note(n);
      }
    });
    observer.observe(scroller, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'data-pos'] });
    // One step a frame from top to bottom in 1.5 s, as a dragged scrollbar does.
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const step = (t: number) => {
        const f = Math.min(1, (t - t0) / 1500);
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * f;
        if (f < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    return cells;
  });
  expect(seen.length).toBeGreaterThan(0);
  expect(new Set(seen)).toEqual(new Set([1]));

  // At rest: the rows at the bottom come, each with every cell.
  await expect(tableCell(page, 60_000, 'loc')).toHaveText('https://www.example.com/page/60000');
  await expect(grid.locator('[role="row"][aria-busy="true"]')).toHaveCount(0);
  const row = grid.locator('[role="row"][aria-rowindex="60000"]');
  await expect(row.getByRole('gridcell')).toHaveCount(9);
  await expect(row.getByRole('checkbox', { name: 'Select row 60000' })).toBeVisible();
  await saveScreenshot(page, 'grid-after-sweep');
});
