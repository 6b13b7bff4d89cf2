import type { SitemapSet } from '../read/sitemap-set';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import { rowProblems } from './row-problems';
import { type CheckOptions, type CheckResult } from './check-result';

/**
 * Every problem of a checked set as located objects: file-level and set-level
 * ones first, then each row's, in row order. `perCode` bounds how many row
 * problems of one code are built, for huge sets (the result's counts stay exact).
 */
export function listProblems(
  set: SitemapSet,
  result: CheckResult,
  opts: CheckOptions = {},
  perCode = Infinity,
): Problem[] {
  const out = [...result.problems];
  const built = new Map<RuleCode, number>();
  for (let i = 0; i < set.rows.length; i++) {
    if (result.rowCodes[i] === 0) continue;
    for (const p of rowProblems(set, result, i, opts)) {
      const n = built.get(p.code) ?? 0;
      if (n >= perCode) continue;
      built.set(p.code, n + 1);
      out.push(p);
    }
  }
  return out;
}
