import type { CellAt } from './grid-range';

/*
 * A cell is found by its row's `data-pos` and its own `aria-colindex`, both
 * set anyway: a `pos:col` attribute of its own on every cell was nine more
 * attributes rewritten on each row that scrolls into view.
 */

/** The drawn cell at a place in the view, or null when that row is not drawn. */
export function cellElement(root: ParentNode, at: CellAt): HTMLElement | null {
  return root.querySelector<HTMLElement>(
    `[role="row"][data-pos="${at.pos}"] > [role="gridcell"][aria-colindex="${at.col + 1}"]`,
  );
}

/** The cell an event happened in, or null. */
export function cellOf(target: EventTarget | null): CellAt | null {
  const cell = target instanceof Element ? target.closest<HTMLElement>('[role="gridcell"]') : null;
  const row = cell?.parentElement;
  const pos = Number(row?.dataset.pos);
  const col = Number(cell?.getAttribute('aria-colindex')) - 1;
  if (!row || row.getAttribute('role') !== 'row' || !Number.isInteger(pos) || !Number.isInteger(col) || col < 0)
    return null;
  return { pos, col };
}
