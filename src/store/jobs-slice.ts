import type { StateCreator } from 'zustand';
import { errorMessage } from '../core/text/error-message';
import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import { isAbortError, WorkerLostError, type JobOptions, type WorkerClient } from '../worker/client';
import type { JobProgress, SetSummary } from '../worker/protocol';
import type { AppState } from './app-store';
import { NO_HISTORY } from './document-slice';
import { openedFrom } from '../core/live/opened-from';
import { CorsBlockedError } from './direct-fetch';
import { fetchLive } from './open-live';
import { formatSavedAt } from './saved-words';
import { viewMoved } from './view-slice';

/** Something the user should know about the last job; shown until dismissed or replaced. */
export interface Notice {
  kind: 'info' | 'error';
  /** What to say, as a message of the catalogues: shown in the page's language (NoticeBar). */
  text: Message;
  /** A button beside the text, e.g. Retry for a job the lost worker failed. */
  action?: { label: Message; run: () => void };
  /** Lines listed under the text, e.g. the values a merge of duplicates chose between. */
  details?: Message[];
}

type JobKind = 'import' | 'check';

/** An error of the store's own, said in English inside the notice (the worker's errors are too, until they are keyed). */
const NO_SITEMAPS_YET = 'There are no sitemaps yet: import some first.';

/** What changes rows or writes files besides imports: fixes and exports (fix-slice, export-slice). */
type EditTask = 'fix' | 'export';

interface Job {
  kind: JobKind;
  /** What is running, in words: "Importing 3 files". */
  title: Message;
  /** null until the worker reports. */
  progress: JobProgress | null;
}

/**
 * What runs in the worker and how it ended: the one job (import, check), the
 * one fix or export, the notice that tells the user, and reportFailure, the
 * one way every action reports a failed request.
 */
export interface JobsSlice {
  /** The one job running in the worker, or null. */
  job: Job | null;
  /**
   * The fix or export running, or null. Neither can be cancelled: cancelling
   * a worker job terminates the worker, and the imported set with it.
   */
  editTask: EditTask | null;
  notice: Notice | null;
  dismissNotice: () => void;
  /**
   * Reports a failed request: a plain error, or, when the worker was lost, a
   * notice with a Retry button while the rows come back from the saved copy.
   * A cancelled request (AbortError) says nothing: its caller does.
   * `pass`: 'background' for a side panel's pass (structure tree,
   * comparison): lost with the worker, it never takes the notice from the
   * job the user asked for, and runs again by itself once the work is back.
   */
  reportFailure: (what: Message, err: unknown, retry: (() => void) | null, pass?: 'background') => void;
  /** Imports the files: added to the rows already there, if any. */
  importFiles: (files: File[]) => Promise<void>;
  /**
   * Open URL: a sitemap, an index or a robots.txt URL and every file it
   * leads to, fetched by `sitemap-editor serve` (the page it served holds its
   * token) or else by the browser (a site that allows it), imported with the
   * fetch problems and the URLs it came from; a job with progress and Cancel.
   */
  openUrl: (url: string) => Promise<void>;
  /** Checks the current set again (after a settings change). */
  recheck: () => Promise<void>;
  cancelJob: () => void;
}

/** A job the lost worker took with it: said with the loss, with its Retry. */
interface FailedJob {
  what: Message;
  retry: (() => void) | null;
  /** A side panel's pass rather than what the user asked for. */
  background: boolean;
}

/**
 * Which failed job the loss's notice names: what the user asked for before
 * a side panel's pass (a pass queued in the worker's background lane is
 * often still waiting when the user's job hangs the worker, and its
 * rejection may come later), else the newest.
 */
function named(current: FailedJob | null, next: FailedJob): FailedJob {
  return current && !current.background && next.background ? current : next;
}

