import type { ComponentType, ReactNode } from 'react';
import {
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
} from '@tanstack/react-table';
import type { UrlField } from '../../core/rows/types';
import type { SortKey } from '../../core/view/query';
import type { RowView } from '../../worker/protocol';
import type { MessageId, Translator } from '../../i18n/translator';

/**
 * One row the grid draws: TanStack Table's `data` is only these (the window
 * in view, the focused and the edited row), placeholders included. Sorting,
 * filtering and "select all shown" stay in the worker and the store.
 */
export interface GridSlot {
  /** 0-based position in the view. */
  pos: number;
  /** undefined while the worker has not sent the row yet. */
  row: RowView | undefined;
  selected: boolean;
  /** The origin every drawn loc shares (then shown once, above the grid), or null. */
  origin: string | null;
}

/** The one cell being edited. */
export interface CellDraft {
  /** Index among the visible columns. */
  col: number;
  draft: string;
  /** Where the caret goes when the editor opens: a typed first character keeps it at the end. */
  caret: 'all' | 'end';
}

/** The cell being edited, where it is and what it held. */
export interface Editing extends CellDraft {
  pos: number;
  rowId: number;
  original: string;
}

export type CommitMove = 'stay' | 'next' | 'prev' | 'none';

/** What rows call back; one stable object for every row, so rows re-render only when their own props change. */
export interface RowActions {
  toggleSelect: (pos: number, id: number, shift: boolean) => void;
  startEdit: (pos: number, col: number) => void;
  setDraft: (draft: string) => void;
  commit: (move: CommitMove) => void;
  cancel: () => void;
  /** Opens the row's details panel (its extensions, hreflang alternates to edit). */
  openDetails: (rowId: number) => void;
}

export interface GridTableMeta {
  actions: RowActions;
}

export interface CellEditorProps {
  label: string;
  editing: CellDraft;
  actions: RowActions;
}

/** What the grid needs of a column beyond TanStack's own definition. */
export interface GridColumnMeta {
  /**
   * The column's name in the copied header row, and in English (the test
   * hooks'); the page shows `words` where set (columnLabel): the protocol's
   * field names (loc, lastmod…) are the same in every language.
   */
  label: string;
  /** The header's text, the Columns menu's checkbox and the resize handle's name, in the page's language. */
  words?: MessageId;
  /** The cell's content for a row drawn (a placeholder while `slot.row` is undefined): rows call it straight, per frame. */
  draw: (slot: GridSlot, actions: RowActions, width: number) => ReactNode;
  /** Set when the cell can be edited: the row's field it shows. */
  field?: UrlField;
  /** The field may be empty: Delete clears it. */
  optional?: boolean;
  /** Set when clicking the header sorts by it (in the worker). */
  sortKey?: SortKey;
  /** Takes the width the other columns leave, until the user sizes it. */
  fill?: boolean;
  /** The text shown on hover, in the reader's language. */
  title?: (row: RowView, words: Translator) => string | undefined;
  /** The value Ctrl+C copies: the whole value, not what the cell draws. */
  copy?: (row: RowView, pos: number) => string;
  /** The editor drawn in the cell while it is edited (columns with a field). */
  editor?: ComponentType<CellEditorProps>;
  /** Enter or Space on the cell (columns without a field). */
  activate?: (slot: GridSlot, actions: RowActions) => void;
}

export const GRID_FEATURES = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  rowSortingFeature,
  tableMeta: {} as GridTableMeta,
  columnMeta: {} as GridColumnMeta,
});

export type GridFeatures = typeof GRID_FEATURES;
export type GridColumn = Column<GridFeatures, GridSlot, unknown>;

/** A column's grid meta; every column of this grid has one. */
export function metaOf(column: GridColumn): GridColumnMeta {
  return column.columnDef.meta as GridColumnMeta;
}

/** A column's name as the page shows it. */
export function columnLabel(meta: GridColumnMeta, words: Translator): string {
  return meta.words ? words.t(meta.words) : meta.label;
}
