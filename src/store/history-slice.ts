import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { AppState } from './app-store';

/**
 * Undo and redo. The history itself lives in the worker beside the rows (the
 * page never holds rows); every change's answer carries the history's state,
 * which applyChanged puts in the document slice, so the buttons know what
 * they would do.
 */
export interface HistorySlice {
  /** Undoes the last change; does nothing when there is none or a job is running. */
  undo: () => Promise<void>;
  /** Redoes the last undone change. */
  redo: () => Promise<void>;
}

export function createHistorySlice(client: WorkerClient): StateCreator<AppState, [], [], HistorySlice> {
  return (set, get) => {
    // recursion-ok: it is called again only by the Retry button of its failure, later
    const step = async (direction: 'undo' | 'redo') => {
      const s = get();
      const can = direction === 'undo' ? s.history.canUndo : s.history.canRedo;
      if (!s.summary || !can || s.job || s.editTask) return;
      try {
        const outcome = await client.call(direction, {});
        get().applyChanged(outcome);
        if (outcome.label)
          set({
            notice: {
              kind: 'info',
              // The change's label is core's words (the history's entries), English until they are keyed.
              text: msg(direction === 'undo' ? 'history.undone' : 'history.redone', { label: verbatim(outcome.label) }),
            },
          });
      } catch (err) {
        get().reportFailure(msg(direction === 'undo' ? 'job.undo' : 'job.redo'), err, () => void step(direction));
      }
    };
    return {
      undo: () => step('undo'),
      redo: () => step('redo'),
    };
  };
}
