import { beat } from '../beat';
import type { CheckResult } from '../check/check-set';
import { changefreqMask } from '../check/changefreq';
import { clockOf, lastmodMask } from '../check/lastmod';
import { locMask } from '../check/loc';
import { priorityMask } from '../check/priority';
import { findExtensionDefect, repairExtensions } from '../check/extensions';
import { B } from '../check/row-bits';
import { READ_FLAG, type UrlRows } from '../rows';
import { FIX_ALL_CODES } from '../rules';
import type { SitemapSet } from '../sitemap-set';
import type { RuleCode } from '../types';
import { fixChangefreq } from './changefreq-fixes';
import { addTimeZone, convertLastmod } from './lastmod-fixes';
import { fixLocFragment, fixLocNotAbsolute, fixLocUnescaped, fixLocWhitespace } from './loc-fixes';
import { fixPriority } from './priority-fixes';
import { mergeSourceOf, planMergeDuplicates, type MergeReport, type MergeRule } from './merge-duplicates';
import type { CellChange, ExtChange, FlagChange } from '../history/changes';
import { pushAll } from '../push-all';

// The change types and their application live with the history (core/history/changes.ts); named here too for the fixes' importers.
export type { CellChange, ExtChange, FlagChange } from '../history/changes';
export { applyChanges, applyExtChanges, applyFlagChanges, positionsOfIds } from '../history/changes';

export interface FixOptions {
  /** Needed by loc-not-absolute. */
  siteUrl?: string;
  /** Zone added by lastmod-timezone: `Z` (default) or `±hh:mm`. */
  zone?: string;
  /** Whose values a merged duplicate keeps (loc-duplicate; default the first copy's). */
  mergeRule?: MergeRule;
}

export interface FixPlan {
  changes: CellChange[];
  /** Ids of rows to remove (loc-duplicate: every copy after the first, merged into it). */
  removeRows: number[];
  /** Ids of rows whose duplicate-tag read flags are cleared (see flagChanges). */
  clearReadFlags: number[];
  flagChanges: FlagChange[];
  extChanges: ExtChange[];
  /** Occurrences of the asked codes that have a fix but could not be fixed safely. */
  skipped: number;
  /** Fixes planned per code, for the "every fix applied is listed" report. */
  applied: Partial<Record<RuleCode, number>>;
  /** What merging the duplicates did (loc-duplicate asked for). */
  merge?: MergeReport;
}

/** The codes with an automatic fix (rules.ts, `fixedBy: 'fix-all'`); planFixes applies them in its own order. */
export const FIXABLE_CODES = FIX_ALL_CODES;

type LocFix = { code: RuleCode; bit: number; fix: (v: string, o: FixOptions) => string | null };

/** Order matters: trim before resolving, resolve before encoding, encode before cutting the fragment. */
const LOC_FIXES: LocFix[] = [
  { code: 'loc-whitespace', bit: B.locWhitespace, fix: (v) => fixLocWhitespace(v) },
  { code: 'loc-not-absolute', bit: B.locNotAbsolute, fix: (v, o) => fixLocNotAbsolute(v, o.siteUrl) },
  { code: 'loc-unescaped', bit: B.locUnescaped, fix: (v) => fixLocUnescaped(v) },
  { code: 'loc-fragment', bit: B.locFragment, fix: (v) => fixLocFragment(v) },
];

const DUPLICATE_TAG_FLAGS =
  READ_FLAG.duplicateLoc | READ_FLAG.duplicateLastmod | READ_FLAG.duplicateChangefreq | READ_FLAG.duplicatePriority;

/**
 * Plans the automatic fixes of SPEC §4 for the asked codes, without changing
 * anything. Fixes of one field chain: with 'all', `2024-05-08 08:53:11 AM`
 * becomes `2024-05-08T08:53:11` (lastmod-format) and then gets the chosen
 * zone (lastmod-timezone); asked for lastmod-format alone, it keeps no zone
 * and stays a lastmod-timezone warning. Duplicates are found on the fixed
 * URLs, so two URLs that become equal are de-duplicated too; the first row
 * is kept, with the removed copies' extension elements merged into it. duplicate-tag: the
 * reader already kept the first value, so its fix only clears the flags.
 */
