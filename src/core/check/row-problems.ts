/*
 * The located, plain-language problems of the few rows a view shows: the
 * check itself keeps masks (check-set.ts), never one object per problem.
 */
import type { SitemapSet } from '../read/sitemap-set';
import { makeProblem, placeOf, type Problem } from '../rules/problem';
import { ruleFor } from '../rules/registry';
import type { CheckOptions, CheckResult } from './check-result';
import { scopeOf, STATES } from './check-state';
import { ExtCheck } from './ext-check';
import { OriginTally } from '../rules/loc/location';
import { HREFLANG_NOT_RECIPROCAL } from '../rules/hreflang/hreflang-rules';
import { LOC_DUPLICATE, LOC_NOT_ALLOWED, LOC_UNUSABLE } from '../rules/loc/loc-rules';
import {
  EXT_RULES,
  type ExtRuleCode,
  ROW_RULES,
  ROW_RULE_MASK,
  type RowRuleCode,
  lowestBit,
  severityOfBit,
  severityOfExtBit,
} from '../rules/bits';
import { describeExt, describeRowRule, FIELD_BITS } from '../rules/modules';
import { type DescribeContext, EXT_RULES_BIT, type Unreciprocated } from '../rules/rule';

/**
 * The problems of row `i` (a position) as located, plain-language objects:
 * file name, line and column of its entry, its stable row id and the field.
 * For the few rows a view shows; the check itself never builds these.
 */
export function rowProblems(set: SitemapSet, result: CheckResult, i: number, opts: CheckOptions = {}): Problem[] {
  const mask = result.rowCodes[i] ?? 0;
  if (mask === 0) return [];
  const rows = set.rows;
  const base = placeOf(set.files[rows.file[i] ?? 0]?.name, rows.line[i] ?? 0, rows.column[i] ?? 0);
  base.row = rows.id[i] ?? 0;
  const loc = rows.loc.get(i);
  const out: Problem[] = [];
  for (let rest = mask & ROW_RULE_MASK; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    const code = ROW_RULES[b] as RowRuleCode;
    const ctx = (1 << b) & FIELD_BITS.loc ? locContext(set, result, code, loc, opts) : {};
    const { detail, field } = describeRowRule(code, set.rows, i, ctx);
    out.push(makeProblem(ruleFor(code), detail, { ...base, field }, severityOfBit(b, mask)));
  }
  const extMask = mask & EXT_RULES_BIT ? (result.extCodes.get(i) ?? 0) : 0;
  for (let rest = extMask; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    const code = EXT_RULES[b] as ExtRuleCode;
    const others = code === HREFLANG_NOT_RECIPROCAL.code ? unreciprocatedAlternates(set, result, i) : [];
    out.push(
      makeProblem(
        ruleFor(code),
        describeExt(code, loc, rows.ext[i] ?? [], others),
        { ...base, field: 'ext' },
        severityOfExtBit(b),
      ),
    );
  }
  return out;
}

/**
 * The hreflang alternates of row `i` (a position) that are in the set but do
 * not list it back: the check's index answers it (it is rebuilt for a copied
 * result).
 */
export function unreciprocatedAlternates(set: SitemapSet, result: CheckResult, i: number): Unreciprocated[] {
  const state = STATES.get(result);
  if (state && state.locs.length === set.rows.length) return state.ext.unreciprocated(set.rows, i, state.dups);
  const rows = set.rows;
  const first = new Map<string, number>();
  const next = new Int32Array(rows.length).fill(-1);
  const extRows: number[] = [];
  for (let p = rows.length - 1; p >= 0; p--) {
    const loc = rows.loc.get(p);
    next[p] = first.get(loc) ?? -1;
    first.set(loc, p);
  }
  for (let p = 0; p < rows.length; p++) if (rows.ext[p] !== undefined) extRows.push(p);
  const lookup = { firstAt: (loc: string) => first.get(loc) ?? -1, nextAt: (pos: number) => next[pos] as number };
  const ext = new ExtCheck(rows.length);
  ext.build(rows, extRows, lookup);
  return ext.unreciprocated(rows, i, lookup);
}

function locContext(
  set: SitemapSet,
  result: CheckResult,
  code: RowRuleCode,
  loc: string,
  opts: CheckOptions,
): DescribeContext {
  const ctx: DescribeContext = {};
  const siteUrl = opts.siteUrl?.trim() ?? '';
  if (siteUrl) ctx.siteUrl = siteUrl;
  if (code !== LOC_NOT_ALLOWED.code && code !== LOC_DUPLICATE.code) return ctx;
  const state = STATES.get(result);
  if (state && state.siteUrl === siteUrl && state.locs.length === set.rows.length) {
    if (state.scope) ctx.allowed = state.scope.prefix;
    ctx.majority = state.majority?.origin ?? null;
    ctx.copies = state.dups.count(loc);
    return ctx;
  }
  // A copied result (no state): work the context out without touching the result.
  const scope = scopeOf(siteUrl);
  if (scope) ctx.allowed = scope.prefix;
  const rows = set.rows;
  let copies = 0;
  const tally = new OriginTally();
  for (let i = 0; i < rows.length; i++) {
    if (rows.loc.get(i) === loc) copies++;
    if (!scope && !((result.rowCodes[i] ?? 0) & LOC_UNUSABLE)) tally.add(rows.loc.get(i));
  }
  ctx.copies = copies;
  if (!scope) ctx.majority = tally.majority();
  return ctx;
}
