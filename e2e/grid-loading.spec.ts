import { expect, test } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { tableCell, tableRow, urlGrid, writeTextSitemap } from './table-helpers';

/*
 * A dragged scrollbar: rows still on their way are drawn as one empty cell
 * across the row (a frame of them restyles a few elements, not every cell;
 * the row holding the grid's one tab stop keeps its cells, so Tab still
 * reaches the grid), rows whose data is here as that same cell holding
 * their loc, and once the drag rests every row drawn is whole again.
 */
test('in a dragged sweep a row is one cell across the row, empty while loading, else its loc; after the sweep rests, every drawn row is whole', async ({
  page,
}, testInfo) => {
  const file = writeTextSitemap(testInfo, 'sweep.txt', 60_000);
  await openApp(page);
  await importFiles(page, [file]);
  const grid = urlGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', '60000');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');

  const seen = await grid.locator('.ut-scroller').evaluate(async (scroller) => {
    // Every row that turns busy, as it is drawn: how many cells it holds (the row holding the grid's tab stop, and the row of its focused cell, keep their cells).
    const cells: number[] = [];
    // Every row drawn in its sweep form (not busy, one cell): its number and its text.
    const swept: [number, string][] = [];
    const note = (row: Element) => {
      if (row.getAttribute('role') !== 'row' || row.querySelector('[tabindex="0"], .ut-focused')) return;
      const count = row.querySelectorAll('[role="gridcell"]').length;
      if (row.getAttribute('aria-busy') === 'true') cells.push(count);
      else if (count === 1) swept.push([Number(row.getAttribute('aria-rowindex')), row.textContent ?? '']);
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
        for (const n of r.addedNodes) if (n instanceof Element) note(n);
      }
    });
    observer.observe(scroller, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy', 'data-pos'],
    });
    // One step a frame from top to bottom in 3 s, as a dragged scrollbar does.
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const step = (t: number) => {
        const f = Math.min(1, (t - t0) / 3000);
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * f;
        if (f < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    return { cells, swept };
  });
  expect(seen.cells.length).toBeGreaterThan(0);
  expect(new Set(seen.cells)).toEqual(new Set([1]));
  // Rows fetched ahead of the drag show each its own loc (how many arrive in time depends on the machine's load: the next test counts them).
  expect(seen.swept.filter(([index, text]) => text !== `https://www.example.com/page/${index}`)).toEqual([]);

  // At rest: the rows at the bottom come, each with every cell.
  await expect(tableCell(page, 60_000, 'loc')).toHaveText('https://www.example.com/page/60000');
  await expect(grid.locator('[role="row"][aria-busy="true"]')).toHaveCount(0);
  const row = grid.locator('[role="row"][aria-rowindex="60000"]');
  await expect(row.getByRole('gridcell')).toHaveCount(9);
  await expect(row.getByRole('checkbox', { name: 'Select row 60000' })).toBeVisible();
  await saveScreenshot(page, 'grid-after-sweep');
});

/*
 * A sweep over rows already fetched: every row drawn while it goes on is its
 * loc in one cell (never a row still loading, never the wrong row's loc), and
 * the rows are whole again once it rests.
 */
test('a sweep over rows already held draws each as its loc in one cell, then whole when it rests', async ({
  page,
}, testInfo) => {
  const file = writeTextSitemap(testInfo, 'held.txt', 60_000);
  await openApp(page);
  await importFiles(page, [file]);
  const grid = urlGrid(page);
  const scroller = grid.locator('.ut-scroller');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');
  // Row 30,001 at the top (60,000 rows of 28 px fit the body unscaled), then back: both windows are held.
  await scroller.evaluate((s) => (s.scrollTop = 30_000 * 28));
  await expect(tableCell(page, 30_001, 'loc')).toHaveText('https://www.example.com/page/30001');
  await scroller.evaluate((s) => (s.scrollTop = 0));
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');

  const seen = await scroller.evaluate(async (s) => {
    // From one window to the other every frame: each frame a jump of 30,000 rows, as a dragged scrollbar makes.
    const swept: [number, string][] = [];
    let busy = 0;
    for (let frame = 0; frame < 40; frame++) {
      await new Promise((r) => requestAnimationFrame(r));
      for (const row of s.querySelectorAll('[role="row"][data-pos]')) {
        if (row.getAttribute('aria-busy') === 'true') busy++;
        else if (row.querySelectorAll('[role="gridcell"]').length === 1)
          swept.push([Number(row.getAttribute('aria-rowindex')), row.textContent ?? '']);
      }
      s.scrollTop = frame % 2 === 0 ? 30_000 * 28 : 0;
    }
    return { swept, busy };
  });
  expect(seen.busy).toBe(0);
  expect(seen.swept.length).toBeGreaterThan(0);
  expect(seen.swept.filter(([index, text]) => text !== `https://www.example.com/page/${index}`)).toEqual([]);
  // At rest at the top: whole rows again.
  await expect(tableRow(page, 1).getByRole('gridcell')).toHaveCount(9);
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/page/1');
  await expect(grid.getByRole('checkbox', { name: 'Select row 2' })).toBeVisible();
});
