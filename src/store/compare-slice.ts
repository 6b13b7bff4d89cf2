import type { Message } from '../core/base/message';
import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { DiffKind } from '../core/compare/diff-rows';
import type { IndexNowOffer } from '../core/indexnow/offer';
import type { IndexNowOptions } from '../core/indexnow/payload';
import { WorkerLostError, type WorkerClient } from '../worker/client';
import type { CompareDownload, CompareSummary, CompareWindow } from '../worker/compare-protocol';
import type { JobProgress } from '../worker/protocol';
import type { AppState } from './app-store';
import { fetchLive } from './open-live';

export interface CompareSlice {
  /** The comparison with a "before" set (counts only; the sets stay in the worker); null when none. */
  comparison: CompareSummary | null;
  /** What the Compare panel is doing in the worker, or null. */
  compareTask: 'loading' | 'csv' | null;
  /** How reading the before files goes (null before the worker reports, and when idle). */
  compareProgress: JobProgress | null;
  /** Reads files as the before set and compares; replaces an earlier before set. */
  loadBefore: (files: File[]) => Promise<void>;
  /** Whether the before set is what the site serves now (Refresh from the site), not files. */
  beforeFromSite: boolean;
  /**
   * Refresh from the site: the URLs the set was opened from fetched again
   * (through serve, or by the browser), as the before set: the site now
   * against what is open, so Added and Changed stay rows of the table.
   */
  refreshFromSite: () => Promise<void>;
  /** Fetches the counts again (after the rows changed). */
  refreshComparison: () => Promise<void>;
  /** Differences `start` to `end` of one kind; an empty window when there is no comparison. */
  compareItems: (kind: DiffKind, start: number, end: number) => Promise<CompareWindow>;
  /** The differences as CSV; null when it could not be written (the notice says why). */
  differencesCsv: () => Promise<CompareDownload | null>;
  /** The IndexNow payload of the added and changed URLs; null without a comparison or when it failed (the notice says why). */
  indexNowOffer: (opts: IndexNowOptions) => Promise<IndexNowOffer | null>;
  /** Forgets the before set and drops the table's filter by kind. */
  clearComparison: () => Promise<void>;
}

const NO_ITEMS: CompareWindow = { total: 0, items: [] };

export function createCompareSlice(client: WorkerClient): StateCreator<AppState, [], [], CompareSlice> {
  return (set, get) => {
    /** The worker's before set is gone (lost worker, cleared document): so is the filter by it. */
    const forget = () => {
      set({ comparison: null, beforeFromSite: false });
      if (get().query.diffKind) void get().setQuery({ diffKind: null });
    };
    const failed = (what: Message, err: unknown, retry: (() => void) | null = null, pass?: 'background') => {
      // A new worker has no before set: the comparison went with the old one.
      if (err instanceof WorkerLostError) forget();
      get().reportFailure(what, err, retry, pass);
    };

    /** Reads files as the before set; `fromSite` when they are what the site serves now. */
    // recursion-ok: it calls itself only from the notice's Retry, a click after it has ended
    const load = async (files: File[], fromSite: boolean) => {
      if (files.length === 0 || !get().summary || get().compareTask) return;
      set({ compareTask: 'loading' });
      try {
        const comparison = await client.call(
          'compareLoad',
          { files },
          { onProgress: (compareProgress) => set({ compareProgress }) },
        );
        set({ comparison, beforeFromSite: fromSite });
        // The table's filter by kind now means the new comparison.
        if (get().query.diffKind) await get().setQuery({});
      } catch (err) {
        failed(msg('job.loadingBefore'), err, () => void load(files, fromSite));
      } finally {
        set({ compareTask: null, compareProgress: null });
      }
    };

    return {
      comparison: null,
      compareTask: null,
      compareProgress: null,
      beforeFromSite: false,
      loadBefore: (files) => load(files, false),
      refreshFromSite: async () => {
        const sources = get().summary?.openedFrom ?? [];
        if (sources.length === 0 || get().compareTask) return;
        set({ compareTask: 'loading', compareProgress: null });
        const files: File[] = [];
        try {
          for (const source of sources) {
            const opened = await fetchLive(source.url, undefined, (p) =>
              set({ compareProgress: { phase: 'fetching', bytesDone: p.done, bytesTotal: p.found, urls: p.done } }),
            );
            for (const f of opened.files) files.push(f);
          }
        } catch (err) {
          set({ compareTask: null, compareProgress: null });
          failed(msg('job.refreshingFromSite'), err, () => void get().refreshFromSite());
          return;
        }
        set({ compareTask: null });
        await load(files, true);
      },
      refreshComparison: async () => {
        if (!get().comparison) return;
        try {
          const comparison = await client.call('compareSummary', {});
          if (comparison) set({ comparison });
          else forget();
        } catch (err) {
          failed(msg('job.comparing'), err, null, 'background');
        }
      },
      compareItems: async (kind, start, end) => {
        if (!get().comparison) return NO_ITEMS;
        try {
          return await client.call('compareItems', { kind, start, end });
        } catch (err) {
          failed(msg('job.listingDifferences'), err, null, 'background');
          return NO_ITEMS;
        }
      },
      differencesCsv: async () => {
        if (!get().comparison || get().compareTask) return null;
        set({ compareTask: 'csv' });
        try {
          return await client.call('compareCsv', {});
        } catch (err) {
          failed(msg('job.writingDifferences'), err);
          return null;
        } finally {
          set({ compareTask: null });
        }
      },
      indexNowOffer: async (opts) => {
        if (!get().comparison) return null;
        try {
          return await client.call('compareIndexNow', opts);
        } catch (err) {
          failed(msg('job.writingIndexNow'), err);
          return null;
        }
      },
      clearComparison: async () => {
        forget();
        try {
          await client.call('compareClear', {});
        } catch (err) {
          failed(msg('job.clearingComparison'), err);
        }
      },
    };
  };
}
