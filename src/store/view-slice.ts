import type { StateCreator } from 'zustand';
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import type { TreeChildren } from '../core/view/tree';
import type { SitemapWorkerClient } from '../worker/client';
import type { Changed } from '../worker/protocol';
import type { AppState } from './app-store';
import type { WorkerClient } from './jobs-slice';

/** The structure tree's part of the client; optional so test clients need not have it. */
export type TreeClient = Partial<Pick<SitemapWorkerClient, 'treeChildren'>>;

const NO_CHILDREN: TreeChildren = { children: [], omitted: 0, omittedUrls: 0 };

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
  /** The children of a branch of the structure tree ('' for the hosts); none when there is no document. */
  treeChildren: (path: string) => Promise<TreeChildren>;
}

export function createViewSlice(client: WorkerClient & TreeClient): StateCreator<AppState, [], [], ViewSlice> {
  return (set, get) => ({
    query: ALL_ROWS,
    viewCount: 0,
    viewVersion: 0,
    setQuery: async (patch) => {
      const query = { ...get().query, ...patch };
      set({ query });
      if (!get().summary) return;
      try {
        const viewCount = await client.setView(query);
        // A newer query may have been set meanwhile: only the latest one counts.
        if (get().query !== query) return;
        set((s) => ({ viewCount, viewVersion: s.viewVersion + 1 }));
      } catch (err) {
        set({ notice: { kind: 'error', text: `Filtering failed: ${err instanceof Error ? err.message : String(err)}` } });
      }
    },
    treeChildren: async (path) => {
      if (!get().summary || !client.treeChildren) return NO_CHILDREN;
      return client.treeChildren(path);
    },
    applyChanged: (changed) =>
      set((s) => ({ summary: changed.summary, viewCount: changed.viewCount, history: changed.history, viewVersion: s.viewVersion + 1 })),
  });
}
