import type { StateCreator } from 'zustand';
import { PATTERN_TOO_SLOW } from '../core/view/column-filters';
import { ALL_ROWS, isFiltered, type ViewQuery } from '../core/view/query';
import type { SourceLines } from '../core/source-lines';
import type { FileStatus } from '../core/check/file-status';
import type { UrlField } from '../core/types';
import type { WorkerClient } from '../worker/client';
import type { Changed } from '../worker/protocol';
import type { AppState } from './app-store';

/** A row the table is asked to scroll to, select and focus; `seq` tells two asks for the same row apart. */
export interface RevealRow {
  rowId: number;
  pos: number;
  seq: number;
  /** The field the problem is in: the table focuses its cell (loc when absent). */
  field?: UrlField | 'ext';
}

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
  /** Takes in the totals, view size and undo history a change returned; `rowsKept`: the table's rows are still right. */
  applyChanged: (changed: Changed, rowsKept?: boolean) => void;
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
  /** The source lines around a place in an imported file; null when the file is not at hand (a restored document). */
  sourceLines: (file: string, line: number, column: number) => Promise<SourceLines | null>;
  /** Each sitemap file's status, for the Sitemaps list; empty when there is no document. */
  fileStatus: () => Promise<FileStatus[]>;
}

/** The rows or the view changed: both versions move (the table fetches its rows again). */
export function viewMoved(s: Pick<ViewSlice, 'viewVersion' | 'rowsVersion'>): Pick<ViewSlice, 'viewVersion' | 'rowsVersion'> {
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
        get().reportFailure('Filtering', err, () => void get().setQuery({}));
      }
    },
    fileStatus: async () => {
      if (!get().summary) return [];
      return client.call('fileStatus', {});
    },
    sourceLines: async (file, line, column) => {
      try {
        return await client.call('sourceLines', { file, line, column });
      } catch {
        return null;
      }
    },
    revealRow: async (rowId, field) => {
      if (!get().summary) return false;
      let pos = await client.call('viewPosition', { row: rowId });
      if (pos < 0) {
        await get().setQuery({ ...ALL_ROWS, sort: get().query.sort });
        pos = await client.call('viewPosition', { row: rowId });
      }
      if (pos < 0) return false;
      set((s) => ({ selected: new Set([rowId]), selectAllView: false, reveal: { rowId, pos, seq: (s.reveal?.seq ?? 0) + 1, ...(field ? { field } : {}) } }));
      return true;
    },
    applyChanged: (changed, rowsKept = false) =>
      set((s) => ({
        summary: changed.summary,
        viewCount: changed.viewCount,
        history: changed.history,
        ...(rowsKept ? { viewVersion: s.viewVersion + 1 } : viewMoved(s)),
        emptiedByChange: changed.viewCount === 0 && (s.viewCount > 0 || s.emptiedByChange) && isFiltered(s.query),
      })),
  });
}
