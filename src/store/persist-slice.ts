import type { StateCreator } from 'zustand';
import { isAbortError, WorkerLostError, type WorkerClient } from '../worker/client';
import type { PersistEvent, RestoreOutcome } from '../worker/protocol';
import type { AppState } from './app-store';
import { documentShown } from './document-slice';

/**
 * How saving goes. The document is saved by the worker (IndexedDB) a moment
 * after each change; the page only hears about it, to say so in the header
 * and to ask before leaving while a save is pending.
 */
export interface SaveStatus {
  state: 'idle' | 'pending' | 'saved' | 'failed';
  /** When the document was last written (ms since the epoch). */
  savedAt: number | null;
  /** Why saving failed, in words; null otherwise. */
  message: string | null;
}

export interface PersistSlice {
  save: SaveStatus;
  /** A saved document is being loaded (page load, or after the worker was lost). */
  restoring: boolean;
  /**
   * Asks the worker for the saved document and shows it as after an import.
   * `load`: page load (says "Restored your work from …"); `recover`: after the
   * worker was lost or a job cancelled (puts back the last saved rows, or
   * clears the page when there are none). Resolves true when rows came back.
   */
  restoreDocument: (why: 'load' | 'recover') => Promise<boolean>;
  /** Forgets the document and its saved copy ("New"); the UI asks first. */
  clearDocument: () => Promise<void>;
  /** Writes a pending save now (the page is being left). */
  flushSave: () => void;
  /**
   * Reports a failed request: a plain error, or, when the worker was lost, a
   * notice with a Retry button while the rows come back from the saved copy.
   */
  reportFailure: (what: string, err: unknown, retry: (() => void) | null) => void;
}

export const NOT_SAVED: SaveStatus = { state: 'idle', savedAt: null, message: null };

/** "12:03:41" (today) or "3 Mar 2026, 12:03:41": local time, the same whatever the browser's language. */
export function formatSavedAt(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  if (new Date(now).toDateString() === d.toDateString()) return time;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
  return `${d.getDate()} ${month} ${d.getFullYear()}, ${time}`;
}

const IN_MEMORY = 'The app keeps working, but only in memory: export your sitemaps before closing the tab.';

export function createPersistSlice(client: WorkerClient): StateCreator<AppState, [], [], PersistSlice> {
  return (set, get) => {
    const onPersist = (event: PersistEvent) => {
      if (event.state === 'failed') {
        const message = event.message ?? 'Your work could not be saved in this browser.';
        set({ save: { state: 'failed', savedAt: get().save.savedAt, message }, notice: { kind: 'error', text: `${message} ${IN_MEMORY}` } });
      } else if (event.state === 'saved') {
        const failedBefore = get().save.state === 'failed';
        set({ save: { state: 'saved', savedAt: event.savedAt ?? Date.now(), message: null } });
        // A storage that refused before and accepts now: the old warning no longer holds.
        if (failedBefore && get().notice?.text.endsWith(IN_MEMORY)) set({ notice: null });
      } else if (event.state === 'pending') {
        set((s) => ({ save: { ...s.save, state: 'pending' } }));
      } else set({ save: NOT_SAVED });
    };
    client.onPersist = onPersist;
    client.onLost = (err) => void recoverLost(err);

    /**
     * The worker was lost (even with nothing pending): say so, put the last
     * save back in a new one, then say exactly what came back and what not.
     */
    const recoverLost = async (err: WorkerLostError) => {
      const { savedAt, state } = get().save;
      const unsaved = state === 'pending' && get().summary !== null;
      const notice = { kind: 'error' as const, text: `${err.message} It is being restarted, and your work put back from the last save.` };
      set((s) => ({ notice, save: { ...s.save, state: savedAt === null ? 'idle' : 'saved' } }));
      const back = await get().restoreDocument('recover');
      // A failed job said so meanwhile, with its Retry: that notice stays.
      if (get().notice !== notice) return;
      const lostChange = unsaved ? ' The change made after that save had not been saved and is not there.' : '';
      const text = back && savedAt !== null
        ? `${err.message} It was restarted, and your work is back as saved at ${formatSavedAt(get().save.savedAt ?? savedAt)}.${lostChange}`
        : `${err.message} It was restarted; there was no saved work to put back.`;
      set({ notice: { kind: 'error', text } });
    };

    return {
      save: NOT_SAVED,
      restoring: false,
      restoreDocument: async (why) => {
        set({ restoring: true });
        try {
          const outcome = await client.call('restore', { query: get().query });
          if (outcome.error) {
            set({ save: { state: 'failed', savedAt: null, message: outcome.error }, notice: { kind: 'error', text: `${outcome.error} ${IN_MEMORY}` } });
          }
          // An import that started meanwhile owns the page now.
          if (get().job?.kind === 'import') return false;
          const summary = outcome.summary;
          if (!summary) {
            if (why === 'recover') set((s) => documentShown(s, null));
            return false;
          }
          // The undo history and the comparison were saved with the rows and came back with them.
          set((s) => ({ ...documentShown(s, summary, outcome.history), comparison: outcome.comparison ?? null }));
          if (outcome.siteUrl !== null && outcome.siteUrl !== get().siteUrl) set({ siteUrl: outcome.siteUrl });
          if (why === 'load' && outcome.savedAt !== null) {
            set({ notice: { kind: 'info', text: restoredText(outcome) } });
          }
          return true;
        } catch (err) {
          set({ notice: { kind: 'error', text: `Your saved work could not be loaded: ${messageOf(err)}` } });
          return false;
        } finally {
          set({ restoring: false });
        }
      },
      clearDocument: async () => {
        if (get().job || get().editTask) return;
        try {
          await client.call('clearDocument', {});
        } catch (err) {
          set({ notice: { kind: 'error', text: `Clearing failed: ${messageOf(err)}` } });
          return;
        }
        set((s) => ({ ...documentShown(s, null), save: NOT_SAVED, notice: { kind: 'info', text: 'Cleared: the rows and their saved copy are gone.' } }));
      },
      // Unanswered when the page is gone; a failure has nowhere to be shown.
      flushSave: () => void client.call('flushSave', {}).catch(() => {}),
      reportFailure: (what, err, retry) => {
        if (isAbortError(err)) return;
        if (err instanceof WorkerLostError) {
          set({
            notice: {
              kind: 'error',
              text: `${what} failed: ${err.message} Your rows are being reloaded from the last save.`,
              action: retry ? { label: 'Retry', run: retry } : undefined,
            },
          });
          void get().restoreDocument('recover');
          return;
        }
        set({ notice: { kind: 'error', text: `${what} failed: ${messageOf(err)}` } });
      },
    };
  };
}

/** "Restored your work from 12:03:41, with 12 undo steps and the comparison.": what came back. */
export function restoredText(outcome: RestoreOutcome, now = Date.now()): string {
  const parts: string[] = [];
  const steps = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what} ${n === 1 ? 'step' : 'steps'}`;
  if (outcome.undoSteps) parts.push(steps(outcome.undoSteps, 'undo'));
  if (outcome.redoSteps) parts.push(steps(outcome.redoSteps, 'redo'));
  if (outcome.comparison) parts.push('the comparison');
  const last = parts.pop();
  const what = last === undefined ? '' : `, with ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
  return `Restored your work from ${formatSavedAt(outcome.savedAt ?? now, now)}${what}.`;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