export function planFixes(
  set: SitemapSet,
  result: CheckResult,
  codes: readonly RuleCode[] | 'all',
  opts: FixOptions = {},
): FixPlan {
  const want = new Set<RuleCode>(codes === 'all' ? FIXABLE_CODES : codes);
  const rows = set.rows;
  const plan: FixPlan = {
    changes: [],
    removeRows: [],
    clearReadFlags: [],
    flagChanges: [],
    extChanges: [],
    skipped: 0,
    applied: {},
  };
  const note = (code: RuleCode): void => {
    plan.applied[code] = (plan.applied[code] ?? 0) + 1;
  };
  const zone = opts.zone ?? 'Z';
  const clock = clockOf();
  let wantMask = 0;
  for (const f of LOC_FIXES) if (want.has(f.code)) wantMask |= f.bit;
  if (want.has('lastmod-format')) wantMask |= B.lastmodFormat;
  if (want.has('lastmod-timezone')) wantMask |= B.lastmodTimezone | B.lastmodFormat;
  if (want.has('changefreq-value')) wantMask |= B.changefreqValue;
  if (want.has('priority-format')) wantMask |= B.priorityFormat;
  if (want.has('duplicate-tag')) wantMask |= B.duplicateTag;
  if (want.has('ext-invalid')) wantMask |= B.extInvalid;

  const fixedLoc = new Map<number, string>();
  for (let i = 0; i < rows.length; i++) {
    // A fix of a million rows takes seconds: a beat per row (core/beat.ts).
    beat();
    const mask = result.rowCodes[i] ?? 0;
    if (!(mask & wantMask)) continue;
    const id = rows.id[i] ?? 0;

    const loc = rows.loc.get(i);
    let v = loc;
    for (const f of LOC_FIXES) {
      if (!want.has(f.code) || !(locMask(v) & f.bit)) continue;
      const out = f.fix(v, opts);
      if (out === null) plan.skipped++;
      else {
        v = out;
        note(f.code);
      }
    }
    if (v !== loc) {
      plan.changes.push({ row: id, field: 'loc', before: loc, after: v });
      fixedLoc.set(i, v);
    }

    const lastmod = rows.lastmod.get(i);
    let lm = lastmod;
    if (lm !== '' && want.has('lastmod-format') && lastmodMask(lm, clock) & B.lastmodFormat) {
      const out = convertLastmod(lm);
      if (out === null) plan.skipped++;
      else {
        lm = out;
        note('lastmod-format');
      }
    }
    if (lm !== '' && want.has('lastmod-timezone') && lastmodMask(lm, clock) & B.lastmodTimezone) {
      const out = addTimeZone(lm, zone);
      if (out === null) plan.skipped++;
      else {
        lm = out;
        note('lastmod-timezone');
      }
    }
    if (lm !== lastmod) plan.changes.push({ row: id, field: 'lastmod', before: lastmod, after: lm });

    const changefreq = rows.changefreq.get(i);
    if (changefreq !== '' && want.has('changefreq-value') && changefreqMask(changefreq)) {
      const out = fixChangefreq(changefreq);
      if (out === null) plan.skipped++;
      else {
        plan.changes.push({ row: id, field: 'changefreq', before: changefreq, after: out });
        note('changefreq-value');
      }
    }

    const priority = rows.priority.get(i);
    if (priority !== '' && want.has('priority-format') && priorityMask(priority) & B.priorityFormat) {
      const out = fixPriority(priority);
      if (out === null) plan.skipped++;
      else {
        plan.changes.push({ row: id, field: 'priority', before: priority, after: out });
        note('priority-format');
      }
    }

    const ext = rows.ext[i];
    if (ext !== undefined && want.has('ext-invalid') && mask & B.extInvalid) {
      if (findExtensionDefect(ext)?.fixable) {
        plan.extChanges.push({ row: id, before: ext, after: repairExtensions(ext) });
        note('ext-invalid');
      } else plan.skipped++;
    }

    const flags = rows.readFlags[i] ?? 0;
    if (want.has('duplicate-tag') && flags & DUPLICATE_TAG_FLAGS) {
      plan.clearReadFlags.push(id);
      plan.flagChanges.push({ row: id, before: flags, after: flags & ~DUPLICATE_TAG_FLAGS });
      note('duplicate-tag');
    }
  }

  if (want.has('loc-duplicate')) planDuplicateRemoval(rows, fixedLoc, plan, opts, result.rowCodes);
  return plan;
}

/**
 * Every row whose (fixed) loc repeats an earlier row's is merged into it
 * (merge-duplicates.ts) and removed, unless merging would break a limit; the
 * planned changes of removed rows are dropped (the merge saw their fixed
 * values), the merge's changes of kept rows come after their own fixes.
 */
function planDuplicateRemoval(
  rows: UrlRows,
  fixedLoc: ReadonlyMap<number, string>,
  plan: FixPlan,
  opts: FixOptions,
  rowCodes: ArrayLike<number>,
): void {
  const src = mergeSourceOf(rows, { cells: plan.changes, exts: plan.extChanges, loc: fixedLoc });
  // Only the rows the check found repeated, unless a fix changed a loc (it may now repeat any other).
  const positions: number[] = [];
  for (let i = 0; i < rows.length; i++) if (fixedLoc.size > 0 || (rowCodes[i] ?? 0) & B.locDuplicate) positions.push(i);
  const merge = planMergeDuplicates(src, positions, { rule: opts.mergeRule });
  plan.merge = merge.report;
  if (merge.removeRows.length === 0) return;
  const removed = new Set(merge.removeRows);
  pushAll(plan.removeRows, merge.removeRows);
  plan.applied['loc-duplicate'] = (plan.applied['loc-duplicate'] ?? 0) + merge.removeRows.length;
  plan.changes = plan.changes.filter((c) => !removed.has(c.row)).concat(merge.changes);
  plan.clearReadFlags = plan.clearReadFlags.filter((id) => !removed.has(id));
  plan.flagChanges = plan.flagChanges.filter((c) => !removed.has(c.row));
  plan.extChanges = plan.extChanges.filter((c) => !removed.has(c.row)).concat(merge.extChanges);
}
