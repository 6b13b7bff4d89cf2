import type { CellSpec } from './cell-specs';
import type { Editing, GridSlot, RowActions } from './grid-model';
import type { CellRange } from './grid-range';
import { GridRow } from './GridRow';
import type { RowCache } from './row-cache';

/** What every drawn row shares. */
export interface RowsDrawn {
  slots: readonly GridSlot[];
  /** Each slot's element key (row-keys.ts: elements reused as rows scroll). */
  keys: readonly number[];
  specs: readonly CellSpec[];
  cache: RowCache;
  sweep: boolean;
  topOf: (pos: number) => number;
  /** The selected range of cells, or null when there is none beyond the focused cell. */
  range: CellRange | null;
  actions: RowActions;
}

/** Where the focus, the tab stop and the editor are. */
export interface RowsFocus {
  focusPos: number;
  focusCol: number;
  tabPos: number;
  editing: Editing | null;
}

/** The grid's rows, each told only what concerns it, so a memoized row is drawn again only when that changed. */
export function gridRows(d: RowsDrawn, f: RowsFocus) {
  return d.slots.map((slot, i) => {
    const p = slot.pos;
    const { range } = d;
    return (
      <GridRow
        key={d.keys[i]}
        slot={slot}
        layout={d.specs}
        stale={!d.cache.isFresh(p)}
        sweep={d.sweep}
        top={d.topOf(p)}
        focusCol={p === f.focusPos ? f.focusCol : -1}
        rangeCols={range && p >= range.top && p <= range.bottom ? range.left * 1000 + range.right : -1}
        tabCol={p === f.tabPos ? f.focusCol : -1}
        editing={f.editing && f.editing.pos === p ? f.editing : null}
        actions={d.actions}
      />
    );
  });
}
