import type { Message } from '../core/base/message';
import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { UrlField } from '../core/rows/types';
import type { RowView } from '../worker/protocol';
import type { AppState } from './app-store';
import { NO_SELECTION } from './selection-slice';
import type { WorkerClient } from '../worker/client';
import { EDIT_ANSWERED, markEdit } from './edit-marks';

/**
 * The edits of one row at a time: a cell, a new row, the selected rows
 * deleted; each one undo step. Rows are referred to by their stable id, never
 * by a position in the view; which are selected is the selection slice's,
 * edits of many rows at once the bulk slice's.
 */
export interface EditSlice {
  /**
   * Sets one cell; resolves to the row as re-checked, or null when it failed
   * (the notice says why). The undo history is taken in at once, the totals
   * after the next paint (applyChangedAfterPaint), unless other rows changed
   * with it: then the table fetches its rows again at once.
   */
  editCell: (rowId: number, field: UrlField, value: string) => Promise<RowView | null>;
  /** Adds an empty row at the end of the view; resolves to its id, or null when it failed. */
  addRow: () => Promise<number | null>;
  /** Add N pages: the pages a crawl export found that no row lists, in one undo step. */
  addMissingPages: () => Promise<void>;
  /** Deletes the selected rows; resolves to how many went. */
  deleteSelected: () => Promise<number>;
  /** Sets one field of a sitemap index's entry (its position in the index entries): one undo step; false when it failed. */
  editIndexEntry: (entry: number, field: 'loc' | 'lastmod', value: string) => Promise<boolean>;
}

export function createEditSlice(client: WorkerClient): StateCreator<AppState, [], [], EditSlice> {
  return (set, get) => {
    // A lost worker adds a Retry (when given) and reloads the rows from the last save.
    const failed = (what: Message, err: unknown, retry: (() => void) | null = null) =>
      get().reportFailure(what, err, retry);

    return {
      editCell: async (rowId, field, value) => {
        try {
          const outcome = await client.call('edit', { row: rowId, field, value });
          markEdit(EDIT_ANSWERED);
          // The answer carries the row: the table draws it first, without asking again, and the
          // totals follow once it is on screen. Other rows changed too: they are fetched again now.
          if (outcome.summary && outcome.othersChanged) get().applyChanged({ ...outcome, summary: outcome.summary });
          else get().applyChangedAfterPaint(outcome);
          return outcome.row;
        } catch (err) {
          failed(msg('job.editing'), err, () => void get().editCell(rowId, field, value));
          return null;
        }
      },
      addRow: async () => {
        try {
          const outcome = await client.call('addRow', { entry: {} });
          get().applyChanged(outcome);
          return outcome.rowId;
        } catch (err) {
          failed(msg('job.addingUrl'), err, () => void get().addRow());
          return null;
        }
      },
      addMissingPages: async () => {
        try {
          get().applyChanged(await client.call('addMissingPages', {}));
        } catch (err) {
          failed(msg('job.addingPages'), err, () => void get().addMissingPages());
        }
      },
      editIndexEntry: async (entry, field, value) => {
        try {
          get().applyChanged(await client.call('editIndexEntry', { entry, field, value }));
          return true;
        } catch (err) {
          failed(msg('job.editingEntry'), err, () => void get().editIndexEntry(entry, field, value));
          return false;
        }
      },
      deleteSelected: async () => {
        try {
          // "All shown" is resolved only now, for the one command that needs the ids.
          const ids = get().selectAllView ? await get().viewIds() : [...get().selected];
          if (ids.length === 0) return 0;
          const outcome = await client.call('deleteRows', { rows: ids });
          get().applyChanged(outcome);
          set(NO_SELECTION);
          return outcome.removed;
        } catch (err) {
          failed(msg('job.deleting'), err);
          return 0;
        }
      },
    };
  };
}
