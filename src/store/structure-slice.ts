import type { StateCreator } from 'zustand';
import type { LastmodChart } from '../core/view/lastmod-chart';
import type { TreeChildren } from '../core/view/tree';
import type { SitemapWorkerClient } from '../worker/client';
import type { AppState } from './app-store';

/** The structure panel's part of the client; optional so test clients need not have it. */
export type StructureClient = Partial<Pick<SitemapWorkerClient, 'treeLevels' | 'lastmodChart'>>;

const NO_LEVELS: ReadonlyMap<string, TreeChildren> = new Map();

/**
 * What the structure panel reads besides the tree's own levels: the open
 * levels refreshed together, and the lastmod chart of the table's rows.
 */
export interface StructureSlice {
  /** The lastmod chart of the rows the table shows; null until the first answer. */
  lastmodChart: LastmodChart | null;
  /** Asks the worker for the chart again; call it after the rows or the view changed (viewVersion). */
  loadLastmodChart: () => Promise<void>;
  /** The children of several branches by one pass over the rows; none when there is no document. */
  treeLevels: (paths: string[]) => Promise<ReadonlyMap<string, TreeChildren>>;
}

export function createStructureSlice(client: StructureClient): StateCreator<AppState, [], [], StructureSlice> {
  return (set, get) => {
    // Charts are asked for in order and answered in order; only the last asked may land.
    let asked = 0;
    return {
      lastmodChart: null,
      loadLastmodChart: async () => {
        const mine = ++asked;
        if (!get().summary || !client.lastmodChart) {
          set({ lastmodChart: null });
          return;
        }
        try {
          const chart = await client.lastmodChart();
          if (mine === asked) set({ lastmodChart: chart });
        } catch {
          // The worker was lost or has no document: the chart goes (a notice says why elsewhere).
          if (mine === asked) set({ lastmodChart: null });
        }
      },
      treeLevels: async (paths) => {
        if (!get().summary || !client.treeLevels) return NO_LEVELS;
        return client.treeLevels(paths);
      },
    };
  };
}
