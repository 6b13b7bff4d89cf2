/*
 * The table's vertical geometry. Rows have one fixed height, so which rows
 * are visible is arithmetic: nothing here grows with the number of rows.
 *
 * Browsers cap an element's height (Chromium near 33.5 million px, Firefox
 * near 17.9 million), and a million rows of 28 px are 28 million. Above
 * MAX_BODY_HEIGHT the scrollable body is capped and the scroll position is
 * mapped proportionally: one real pixel of scroll then moves the rows by
 * `ratio` pixels (about 1.75 at a million rows), which the eye does not notice.
 */

export const ROW_HEIGHT = 28;
/** Rows while long URLs wrap: three lines of the loc. */
export const ROW_HEIGHT_WRAPPED = 52;
/** Below every browser's cap; 570,000 rows of 28 px fit unscaled. */
export const MAX_BODY_HEIGHT = 16_000_000;

export interface ScrollMap {
  /** The scrollable body's height in px (capped). */
  bodyHeight: number;
  /** Virtual px moved per real px scrolled; 1 when nothing is scaled. */
  ratio: number;
  /** The virtual offset (row × ROW_HEIGHT) at the top of the viewport for a real scrollTop. */
  toVirtual: (scrollTop: number) => number;
  /** The real scrollTop that puts this virtual offset at the top of the viewport. */
  toReal: (virtualTop: number) => number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The mapping for `count` rows in a viewport of `viewport` px. */
export function scrollMap(count: number, viewport: number, rowHeight = ROW_HEIGHT, max = MAX_BODY_HEIGHT): ScrollMap {
  const virtualHeight = count * rowHeight;
  const bodyHeight = Math.min(virtualHeight, max);
  const realRange = Math.max(0, bodyHeight - viewport);
  const virtualRange = Math.max(0, virtualHeight - viewport);
  const ratio = realRange > 0 && virtualRange > realRange ? virtualRange / realRange : 1;
  return {
    bodyHeight,
    ratio,
    toVirtual: (scrollTop) => clamp(scrollTop, 0, realRange) * ratio,
    toReal: (virtualTop) => clamp(virtualTop, 0, virtualRange) / ratio,
  };
}

export interface RowWindow {
  /** First row drawn (overscan included). */
  start: number;
  /** One past the last row drawn. */
  end: number;
  /** First and one-past-last rows actually in view. */
  firstVisible: number;
  endVisible: number;
  /** Add to a row's virtual top (row × ROW_HEIGHT) to get its top inside the body. */
  shift: number;
}

/** The rows to draw for a scroll position, and where. */
export function rowWindow(
  map: ScrollMap,
  count: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
  rowHeight = ROW_HEIGHT,
): RowWindow {
  const top = map.toVirtual(scrollTop);
  const firstVisible = Math.min(count, Math.floor(top / rowHeight));
  const endVisible = Math.min(count, Math.ceil((top + viewport) / rowHeight));
  return {
    start: Math.max(0, firstVisible - overscan),
    end: Math.min(count, endVisible + overscan),
    firstVisible,
    endVisible,
    // Real body px of the viewport's top minus its virtual offset.
    shift: clamp(scrollTop, 0, Math.max(0, map.bodyHeight - viewport)) - top,
  };
}

/**
 * The scrollTop that brings row `pos` fully into view, or null when it already is.
 */
export function scrollTopFor(
  map: ScrollMap,
  pos: number,
  scrollTop: number,
  viewport: number,
  rowHeight = ROW_HEIGHT,
): number | null {
  const top = map.toVirtual(scrollTop);
  const rowTop = pos * rowHeight;
  if (rowTop < top) return Math.floor(map.toReal(rowTop));
  if (rowTop + rowHeight > top + viewport) return Math.ceil(map.toReal(rowTop + rowHeight - viewport));
  return null;
}

/**
 * The row the drawn rows are placed from (each row's top is its distance
 * from this one): kept while the window `start`..`end` stays within `span`
 * rows of it, so a short scroll moves only the rows that come into view;
 * once the window leaves, it lands at the span's near end for the way it
 * went. A dragged scrollbar jumps a whole window every frame, and the row
 * elements, reused in drawn order, then keep the same tops frame after
 * frame: none of them is restyled for its place.
 */
export function rowsBase(base: number, start: number, end: number, span: number): number {
  if (start >= base && end <= base + span) return base;
  if (start < base) return Math.max(0, Math.min(start, end - span));
  return start;
}
