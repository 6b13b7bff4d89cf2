/**
 * One user step each, driven through the real UI and timed inside the page:
 * the clock starts at the DOM event the user's action causes (change, click,
 * keydown) and stops at the first animation frame that shows the result, so
 * DevTools-protocol round trips are not counted.
 */
import type { Page } from 'playwright-core';
import { EDIT_ANSWERED, EDIT_REDRAWN } from '../../src/store/edit-marks';

const LONG = { timeout: 600_000, polling: 'raf' as const };

export interface BenchGlobals {
  __benchStart?: number;
  __bench: { firstRowReady: () => boolean; since: () => number | false };
}

/**
 * Helpers the predicates below call in the page. Installed as functions,
 * never built from strings: the app's Content-Security-Policy forbids eval.
 */
export async function installPageHelpers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as BenchGlobals;
    w.__bench = {
      // Row 1 is in the DOM with its current data (not a placeholder, not the previous view's row), and the grid is not busy.
      firstRowReady: () => {
        const grid = document.querySelector('[role="grid"]');
        const row = grid?.querySelector('[role="row"][aria-rowindex="1"]');
        return (
          !!grid &&
          !!row &&
          !row.hasAttribute('aria-busy') &&
          !row.hasAttribute('data-stale') &&
          !grid.hasAttribute('aria-busy')
        );
      },
      since: () => (w.__benchStart === undefined ? false : performance.now() - w.__benchStart),
    };
  });
}

/** Starts a clock at the next `type` event on the document (capture phase), read by the predicates. */
export async function armClock(page: Page, type: string): Promise<void> {
  await page.evaluate((t) => {
    const w = window as unknown as BenchGlobals;
    w.__benchStart = undefined;
    document.addEventListener(t, () => (w.__benchStart ??= performance.now()), { capture: true, once: true });
  }, type);
}

/** Waits, checking every frame, for a predicate that returns the elapsed ms (via `__bench.since()`) once done. */
export async function doneAt<A>(page: Page, predicate: (arg: A) => number | false, arg: A): Promise<number> {
  const handle = await page.waitForFunction(predicate as (a: unknown) => number | false, arg as unknown, LONG);
  return (await handle.jsonValue()) as number;
}

export interface FrameStats {
  frames: number;
  ms: number;
  /** The longest gap between two frames: how long the page could not answer input. */
  maxGapMs: number;
  /** Frames that took over 50 ms (a user notices those). */
  longFrames: number;
}

/** Records every animation frame until {@link stopFrames}. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames?: { t: number[]; on: boolean } };
    const rec = { t: [] as number[], on: true };
    w.__frames = rec;
    const tick = (t: number) => {
      rec.t.push(t);
      if (rec.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<FrameStats> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: { t: number[]; on: boolean } };
    const t = w.__frames.t;
    w.__frames.on = false;
    let maxGapMs = 0;
    let longFrames = 0;
    for (let i = 1; i < t.length; i++) {
      const gap = (t[i] as number) - (t[i - 1] as number);
      maxGapMs = Math.max(maxGapMs, gap);
      if (gap > 50) longFrames++;
    }
    return {
      frames: t.length,
      ms: t.length > 1 ? (t[t.length - 1] as number) - (t[0] as number) : 0,
      maxGapMs,
      longFrames,
    };
  });
}

/** Sets the toolbar's Site URL as a user does. */
export async function setSiteUrl(page: Page, url: string): Promise<void> {
  const field = page.getByLabel('Site URL');
  await field.fill(url);
  await field.press('Enter');
}

/** Chooses files in the "Import sitemaps" picker; ms from the picker's change to every row checked and row 1 shown. */
export async function importThroughPicker(
  page: Page,
  paths: string[],
  urls: number,
): Promise<{ ms: number; frames: FrameStats }> {
  await armClock(page, 'change');
  await startFrames(page);
  await page.getByLabel('Import sitemaps').setInputFiles(paths);
  const ms = await doneAt(
    page,
    (n) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const count = document.querySelector('[data-testid="url-count"]');
      const busy = document.querySelector('.job');
      return !!count && count.textContent?.trim() === String(n) && !busy && b.firstRowReady() && b.since();
    },
    urls,
  );
  return { ms, frames: await stopFrames(page) };
}

/**
 * Clicks a column's sort button; ms until the rows sorted `dir` are shown
 * (a second click on the same column flips it to descending).
 */
