/**
 * The steps of the views beside the table, timed as page-steps.ts times the
 * table's: the structure tree, a comparison, and the diagram.
 */
import type { Page } from 'playwright-core';
import { armClock, doneAt, type BenchGlobals } from './page-steps';

export async function expandFirstHost(page: Page): Promise<{ ms: number; branches: number }> {
  const host = page.locator('[role="tree"] [role="treeitem"][aria-level="1"]').first();
  await host.waitFor({ timeout: 600_000 });
  // A one-host set opens with its host expanded: closed first, so the step times opening it as before.
  if ((await host.getAttribute('aria-expanded')) === 'true') {
    await host.locator('.st-twisty').first().click();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="tree"] [role="treeitem"][aria-level="1"]')?.getAttribute('aria-expanded') ===
        'false',
      null,
      { timeout: 600_000 },
    );
  }
  await armClock(page, 'click');
  await host.locator('.st-twisty').first().click();
  const ms = await doneAt(
    page,
    () => {
      const b = (window as unknown as BenchGlobals).__bench;
      const h = document.querySelector('[role="tree"] [role="treeitem"][aria-level="1"]');
      const open = !!h && h.getAttribute('aria-expanded') === 'true' && !h.hasAttribute('aria-busy');
      // The tree is flat (each item carries its aria-level): the host's branches follow it as siblings.
      return open && !!document.querySelector('[role="tree"] [role="treeitem"][aria-level="2"]') && b.since();
    },
    null,
  );
  const branches = await page.locator('[role="tree"] [role="treeitem"][aria-level="2"]').count();
  return { ms, branches };
}

/** Chooses the first branch under the host; ms until the table shows only that branch's rows. */
export async function chooseFirstBranch(page: Page, urls: number): Promise<{ ms: number; rows: number }> {
  const branch = page.locator('[role="tree"] [role="treeitem"][aria-level="2"]').first();
  await armClock(page, 'click');
  await branch.locator('.st-row').first().click();
  const ms = await doneAt(
    page,
    (n) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const grid = document.querySelector('[role="grid"]');
      return !!grid && grid.getAttribute('aria-rowcount') !== String(n) && b.firstRowReady() && b.since();
    },
    urls,
  );
  const rows = Number(await page.getByRole('grid').getAttribute('aria-rowcount'));
  return { ms, rows };
}

/**
 * Loads a "before" set with "Load before sitemaps"; ms from the picker's
 * change until the Added count shows the expected number.
 */
export async function compareWith(page: Page, paths: string[], added: number): Promise<number> {
  await armClock(page, 'change');
  await page.getByLabel('Load before sitemaps').setInputFiles(paths);
  return doneAt(
    page,
    (n) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const count = document.querySelector('[data-testid="compare-added"] .cmp-kind-count');
      return !!count && count.textContent?.replace(/\D/g, '') === String(n) && b.since();
    },
    added,
  );
}

/** Presses the Added filter of the comparison; ms until the table shows only those rows. */
export async function filterAdded(page: Page, added: number): Promise<number> {
  await armClock(page, 'click');
  await page.getByTestId('compare-added').click();
  return doneAt(
    page,
    (n) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const grid = document.querySelector('[role="grid"]');
      return !!grid && grid.getAttribute('aria-rowcount') === String(n) && b.firstRowReady() && b.since();
    },
    added,
  );
}

/**
 * Presses Diagram; ms until the diagram shows the one host opened at its
 * first level (boxes under an expanded host box, built in the worker) and
 * asks nothing more of it.
 */
export async function openDiagram(page: Page): Promise<{ ms: number; boxes: number }> {
  await armClock(page, 'click');
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  const ms = await doneAt(
    page,
    () => {
      const b = (window as unknown as BenchGlobals).__bench;
      const area = document.querySelector('.dg-viewport');
      const open = document.querySelector('[aria-label="Site diagram"] [role="button"][aria-expanded="true"]');
      const boxes = document.querySelectorAll('[aria-label="Site diagram"] [role="button"]').length;
      return !!area && area.getAttribute('aria-busy') !== 'true' && !!open && boxes > 1 && b.since();
    },
    null,
  );
  const boxes = await page.locator('[aria-label="Site diagram"] [role="button"]').count();
  return { ms, boxes };
}

/**
 * Opens the biggest closed box of the diagram's first level with the
 * keyboard (→); ms until its children are drawn (the biggest, and an
 * "N more" box for the rest).
 */
export async function expandDiagramBox(page: Page): Promise<{ ms: number; boxes: number }> {
  const closed = page.locator('[aria-label="Site diagram"] [role="button"][aria-expanded="false"]').first();
  const key = await closed.getAttribute('data-key');
  await closed.focus();
  await armClock(page, 'keydown');
  await page.keyboard.press('ArrowRight');
  const ms = await doneAt(
    page,
    (k) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const area = document.querySelector('.dg-viewport');
      const box = [...document.querySelectorAll('[aria-label="Site diagram"] [role="button"]')].find(
        (e) => e.getAttribute('data-key') === k,
      );
      const child = [...document.querySelectorAll('[aria-label="Site diagram"] [role="button"]')].some((e) =>
        (e.getAttribute('data-key') ?? '').startsWith(`${k}/`),
      );
      return (
        !!area &&
        area.getAttribute('aria-busy') !== 'true' &&
        box?.getAttribute('aria-expanded') === 'true' &&
        child &&
        b.since()
      );
    },
    key,
  );
  const boxes = await page.locator('[aria-label="Site diagram"] [role="button"]').count();
  return { ms, boxes };
}

/**
 * Downloads the whole board (every branch down to the depth that fits
 * 2,000 boxes, counted in the worker, laid out and drawn in the page) as
 * SVG or as a one-page PDF; ms from the click to the download, and the boxes
 * drawn (the toolbar says how many).
 */
export async function exportBoard(page: Page, what: 'SVG' | 'PDF'): Promise<{ ms: number; boxes: number }> {
  const started = performance.now();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: `Download ${what}` }).click();
  await download;
  const ms = performance.now() - started;
  const note = (await page.locator('.dg-note').textContent()) ?? '';
  const boxes = Number(/([\d,]+) boxes/.exec(note)?.[1]?.replace(/,/g, '') ?? NaN);
  console.log(`  the whole board as ${what}: ${Math.round(ms)} ms, ${boxes} boxes`);
  return { ms, boxes };
}
