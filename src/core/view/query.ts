import { ROW_RULE_BITS, type CheckResult } from '../check/check-set';
import type { SitemapSet } from '../sitemap-set';
import type { RuleCode, UrlField } from '../types';
import { locInBranch } from './tree';

/** What a table view can be sorted by. */
export type SortKey = UrlField | 'file' | 'problems';

/** Which rows a table shows, and in what order. */
export interface ViewQuery {
  sort: { key: SortKey; dir: 'asc' | 'desc' } | null;
  /** Case-insensitive text every shown loc contains; '' for all. */
  text: string;
  /** Only rows with this row-level problem code; null for all. */
  code: RuleCode | null;
  /** Only rows with at least one problem. */
  onlyProblems: boolean;
  /** Only rows with exactly this value in a field ('' matches empty); null for all. */
  fieldValue: { field: UrlField; value: string } | null;
  /**
   * Only rows in this branch of the structure tree: the loc starts with it and
   * the next character is '/', '?', '#' or the end (see locInBranch); '' or
   * absent for all. Optional so that saved queries from before it still apply.
   */
  prefix?: string;
}

export const ALL_ROWS: ViewQuery = { sort: null, text: '', code: null, onlyProblems: false, fieldValue: null, prefix: '' };

/**
 * The positions of the rows a query shows, in order, as a compact array (a
 * view of a million rows costs 4 MB, never a copy of the rows).
 */
export function queryRows(set: SitemapSet, result: CheckResult, query: ViewQuery): Uint32Array {
  const rows = set.rows;
  const n = rows.length;
  const codeBit = query.code ? (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[query.code] : undefined;
  const text = query.text.trim().toLowerCase();
  const fv = query.fieldValue;
  const fvColumn = fv ? rows.columnOf(fv.field) : null;
  const prefix = query.prefix ?? '';
  const out = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const mask = result.rowCodes[i] ?? 0;
    if (query.onlyProblems && mask === 0) continue;
    if (query.code) {
      if (codeBit === undefined || !(mask & codeBit)) continue;
    }
    if (fv && fvColumn && fvColumn.get(i) !== fv.value) continue;
    if (text || prefix) {
      const loc = rows.loc.get(i);
      if (prefix && !locInBranch(loc, prefix)) continue;
      if (text && !loc.toLowerCase().includes(text)) continue;
    }
    out[count++] = i;
  }
  const view = out.slice(0, count);
  if (query.sort) sortView(set, result, view, query.sort.key, query.sort.dir);
  return view;
}

/** Sorts positions by a key; ties keep row order, so a sort is stable and repeatable. */
function sortView(set: SitemapSet, result: CheckResult, view: Uint32Array, key: SortKey, dir: 'asc' | 'desc'): void {
  const rows = set.rows;
  const sign = dir === 'asc' ? 1 : -1;
  if (key === 'problems' || key === 'file') {
    const num = key === 'file' ? rows.file : result.rowCodes;
    const weight = (i: number): number => (key === 'file' ? (num[i] ?? 0) : problemWeight(num[i] ?? 0));
    view.sort((a, b) => sign * (weight(a) - weight(b)) || a - b);
    return;
  }
  const column = rows.columnOf(key);
  // One string per row, read once: comparing through the column would slice on every comparison.
  const keys = new Array<string>(rows.length);
  for (let k = 0; k < view.length; k++) {
    const i = view[k] as number;
    keys[i] = column.get(i);
  }
  const numeric = key === 'priority';
  view.sort((a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    if (x === y) return a - b;
    // Empty values go last in either direction.
    if (x === '') return 1;
    if (y === '') return -1;
    if (numeric) {
      const d = Number(x) - Number(y);
      if (d === d && d !== 0) return sign * d;
    }
    return sign * (x < y ? -1 : 1);
  });
}

/** More and graver problems sort first when descending: errors weigh most. */
function problemWeight(mask: number): number {
  let w = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) w++;
  return w;
}
