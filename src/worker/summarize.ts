import { commonOrigin } from '../core/check/check-set';
import { rowProblems } from '../core/check/row-problems';
import { type CheckOptions, type CheckResult } from '../core/check/check-result';
import { formatPlace, placeOf } from '../core/rules/problem';
import { canFixNow, ruleFor, RULES } from '../core/rules/registry';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { Severity } from '../core/rules/rule';
import type { RuleCode } from '../core/rules/registry';
import type { Problem } from '../core/rules/problem';
import { repairedOnExport } from '../core/write/export-repairs';
import { siteBaseOf } from '../core/write/origin';
import { MAX_PROBLEMS_SENT, type ProblemGroup, type ReportedProblem, type SetSummary } from './protocol';
import { LOC_NOT_ABSOLUTE, LOC_TOO_LONG, LOC_TOO_LONG_ERROR_MARK } from '../core/rules/loc/loc-rules';
import { ROW_RULE_BITS, isExtRule, isRowRule } from '../core/rules/bits';
import { EXT_RULES_BIT } from '../core/rules/rule';
import { coverageOf } from '../core/rules/site-data/crawl-coverage';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const RULE_RANK = new Map<RuleCode, number>(RULES.map((r, i) => [r.code, i]));

/**
 * What the page needs to show a checked set: totals, the files, every problem
 * code with its count, a bounded sample of problems.
 * Bounded so that a million-URL set costs the page the same as a small one.
 */
export function summarizeSet(
  set: SitemapSet,
  check: CheckResult,
  opts: CheckOptions = {},
  viewCount = set.rows.length,
): SetSummary {
  const groups = groupProblems(check.byCode);
  const shown = groupBySeverity(groups, check);
  const repaired = repairedOnExport(set, check, opts.siteUrl);
  for (const g of shown) {
    const n = repaired[g.code];
    // A code split over two severities (loc-too-long) shares its count.
    if (n) g.repairedOnExport = Math.min(n, g.count);
    // Fix all fixes every occurrence, of rows and of index entries alike: a relative URL once the
    // Site URL is set (fix-slice.ts asks for it first).
    if (canFixNow(g.code)) g.fixable = g.count;
    // An index's relative child locs not fixed: the export writes them absolute from here.
    if (n && g.code === LOC_NOT_ABSOLUTE.code) g.repairedFrom = siteBaseOf(set, opts.siteUrl ?? '').url;
  }
  const { error, warning, info } = check.counts;
  return {
    urlCount: set.rows.length,
    // A crawl export's pages stay in the worker: the page shows only what the file is.
    files: set.files.map((f) => (f.siteData?.kind === 'crawl' ? { ...f, siteData: { kind: 'crawl', pages: [] } } : f)),
    counts: { error, warning, info },
    byCode: { ...check.byCode },
    groups: shown,
    problems: sampleProblems(set, check, fairQuotas(groups, MAX_PROBLEMS_SENT), opts),
    problemTotal: error + warning + info,
    viewCount,
    commonOrigin: commonOrigin(check),
    coverage: coverageOf(set)?.counts() ?? null,
  };
}

/**
 * The groups as the panel shows them: one per code and severity, so that each
 * section adds up to the header's count of that severity. Some occurrences
 * have another severity than their rule (loc-too-long is a warning over 1,024
 * characters and an error over 2,048; file-level problems carry their own):
 * the header counted them under their severity, the panel listed them under
 * the rule's, and the two disagreed.
 */
function groupBySeverity(groups: readonly ProblemGroup[], check: CheckResult): ProblemGroup[] {
  const seen = new Map<RuleCode, Record<Severity, number>>();
  const tally = (code: RuleCode) => {
    let t = seen.get(code);
    if (!t) seen.set(code, (t = { error: 0, warning: 0, info: 0 }));
    return t;
  };
  for (const p of check.problems) tally(p.code)[p.severity]++;
  const tooLong = ROW_RULE_BITS[LOC_TOO_LONG.code];
  const out: ProblemGroup[] = [];
  for (const g of groups) {
    const t = { ...(seen.get(g.code) ?? { error: 0, warning: 0, info: 0 }) };
    let rowLevel = g.count - t.error - t.warning - t.info;
    if (g.code === LOC_TOO_LONG.code && rowLevel > 0) {
      let errors = 0;
      for (let i = 0; i < check.rowCodes.length; i++)
        if (((check.rowCodes[i] ?? 0) & (tooLong | LOC_TOO_LONG_ERROR_MARK)) === (tooLong | LOC_TOO_LONG_ERROR_MARK))
          errors++;
      t.error += errors;
      t.warning += rowLevel - errors;
      rowLevel = 0;
    }
    t[g.severity] += rowLevel;
    for (const severity of ['error', 'warning', 'info'] as const) {
      if (t[severity] > 0) out.push({ ...g, severity, count: t[severity] });
    }
  }
  return out.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      b.count - a.count ||
      (RULE_RANK.get(a.code) ?? 0) - (RULE_RANK.get(b.code) ?? 0),
  );
}

