import { beat } from '../base/beat';
import type { StringColumn } from '../rows/string-columns';
import type { SitemapSet } from '../read/sitemap-set';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import { scopeOf, STATES, type CheckState } from './check-state';
import { LocScanner } from '../rules/loc/loc-scan';
import { BUCKET_SHIFT, LocIndex } from './duplicates';
import { checkIndexEntries } from './index-entries';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import type { CheckOptions, CheckResult } from './check-result';
import { isAllowed, OriginMatcher, OriginTally } from '../rules/loc/location';
import { ownRowMask } from './row-mask';
import { fieldMasks } from './field-masks';
import { locMask } from '../rules/loc/loc-mask';
import { ExtCheck } from './ext-check';
import { checkSiteData, refreshSiteData } from '../rules/site-data/check-site-data';
import { partsFit, type OwnChecks } from './own-checks';
import { NEWS_TOO_MANY } from '../rules/news/news-rules';
import { PRIORITY_UNIFORM } from '../rules/priority/priority-rules';
import { EXT_RULES, ROW_RULES, ROW_RULE_MASK, lowestBit, severityOfBit, severityOfExtBit } from '../rules/bits';
import { LOC_BIT, LOC_UNUSABLE } from '../rules/loc/loc-rules';
import { priorityUniform } from '../rules/priority/priority';
import { EXT_RULES_BIT } from '../rules/rule';
import { pushAll } from '../base/push-all';

function count(result: CheckResult, code: RuleCode, severity: Problem['severity'], by: number): void {
  const c = (result.byCode[code] ?? 0) + by;
  if (c === 0) delete result.byCode[code];
  else result.byCode[code] = c;
  result.counts[severity] += by;
}

/** Adds (sign 1) or removes (sign -1) the occurrences of a row mask from the totals. */
function countMask(result: CheckResult, mask: number, sign: 1 | -1): void {
  for (let rest = mask & ROW_RULE_MASK; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    count(result, ROW_RULES[b] as RuleCode, severityOfBit(b, mask), sign);
  }
}

/** {@link countMask} for an extension mask. */
function countExtMask(result: CheckResult, mask: number, sign: 1 | -1): void {
  for (let rest = mask; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    count(result, EXT_RULES[b] as RuleCode, severityOfExtBit(b), sign);
  }
}

/** Replaces position p's extension mask, keeping EXT_RULES_BIT and the totals right. */
function setExtMask(result: CheckResult, p: number, mask: number): void {
  const old = result.extCodes.get(p) ?? 0;
  if (old !== mask) {
    countExtMask(result, old, -1);
    countExtMask(result, mask, 1);
    if (mask === 0) result.extCodes.delete(p);
    else result.extCodes.set(p, mask);
  }
  const m = result.rowCodes[p] ?? 0;
  result.rowCodes[p] = mask === 0 ? m & ~EXT_RULES_BIT : m | EXT_RULES_BIT;
}

function countProblem(result: CheckResult, p: Problem, sign: 1 | -1): void {
  count(result, p.code, p.severity, sign);
}

/** Sets or clears one cross-row bit (loc-duplicate, loc-not-allowed) of position p, keeping the totals right. */
function setBit(result: CheckResult, p: number, bit: number, on: boolean): void {
  const old = result.rowCodes[p] ?? 0;
  const next = on ? old | bit : old & ~bit;
  if (next === old) return;
  result.rowCodes[p] = next;
  count(result, ROW_RULES[lowestBit(bit)] as RuleCode, severityOfBit(lowestBit(bit), next), on ? 1 : -1);
}

/**
 * Checks every rule of SPEC §4 that is not found while reading: the rows (as
 * bit masks, one 32-bit word per row, no objects), the entries of sitemap
 * indexes and the set as a whole. `set.problems` (found while reading) are
 * copied into the result and counted. `own`: the rows' own checks, made
 * part by part where they were read (see ownChecks); used when they cover
 * every row with this Site URL, the same result for less work here.
 */
