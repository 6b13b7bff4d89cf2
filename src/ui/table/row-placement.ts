/*
 * Which rows the grid draws and where each goes in the body: pure
 * arithmetic on the window (scroll-map.ts), kept out of the component.
 */
import { clamp } from './grid-nav';
import { rowsBase, type RowWindow } from './scroll-map';

/** Rows drawn above and below the visible ones: few, since every row drawn is laid out and painted on each frame that moves the window. */
export const OVERSCAN = 3;
/**
 * Rows are placed relative to a base row kept while the window stays within
 * this many rows of it (rowsBase), so scrolling re-renders only the rows that
 * come into view, not every row drawn.
 */
export const BASE_SPAN = 128;
/**
 * The rows drawn: the visible window, plus the focused and the edited row
 * wherever they are, so scrolling away never drops the focus or a draft.
 */
export function drawnPositions(win: RowWindow, viewCount: number, kept: readonly (number | undefined)[]): number[] {
  const positions: number[] = [];
  for (let p = win.start; p < win.end; p++) positions.push(p);
  for (const p of kept) {
    if (p !== undefined && p < viewCount && (p < win.start || p >= win.end) && !positions.includes(p))
      positions.push(p);
  }
  return positions;
}

export interface RowPlacement {
  /** The first row of the block the rows are placed from; moves only when the window leaves it. */
  base: number;
  /** Where the base row's top is in the body: the only value that changes on every scrolled pixel. */
  baseTop: number;
  /** A drawn row's top, relative to the base row's. */
  topOf: (pos: number) => number;
}

/** Idempotent for the same window (`lastBase` is the base placed before): a render done twice places the rows alike. */
export function placeRows(
  win: RowWindow,
  lastBase: number,
  span: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
): RowPlacement {
  const base = rowsBase(lastBase, win.start, win.end, span);
  const baseTop = base * rowHeight + win.shift;
  const topOf = (p: number) => {
    if (p >= win.start && p < win.end) return (p - base) * rowHeight;
    // Rows kept outside the window wait just out of sight (the body clips them).
    return clamp(p * rowHeight + win.shift, scrollTop - 3 * rowHeight, scrollTop + viewport + rowHeight) - baseTop;
  };
  return { base, baseTop, topOf };
}