export async function sortBy(
  page: Page,
  column: string,
  dir: 'ascending' | 'descending' = 'ascending',
): Promise<number> {
  const header = page.getByRole('grid').getByRole('columnheader', { name: column, exact: true });
  await armClock(page, 'click');
  await header.getByRole('button').click();
  return doneAt(
    page,
    ([c, d]) => {
      const b = (window as unknown as BenchGlobals).__bench;
      // The header's name (loc's header also shows the origin the rows share).
      const h = [...document.querySelectorAll('[role="columnheader"]')].find(
        (e) => (e.getAttribute('aria-label') ?? e.textContent?.replace(/[▲▼]/g, '').trim()) === c,
      );
      return !!h && h.getAttribute('aria-sort') === d && b.firstRowReady() && b.since();
    },
    [column, dir] as const,
  );
}

export interface FilterTiming {
  /** From the keystroke to the filtered rows shown (includes the table's typing pause). */
  fromTyping: number;
  /** The same, less the typing pause: what the filter itself costs. */
  filtering: number;
}

/** Types into "Filter URLs"; waits for the expected row count. */
export async function filterBy(
  page: Page,
  text: string,
  expected: number,
  typingPauseMs: number,
): Promise<FilterTiming> {
  const field = page.getByLabel('Filter URLs');
  await armClock(page, 'input');
  await field.fill(text);
  const fromTyping = await doneAt(
    page,
    (n) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const grid = document.querySelector('[role="grid"]');
      return !!grid && grid.getAttribute('aria-rowcount') === String(n) && b.firstRowReady() && b.since();
    },
    expected,
  );
  return { fromTyping, filtering: fromTyping - typingPauseMs };
}

/** Clears the text filter and waits for every row to be back and row 1 drawn from the new view. */
export async function clearFilter(page: Page, urls: number): Promise<void> {
  await page.getByLabel('Filter URLs').fill('');
  await page.waitForFunction(
    (n) =>
      document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === String(n) &&
      (window as unknown as BenchGlobals).__bench.firstRowReady(),
    urls,
    LONG,
  );
}

/** One timed edit, and what its time is made of (report.ts says it on a MISS). */
export interface EditTiming {
  /** Enter keydown → the first animation frame that shows the row with its re-checked problem. */
  ms: number;
  /** Which frame after the keydown that was (1: the very next one). */
  frame: number;
  /** Keydown → the first frame after it: the keydown's own task, then the wait for the display's next frame. */
  firstFrameMs: number;
  /** Keydown → the worker's answer reached the page (the store's user-timing mark). */
  answerMs: number;
  /** The answer differed from the row the page had drawn at once, which was drawn again. */
  redrawn: boolean;
}

/**
 * Edits row 1's lastmod; ms from Enter to the first animation frame in which
 * that row shows the problem `code` (or, with `present` false, no longer
 * shows it). The row is followed by its id: right after a filter change the
 * table may still show the previous view's rows (it never blanks), and an
 * edit goes to the row the user saw. Then waits for the worker's answer and
 * says when it came and whether the row was drawn again from it.
 *
 * The frames are watched in the page from the keydown on, armed before Enter
 * is pressed: an edit is answered in fewer ms than a DevTools round trip
 * takes on a busy machine, so a wait started after `press` returned first
 * looked at the page when the row had long been drawn, and timed the round
 * trip instead (40–70 ms of the 60 ms once reported).
 */
export async function editLastmod(page: Page, value: string, code: string, present = true): Promise<EditTiming> {
  // The previous edit's autosave (the whole set written to IndexedDB) holds the worker: the edit is timed after it.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.textContent !== 'Saving…',
    null,
    LONG,
  );
  const grid = page.getByRole('grid');
  const row = grid.locator('[role="row"][aria-rowindex="1"]');
  await row.locator('.ut-col-lastmod').dblclick();
  const id = await row.getAttribute('data-row-id');
  const editor = grid.getByRole('textbox', { name: 'lastmod of row 1' });
  await editor.fill(value);
  await page.evaluate(
    ([rowId, c, want]) => {
      const w = window as unknown as {
        __benchEdit?: { start: number; ms: number; frame: number; firstFrameMs: number };
      };
      w.__benchEdit = undefined;
      document.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          let frame = 0;
          let firstFrameMs = NaN;
          const tick = () => {
            frame++;
            if (frame === 1) firstFrameMs = performance.now() - start;
            const cell = document.querySelector(`[role="grid"] [role="row"][data-row-id="${rowId}"] .ut-col-problems`);
            if (cell && !!cell.querySelector(`[data-code="${c}"]`) === want)
              w.__benchEdit = { start, ms: performance.now() - start, frame, firstFrameMs };
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        },
        { capture: true, once: true },
      );
    },
    [id, code, present] as const,
  );
  await editor.press('Enter');
  const handle = await page.waitForFunction(
    ([answered, redrawn]) => {
      const shown = (
        window as unknown as { __benchEdit?: { start: number; ms: number; frame: number; firstFrameMs: number } }
      ).__benchEdit;
      const answer = performance.getEntriesByName(answered).at(-1);
      // The answer's redraw, if any, is marked in the same task as the answer: both are there by the next frame.
      if (!shown || !answer || answer.startTime < shown.start) return false;
      const redraw = performance.getEntriesByName(redrawn).at(-1);
      return {
        ms: shown.ms,
        frame: shown.frame,
        firstFrameMs: shown.firstFrameMs,
        answerMs: answer.startTime - shown.start,
        redrawn: !!redraw && redraw.startTime >= shown.start,
      };
    },
    [EDIT_ANSWERED, EDIT_REDRAWN] as const,
    LONG,
  );
  return (await handle.jsonValue()) as EditTiming;
}