export function checkSet(set: SitemapSet, opts: CheckOptions = {}, own?: readonly OwnChecks[]): CheckResult {
  const rows = set.rows;
  const n = rows.length;
  const siteUrl = opts.siteUrl?.trim() ?? '';
  // Parts checked where they were read (ownChecks): their present is the check's, so every rule agrees.
  const parts = own && partsFit(own, n, siteUrl) ? own : null;
  const clock = clockOf(parts ? new Date((parts[0] as OwnChecks).now) : opts.now);
  const scope = scopeOf(siteUrl);
  const rowCodes = new Uint32Array(n);
  const locs = rows.loc.snapshot();
  const dups = new LocIndex(locs);

  // One pass reads each loc once: its own rules, its hash for the duplicate index and the location rule.
  // Its bytes are read once for the hash and the clean-loc test (no string of the loc, no regular
  // expression), by a chunk the origin tally shares.
  // Eager: every chunk is read through, its values encoded at once rather than after 256 of them.
  const chunk = new LocScanner(true);
  const tally = scope ? null : new OriginTally(chunk);
  // The few rows with extension elements, for the extension rules after the pass.
  const extRows: number[] = [];
  const exts = rows.ext;
  if (!parts) fieldMasks(rows, clock, rowCodes);
  // Each pass over a million rows takes 0.1–0.3 s: a beat after each (core/beat.ts).
  beat(n);
  // Locals: run through tsx, an imported binding is a getter call on every use.
  const locMissing = LOC_BIT.missing;
  const unusable = LOC_UNUSABLE;
  const notAllowed = LOC_BIT.notAllowed;
  // Taken from the parts instead when given: this pass then runs over no row.
  if (parts) takeOwnChecks(parts, { rowCodes, dups, extRows, exts, tally, locs });
  const hashes = parts ? null : dups.hashArray();
  // The index's buckets counted here, as each row's mask is known: its build then skips that pass.
  const buckets = parts ? null : dups.bucketCounts();
  const shift = BUCKET_SHIFT;
  for (let i = 0; i < (parts ? 0 : n); i++) {
    // Each loc's place read once for all three uses (the column's getters are calls, not inlined).
    const text = locs.rawText(i);
    const start = locs.rawStart(i);
    const end = locs.rawEnd(i);
    const h = chunk.scan(text, start, end);
    (hashes as Int32Array)[i] = h;
    let loc: string | undefined;
    let m = rowCodes[i] as number;
    // A clean loc has no defect of its own (locMask's fast path): only the others need its string.
    if (!chunk.clean) {
      loc = text.slice(start, end);
      m |= locMask(loc);
    }
    if (exts[i] !== undefined) extRows.push(i);
    if (!(m & unusable)) {
      if (scope) {
        if (!isAllowed(loc ?? text.slice(start, end), scope)) m |= notAllowed;
      } else if (chunk.onOrigin) (tally as OriginTally).hit();
      else {
        // A loc off the run's origin (or not compared as bytes): the tally tests it, and may start a new run.
        (tally as OriginTally).addRange(text, start, end, loc);
        chunk.setOrigin((tally as OriginTally).rawOrigin);
      }
    }
    if (!(m & locMissing)) (buckets as Int32Array)[(h >>> shift) + 1]++;
    rowCodes[i] = m;
  }
  beat(n);
  dups.build(rowCodes, locMissing);
  beat(n);
  dups.forEachDuplicate((p) => {
    rowCodes[p] = (rowCodes[p] ?? 0) | LOC_BIT.duplicate;
  });
  // Without a Site URL, the location rule needs the most common origin first.
  const majority = tally ? flagOtherOrigins(rowCodes, locs, tally) : null;

  // Extension rules last: whether an alternate links back needs every loc indexed.
  const ext = new ExtCheck(n);
  beat(n);
  const extCodes = ext.build(rows, extRows, dups);
  beat(n);
  const result: CheckResult = {
    problems: [],
    rowCodes,
    extCodes,
    counts: { error: 0, warning: 0, info: 0 },
    byCode: {},
  };
  for (let i = 0; i < n; i++) {
    const m = rowCodes[i] ?? 0;
    if (m !== 0) countMask(result, m, 1);
  }
  for (const [p, m] of extCodes) {
    rowCodes[p] = (rowCodes[p] ?? 0) | EXT_RULES_BIT;
    countExtMask(result, m, 1);
  }
  const fileName = (f: number): string | undefined => set.files[f]?.name;
  const problems = [...set.problems, ...checkIndexEntries(set.sitemaps, fileName, clock, scope, siteUrl)];
  const uniform = priorityUniform(rows);
  if (uniform) problems.push(uniform);
  pushAll(problems, ext.newsProblems(set.files));
  pushAll(problems, checkSiteData(set));
  for (const p of problems) countProblem(result, p, 1);
  result.problems = problems;
  STATES.set(result, { locs, dups, siteUrl, scope, tally, majority, ext });
  return result;
}

