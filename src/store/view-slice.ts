import type { StateCreator } from 'zustand';
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import type { WorkerClient } from '../worker/client';
import type { Changed } from '../worker/protocol';
import type { AppState } from './app-store';

export interface ViewSlice {
  /** The table's filter and sort, applied in the worker. */
  query: ViewQuery;
  /** Rows the table shows (after the filter). */
  viewCount: number;
  /** Bumped whenever rows or the view changed: the panels that show them ask again. */
  viewVersion: number;
  /**
   * Bumped with viewVersion, except after a cell edit whose answer carried
   * its row and changed no other: the table drops the rows it fetched only
   * when this moves (it draws the edited row from the answer).
   */
  rowsVersion: number;
  /** Changes part of the query (filter or sort) and refreshes the view. */
  setQuery: (patch: Partial<ViewQuery>) => Promise<void>;
  /** Takes in the totals, view size and undo history a change returned; `rowsKept`: the table's rows are still right. */
  applyChanged: (changed: Changed, rowsKept?: boolean) => void;
}

/** The rows or the view changed: both versions move (the table fetches its rows again). */
export function viewMoved(s: Pick<ViewSlice, 'viewVersion' | 'rowsVersion'>): Pick<ViewSlice, 'viewVersion' | 'rowsVersion'> {
  return { viewVersion: s.viewVersion + 1, rowsVersion: s.rowsVersion + 1 };
}

export function createViewSlice(client: WorkerClient): StateCreator<AppState, [], [], ViewSlice> {
  return (set, get) => ({
    query: ALL_ROWS,
    viewCount: 0,
    viewVersion: 0,
    rowsVersion: 0,
    setQuery: async (patch) => {
      const query = { ...get().query, ...patch };
      set({ query });
      if (!get().summary) return;
      try {
        const viewCount = await client.call('setView', { query });
        // A newer query may have been set meanwhile: only the latest one counts.
        if (get().query !== query) return;
        set((s) => ({ viewCount, ...viewMoved(s) }));
      } catch (err) {
        get().reportFailure('Filtering', err, () => void get().setQuery({}));
      }
    },
    applyChanged: (changed, rowsKept = false) =>
      set((s) => ({
        summary: changed.summary, viewCount: changed.viewCount, history: changed.history,
        ...(rowsKept ? { viewVersion: s.viewVersion + 1 } : viewMoved(s)),
      })),
  });
}
