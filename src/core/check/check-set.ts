import type { StringColumn } from '../columns';
import { makeProblem } from '../problem';
import { DUPLICATE_FLAG } from '../rows';
import type { SitemapSet } from '../sitemap-set';
import type { Problem, RuleCode, UrlField } from '../types';
import { describeChangefreq, describeLastmod, describeLoc, describePriority, type DescribeContext } from './describe';
import { LocIndex } from './duplicates';
import { findExtensionDefect } from './extensions';
import { checkIndexEntries, placeOf } from './index-entries';
import { clockOf, type LastmodClock } from './lastmod';
import { allowedScope, isAllowed, OriginMatcher, OriginTally, type AllowedScope } from './location';
import { ownRowMask } from './row-mask';
import { fieldMasks } from './field-masks';
import { locMask } from './loc';
import { B, EXT_RULES_BIT, LOC_UNUSABLE, lowestBit, ROW_RULE_MASK, ROW_RULES, severityOfBit, type RowRuleCode } from './row-bits';
import { checkPriorityUniform } from './set-rules';
import { EXT_RULES, severityOfExtBit, type ExtRuleCode } from './ext-bits';
import { ExtCheck } from './ext-check';
import { describeExt, type Unreciprocated } from './ext-rules';
import { checkSiteData, refreshSiteData } from '../site-data/check-site-data';

export { ROW_RULE_BITS, ROW_RULES, LOC_TOO_LONG_ERROR_BIT } from './row-bits';

export interface CheckOptions {
  /** Where the sitemaps will be served; scopes loc-not-allowed and lets messages propose absolute URLs. */
  siteUrl?: string;
  /** The present, for lastmod-future (default: the time of the call). */
  now?: Date;
}

export interface CheckResult {
  /** File-level (copied from set.problems), index-entry and set-level problems; never one object per row problem. */
  problems: Problem[];
  /** Per row position, the mask of its row-level rules (see ROW_RULE_BITS, LOC_TOO_LONG_ERROR_BIT, EXT_RULES_BIT). */
  rowCodes: Uint32Array;
  /**
   * Sparse: per row position with extension problems (EXT_RULES_BIT set in
   * rowCodes), the mask of its extension rules (see EXT_RULE_BITS).
   */
  extCodes: Map<number, number>;
  /** Every occurrence, row-level ones included. */
  counts: { error: number; warning: number; info: number };
  /**
   * Occurrences per code. Row-level codes count rows: loc-duplicate counts
   * every row whose URL occurs more than once (3 copies → 3), so it matches
   * the rows a "loc-duplicate" filter shows.
   */
  byCode: Partial<Record<RuleCode, number>>;
}

/**
 * What an incremental re-check needs and the result does not show. Kept
 * beside the result, not in it, so the result stays plain data; a result that
 * was copied (postMessage) has none and is rebuilt on its first re-check.
 */
interface CheckState {
  /** The loc of each position as last checked (the store has the new one already). */
  locs: StringColumn;
  dups: LocIndex;
  siteUrl: string;
  scope: AllowedScope | null;
  /** Without a valid Site URL: the origins and the most common one. */
  tally: OriginTally | null;
  majority: OriginMatcher | null;
  /** Who lists whom as an hreflang alternate, and news per file. */
  ext: ExtCheck;
}

const STATES = new WeakMap<CheckResult, CheckState>();

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

function scopeOf(siteUrl: string): AllowedScope | null {
  return siteUrl ? allowedScope(siteUrl) : null;
}

/**
 * Checks every rule of SPEC §4 that is not found while reading: the rows (as
 * bit masks, one 32-bit word per row, no objects), the entries of sitemap
 * indexes and the set as a whole. `set.problems` (found while reading) are
 * copied into the result and counted.
 */