/**
 * The check's first pass from parts already checked row by row (ownChecks):
 * their bits and hashes taken as they are; the extension rows noted, and,
 * without a Site URL, each usable loc's origin tallied (the rule needs all).
 */
function takeOwnChecks(
  parts: readonly OwnChecks[],
  into: {
    rowCodes: Uint32Array;
    dups: LocIndex;
    extRows: number[];
    exts: SitemapSet['rows']['ext'];
    tally: OriginTally | null;
    locs: StringColumn;
  },
): void {
  const { rowCodes, dups, extRows, exts, tally, locs } = into;
  const unusable = LOC_UNUSABLE;
  let i = 0;
  for (const part of parts) {
    const codes = part.codes;
    const hashes = part.hashes;
    for (let k = 0; k < codes.length; k++, i++) {
      const m = codes[k] as number;
      dups.setHash(i, hashes[k] as number);
      if (exts[i] !== undefined) extRows.push(i);
      if (tally && !(m & unusable)) tally.addRange(locs.rawText(i), locs.rawStart(i), locs.rawEnd(i));
      rowCodes[i] = m;
    }
  }
}

/**
 * The most common origin of the usable locs, how many have it and whether
 * it is the only one (every usable loc shares it), as the
 * check found it without a Site URL (the Site URL to suggest); null when a
 * Site URL was given or no loc is usable.
 */
export function commonOrigin(result: CheckResult): { origin: string; count: number; sole: boolean } | null {
  const tally = STATES.get(result)?.tally;
  const origin = tally?.majority() ?? null;
  if (!tally || origin === null) return null;
  return { origin, count: tally.counts.get(origin) ?? 0, sole: tally.counts.size === 1 };
}

/** Flags loc-not-allowed on usable locs off the most common origin; returns its matcher (null when no origin). */
function flagOtherOrigins(rowCodes: Uint32Array, locs: StringColumn, tally: OriginTally): OriginMatcher | null {
  const origin = tally.majority();
  if (origin === null) return null;
  // One origin only: nothing can be off it, skip the pass.
  if (tally.counts.size === 1) return new OriginMatcher(origin);
  const matcher = new OriginMatcher(origin);
  for (let i = 0; i < rowCodes.length; i++) {
    const m = rowCodes[i] ?? 0;
    if (!(m & LOC_UNUSABLE) && !matcher.matches(locs.get(i))) rowCodes[i] = m | LOC_BIT.notAllowed;
  }
  return matcher;
}

/** The state of a result, rebuilt by a full check when missing or made with other options. */
function stateFor(set: SitemapSet, result: CheckResult, opts: CheckOptions): CheckState {
  const siteUrl = opts.siteUrl?.trim() ?? '';
  const state = STATES.get(result);
  if (state && state.siteUrl === siteUrl && state.locs.length === set.rows.length) return state;
  const fresh = checkSet(set, opts);
  Object.assign(result, {
    problems: fresh.problems,
    rowCodes: fresh.rowCodes,
    extCodes: fresh.extCodes,
    counts: fresh.counts,
    byCode: fresh.byCode,
  });
  const s = STATES.get(fresh) as CheckState;
  STATES.set(result, s);
  return s;
}

/**
 * Re-checks the rows at `positions` after their values changed, updating
 * `result` in place: their own rules, loc-duplicate on both sides (the row
 * that stops or starts being a duplicate of an edited one), loc-not-allowed
 * (every row when the most common origin changes) and priority-uniform.
 * Rows added or removed, or another Site URL, make it a full check (positions
 * shift; use checkSet again after removing rows for speed and clarity).
 */
