import type { StateCreator } from 'zustand';
import { isAbortError, WorkerLostError, type JobOptions, type WorkerClient } from '../worker/client';
import type { JobProgress, SetSummary } from '../worker/protocol';
import type { AppState } from './app-store';
import type { Notice } from './document-slice';
import { NO_HISTORY } from './history-slice';
import { viewMoved } from './view-slice';

export type JobKind = 'import' | 'check';

export interface Job {
  kind: JobKind;
  /** What is running, in words: "Importing 3 files". */
  title: string;
  /** null until the worker reports. */
  progress: JobProgress | null;
}

export interface JobsSlice {
  /** The one job running in the worker, or null. */
  job: Job | null;
  /** Imports the files: added to the rows already there, if any. */
  importFiles: (files: File[]) => Promise<void>;
  /** Checks the current set again (after a settings change). */
  recheck: () => Promise<void>;
  cancelJob: () => void;
}

export function createJobsSlice(client: WorkerClient): StateCreator<AppState, [], [], JobsSlice> {
  return (set, get) => {
    // Outside the state: a controller is not data to render or persist.
    let running: AbortController | null = null;

    /** Runs a job as the current one; resolves true when its summary was kept. */
    async function run(job: Omit<Job, 'progress'>, start: (options: JobOptions) => Promise<SetSummary>, retry: () => void): Promise<boolean> {
      // The newest job wins. An import replaces the set anyway, so the running
      // job is cut short (which costs the worker); a check is not, because
      // stopping the worker would lose the set it is about to check again:
      // the older check finishes in the worker and its result is ignored.
      if (job.kind === 'import') running?.abort();
      const mine = new AbortController();
      running = mine;
      set({ job: { ...job, progress: null }, notice: null });
      try {
        const summary = await start({
          signal: mine.signal,
          onProgress: (progress) => {
            if (running === mine) set((s) => ({ job: s.job && { ...s.job, progress } }));
          },
        });
        if (running !== mine) return false;
        set((s) => ({ summary, job: null, viewCount: summary.viewCount, ...viewMoved(s) }));
        // The worker starts its history afresh on an import (imports are not undoable).
        if (job.kind === 'import') set({ history: NO_HISTORY });
        return true;
      } catch (err) {
        if (running !== mine) return false;
        set(failedJob(job.kind, err, get().summary, retry));
        // Cancelling or losing the worker lost its rows: the next one reloads the last save.
        if (isAbortError(err) || err instanceof WorkerLostError) void get().restoreDocument('recover');
        return false;
      } finally {
        if (running === mine) running = null;
      }
    }

    return {
      job: null,
      importFiles: async (files) => {
        if (files.length === 0) return;
        // More URLs than the table can hold: the streaming path is offered instead (stream-slice.ts).
        const held = get().offerStreaming(files);
        if (held && (await held)) return;
        const title = files.length === 1 ? `Importing ${files[0]?.name ?? 'a file'}` : `Importing ${files.length} files`;
        const siteUrl = get().siteUrl;
        const append = get().summary !== null;
        const kept = await run({ kind: 'import', title }, (options) => client.call('importFiles', { files, append }, options),
          () => void get().importFiles(files));
        // The Site URL changed while the files were read: check against the new one.
        if (kept && get().siteUrl !== siteUrl) await get().recheck();
      },
      recheck: async () => {
        if (!get().summary) return;
        // The Site URL is the worker's own: setting it checks the document again.
        await run({ kind: 'check', title: 'Checking the URLs again' }, async (options) => {
          const summary = await client.call('setSiteUrl', { siteUrl: get().siteUrl }, options);
          if (!summary) throw new Error('There are no sitemaps yet: import some first.');
          return summary;
        }, () => void get().recheck());
      },
      cancelJob: () => running?.abort(),
    };
  };
}

/*
 * Cancelling or losing the worker also loses the set it held; the summary
 * stays until the next worker has reloaded the last saved document (the
 * caller asks for it), which then replaces or clears it.
 */
function failedJob(kind: JobKind, err: unknown, summary: SetSummary | null, retry: () => void): Pick<AppState, 'job' | 'summary' | 'notice'> {
  const what = kind === 'import' ? 'Import' : 'Check';
  if (isAbortError(err)) {
    return { job: null, summary, notice: notice('info', `${what} cancelled.${summary ? ' Your earlier rows are being put back.' : ''}`) };
  }
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof WorkerLostError) {
    return {
      job: null, summary,
      notice: { ...notice('error', `${what} failed: ${message} Your rows are being reloaded from the last save.`), action: { label: 'Retry', run: retry } },
    };
  }
  // The worker is alive: a failed check leaves the imported set as it was.
  return {
    job: null,
    summary: kind === 'check' ? summary : null,
    notice: notice('error', `${what} failed: ${message}`),
  };
}

function notice(kind: Notice['kind'], text: string): Notice {
  return { kind, text };
}
