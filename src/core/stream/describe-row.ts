import { describeRowRule, quote } from '../check/describe';
import type { RowRuleCode } from '../check/row-bits';
import type { UrlRows } from '../rows/rows';
import type { UrlField } from '../rows/types';

/** What the streaming path knows when it describes a row's problem. */
export interface StreamDescribeContext {
  siteUrl?: string;
  /** The scope the Site URL allows, as `https://example.com/catalog/`. */
  allowed?: string;
}

/**
 * The plain-language detail and field of one row-level problem of row `i`,
 * in the words of the table path (check-set.ts rowProblems). Two differ
 * because the streaming path sees each row once: loc-duplicate names no
 * count (later copies are not read yet), and loc-not-allowed without a Site
 * URL is described once the most common origin is known (see OriginCounter).
 */
export function describeRowProblem(
  code: RowRuleCode,
  rows: UrlRows,
  i: number,
  ctx: StreamDescribeContext,
): { detail: string; field: UrlField | 'ext' } {
  if (code === 'loc-duplicate') {
    return {
      detail: `URL ${quote(rows.loc.get(i))} appears more than once: an earlier entry has the same URL`,
      field: 'loc',
    };
  }
  return describeRowRule(code, rows, i, ctx);
}
