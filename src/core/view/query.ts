import { ROW_RULE_BITS, type CheckResult } from '../check/check-set';
import { EXT_RULE_BITS } from '../check/ext-bits';
import { EXT_RULES_BIT } from '../check/row-bits';
import { ROW_DIFF } from '../compare/diff-rows';
import type { SitemapSet } from '../sitemap-set';
import type { RuleCode, UrlField } from '../types';
import { lastmodInPeriod } from './lastmod-histogram';
import { sortByRank, sortByText } from './sort-rows';
import { containsMatcher } from './text-match';
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
  /**
   * Only the current rows a comparison found added or changed (see
   * diffRows: each URL's first entry); null or absent for all. Applies with
   * the comparison's per-row kinds; without a comparison no row matches.
   */
  diffKind?: 'added' | 'changed' | null;
  /**
   * Only rows whose lastmod, without a format or validity problem, lies in
   * this month ('2024-05') or year ('2024') as written (see lastmodInPeriod):
   * a bar of the lastmod chart. '' or absent for all.
   */
  lastmodPeriod?: string;
}

export const ALL_ROWS: ViewQuery = { sort: null, text: '', code: null, onlyProblems: false, fieldValue: null, prefix: '', diffKind: null, lastmodPeriod: '' };

/**
 * The positions of the rows a query shows, in order, as a compact array (a
 * view of a million rows costs 4 MB, never a copy of the rows).
 */
export function queryRows(set: SitemapSet, result: CheckResult, query: ViewQuery, diffKinds?: Uint8Array): Uint32Array {
  const rows = set.rows;
  const n = rows.length;
  const codeBit = query.code ? (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[query.code] : undefined;
  // An extension code is a bit of the row's sparse extension mask, looked up only for rows that have one.
  const extBit = query.code ? (EXT_RULE_BITS as Partial<Record<RuleCode, number>>)[query.code] : undefined;
  const text = query.text.trim().toLowerCase();
  const fv = query.fieldValue;
  const fvColumn = fv ? rows.columnOf(fv.field) : null;
  const prefix = query.prefix ?? '';
  const textMatch = text ? containsMatcher(rows.loc, text) : null;
  const period = query.lastmodPeriod ?? '';
  const lastmods = rows.lastmod;
  const diffKind = query.diffKind ? ROW_DIFF[query.diffKind] : -1;
  if (diffKind >= 0 && diffKinds?.length !== n) return new Uint32Array(0);
  const out = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const mask = result.rowCodes[i] ?? 0;
    if (query.onlyProblems && mask === 0) continue;
    if (query.code) {
      if (extBit !== undefined) {
        if (!(mask & EXT_RULES_BIT) || !((result.extCodes.get(i) ?? 0) & extBit)) continue;
      } else if (codeBit === undefined || !(mask & codeBit)) continue;
    }
    if (fv && fvColumn && fvColumn.get(i) !== fv.value) continue;
    if (diffKind >= 0 && diffKinds?.[i] !== diffKind) continue;
    if (period && ((mask & LASTMOD_UNUSABLE) || !lastmodInPeriod(lastmods.rawText(i), lastmods.rawStart(i), lastmods.rawEnd(i), period))) continue;
    if (textMatch && !textMatch.matches(i)) continue;
    if (prefix && !locInBranch(rows.loc.get(i), prefix)) continue;
    out[count++] = i;
  }
  const view = out.slice(0, count);
  if (query.sort) sortView(set, result, view, query.sort.key, query.sort.dir);
  return view;
}

/** A lastmod with these problems lies in no period. */
const LASTMOD_UNUSABLE = ROW_RULE_BITS['lastmod-format'] | ROW_RULE_BITS['lastmod-invalid'];

/** Sorts positions by a key; ties keep row order, so a sort is stable and repeatable. */
function sortView(set: SitemapSet, result: CheckResult, view: Uint32Array, key: SortKey, dir: 'asc' | 'desc'): void {
  const rows = set.rows;
  if (key === 'file') sortByRank(view, (i) => rows.file[i] ?? 0, dir);
  else if (key === 'problems') sortByRank(view, (i) => problemWeight(result.rowCodes[i] ?? 0), dir);
  else sortByText(view, rows.columnOf(key), dir, key === 'priority');
}

/** More and graver problems sort first when descending: errors weigh most. */
function problemWeight(mask: number): number {
  let w = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) w++;
  return w;
}
