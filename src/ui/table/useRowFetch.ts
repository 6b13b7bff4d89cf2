import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RowCache } from './row-cache';
// Jumps of more than a window this close together are a sweep: its rows are fetched when it rests this long.
import { SWEEP_MS } from './useSweep';

/** Rows fetched beyond those drawn, so a short scroll finds them ready. */
const FETCH_MARGIN = 100;
/**
 * A sweep asks for rows ahead at most this often. A sweep draws its rows as
 * one text each (useSweep), yet a frame whose rows arrived still lays out a
 * new URL per row (9.1–10.6 against 5–6.5 ms of the page's thread at 21 rows,
 * traced under load, asking every frame), and a frame ahead is often missed
 * by a few rows anyway (the pace of a drag changes from frame to frame): a
 * few such frames a second show where the drag is and keep the frame rate.
 */
const SWEEP_FETCH_MS = 100;

/**
 * Asks the row cache for the rows of the window drawn. Rows around the
 * window are fetched ahead while scrolling row by row. A jump of more than a
 * window asks only for what is in view; a jump right after another is a sweep
 * (a dragged scrollbar passes thousands of rows a frame): rows of the window
 * drawn would be left behind before they arrive, so the sweep asks for the
 * windows it will reach one and two frames later at the same pace, one batch at a time
 * and at most ten a second (a user dragging steadily sees rows, and the
 * worker is never asked faster than it answers), and for the window drawn
 * once it rests. A single jump (sort, filter, a row revealed, Ctrl+End)
 * fetches at once. `kept`: positions drawn outside the window.
 */
export function useRowFetch(
  cache: RowCache,
  win: { start: number; end: number },
  viewCount: number,
  rowsVersion: number,
  kept: readonly number[],
): void {
  // The focused and the edited row are drawn wherever they are: their rows are held and fetched too (RowCache.keep).
  useLayoutEffect(() => cache.keep(kept, viewCount));
  const lastStart = useRef(win.start);
  const sweep = useRef<{
    at: number;
    timer: ReturnType<typeof setTimeout> | undefined;
    version: number;
    askedAt: number;
  }>({ at: -Infinity, timer: undefined, version: rowsVersion, askedAt: -Infinity });
  // Before the browser paints, not after: after an edit the page repaints the
  // totals and problems first, and the request for the edited row waited for
  // that paint (at 1M rows, from the worker's answer to the row request:
  // 44–49 ms after the paint, 23–24 ms before it; measured in the worker).
  useLayoutEffect(() => {
    const step = win.start - lastStart.current;
    const jumped = Math.abs(step) > win.end - win.start;
    lastStart.current = win.start;
    const margin = jumped ? 0 : FETCH_MARGIN;
    const s = sweep.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    if (viewCount === 0) return;
    const fetch = () => cache.ensure(win.start - margin, win.end + margin, viewCount);
    const now = performance.now();
    const sweeping = jumped && s.version === rowsVersion && now - s.at < SWEEP_MS;
    s.version = rowsVersion;
    if (jumped) s.at = now;
    if (!sweeping) {
      fetch();
      return;
    }
    s.timer = setTimeout(fetch, SWEEP_MS);
    // While it goes on, the rows one and two frames ahead at the same pace, one request at a time: an
    // answer later than a frame (a busy machine) still finds its window. Kept without a redraw: the frame that reaches them reads them.
    if (!cache.busy && now - s.askedAt >= SWEEP_FETCH_MS) {
      s.askedAt = now;
      for (const frames of [1, 2]) {
        const ahead = aheadOf(win, step * frames);
        cache.ensure(ahead.start, ahead.end, viewCount, true);
      }
    }
  }, [cache, win.start, win.end, viewCount, rowsVersion]);
  useEffect(() => () => clearTimeout(sweep.current.timer), []);
}

/**
 * The rows to ask for during a sweep: the window `step` rows further on
 * (where the drag will be a frame later at the same pace), with a few rows
 * either side. No wider: rows come in blocks of 100 (row-cache.ts), and every
 * block more is copied twice and read on the page's thread in a frame that
 * has little time (half a window either side cost 2–3 ms a frame, traced).
 */
export function aheadOf(win: { start: number; end: number }, step: number): { start: number; end: number } {
  const start = win.start + step;
  return { start: start - AHEAD_SLACK, end: start + (win.end - win.start) + AHEAD_SLACK };
}

/** Rows asked for either side of the window a sweep will reach. */
const AHEAD_SLACK = 4;
