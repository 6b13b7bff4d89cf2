import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { ClusterReport } from '../core/clusters/complete-clusters';
import type { XDefaultPick } from '../core/clusters/set-x-default';
import type { WorkerClient } from '../worker/client';
import type { ClusterAsk, ClusterRow, ClustersOutcome, LanguagesSummary } from '../worker/languages-protocol';
import type { AppState } from './app-store';
import type { Notice } from './jobs-slice';

/**
 * The Languages view: how clusters are found and which are listed, their
 * counts (the clusters stay in the worker, fetched a window at a time), and
 * the two changes, Add return links and Add x-default.
 */
export interface LanguagesSlice {
  languagesAsk: ClusterAsk;
  /** The counts for the current ask; null before the view asked (or without a document). */
  languagesSummary: LanguagesSummary | null;
  /** What the view waits for in the worker, or null. */
  languagesTask: 'loading' | 'changing' | null;
  /** Changes how clusters are found or which are listed, and asks for the counts again. */
  setLanguagesAsk: (patch: Partial<ClusterAsk>) => Promise<void>;
  /** Asks the worker for the counts (after the rows changed, or when the view opens). */
  loadLanguages: () => Promise<void>;
  /** Clusters `start` to `end` (exclusive) of those listed; none when they could not be fetched. */
  languageClusters: (start: number, end: number) => Promise<ClusterRow[]>;
  /** Add return links: every cluster completed, one undo step; the notice lists every row changed. */
  completeClusters: () => Promise<void>;
  /** Add x-default: to the page picked, one undo step; the notice lists every row changed. */
  setXDefault: (pick: XDefaultPick) => Promise<void>;
}

export function createLanguagesSlice(client: WorkerClient): StateCreator<AppState, [], [], LanguagesSlice> {
  return (set, get) => {
    const idle = () => {
      const s = get();
      return s.summary !== null && !s.job && !s.editTask && s.languagesTask === null;
    };
    const change = async (what: Message, run: () => Promise<ClustersOutcome>, retry: () => void) => {
      if (!idle()) return;
      set({ editTask: 'fix', languagesTask: 'changing' });
      try {
        const outcome = await run();
        get().applyChanged(outcome);
        set({ notice: reportNotice(verbatim(outcome.words), outcome.report) });
      } catch (err) {
        get().reportFailure(what, err, retry);
      } finally {
        set({ editTask: null, languagesTask: null });
      }
      // The counts are asked again by the view, which follows the document's summary.
    };
    return {
      languagesAsk: { byPrefix: false, filter: 'all' },
      languagesSummary: null,
      languagesTask: null,
      setLanguagesAsk: async (patch) => {
        set((s) => ({ languagesAsk: { ...s.languagesAsk, ...patch } }));
        await get().loadLanguages();
      },
      loadLanguages: async () => {
        if (!get().summary) return;
        const ask = get().languagesAsk;
        set({ languagesTask: get().languagesTask ?? 'loading' });
        try {
          const languagesSummary = await client.call('languagesSummary', { ask });
          // A newer ask (or a change) may have come meanwhile: only the latest one counts.
          if (get().languagesAsk === ask) set({ languagesSummary });
        } catch (err) {
          get().reportFailure(msg('job.findingClusters'), err, () => void get().loadLanguages());
        } finally {
          if (get().languagesTask === 'loading') set({ languagesTask: null });
        }
      },
      languageClusters: async (start, end) => {
        if (!get().summary) return [];
        try {
          return await client.call('languageClusters', { ask: get().languagesAsk, start, end });
        } catch (err) {
          get().reportFailure(msg('job.listingClusters'), err, null);
          return [];
        }
      },
      completeClusters: () => {
        const byPrefix = get().languagesAsk.byPrefix;
        return change(
          msg('job.addingReturnLinks'),
          () => client.call('completeClusters', { byPrefix }),
          () => void get().completeClusters(),
        );
      },
      setXDefault: (pick) => {
        const byPrefix = get().languagesAsk.byPrefix;
        const revision = get().languagesSummary?.revision ?? -1;
        return change(
          msg('job.addingXDefault'),
          () => client.call('setXDefault', { byPrefix, pick, revision }),
          () => void get().setXDefault(pick),
        );
      },
    };
  };
}

/** The notice after a cluster change: its sentence, and as details every row changed and every cluster left. */
export function reportNotice(words: Message, r: ClusterReport): Notice {
  // The lines and reasons are core's words, English until they are keyed.
  const details = r.lines.map(verbatim);
  if (r.rows > r.lines.length) details.push(msg('clusters.moreRows', { count: r.rows - r.lines.length }));
  for (const why of r.skipped) details.push(msg('clusters.left', { why: verbatim(why) }));
  if (r.skippedCount > r.skipped.length)
    details.push(msg('clusters.moreLeft', { count: r.skippedCount - r.skipped.length }));
  return details.length > 0 ? { kind: 'info', text: words, details } : { kind: 'info', text: words };
}
