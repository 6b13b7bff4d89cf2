import type { UrlField } from '../../core/types';
import type { SortKey } from '../../core/view/query';

export type ColumnId = 'select' | 'index' | 'loc' | 'lastmod' | 'changefreq' | 'priority' | 'ext' | 'file' | 'problems';

export interface Column {
  id: ColumnId;
  /** The header's text. */
  label: string;
  /** Width in rem; the least width for the column that grows. */
  width: number;
  /** Takes the width left over (one column: loc). */
  grow?: boolean;
  /** Set when clicking the header sorts by it. */
  sortKey?: SortKey;
  /** Set when the cell can be edited. */
  field?: UrlField;
  /** The field may be empty: Delete clears it. */
  optional?: boolean;
}

/*
 * A fixed, small set of columns: their definitions are plain data. (TanStack
 * Table would add row models over data the page never holds; sorting and
 * filtering run in the worker.)
 */
export const COLUMNS: readonly Column[] = [
  { id: 'select', label: 'Select', width: 2.25 },
  { id: 'index', label: '#', width: 4 },
  { id: 'loc', label: 'loc', width: 18, grow: true, sortKey: 'loc', field: 'loc' },
  // Right after loc: what is wrong matters more than the optional fields, and stays in view on narrow screens.
  { id: 'problems', label: 'problems', width: 9, sortKey: 'problems' },
  // Then the extensions count, which opens the row's details: in view without scrolling sideways.
  { id: 'ext', label: 'ext.', width: 3 },
  { id: 'lastmod', label: 'lastmod', width: 10.5, sortKey: 'lastmod', field: 'lastmod', optional: true },
  { id: 'changefreq', label: 'changefreq', width: 6.5, sortKey: 'changefreq', field: 'changefreq', optional: true },
  { id: 'priority', label: 'priority', width: 4.25, sortKey: 'priority', field: 'priority', optional: true },
  { id: 'file', label: 'source file', width: 8, sortKey: 'file' },
];

export const GRID_TEMPLATE = COLUMNS.map((c) => (c.grow ? `minmax(${c.width}rem, 1fr)` : `${c.width}rem`)).join(' ');

/** The grid's least width: narrower tables scroll sideways. */
export const GRID_MIN_WIDTH = `${COLUMNS.reduce((sum, c) => sum + c.width, 0)}rem`;

export const FIRST_EDITABLE = COLUMNS.findIndex((c) => c.field === 'loc');
