import { ROW_RULE_BITS, EXT_RULE_BITS } from '../rules/bits';
import { type CheckResult } from '../check/check-result';
import { ROW_DIFF } from '../compare/diff-rows';
import type { StringColumn } from '../rows/string-columns';
import type { SitemapSet } from '../read/sitemap-set';
import type { UrlField } from '../rows/types';
import type { RuleCode } from '../rules/registry';
import { lastmodInPeriod } from './lastmod-histogram';
import { sortByNumber, sortByRank, sortByText } from './sort-rows';
import {
  compareLastmodDay,
  compileLocPattern,
  hasExtKind,
  isFilterDay,
  priorityMatcher,
  type ExtKind,
} from './column-filters';
import { LocRegexMatcher } from './loc-regex';
import { anyFormMatcher } from './text-match';
import { urlTextForms } from './readable-url';
import { locInBranch } from '../text/url-branches';
import { LASTMOD_FORMAT, LASTMOD_INVALID } from '../rules/lastmod/lastmod-rules';
import { EXT_RULES_BIT } from '../rules/rule';
import { splitStatusFilter, statusMatcher } from './status-filter';
import { coverageOf } from '../rules/site-data/crawl-coverage';
import { coverageMatcher, crawlNumberOf, type CoverageFilter } from './coverage-view';

/** What a table view can be sorted by. */
export type SortKey = UrlField | 'file' | 'problems' | 'depth' | 'inlinks';

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
  /** `text` is a regular expression (JavaScript syntax, case-insensitive; see compileLocPattern); absent: plain text. */
  regex?: boolean;
  /** Only rows whose lastmod, without a format or validity problem, is written before this day ('2024-05-01'; see compareLastmodDay). */
  lastmodBefore?: string;
  /** Only rows whose lastmod, without a format or validity problem, is written after this day (the day itself excluded). */
  lastmodAfter?: string;
  /** Only rows without a lastmod. */
  lastmodMissing?: boolean;
  /** Only rows with this priority, compared as a number ('0.5' matches '0.50'); '' for rows without one; null or absent for all. */
  priority?: string | null;
  /** Only rows read from this file (an index into the set's files); null or absent for all. */
  file?: number | null;
  /** Only rows carrying an extension of this kind; null or absent for all. */
  ext?: ExtKind | null;
  /** Only rows the crawl export reached ('crawled') or did not ('listedOnly'); without a crawl export no row matches; null or absent for all. */
  coverage?: CoverageFilter | null;
}

export const ALL_ROWS: ViewQuery = {
  sort: null,
  text: '',
  code: null,
  onlyProblems: false,
  fieldValue: null,
  prefix: '',
  diffKind: null,
  lastmodPeriod: '',
  regex: false,
  lastmodBefore: '',
  lastmodAfter: '',
  lastmodMissing: false,
  priority: null,
  file: null,
  ext: null,
  coverage: null,
};

/** Whether a query leaves rows out (its sort aside). */
export function isFiltered(q: ViewQuery): boolean {
  return (
    q.text !== '' ||
    q.code !== null ||
    q.onlyProblems ||
    q.fieldValue !== null ||
    !!q.prefix ||
    !!q.diffKind ||
    !!q.lastmodPeriod ||
    !!q.lastmodBefore ||
    !!q.lastmodAfter ||
    !!q.lastmodMissing ||
    q.priority != null ||
    q.file != null ||
    !!q.ext ||
    !!q.coverage
  );
}

/**
 * The positions of the rows a query shows, in order, as a compact array (a
 * view of a million rows costs 4 MB, never a copy of the rows). An invalid
 * regular expression filters nothing (the page says why before sending it);
 * one that runs out of its time budget throws PatternTooSlowError.
 */