export function checkSet(set: SitemapSet, opts: CheckOptions = {}): CheckResult {
  const rows = set.rows;
  const n = rows.length;
  const clock = clockOf(opts.now);
  const siteUrl = opts.siteUrl?.trim() ?? '';
  const scope = scopeOf(siteUrl);
  const rowCodes = new Uint32Array(n);
  const locs = rows.loc.snapshot();
  const dups = new LocIndex(locs);

  // One pass reads each loc once: its own rules, the duplicate index and the location rule.
  const tally = scope ? null : new OriginTally();
  // The few rows with extension elements, for the extension rules after the pass.
  const extRows: number[] = [];
  const exts = rows.ext;
  const fields = fieldMasks(rows, clock);
  // Locals: run through tsx, an imported binding is a getter call on every use.
  const locMissing = B.locMissing;
  const unusable = LOC_UNUSABLE;
  const notAllowed = B.locNotAllowed;
  for (let i = 0; i < n; i++) {
    const loc = locs.get(i);
    let m = locMask(loc) | (fields[i] as number);
    if (exts[i] !== undefined) extRows.push(i);
    if (!(m & locMissing)) dups.add(i);
    if (!(m & unusable)) {
      if (scope) {
        if (!isAllowed(loc, scope)) m |= notAllowed;
      } else (tally as OriginTally).addRange(locs.rawText(i), locs.rawStart(i), locs.rawEnd(i), loc);
    }
    rowCodes[i] = m;
  }
  dups.forEachDuplicate((p) => {
    rowCodes[p] = (rowCodes[p] ?? 0) | B.locDuplicate;
  });
  // Without a Site URL, the location rule needs the most common origin first.
  const majority = tally ? flagOtherOrigins(rowCodes, locs, tally) : null;

  // Extension rules last: whether an alternate links back needs every loc indexed.
  const ext = new ExtCheck(n);
  const extCodes = ext.build(rows, extRows, dups);
  const result: CheckResult = { problems: [], rowCodes, extCodes, counts: { error: 0, warning: 0, info: 0 }, byCode: {} };
  for (let i = 0; i < n; i++) {
    const m = rowCodes[i] ?? 0;
    if (m !== 0) countMask(result, m, 1);
  }
  for (const [p, m] of extCodes) {
    rowCodes[p] = (rowCodes[p] ?? 0) | EXT_RULES_BIT;
    countExtMask(result, m, 1);
  }
  const fileName = (f: number): string | undefined => set.files[f]?.name;
  const problems = [
    ...set.problems,
    ...checkIndexEntries(set.sitemaps, fileName, clock, scope, siteUrl),
  ];
  const uniform = checkPriorityUniform(rows);
  if (uniform) problems.push(uniform);
  problems.push(...ext.newsProblems(set.files));
  problems.push(...checkSiteData(set));
  for (const p of problems) countProblem(result, p, 1);
  result.problems = problems;
  STATES.set(result, { locs, dups, siteUrl, scope, tally, majority, ext });
  return result;
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
    if (!(m & LOC_UNUSABLE) && !matcher.matches(locs.get(i))) rowCodes[i] = m | B.locNotAllowed;
  }
  return matcher;
}

/** The state of a result, rebuilt by a full check when missing or made with other options. */
function stateFor(set: SitemapSet, result: CheckResult, opts: CheckOptions): CheckState {
  const siteUrl = opts.siteUrl?.trim() ?? '';
  const state = STATES.get(result);
  if (state && state.siteUrl === siteUrl && state.locs.length === set.rows.length) return state;
  const fresh = checkSet(set, opts);
  Object.assign(result, { problems: fresh.problems, rowCodes: fresh.rowCodes, extCodes: fresh.extCodes, counts: fresh.counts, byCode: fresh.byCode });
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
export function recheckRows(set: SitemapSet, result: CheckResult, positions: ArrayLike<number>, opts: CheckOptions = {}): void {
  const known = STATES.get(result);
  const state = stateFor(set, result, opts);
  if (state !== known) return; // rebuilt by a full check: already up to date.
  const rows = set.rows;
  const clock: LastmodClock = clockOf(opts.now);
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
      if (!(oldMask & B.locMissing)) {
        const left = state.dups.remove(p);
        if (left >= 0) setBit(result, left, B.locDuplicate, false);
      }
      if (state.tally && !(oldMask & LOC_UNUSABLE)) state.tally.remove(oldLoc);
      state.locs.set(p, newLoc);
      if (!(m & B.locMissing)) {
        for (const q of state.dups.add(p)) if (q !== p) setBit(result, q, B.locDuplicate, true);
      }
      if (state.tally && !(m & LOC_UNUSABLE)) state.tally.add(newLoc);
    }
    if (!(m & B.locMissing) && state.dups.count(newLoc) > 1) m |= B.locDuplicate;
    if (!(m & LOC_UNUSABLE)) {
      if (state.scope) {
        if (!isAllowed(newLoc, state.scope)) m |= B.locNotAllowed;
      } else if (state.majority && !state.majority.matches(newLoc)) m |= B.locNotAllowed;
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
  for (const p of result.problems) if (p.code === 'news-too-many') countProblem(result, p, -1);
  result.problems = result.problems.filter((p) => p.code !== 'news-too-many');
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
    setBit(result, i, B.locNotAllowed, off);
  }
}