function groupProblems(byCode: CheckResult['byCode']): ProblemGroup[] {
  const groups: ProblemGroup[] = [];
  for (const [code, count] of Object.entries(byCode) as [RuleCode, number][]) {
    if (!count) continue;
    const rule = ruleFor(code);
    groups.push({ code, severity: rule.severity, title: rule.title, count });
  }
  return groups.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      b.count - a.count ||
      (RULE_RANK.get(a.code) ?? 0) - (RULE_RANK.get(b.code) ?? 0),
  );
}

/**
 * How many examples of each code to send, at most `max` in all, shared out
 * fairly: a million `loc-duplicate` warnings must not crowd out the one
 * `xml-malformed` error.
 */
export function fairQuotas(groups: readonly ProblemGroup[], max: number): Map<RuleCode, number> {
  const quotas = new Map<RuleCode, number>();
  const ascending = [...groups].sort((a, b) => a.count - b.count);
  let left = max;
  ascending.forEach((g, i) => {
    const share = Math.min(g.count, Math.floor(left / (ascending.length - i)));
    quotas.set(g.code, share);
    left -= share;
  });
  return quotas;
}

/*
 * The check keeps row-level problems as bits per row (no objects), so the
 * examples for row codes are built here, for the few rows sent, after the
 * file-level problems the check did build.
 */
function sampleProblems(
  set: SitemapSet,
  check: CheckResult,
  quotas: Map<RuleCode, number>,
  opts: CheckOptions,
): ReportedProblem[] {
  const out: ReportedProblem[] = [];
  const take = (p: Problem): boolean => {
    const q = quotas.get(p.code) ?? 0;
    if (q === 0) return false;
    quotas.set(p.code, q - 1);
    return true;
  };

  const entries = indexEntryPlaces(set);
  for (const p of check.problems) {
    if (!take(p)) continue;
    const field = p.row === undefined && (p.field === 'loc' || p.field === 'lastmod') ? p.field : null;
    const k = field ? entries.get(keyOf(p)) : undefined;
    const e = k === undefined ? undefined : set.sitemaps[k];
    // An index entry's problem carries the entry, so the panel can edit it.
    if (field && e && k !== undefined)
      out.push({ ...p, place: formatPlace(p), loc: e.loc, entry: { index: k, field, value: e[field] } });
    else out.push({ ...p, place: formatPlace(p) });
  }

  let wanted = 0;
  for (const [code, q] of quotas) {
    if (q > 0 && isRowRule(code)) wanted |= ROW_RULE_BITS[code];
    else if (q > 0 && isExtRule(code)) wanted |= EXT_RULES_BIT;
  }
  for (let i = 0; i < set.rows.length && wanted !== 0; i++) {
    if (((check.rowCodes[i] ?? 0) & wanted) === 0) continue;
    const loc = set.rows.loc.get(i);
    for (const p of rowProblems(set, check, i, opts)) {
      if (!take(p)) continue;
      out.push({ ...p, place: formatPlace(p), loc });
      if (quotas.get(p.code) === 0 && isRowRule(p.code)) wanted &= ~ROW_RULE_BITS[p.code];
    }
  }
  return out;
}

/** Where each index entry is: `file:line:column` → its position in `set.sitemaps` (as the check places its problems). */
function indexEntryPlaces(set: SitemapSet): Map<string, number> {
  const out = new Map<string, number>();
  set.sitemaps.forEach((e, k) => {
    const file = set.files[e.file]?.name;
    if (file !== undefined) out.set(keyOf(placeOf(file, e.line, e.column)), k);
  });
  return out;
}

function keyOf(p: { file?: string; line?: number; column?: number }): string {
  return `${p.file ?? ''}\u0000${p.line ?? 0}\u0000${p.column ?? 0}`;
}