export function queryRows(set: SitemapSet, result: CheckResult, query: ViewQuery, diffKinds?: Uint8Array): Uint32Array {
  const rows = set.rows;
  const n = rows.length;
  if (!isFiltered(query)) {
    // Every row: no test per row (a million of them before each sort).
    const all = new Uint32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    if (query.sort) sortView(set, result, all, query.sort.key, query.sort.dir);
    return all;
  }
  const codeBit = query.code ? (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[query.code] : undefined;
  // An extension code is a bit of the row's sparse extension mask, looked up only for rows that have one.
  const extBit = query.code ? (EXT_RULE_BITS as Partial<Record<RuleCode, number>>)[query.code] : undefined;
  const pattern = query.regex && query.text !== '' ? compileLocPattern(query.text) : null;
  // `status:planned` in the plain text filters by the board's status; the rest of the text by loc.
  const words = query.regex ? { text: '', status: null } : splitStatusFilter(query.text);
  const text = words.text.trim().toLowerCase();
  const statusMatch = words.status === null ? null : statusMatcher(rows, words.status);
  const fv = query.fieldValue;
  const fvColumn = fv ? rows.columnOf(fv.field) : null;
  const prefix = query.prefix ?? '';
  // Typed readable (`ürün`) or encoded (`%C3%BC`), a text finds the URL in either form.
  const textMatch = text
    ? anyFormMatcher(rows.loc, [...new Set(urlTextForms(text).map((f) => f.toLowerCase()))])
    : null;
  const period = query.lastmodPeriod ?? '';
  const lastmods = rows.lastmod;
  const diffKind = query.diffKind ? ROW_DIFF[query.diffKind] : -1;
  const regexMatch = pattern?.ok ? new LocRegexMatcher(rows.loc, pattern) : null;
  const before = query.lastmodBefore && isFilterDay(query.lastmodBefore) ? query.lastmodBefore : '';
  const after = query.lastmodAfter && isFilterDay(query.lastmodAfter) ? query.lastmodAfter : '';
  const missing = query.lastmodMissing === true;
  const priorityMatch = query.priority != null ? priorityMatcher(rows.priority, query.priority) : null;
  const file = query.file ?? null;
  const ext = query.ext ?? null;
  if (diffKind >= 0 && diffKinds?.length !== n) return new Uint32Array(0);
  const coverageMatch = query.coverage ? coverageMatcher(coverageOf(set), query.coverage, n) : null;
  if (coverageMatch === false) return new Uint32Array(0);
  const out = new Uint32Array(n);
  let count = 0;
  if (textMatch && !statusMatch && isTextOnly(query)) {
    // The filter box alone (each keystroke): one test a row, not fourteen.
    for (let i = 0; i < n; i++) if (textMatch.matches(i)) out[count++] = i;
    const view = out.slice(0, count);
    if (query.sort) sortView(set, result, view, query.sort.key, query.sort.dir);
    return view;
  }
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
    if (
      period &&
      (mask & LASTMOD_UNUSABLE ||
        !lastmodInPeriod(lastmods.rawText(i), lastmods.rawStart(i), lastmods.rawEnd(i), period))
    )
      continue;
    if (missing && lastmods.rawEnd(i) !== lastmods.rawStart(i)) continue;
    if ((before || after) && !lastmodAround(lastmods, i, mask, before, after)) continue;
    if (file !== null && rows.file[i] !== file) continue;
    if (priorityMatch && !priorityMatch(i)) continue;
    if (ext && !hasExtKind(rows.ext[i], ext)) continue;
    if (coverageMatch && !coverageMatch(i)) continue;
    if (textMatch && !textMatch.matches(i)) continue;
    if (statusMatch && !statusMatch(i)) continue;
    if (regexMatch && !regexMatch.matches(i)) continue;
    if (prefix && !locInBranch(rows.loc.get(i), prefix)) continue;
    out[count++] = i;
  }
  const view = out.slice(0, count);
  if (query.sort) sortView(set, result, view, query.sort.key, query.sort.dir);
  return view;
}

/** Whether plain text is the query's only filter. */
function isTextOnly(q: ViewQuery): boolean {
  return !q.regex && isFiltered(q) && !isFiltered({ ...q, text: '' });
}

/** Whether row `i`'s lastmod is before `before` and after `after` (each '' for no bound); a missing or unusable one is neither. */
function lastmodAround(lastmods: StringColumn, i: number, mask: number, before: string, after: string): boolean {
  const s = lastmods.rawStart(i);
  const e = lastmods.rawEnd(i);
  if (s === e || mask & LASTMOD_UNUSABLE) return false;
  const t = lastmods.rawText(i);
  if (before && compareLastmodDay(t, s, e, before) >= 0) return false;
  return !after || compareLastmodDay(t, s, e, after) > 0;
}

/** A lastmod with these problems lies in no period. */
const LASTMOD_UNUSABLE = ROW_RULE_BITS[LASTMOD_FORMAT.code] | ROW_RULE_BITS[LASTMOD_INVALID.code];

/** Sorts positions by a key; ties keep row order, so a sort is stable and repeatable. */
function sortView(set: SitemapSet, result: CheckResult, view: Uint32Array, key: SortKey, dir: 'asc' | 'desc'): void {
  const rows = set.rows;
  if (key === 'file') sortByRank(view, (i) => rows.file[i] ?? 0, dir);
  else if (key === 'problems') sortByRank(view, (i) => problemWeight(result.rowCodes[i] ?? 0), dir);
  else if (key === 'depth' || key === 'inlinks') sortByNumber(view, crawlNumberOf(coverageOf(set), key), dir);
  else sortByText(view, rows.columnOf(key), dir, key === 'priority');
}

/** More and graver problems sort first when descending: errors weigh most. */
function problemWeight(mask: number): number {
  let w = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) w++;
  return w;
}
