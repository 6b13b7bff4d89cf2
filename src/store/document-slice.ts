import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { errorMessage } from '../core/text/error-message';
import { isFiltered } from '../core/view/query';
import { WorkerLostError, type WorkerClient } from '../worker/client';
import type {
  Changed,
  EditOutcome,
  HistoryState,
  JobProgress,
  PersistEvent,
  RestoreOutcome,
  SetSummary,
} from '../worker/protocol';
import { afterPaint } from './after-paint';
import type { AppState } from './app-store';
import { IN_MEMORY, restoredText } from './saved-words';
import { NO_SELECTION } from './selection-slice';
import { viewMoved } from './view-slice';

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
  message: Message | null;
}

/**
 * The document as the page knows it: its totals, the undo history's state and
 * how saving goes. The rows and the history themselves stay in the worker;
 * every change's answer comes here through applyChanged, and a document
 * shown whole (restored) or gone (cleared) through the one reset, documentShown.
 */
export interface DocumentSlice {
  /** What the worker reported about the imported set; null before any import. */
  summary: SetSummary | null;
  /** What undo and redo would do (the undo buttons read it). */
  history: HistoryState;
  /** Takes in the totals, view size and undo history a change returned; `rowsKept`: the table's rows are still right. */
  applyChanged: (changed: Changed, rowsKept?: boolean) => void;
  /**
   * The same for a cell edit whose row the table draws from its answer: the
   * undo history at once; the totals, asked of the worker (the answer leaves
   * them out), once the frame showing that row has painted, so the panels
   * that follow them re-render after the row is on screen, not before. A
   * burst's totals are asked for once; a change taken in meanwhile (an undo,
   * an import, a restore) supersedes them.
   */
  applyChangedAfterPaint: (changed: Pick<EditOutcome, 'history'>) => void;
  save: SaveStatus;
  /** A saved document is being loaded (page load, or after the worker was lost). */
  restoring: boolean;
  /**
   * How loading the saved document goes, once the worker found one (its
   * parts read back, then its rows checked); null otherwise. While set, the
   * page is busy: a large document takes seconds to come back.
   */
  restoreProgress: JobProgress | null;
  /**
   * Asks the worker for the saved document and shows it as after an import.
   * `load`: page load (says "Restored your work from …"); `recover`: after the
   * worker was lost or a job cancelled (puts back the last saved rows, or
   * clears the page when there are none). A restore whose worker is lost
   * says nothing itself: the loss's own notice says what came back (jobs-slice).
   */
  restoreDocument: (why: 'load' | 'recover') => Promise<RestoreResult>;
  /** Forgets the document and its saved copy ("New"); the UI asks first. */
  clearDocument: () => Promise<void>;
  /** Writes a pending save now (the page is being left). */
  flushSave: () => void;
}

/** How a restore ended: rows came back, nothing was saved, or it could not be read (the notice says why). */
type RestoreResult = 'restored' | 'none' | 'failed';

/** What happened when the site's data was cleared with the page open, in plain words. */
const CLEARED = msg('save.cleared');

export const NO_HISTORY: HistoryState = { canUndo: false, undoLabel: null, canRedo: false, redoLabel: null };
export const NOT_SAVED: SaveStatus = { state: 'idle', savedAt: null, message: null };

/** What the one reset sets. */
type Shown = Pick<
  AppState,
  | 'summary'
  | 'viewCount'
  | 'history'
  | 'comparison'
  | 'detailsRow'
  | 'viewVersion'
  | 'rowsVersion'
  | 'selected'
  | 'selectAllView'
>;

/**
 * The one reset of the document on the page: another document shown whole
 * (restored, with the history and comparison that came back with it), or none
 * (cleared, or nothing came back). The table's rows, the selection, the open
 * row's details, the comparison and the undo buttons follow.
 */
function documentShown(
  s: Pick<AppState, 'viewVersion' | 'rowsVersion'>,
  restored: Pick<RestoreOutcome, 'summary' | 'history' | 'comparison'> | null,
): Shown {
  const summary = restored?.summary ?? null;
  return {
    summary,
    viewCount: summary?.viewCount ?? 0,
    history: restored?.history ?? NO_HISTORY,
    comparison: restored?.comparison ?? null,
    detailsRow: null,
    ...viewMoved(s),
    ...NO_SELECTION,
  };
}