function refreshPriorityUniform(set: SitemapSet, result: CheckResult): void {
  const at = result.problems.findIndex((p) => p.code === 'priority-uniform');
  if (at >= 0) {
    countProblem(result, result.problems[at] as Problem, -1);
    result.problems.splice(at, 1);
  }
  const uniform = checkPriorityUniform(set.rows);
  if (uniform) {
    result.problems.push(uniform);
    countProblem(result, uniform, 1);
  }
}

const FIELD_OF: Partial<Record<RowRuleCode, UrlField>> = {
  'lastmod-format': 'lastmod',
  'lastmod-invalid': 'lastmod',
  'lastmod-timezone': 'lastmod',
  'lastmod-future': 'lastmod',
  'changefreq-value': 'changefreq',
  'priority-format': 'priority',
  'priority-range': 'priority',
};

const FIELDS: UrlField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

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
    let field: UrlField | 'ext' = FIELD_OF[code] ?? 'loc';
    let detail: string;
    if (code.startsWith('loc-')) {
      detail = describeLoc(code, loc, locContext(set, result, code, loc, opts));
    } else if (field === 'lastmod') {
      detail = describeLastmod(code, rows.lastmod.get(i));
    } else if (field === 'changefreq') {
      detail = describeChangefreq(rows.changefreq.get(i));
    } else if (field === 'priority') {
      detail = describePriority(code, rows.priority.get(i));
    } else if (code === 'duplicate-tag') {
      const flags = rows.readFlags[i] ?? 0;
      const dup = FIELDS.filter((f) => flags & DUPLICATE_FLAG[f]);
      field = dup[0] ?? 'loc';
      detail = `${dup.map((f) => `<${f}>`).join(', ')} appear${dup.length === 1 ? 's' : ''} more than once in this entry; the first value is kept`;
    } else if (code === 'ext-invalid') {
      field = 'ext';
      const defect = findExtensionDefect(rows.ext[i] ?? []);
      detail = `${defect?.message ?? 'An extension element does not follow its schema'}; it is kept as is${defect?.fixable ? ' (Fix repairs it)' : ''}`;
    } else {
      field = 'ext';
      detail = 'This entry contains an element outside the sitemap protocol and the known extensions; it is kept as is';
    }
    out.push(makeProblem(code, detail, { ...base, field }, severityOfBit(b, mask)));
  }
  const extMask = mask & EXT_RULES_BIT ? (result.extCodes.get(i) ?? 0) : 0;
  for (let rest = extMask; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    const code = EXT_RULES[b] as ExtRuleCode;
    const others = code === 'hreflang-not-reciprocal' ? unreciprocatedAlternates(set, result, i) : [];
    out.push(makeProblem(code, describeExt(code, loc, rows.ext[i] ?? [], others), { ...base, field: 'ext' }, severityOfExtBit(b)));
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

function locContext(set: SitemapSet, result: CheckResult, code: RowRuleCode, loc: string, opts: CheckOptions): DescribeContext {
  const ctx: DescribeContext = {};
  const siteUrl = opts.siteUrl?.trim() ?? '';
  if (siteUrl) ctx.siteUrl = siteUrl;
  if (code !== 'loc-not-allowed' && code !== 'loc-duplicate') return ctx;
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