export function createJobsSlice(client: WorkerClient): StateCreator<AppState, [], [], JobsSlice> {
  return (set, get) => {
    // Outside the state: a controller is not data to render or persist.
    let running: AbortController | null = null;
    /*
     * The loss being recovered from, and the job it failed (the newest, if
     * several): one notice says both, first while the last save is put back,
     * then with what came back. A job's outcome is never taken from the
     * rows that came back: a job the worker did not answer failed.
     */
    let recovering: { error: WorkerLostError; failed: FailedJob | null; passes: (() => void)[] } | null = null;

    /** Takes in a job lost with the worker: named by the notice, or (a pass not named) run again once the work is back. */
    const joinLoss = (loss: NonNullable<typeof recovering>, failed: FailedJob) => {
      const before = loss.failed;
      loss.failed = named(before, failed);
      const unnamed = loss.failed === failed ? before : failed;
      if (unnamed?.background && unnamed.retry) loss.passes.push(unnamed.retry);
    };

    const lostNotice = (error: WorkerLostError, failed: FailedJob | null, rest: Message): Notice => ({
      kind: 'error',
      text: failed
        ? msg('notice.lostWhileDoing', { what: failed.what, why: verbatim(error.message), rest })
        : msg('notice.lost', { why: verbatim(error.message), rest }),
      action: failed?.retry ? { label: msg('action.retry'), run: failed.retry } : undefined,
    });

    /**
     * The worker was lost (even with nothing pending): say so, put the last
     * save back in a new one, then say exactly what came back and what not,
     * and what failed with it. Lost again while putting the save back, it
     * does not start over by itself (that could repeat forever): it says so,
     * with Retry.
     */
    // recursion-ok: it calls itself only from the notice's Retry, a click after it has ended
    const recoverLost = async (error: WorkerLostError, failed: FailedJob | null = null) => {
      if (recovering) {
        if (failed) joinLoss(recovering, failed);
        return;
      }
      const mine = { error, failed, passes: [] as (() => void)[] };
      recovering = mine;
      const { savedAt, state } = get().save;
      const unsaved = state === 'pending' && get().summary !== null;
      set((s) => ({
        notice: lostNotice(error, mine.failed, msg('notice.lost.restarting')),
        save: { ...s.save, state: savedAt === null ? 'idle' : 'saved' },
      }));
      let back: Awaited<ReturnType<AppState['restoreDocument']>>;
      try {
        back = await get().restoreDocument('recover');
      } finally {
        recovering = null;
      }
      let notice: Notice;
      if (back === 'failed') {
        notice = {
          ...lostNotice(error, mine.failed, msg('notice.lost.notPutBack')),
          action: { label: msg('action.retry'), run: () => void recoverLost(error, mine.failed) },
        };
      } else if (back === 'restored') {
        // When it was saved, as the restore said (a worker lost at page load had shown no save yet).
        const at = get().save.savedAt ?? savedAt;
        const back =
          at === null ? msg('notice.lost.back') : msg('notice.lost.backAsSaved', { when: formatSavedAt(at) });
        notice = lostNotice(error, mine.failed, unsaved ? msg('notice.lost.backUnsaved', { back }) : back);
      } else notice = lostNotice(error, mine.failed, msg('notice.lost.nothingSaved'));
      set({ notice });
      // The side panels' passes lost with the worker, not named above: asked again of the new one.
      if (back !== 'failed') for (const pass of mine.passes) pass();
    };
    client.onLost = (err) => void recoverLost(err);

    /** Runs a job as the current one; resolves true when its summary was kept. */
    async function run(
      job: Omit<Job, 'progress'>,
      start: (options: JobOptions) => Promise<SetSummary>,
      retry: () => void,
    ): Promise<boolean> {
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
        const what = msg(job.kind === 'import' ? 'job.import' : 'job.check');
        /*
         * Cancelling or losing the worker also loses the set it held; the
         * summary stays until the next worker has reloaded the last saved
         * document, which then replaces or clears it. A worker still alive
         * keeps its set after a failed check, and none after a failed import.
         */
        if (isAbortError(err)) {
          const summary = get().summary;
          set({
            job: null,
            notice: {
              kind: 'info',
              text: msg(summary ? 'notice.cancelledPuttingBack' : 'notice.cancelled', { what }),
            },
          });
          void get().restoreDocument('recover');
          return false;
        }
        set((s) => ({
          job: null,
          summary: job.kind === 'import' && !(err instanceof WorkerLostError) ? null : s.summary,
        }));
        get().reportFailure(what, err, retry);
        return false;
      } finally {
        if (running === mine) running = null;
      }
    }

    return {
      job: null,
      editTask: null,
      notice: null,
      dismissNotice: () => set({ notice: null }),
      reportFailure: (what, err, retry, pass) => {
        if (isAbortError(err)) return;
        if (err instanceof WorkerLostError) {
          // The client told the store of the loss first (onLost): this job joins that notice.
          const failed = { what, retry, background: pass === 'background' };
          if (recovering) {
            joinLoss(recovering, failed);
            set({
              notice: lostNotice(err, recovering.failed, msg('notice.lost.puttingBack')),
            });
          } else void recoverLost(err, failed);
          return;
        }
        // The browser would not read the site: one sentence of its own, how to start serve.
        const text =
          err instanceof CorsBlockedError ? err.said : msg('notice.failed', { what, why: verbatim(errorMessage(err)) });
        set({ notice: { kind: 'error', text } });
      },
      importFiles: async (files) => {
        if (files.length === 0) return;
        // More URLs than the table can hold: the streaming path is offered instead (stream-slice.ts).
        const held = get().offerStreaming(files);
        if (held && (await held)) return;
        const title =
          files.length === 1
            ? msg('job.importingFile', { name: files[0]?.name ?? '' })
            : msg('job.importingFiles', { count: files.length });
        const siteUrl = get().siteUrl;
        const append = get().summary !== null;
        const kept = await run(
          { kind: 'import', title },
          (options) => client.call('importFiles', { files, append }, options),
          () => void get().importFiles(files),
        );
        // The Site URL changed while the files were read: check against the new one.
        if (kept && get().siteUrl !== siteUrl) await get().recheck();
      },
      openUrl: async (url) => {
        const append = get().summary !== null;
        await run(
          { kind: 'import', title: msg('job.openingUrl', { url }) },
          async (options) => {
            const opened = await fetchLive(url, options.signal, (p) =>
              options.onProgress?.({ phase: 'fetching', bytesDone: p.done, bytesTotal: p.found, urls: p.done }),
            );
            const source = openedFrom(url, opened.via, opened.notes, Date.now());
            return client.call('importFiles', { files: opened.files, append, live: [opened.notes], source }, options);
          },
          () => void get().openUrl(url),
        );
      },
      recheck: async () => {
        if (!get().summary) return;
        // The Site URL is the worker's own: setting it checks the document again.
        await run(
          { kind: 'check', title: msg('job.checkingAgain') },
          async (options) => {
            const summary = await client.call('setSiteUrl', { siteUrl: get().siteUrl }, options);
            if (!summary) throw new Error(NO_SITEMAPS_YET);
            return summary;
          },
          () => void get().recheck(),
        );
      },
      cancelJob: () => running?.abort(),
    };
  };
}
