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
  /** Bumped whenever rows or the view changed: the table drops the rows it fetched. */
  viewVersion: number;
  /** Changes part of the query (filter or sort) and refreshes the view. */
  setQuery: (patch: Partial<ViewQuery>) => Promise<void>;
  /** Takes in the totals, view size and undo history a change returned. */
  applyChanged: (changed: Changed) => void;
}

export function createViewSlice(client: WorkerClient): StateCreator<AppState, [], [], ViewSlice> {
  return (set, get) => ({
    query: ALL_ROWS,
    viewCount: 0,
    viewVersion: 0,
    setQuery: async (patch) => {
      const query = { ...get().query, ...patch };
      set({ query });
      if (!get().summary) return;
      try {
        const viewCount = await client.call('setView', { query });
        // A newer query may have been set meanwhile: only the latest one counts.
        if (get().query !== query) return;
        set((s) => ({ viewCount, viewVersion: s.viewVersion + 1 }));
      } catch (err) {
        get().reportFailure('Filtering', err, () => void get().setQuery({}));
      }
    },
    applyChanged: (changed) =>
      set((s) => ({ summary: changed.summary, viewCount: changed.viewCount, history: changed.history, viewVersion: s.viewVersion + 1 })),
  });
}