export function createDocumentSlice(client: WorkerClient): StateCreator<AppState, [], [], DocumentSlice> {
  return (set, get) => {
    const savingFailed = (message: Message, savedAt = get().save.savedAt) =>
      set({
        save: { state: 'failed', savedAt, message },
        notice: { kind: 'error', text: msg('save.failedInMemory', { why: message, inMemory: IN_MEMORY }) },
      });

    client.onPersist = (event: PersistEvent) => {
      if (event.state === 'failed') {
        const why = event.message ? verbatim(event.message) : msg('save.couldNotSave');
        savingFailed(event.removed ? msg('save.clearedNotSavedAgain', { cleared: CLEARED, why }) : why);
      } else if (event.state === 'saved') {
        set({ save: { state: 'saved', savedAt: event.savedAt ?? Date.now(), message: null } });
        // A storage that refused before and accepts now (a save pending since may have come between): the old warning no longer holds.
        if (get().notice?.text.values?.inMemory === IN_MEMORY) set({ notice: null });
        // Said once it is true; this set also writes the settings anew (the same clearing took them).
        if (event.removed)
          set({
            notice: {
              kind: 'info',
              text: msg('save.clearedSavedAgain', { cleared: CLEARED, savedAgain: msg('save.savedAgain') }),
            },
          });
      } else if (event.removed) {
        // No document to write again: the settings are (zustand's persist writes them on every set).
        set({});
      } else if (event.state === 'pending') {
        set((s) => ({ save: { ...s.save, state: 'pending' } }));
      } else set({ save: NOT_SAVED });
    };

    // Restores under way: a lost worker's recovery may start one while the one it interrupted still ends.
    let restores = 0;

    // The edit waiting for the next paint, and the totals it was based on: gone by then, someone newer wrote them.
    let later: { base: SetSummary | null } | null = null;
    const applyChanged = (changed: Changed, rowsKept = false) =>
      set((s) => ({
        summary: changed.summary,
        viewCount: changed.viewCount,
        history: changed.history,
        ...(rowsKept ? { viewVersion: s.viewVersion + 1 } : viewMoved(s)),
        emptiedByChange: changed.viewCount === 0 && (s.viewCount > 0 || s.emptiedByChange) && isFiltered(s.query),
      }));

    return {
      summary: null,
      history: NO_HISTORY,
      applyChanged: (changed, rowsKept) => {
        later = null;
        applyChanged(changed, rowsKept);
      },
      applyChangedAfterPaint: (changed) => {
        // The undo buttons at once (one small component): an undo pressed before the paint must find them.
        if (get().history !== changed.history) set({ history: changed.history });
        // One request for a burst: the totals asked for after the paint hold every edit answered before it.
        if (later) return;
        const waiting = { base: get().summary };
        later = waiting;
        afterPaint(async () => {
          if (later !== waiting) return;
          // An edit answered from now on asks again: this answer may come before the worker had it.
          later = null;
          let summary: SetSummary;
          try {
            summary = await client.call('summary', {});
          } catch {
            // The worker was lost: its watch reports it and the restore puts the totals back.
            return;
          }
          // Someone wrote newer totals meanwhile (an undo, an import, a restore, a clear).
          if (get().summary !== waiting.base) return;
          set((s) => ({ summary, viewVersion: s.viewVersion + 1 }));
          // An edit that waits now was based on the totals just replaced.
          const next = later as { base: SetSummary | null } | null;
          if (next) next.base = summary;
        });
      },
      save: NOT_SAVED,
      restoring: false,
      restoreProgress: null,
      restoreDocument: async (why) => {
        restores++;
        set({ restoring: true });
        try {
          const outcome = await client.call(
            'restore',
            { query: get().query },
            { onProgress: (restoreProgress) => set({ restoreProgress }) },
          );
          if (outcome.error) savingFailed(verbatim(outcome.error), null);
          // An import that started meanwhile owns the page now.
          if (get().job?.kind === 'import') return 'none';
          if (!outcome.summary) {
            if (why === 'recover') set((s) => documentShown(s, null));
            return outcome.error ? 'failed' : 'none';
          }
          // The undo history and the comparison were saved with the rows and came back with them.
          set((s) => documentShown(s, outcome));
          if (outcome.siteUrl !== null && outcome.siteUrl !== get().siteUrl) set({ siteUrl: outcome.siteUrl });
          if (why === 'load' && outcome.savedAt !== null)
            set({ notice: { kind: 'info', text: restoredText(outcome) } });
          return 'restored';
        } catch (err) {
          if (!(err instanceof WorkerLostError))
            set({ notice: { kind: 'error', text: msg('save.notLoaded', { why: verbatim(errorMessage(err)) }) } });
          return 'failed';
        } finally {
          if (--restores === 0) set({ restoring: false, restoreProgress: null });
        }
      },
      clearDocument: async () => {
        if (get().job || get().editTask) return;
        try {
          await client.call('clearDocument', {});
        } catch (err) {
          get().reportFailure(msg('job.clearing'), err, () => void get().clearDocument());
          return;
        }
        set((s) => ({
          ...documentShown(s, null),
          save: NOT_SAVED,
          notice: { kind: 'info', text: msg('notice.cleared') },
        }));
      },
      // Unanswered when the page is gone; a failure has nowhere to be shown.
      flushSave: () => void client.call('flushSave', {}).catch(() => {}),
    };
  };
}
