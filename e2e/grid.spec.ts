import type { Locator, Page } from '@playwright/test';
import { importFiles, openApp } from './helpers';
import { artifact, corpus, fixture } from './paths';
import { tableCell, tableRow, urlGrid } from './table-helpers';
import { expect, test } from './test';

const EUROVISION = corpus('urlset_xml-sitemaps-com-generator_271urls_sitemap_1.xml');
/** Row 5 of EUROVISION as drawn: 9 cells, the selection box, the loc's origin, path and split last segment (3), the extensions button. */
const ROW_ELEMENTS = 16;
const LASTMOD_6 = '2025-05-31T10:49:28+00:00';

function header(page: Page, label: string): Locator {
  return urlGrid(page).getByRole('columnheader', { name: label, exact: true });
}

function handle(page: Page, label: string): Locator {
  return page.getByRole('separator', { name: `Resize ${label}`, exact: true });
}

/** The column labels in the order the header draws them. */
async function headerOrder(page: Page): Promise<string[]> {
  return urlGrid(page)
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
}

async function dragBy(page: Page, target: Locator, dx: number): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the handle is not drawn');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 3 });
  await page.mouse.move(x + dx, y, { steps: 3 });
  await page.mouse.up();
}

/** Every cell of the first row lies exactly under its column's header. */
async function expectCellsUnderHeaders(page: Page): Promise<void> {
  const misplaced = await urlGrid(page).evaluate((grid) => {
    const heads = [...grid.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    const cells = [...grid.querySelectorAll<HTMLElement>('.ut-body [role="row"][aria-rowindex="1"] [role="gridcell"]')];
    return heads.flatMap((h, i) => {
      const a = h.getBoundingClientRect();
      const b = cells[i]?.getBoundingClientRect();
      return b && Math.abs(a.left - b.left) < 0.5 && Math.abs(a.width - b.width) < 0.5
        ? []
        : [h.getAttribute('aria-label')];
    });
  });
  expect(misplaced).toEqual([]);
}

async function waitUntilSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** How many loc cells draw their last segment cut, and how many rows are wholly in the grid's view. */
async function locsAndRowsInView(page: Page): Promise<{ drawn: number; cut: number; rowsInView: number }> {
  return urlGrid(page).evaluate((grid) => {
    const scroller = grid.querySelector('.ut-scroller') as HTMLElement;
    const view = scroller.getBoundingClientRect();
    const bottom = Math.min(view.bottom, window.innerHeight);
    let drawn = 0;
    let cut = 0;
    let rowsInView = 0;
    for (const row of grid.querySelectorAll<HTMLElement>('.ut-body [role="row"]')) {
      const r = row.getBoundingClientRect();
      if (r.top < view.top || r.bottom > bottom + 0.5) continue;
      rowsInView++;
      const cell = row.querySelector<HTMLElement>('.ut-col-loc');
      const tail = cell?.querySelector<HTMLElement>('.ut-loc-tail');
      if (!cell || !tail) continue;
      drawn++;
      if (
        tail.scrollWidth > tail.clientWidth ||
        tail.getBoundingClientRect().right > cell.getBoundingClientRect().right
      )
        cut++;
    }
    return { drawn, cut, rowsInView };
  });
}

/** Of the loc cells drawn, how many show the end of their last segment, and how many shortened that segment before its end. */
async function locEnds(page: Page): Promise<{ drawn: number; endCut: number; shortenedInside: number }> {
  return urlGrid(page).evaluate((grid) => {
    let drawn = 0;
    let endCut = 0;
    let shortenedInside = 0;
    for (const cell of grid.querySelectorAll<HTMLElement>('.ut-body .ut-col-loc')) {
      const tail = cell.querySelector<HTMLElement>('.ut-loc-tail');
      if (!tail) continue;
      drawn++;
      const end = tail.querySelector<HTMLElement>('.ut-loc-tail-end') ?? tail;
      if (
        end.scrollWidth > end.clientWidth ||
        end.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5
      )
        endCut++;
      const start = tail.querySelector<HTMLElement>('.ut-loc-tail-start');
      if (start && start.scrollWidth > start.clientWidth) shortenedInside++;
    }
    return { drawn, endCut, shortenedInside };
  });
}

test('columns: a resize, a hidden column, a move and an unpinned column survive a reload', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(handle(page, 'lastmod')).toHaveAttribute('aria-valuenow', '190');
  expect(await headerOrder(page)).toEqual([
    'Select',
    '#',
    'loc',
    'problems',
    'ext.',
    'lastmod',
    'changefreq',
    'priority',
    'source file',
  ]);

  await dragBy(page, handle(page, 'lastmod'), 60);
  await expect(handle(page, 'lastmod')).toHaveAttribute('aria-valuenow', '250');
  expect((await header(page, 'lastmod').boundingBox())?.width).toBe(250);
  expect((await tableCell(page, 1, 'lastmod').boundingBox())?.width).toBe(250);

  // The keyboard resizes too: 16 px an arrow.
  await handle(page, 'priority').focus();
  await page.keyboard.press('ArrowRight');
  await expect(handle(page, 'priority')).toHaveAttribute('aria-valuenow', '80');

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('checkbox', { name: 'source file', exact: true }).uncheck();
  await expect(header(page, 'source file')).toHaveCount(0);
  await expect(tableRow(page, 1).locator('.ut-col-file')).toHaveCount(0);
  await page.getByRole('button', { name: 'Move priority left' }).click();
  await page.getByRole('button', { name: 'Pin #' }).click();
  await expect(page.getByRole('button', { name: 'Pin #' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'loc', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Columns', exact: true })).toBeFocused();

  const order = ['Select', 'loc', '#', 'problems', 'ext.', 'lastmod', 'priority', 'changefreq'];
  expect(await headerOrder(page)).toEqual(order);
  // Cells follow the header: aria-colindex is the place drawn.
  await expect(tableRow(page, 1).locator('[aria-colindex="7"]')).toHaveClass(/ut-col-priority/);
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
  await expectCellsUnderHeaders(page);
  await page.screenshot({ path: artifact('grid-columns.png') });

  await waitUntilSaved(page);
  await page.reload();
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '5');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/');
  expect(await headerOrder(page)).toEqual(order);
  await expect(handle(page, 'lastmod')).toHaveAttribute('aria-valuenow', '250');
  await expect(handle(page, 'priority')).toHaveAttribute('aria-valuenow', '80');
  await expect(header(page, 'source file')).toHaveCount(0);
  await expectCellsUnderHeaders(page);

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  expect(await headerOrder(page)).toEqual([
    'Select',
    '#',
    'loc',
    'problems',
    'ext.',
    'lastmod',
    'changefreq',
    'priority',
    'source file',
  ]);
  await expect(handle(page, 'lastmod')).toHaveAttribute('aria-valuenow', '190');
});

test('double-clicking a resize handle fits the widest value drawn', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await dragBy(page, handle(page, 'loc'), -400);
  // Narrower than its widest loc: shortened in the middle, the end kept.
  const narrow = Number(await handle(page, 'loc').getAttribute('aria-valuenow'));
  expect(narrow).toBe(120);
  await handle(page, 'loc').dblclick();
  await expect(handle(page, 'loc')).not.toHaveAttribute('aria-valuenow', '120');
  const fitted = Number(await handle(page, 'loc').getAttribute('aria-valuenow'));
  // Every part of every loc drawn is now whole; the widest (or the header, naming the origin) sets the width.
  const slack = await urlGrid(page).evaluate((grid) => {
    let least = Infinity;
    for (const cell of grid.querySelectorAll<HTMLElement>('.ut-body .ut-col-loc')) {
      let used = 0;
      for (const part of cell.children) {
        const el = part as HTMLElement;
        // The shared origin is out of sight by design (loc's header names it).
        if (el.classList.contains('visually-hidden')) continue;
        if (el.scrollWidth > el.clientWidth) return -1;
        used += el.getBoundingClientRect().width;
      }
      least = Math.min(least, cell.clientWidth - used);
    }
    return least;
  });
  expect(slack).toBeGreaterThanOrEqual(0);
  expect(slack).toBeLessThanOrEqual(100);
  expect(fitted).toBeGreaterThan(narrow);
  expect((await header(page, 'loc').boundingBox())?.width).toBe(fitted);
});

test('URLs read at 1366 × 850: the origin once, every last segment whole, 18 rows in view, the whole URL on focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [EUROVISION]);
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '271');
  await expect(page.getByTestId('shared-origin')).toHaveText('https://actualidadeurovision.blogspot.com');
  // The cell still holds the whole URL (screen readers read it), the origin out of sight.
  await expect(tableCell(page, 5, 'loc')).toHaveText(
    'https://actualidadeurovision.blogspot.com/2025/05/carta-abierta-martin-green-eurovision-2025.html',
  );
  await expect(tableCell(page, 5, 'loc').locator('.ut-origin')).toHaveClass(/visually-hidden/);
  const seen = await locsAndRowsInView(page);
  expect(seen.cut).toBe(0);
  expect(seen.drawn).toBe(seen.rowsInView);
  expect(seen.rowsInView).toBeGreaterThanOrEqual(18);
  await page.screenshot({ path: artifact('grid-1366.png') });

  // Pinned select, # and loc stay put when the grid scrolls sideways.
  const before = await tableCell(page, 3, 'loc').boundingBox();
  await urlGrid(page)
    .locator('.ut-scroller')
    .evaluate((el) => {
      el.scrollLeft = 300;
    });
  await expect(header(page, 'source file')).toBeInViewport();
  expect((await tableCell(page, 3, 'loc').boundingBox())?.x).toBe(before?.x);
  await page.screenshot({ path: artifact('grid-1366-sideways.png') });

  // A narrower window shortens some locs: the focused one is shown whole.
  await page.setViewportSize({ width: 768, height: 900 });
  // A last segment wider than the column gives way before its end, which stays in sight.
  await expect.poll(async () => (await locEnds(page)).shortenedInside).toBeGreaterThan(0);
  const ends = await locEnds(page);
  expect(ends.drawn).toBeGreaterThan(0);
  expect(ends.endCut).toBe(0);
  await tableCell(page, 19, 'loc').click();
  await expect(page.getByTestId('cell-peek')).toHaveText(
    'https://actualidadeurovision.blogspot.com/2025/04/claude-promociona-cest-la-vie-francia-italia-eurovision-2025.html',
  );
  await expect(page.getByTestId('cell-peek')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(tableCell(page, 18, 'loc')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.screenshot({ path: artifact('grid-768-peek.png') });

  // Wrapping gives each row three lines of URL.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Wrap long URLs' }).check();
  await page.keyboard.press('Escape');
  expect((await tableRow(page, 1).boundingBox())?.height).toBe(52);
  await expect(tableCell(page, 19, 'loc')).toHaveCSS('white-space', 'normal');
});

test('the table fills the window: panels hide and come back, the Files line opens, at 768 px the table comes first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml'), fixture('clean-sitemap.xml')]);
  const files = page.getByTestId('files-summary');
  await expect(files).toHaveText(/^\d+ entries · [\d.,]+ (bytes|KiB)$/);
  await expect(page.getByRole('table', { name: 'Files' })).toBeHidden();
  await files.click();
  await expect(page.getByRole('table', { name: 'Files' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Files' }).locator('tbody tr')).toHaveCount(2);

  // The page does not scroll: the grid ends at the window's bottom.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(850);
  const wide = (await urlGrid(page).boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Hide panels' }).click();
  await expect(page.getByRole('heading', { name: /^Problems/ })).toBeHidden();
  expect((await urlGrid(page).boundingBox())?.width).toBeGreaterThan(wide + 250);
  await page.screenshot({ path: artifact('grid-1366-panels-hidden.png') });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show panels' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Show panels' }).click();
  await expect(page.getByRole('heading', { name: /^Problems/ })).toBeVisible();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: artifact('grid-1920.png') });

  await page.setViewportSize({ width: 768, height: 900 });
  const grid = await urlGrid(page).boundingBox();
  const problems = await page.getByRole('heading', { name: /^Problems/ }).boundingBox();
  expect(grid && problems && grid.y < problems.y).toBe(true);
  await expect(tableRow(page, 1)).toBeInViewport();
  await page.screenshot({ path: artifact('grid-768.png') });
});

