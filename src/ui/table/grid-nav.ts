import { metaOf, type GridColumn } from './grid-model';

/** The next (or previous) editable cell, moving to the next row at a row's end. */
export function nextEditable(
  columns: readonly GridColumn[],
  pos: number,
  col: number,
  step: 1 | -1,
  count: number,
): [number, number] {
  let p = pos;
  let c = col;
  for (let guard = 0; guard < columns.length * 2; guard++) {
    c += step;
    if (c >= columns.length) {
      if (p + 1 >= count) return [pos, col];
      p++;
      c = 0;
    } else if (c < 0) {
      if (p === 0) return [pos, col];
      p--;
      c = columns.length - 1;
    }
    const column = columns[c];
    if (column && metaOf(column).field) return [p, c];
  }
  return [pos, col];
}

/** Scrolls sideways, if needed, so the cell is in view beside the pinned columns (`pinned` px wide), which always are. */
export function revealColumn(scroller: HTMLElement, cell: HTMLElement, pinned: number): void {
  if (cell.classList.contains('ut-pinned')) return;
  const left = cell.offsetLeft;
  const right = left + cell.offsetWidth;
  if (left < scroller.scrollLeft + pinned) scroller.scrollLeft = left - pinned;
  else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth;
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
