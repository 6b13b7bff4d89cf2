import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { PATTERN_TOO_SLOW } from '../core/view/column-filters';
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import type { UrlField } from '../core/rows/types';
import type { WorkerClient } from '../worker/client';
import type { RowView } from '../worker/protocol';
import type { AppState } from './app-store';

/** A row the table is asked to scroll to, select and focus; `seq` tells two asks for the same row apart. */
interface RevealRow {
  rowId: number;
  pos: number;
  seq: number;
  /** The field the problem is in: the table focuses its cell (loc when absent). */
  field?: UrlField | 'ext';
}

/**
 * What the table shows of the document: the query (filter and sort) and the
 * view it gives, the versions the panels watch, the window of rows, and the
 * row asked to be revealed.
 */
export interface ViewSlice {
  /** The table's filter and sort, applied in the worker. */
  query: ViewQuery;
  /** Rows the table shows (after the filter). */
  viewCount: number;
  /** Bumped whenever rows or the view changed: the panels that show them ask again. */
  viewVersion: number;
  /**
   * Bumped with viewVersion, except after a cell edit whose answer carried
   * its row and changed no other: the table drops the rows it fetched only
   * when this moves (it draws the edited row from the answer).
   */
  rowsVersion: number;
  /** Changes part of the query (filter or sort) and refreshes the view. */
  setQuery: (patch: Partial<ViewQuery>) => Promise<void>;
  /** Rows `start` to `end` (exclusive) of the current view. */
  fetchRows: (start: number, end: number) => Promise<RowView[]>;
  /** Why the worker refused the last query (a pattern out of its time budget); null when it took it. */
  queryError: string | null;
  /**
   * True when a change (a fix, an edit, a delete) left the filtered view
   * empty that showed rows before: the table says the change cleared them.
   * False again once the query changes.
   */
  emptiedByChange: boolean;
  /** The row the table is to scroll to, select and focus; null when none. */
  reveal: RevealRow | null;
  /**
   * Shows a row (by stable id) in the table: selects it and asks the table to
   * scroll to it and focus it. A row the filter hides clears the filter
   * first (the sort stays). Resolves to false when there is no such row.
   */
  revealRow: (rowId: number, field?: UrlField | 'ext') => Promise<boolean>;
}

/** The rows or the view changed: both versions move (the table fetches its rows again). */
export function viewMoved(
  s: Pick<ViewSlice, 'viewVersion' | 'rowsVersion'>,
): Pick<ViewSlice, 'viewVersion' | 'rowsVersion'> {
  return { viewVersion: s.viewVersion + 1, rowsVersion: s.rowsVersion + 1 };
}

export function createViewSlice(client: WorkerClient): StateCreator<AppState, [], [], ViewSlice> {
  return (set, get) => ({
    query: ALL_ROWS,
    viewCount: 0,
    viewVersion: 0,
    queryError: null,
    emptiedByChange: false,
    reveal: null,
    rowsVersion: 0,
    setQuery: async (patch) => {
      const before = get().query;
      const query = { ...before, ...patch };
      set({ query, emptiedByChange: false });
      if (!get().summary) return;
      try {
        const viewCount = await client.call('setView', { query });
        // A newer query may have been set meanwhile: only the latest one counts.
        if (get().query !== query) return;
        set((s) => ({ viewCount, ...viewMoved(s), queryError: null }));
      } catch (err) {
        // The worker kept the view it had: so does the page, and the field says why.
        if (err instanceof Error && err.message.startsWith(PATTERN_TOO_SLOW)) {
          if (get().query === query) set({ query: before, queryError: err.message });
          return;
        }
        get().reportFailure(msg('job.filtering'), err, () => void get().setQuery({}));
      }
    },
    fetchRows: (start, end) => client.call('rows', { start, end }),
    revealRow: async (rowId, field) => {
      if (!get().summary) return false;
      try {
        let pos = await client.call('viewPosition', { row: rowId });
        if (pos < 0) {
          await get().setQuery({ ...ALL_ROWS, sort: get().query.sort });
          pos = await client.call('viewPosition', { row: rowId });
        }
        if (pos < 0) return false;
        set((s) => ({
          selected: new Set([rowId]),
          selectAllView: false,
          reveal: { rowId, pos, seq: (s.reveal?.seq ?? 0) + 1, ...(field ? { field } : {}) },
        }));
        return true;
      } catch (err) {
        get().reportFailure(msg('job.showingRow'), err, () => void get().revealRow(rowId, field));
        return false;
      }
    },
  });
}