test('a range of cells copies its whole values as TSV, whole rows with a header row; Ctrl+D fills down, one undo step', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  // loc, problems, ext. and lastmod of rows 2 to 4.
  await tableCell(page, 2, 'loc').click();
  for (const key of ['Shift+ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowRight', 'Shift+ArrowRight', 'Shift+ArrowRight'])
    await page.keyboard.press(key);
  await expect(tableCell(page, 4, 'lastmod')).toBeFocused();
  await expect(tableCell(page, 3, 'problems')).toHaveAttribute('aria-selected', 'true');
  await expect(tableCell(page, 3, 'changefreq')).not.toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ControlOrMeta+c');
  await expect
    .poll(clipboard)
    .toBe(
      [
        'https://www.example.com/about\tlastmod-format\t0\t2024/01/05',
        'https://www.example.com/blog/\tchangefreq-value\t0\t2024-02-01T10:30:00+01:00',
        'https://www.example.com/shop#top\tloc-fragment\t0\t',
      ].join('\n'),
    );

  // A range that takes in the Select column copies whole rows, with the labels first.
  await tableCell(page, 1, 'loc').click();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ControlOrMeta+c');
  await expect
    .poll(clipboard)
    .toBe(
      [
        '#\tloc\tproblems\text.\tlastmod\tchangefreq\tpriority\tsource file',
        '1\thttps://www.example.com/\t\t0\t2024-01-15\tdaily\t1.0\tsmall-sitemap.xml',
        '2\thttps://www.example.com/about\tlastmod-format\t0\t2024/01/05\t\t0.8\tsmall-sitemap.xml',
      ].join('\n'),
    );

  // Ctrl+D gives the rows below the range's top the top's priority; one Ctrl+Z takes it back.
  await tableCell(page, 1, 'priority').click();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ControlOrMeta+d');
  await expect(tableCell(page, 2, 'priority')).toHaveText('1.0');
  await expect(tableCell(page, 3, 'priority')).toHaveText('1.0');
  await expect(tableCell(page, 4, 'priority')).toHaveText('');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(tableCell(page, 2, 'priority')).toHaveText('0.8');
  await expect(tableCell(page, 3, 'priority')).toHaveText('0.6');
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
});

