import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { errorMessage } from '../core/text/error-message';
import type { AlternateEdit } from '../core/edit/hreflang-edit';
import type { ExtEdit } from '../core/edit/ext-edit';
import { WorkerLostError, type WorkerClient } from '../worker/client';
import type { RowDetails } from '../worker/protocol';
import type { AppState } from './app-store';

/**
 * One row's details panel: which row is open (by stable id), and its
 * extension data, fetched from the worker for that row only. The data is
 * fetched again whenever the rows change (viewVersion), so an undo shows.
 */
export interface DetailsSlice {
  /** The row whose details are open, or null. */
  detailsRow: number | null;
  openDetails: (rowId: number) => void;
  closeDetails: () => void;
  /** The open row's details; null when there is no such row (the notice says why). */
  fetchDetails: (rowId: number) => Promise<RowDetails | null>;
  /**
   * Adds, changes or removes an alternate; resolves to the row's details
   * after it, or to why it was refused (shown in the panel, which is modal:
   * the page's notice bar is behind it).
   */
  editAlternate: (rowId: number, edit: AlternateEdit) => Promise<{ details: RowDetails | null; error: Message | null }>;
  /** Changes, adds or removes an image, video or news entry; resolves as {@link editAlternate} does. */
  editExt: (rowId: number, edit: ExtEdit) => Promise<{ details: RowDetails | null; error: Message | null }>;
}

export function createDetailsSlice(client: WorkerClient): StateCreator<AppState, [], [], DetailsSlice> {
  return (set, get) => {
    /** The panel shows what went wrong; a lost worker also gets the notice's Retry and the recovery. */
    const failed = (what: Message, err: unknown, retry: () => void) => {
      if (err instanceof WorkerLostError) get().reportFailure(what, err, retry);
      return { details: null, error: verbatim(errorMessage(err)) };
    };
    return {
      detailsRow: null,
      openDetails: (rowId) => set({ detailsRow: rowId }),
      closeDetails: () => set({ detailsRow: null }),
      fetchDetails: async (rowId) => {
        if (!get().summary) return null;
        try {
          return await client.call('rowDetails', { row: rowId });
        } catch (err) {
          get().reportFailure(msg('job.showingRow'), err, () => void get().fetchDetails(rowId));
          return null;
        }
      },
      editExt: async (rowId, edit) => {
        if (!get().summary) return { details: null, error: msg('details.noSitemaps') };
        try {
          const outcome = await client.call('editExt', { row: rowId, edit });
          get().applyChanged(outcome);
          return { details: outcome.details, error: null };
        } catch (err) {
          return failed(msg('job.editingEntry'), err, () => void get().editExt(rowId, edit));
        }
      },
      editAlternate: async (rowId, edit) => {
        if (!get().summary) return { details: null, error: msg('details.noSitemaps') };
        try {
          const outcome = await client.call('editAlternate', { row: rowId, edit });
          get().applyChanged(outcome);
          return { details: outcome.details, error: null };
        } catch (err) {
          return failed(msg('job.editingAlternate'), err, () => void get().editAlternate(rowId, edit));
        }
      },
    };
  };
}
