import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { LastmodChart } from '../core/view/lastmod-chart';
import type { TreeChildren } from '../core/view/tree-node';
import { WorkerLostError, type WorkerClient } from '../worker/client';
import type { AppState } from './app-store';

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
  /**
   * The children of several branches by one pass over the rows; none when
   * there is no document. A lost worker is reported, with a Retry that asks
   * the tree to load its open levels again (`treeReloads`).
   */
  treeLevels: (paths: string[]) => Promise<ReadonlyMap<string, TreeChildren>>;
  /** Moves when the tree should load its open levels again (a Retry). */
  treeReloads: number;
}

export function createStructureSlice(client: WorkerClient): StateCreator<AppState, [], [], StructureSlice> {
  return (set, get) => {
    // Charts are asked for in order and answered in order; only the last asked may land.
    let asked = 0;
    return {
      lastmodChart: null,
      loadLastmodChart: async () => {
        const mine = ++asked;
        if (!get().summary) {
          set({ lastmodChart: null });
          return;
        }
        try {
          const chart = await client.call('lastmodChart', {});
          if (mine === asked) set({ lastmodChart: chart });
        } catch {
          // The worker was lost or has no document: the chart goes (a notice says why elsewhere).
          if (mine === asked) set({ lastmodChart: null });
        }
      },
      treeLevels: async (paths) => {
        if (!get().summary) return NO_LEVELS;
        try {
          return await client.call('treeLevels', { paths });
        } catch (err) {
          if (err instanceof WorkerLostError)
            get().reportFailure(
              msg('job.buildingTree'),
              err,
              () => set((s) => ({ treeReloads: s.treeReloads + 1 })),
              'background',
            );
          throw err;
        }
      },
      treeReloads: 0,
    };
  };
}
