import { useRef } from 'react';
import type { GridSlot } from './grid-model';
import type { RowCache } from './row-cache';
import { sharedOrigin } from './url-parts';

/**
 * The slots of the rows drawn, for TanStack's `data`. A slot whose row,
 * selection and origin did not change is the same object as before, and the
 * array is the same array when no slot changed: scrolling within the rows
 * already drawn rebuilds nothing, and a row re-renders only when its slot is new.
 */
export function useGridSlots(
  positions: readonly number[],
  cache: RowCache,
  selected: ReadonlySet<number>,
  allSelected: boolean,
): GridSlot[] {
  const kept = useRef<{ byPos: Map<number, GridSlot>; list: GridSlot[] }>({ byPos: new Map(), list: [] });
  const rows = positions.map((p) => cache.get(p));
  const origin = sharedOrigin(rows.flatMap((r) => (r ? [r.loc] : [])));
  const byPos = new Map<number, GridSlot>();
  let changed = positions.length !== kept.current.list.length;
  const list = positions.map((pos, i) => {
    const row = rows[i];
    const isSelected = allSelected || (row !== undefined && selected.has(row.id));
    const old = kept.current.byPos.get(pos);
    const slot =
      old && old.row === row && old.selected === isSelected && old.origin === origin
        ? old
        : { pos, row, selected: isSelected, origin };
    if (slot !== kept.current.list[i]) changed = true;
    byPos.set(pos, slot);
    return slot;
  });
  if (!changed) return kept.current.list;
  kept.current = { byPos, list };
  return list;
}