test('a loaded row is light: a CSS-drawn selection box, a title only on the cell pointed at', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [EUROVISION]);
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '271');
  const row = tableRow(page, 5);
  // No form control per row: the box is a span with the checkbox's role, name and state.
  await expect(row.locator('input')).toHaveCount(0);
  await expect(row.locator('*')).toHaveCount(ROW_ELEMENTS);
  const box = row.getByRole('checkbox', { name: 'Select row 5' });
  await expect(box).toHaveAttribute('aria-checked', 'false');
  await box.click();
  await expect(box).toBeChecked();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await box.click();
  await expect(box).not.toBeChecked();
  await expect(row).toHaveAttribute('aria-selected', 'false');

  // Titles are built for the cell under the pointer only, and follow it.
  await page.mouse.move(1300, 5);
  await expect(urlGrid(page).locator('[role="gridcell"][title]')).toHaveCount(0);
  await tableCell(page, 5, 'loc').hover();
  await expect(tableCell(page, 5, 'loc')).toHaveAttribute(
    'title',
    'https://actualidadeurovision.blogspot.com/2025/05/carta-abierta-martin-green-eurovision-2025.html',
  );
  await expect(urlGrid(page).locator('[role="gridcell"][title]')).toHaveCount(1);
  await tableCell(page, 6, 'lastmod').hover();
  await expect(tableCell(page, 5, 'loc')).not.toHaveAttribute('title');
  await expect(tableCell(page, 6, 'lastmod')).toHaveAttribute('title', LASTMOD_6);
  await expect(urlGrid(page).locator('[role="gridcell"][title]')).toHaveCount(1);
  await page.screenshot({ path: artifact('grid-1366-light-row.png') });
});
