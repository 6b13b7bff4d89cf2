import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { BulkScope } from '../worker/protocol';
import type { AppState } from './app-store';

/** Where a bulk edit applies: the selected rows, or every row the table shows. */
export type BulkTarget = 'selection' | 'view';

/**
 * Which rows are selected, in one place: rows by their stable id (never a
 * position in the view), or the whole view at once.
 */
export interface SelectionSlice {
  /** Ids of the selected rows. A new Set on every change, so selectors see it. */
  selected: ReadonlySet<number>;
  setSelected: (ids: readonly number[], on: boolean) => void;
  clearSelection: () => void;
  /**
   * The whole current view is selected ("select all"): the worker resolves it,
   * so the page never holds the ids of a million rows. `selected` is then empty.
   */
  selectAllView: boolean;
  selectView: () => void;
  /** The ids of the view, e.g. to turn "all shown" into a list before one row is unselected. */
  viewIds: () => Promise<number[]>;
  /** The scope of a target, or null when it is empty (no selection). */
  scopeOf: (target: BulkTarget) => BulkScope | null;
}

/** No row selected: after rows were removed, or another document came. */
export const NO_SELECTION: Pick<SelectionSlice, 'selected' | 'selectAllView'> = {
  selected: new Set<number>(),
  selectAllView: false,
};

export function createSelectionSlice(client: WorkerClient): StateCreator<AppState, [], [], SelectionSlice> {
  return (set, get) => ({
    selected: new Set<number>(),
    selectAllView: false,
    setSelected: (ids, on) =>
      set((s) => {
        const next = new Set(s.selected);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { selected: next, selectAllView: false };
      }),
    clearSelection: () =>
      set((s) =>
        s.selected.size === 0 && !s.selectAllView ? s : { selected: new Set<number>(), selectAllView: false },
      ),
    selectView: () => set({ selectAllView: true, selected: new Set<number>() }),
    viewIds: () => client.call('viewIds', {}),
    scopeOf: (target) => {
      const s = get();
      if (target === 'view' || s.selectAllView) return { kind: 'view' };
      return s.selected.size > 0 ? { kind: 'ids', ids: [...s.selected] } : null;
    },
  });
}