export interface ScrollStats extends FrameStats {
  fps: number;
  /** Frames in which some visible row was still a placeholder (its data not yet back from the worker). */
  placeholderFrames: number;
  /** Frames in which some row was drawn in its sweep form: its loc alone in one cell (GridRow's LoadingRow), the rest of the row drawn once the drag rests. */
  sweepFrames: number;
}

/** Scrolls the table from top to bottom in `ms`, one step per frame, as a dragged scrollbar does. */
export async function scrollTopToBottom(page: Page, ms: number): Promise<ScrollStats> {
  return page.evaluate(async (duration) => {
    const scroller = document.querySelector<HTMLElement>('[role="grid"] .ut-scroller');
    if (!scroller) throw new Error('no table scroller');
    scroller.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(r));
    const times: number[] = [];
    let placeholderFrames = 0;
    let sweepFrames = 0;
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const step = (t: number) => {
        times.push(t);
        if (scroller.querySelector('[role="row"][aria-busy="true"]')) placeholderFrames++;
        if (scroller.querySelector('[role="row"]:not([aria-busy]) > .ut-loading-cell')) sweepFrames++;
        const f = Math.min(1, (t - t0) / duration);
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * f;
        if (f < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    let maxGapMs = 0;
    let longFrames = 0;
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i] as number) - (times[i - 1] as number);
      maxGapMs = Math.max(maxGapMs, gap);
      if (gap > 50) longFrames++;
    }
    const span = (times[times.length - 1] as number) - (times[0] as number);
    return {
      frames: times.length,
      ms: span,
      maxGapMs,
      longFrames,
      fps: ((times.length - 1) * 1000) / span,
      placeholderFrames,
      sweepFrames,
    };
  }, ms);
}

/**
 * Opens Export and sets "Gzip each file" as asked (unchecked is the default
 * option); ms until the preview lists the files (the dialog plans the split
 * at once). Then, as a user who has read it, clicks Download; ms from that
 * click to the browser receiving the file.
 */
export async function exportZip(
  page: Page,
  gzip = true,
): Promise<{ previewMs: number; ms: number; bytes: number; name: string }> {
  await armClock(page, 'click');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export sitemaps' });
  // Re-split, as the figures of the rounds before "Keep my files" (which keeps each file's own name and gzip) were.
  await dialog.getByLabel('Layout').selectOption({ label: 'Split by limits' });
  await dialog.getByRole('checkbox', { name: /Gzip each file/ }).setChecked(gzip);
  const previewMs = await doneAt(
    page,
    (ext) => {
      const b = (window as unknown as BenchGlobals).__bench;
      const preview = document.querySelector('.export-preview');
      const planned =
        !!preview && preview.getAttribute('aria-busy') !== 'true' && !!preview.querySelector('.file-name');
      return planned && !!preview.querySelector('.file-name')?.textContent?.endsWith(ext) && b.since();
    },
    gzip ? '.gz' : '.xml',
  );
  const download = page.waitForEvent('download', { timeout: 600_000 });
  const t0 = performance.now();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  // The edit steps left future lastmods (errors): a user confirms the download as they are.
  const confirm = dialog.getByRole('button', { name: 'Continue with errors' });
  const asked = await Promise.race([download.then(() => false), confirm.waitFor().then(() => true)]);
  if (asked) await confirm.click();
  const file = await download;
  const ms = performance.now() - t0;
  const path = await file.path();
  const { statSync } = await import('node:fs');
  const bytes = statSync(path).size;
  await page.keyboard.press('Escape');
  return { previewMs, ms, bytes, name: file.suggestedFilename() };
}