export function recheckRows(
  set: SitemapSet,
  result: CheckResult,
  positions: ArrayLike<number>,
  opts: CheckOptions = {},
): void {
  const known = STATES.get(result);
  const state = stateFor(set, result, opts);
  if (state !== known) return; // rebuilt by a full check: already up to date.
  const rows = set.rows;
  const clock = clockOf(opts.now);
  const codes = result.rowCodes;
  // For the extension rules, after the loop: the rows checked and the locs they had.
  const checked: number[] = [];
  const oldLocs: string[] = [];
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    if (p < 0 || p >= rows.length) continue;
    const oldMask = codes[p] ?? 0;
    const oldLoc = state.locs.get(p);
    const newLoc = rows.loc.get(p);
    checked.push(p);
    oldLocs.push(oldLoc);
    countMask(result, oldMask, -1);
    let m = ownRowMask(rows, p, clock);
    codes[p] = m;
    if (oldLoc !== newLoc) {
      if (!(oldMask & LOC_BIT.missing)) {
        const left = state.dups.remove(p);
        if (left >= 0) setBit(result, left, LOC_BIT.duplicate, false);
      }
      if (state.tally && !(oldMask & LOC_UNUSABLE)) state.tally.remove(oldLoc);
      state.locs.set(p, newLoc);
      if (!(m & LOC_BIT.missing)) {
        for (const q of state.dups.add(p)) if (q !== p) setBit(result, q, LOC_BIT.duplicate, true);
      }
      if (state.tally && !(m & LOC_UNUSABLE)) state.tally.add(newLoc);
    }
    if (!(m & LOC_BIT.missing) && state.dups.count(newLoc) > 1) m |= LOC_BIT.duplicate;
    if (!(m & LOC_UNUSABLE)) {
      if (state.scope) {
        if (!isAllowed(newLoc, state.scope)) m |= LOC_BIT.notAllowed;
      } else if (state.majority && !state.majority.matches(newLoc)) m |= LOC_BIT.notAllowed;
    }
    codes[p] = m;
    countMask(result, m, 1);
  }
  // The edited rows' extension masks, and those of the rows whose alternates point at them.
  for (const [p, m] of state.ext.recheck(rows, checked, oldLocs, state.dups)) setExtMask(result, p, m);
  if (state.ext.newsChanged) refreshNewsTooMany(set, result, state.ext);
  if (state.tally) refreshMajority(result, state);
  refreshPriorityUniform(set, result);
  refreshSiteData(set, result, checked);
}

function refreshNewsTooMany(set: SitemapSet, result: CheckResult, ext: ExtCheck): void {
  for (const p of result.problems) if (p.code === NEWS_TOO_MANY.code) countProblem(result, p, -1);
  result.problems = result.problems.filter((p) => p.code !== NEWS_TOO_MANY.code);
  for (const p of ext.newsProblems(set.files)) {
    result.problems.push(p);
    countProblem(result, p, 1);
  }
}

/** After edits without a Site URL: when the most common origin changed, re-flag every row against the new one. */
function refreshMajority(result: CheckResult, state: CheckState): void {
  const origin = state.tally?.majority() ?? null;
  if (origin === (state.majority?.origin ?? null)) return;
  state.majority = origin === null ? null : new OriginMatcher(origin);
  const codes = result.rowCodes;
  for (let i = 0; i < codes.length; i++) {
    const m = codes[i] ?? 0;
    const off = !(m & LOC_UNUSABLE) && state.majority !== null && !state.majority.matches(state.locs.get(i));
    setBit(result, i, LOC_BIT.notAllowed, off);
  }
}

function refreshPriorityUniform(set: SitemapSet, result: CheckResult): void {
  const at = result.problems.findIndex((p) => p.code === PRIORITY_UNIFORM.code);
  if (at >= 0) {
    countProblem(result, result.problems[at] as Problem, -1);
    result.problems.splice(at, 1);
  }
  const uniform = priorityUniform(set.rows);
  if (uniform) {
    result.problems.push(uniform);
    countProblem(result, uniform, 1);
  }
}
