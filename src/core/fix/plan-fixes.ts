import { beat } from '../base/beat';
import { pushAll } from '../base/push-all';
import type { CheckResult } from '../check/check-result';
import type { CellChange, ExtChange, FlagChange, IndexChange } from '../rows/changes';
import type { UrlRows } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import type { UrlField } from '../rows/types';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { LOC_BIT, LOC_DUPLICATE } from '../rules/loc/loc-rules';
import { FIELD_RULES, ROW_FIXES } from '../rules/modules';
import { FIX_ALL_CODES, type RuleCode } from '../rules/registry';
import { bitOf, EXT_RULES_BIT, type FixOptions as RuleFixOptions, type ValueFix } from '../rules/rule';
import { mergeSourceOf, planMergeDuplicates, type MergeReport, type MergeRule } from './merge-duplicates';

export interface FixOptions extends RuleFixOptions {
  /** Whose values a merged duplicate keeps (loc-duplicate; default the first copy's). */
  mergeRule?: MergeRule;
  /** The check's date, the one the result was checked at (news-too-old; default: now). */
  now?: Date;
}

export interface FixPlan {
  changes: CellChange[];
  /** Ids of rows to remove (loc-duplicate: every copy after the first, merged into it). */
  removeRows: number[];
  /** Ids of rows whose duplicate-tag read flags are cleared (see flagChanges). */
  clearReadFlags: number[];
  flagChanges: FlagChange[];
  extChanges: ExtChange[];
  /** Fields of sitemap index entries fixed (a relative child loc made absolute with the Site URL). */
  indexChanges: IndexChange[];
  /** Occurrences of the asked codes that have a fix but could not be fixed safely. */
  skipped: number;
  /** Fixes planned per code, for the "every fix applied is listed" report. */
  applied: Partial<Record<RuleCode, number>>;
  /** What merging the duplicates did (loc-duplicate asked for). */
  merge?: MergeReport;
  /** Every value a fix drops (image-deprecated's tags, news-too-old's entries), "URL: <tag> "value"", the first {@link DROPPED_LISTED}. */
  dropped: string[];
  /** How many dropped values are past {@link dropped}'s end (the undo history holds them all). */
  droppedMore: number;
}

/** The dropped values a plan lists one by one; past it, it counts them. */
export const DROPPED_LISTED = 1000;

const FIELDS: readonly UrlField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

/**
 * Plans the automatic fixes of SPEC §4 for the asked codes, without changing
 * anything: each rule's fix is its module's (rules/modules.ts ROW_FIXES).
 * Fixes of one field chain, each on the value the one before left (see
 * lastmod.ts). Duplicates are found on the fixed URLs, so two URLs that
 * become equal are de-duplicated too; the first row is kept, with the
 * removed copies' extension elements merged into it.
 */
export function planFixes(
  set: SitemapSet,
  result: CheckResult,
  codes: readonly RuleCode[] | 'all',
  opts: FixOptions = {},
): FixPlan {
  const want = new Set<string>(codes === 'all' ? FIX_ALL_CODES : codes);
  const rows = set.rows;
  const plan: FixPlan = {
    changes: [],
    removeRows: [],
    clearReadFlags: [],
    flagChanges: [],
    extChanges: [],
    indexChanges: [],
    skipped: 0,
    applied: {},
    dropped: [],
    droppedMore: 0,
  };
  const note = (code: RuleCode): void => {
    plan.applied[code] = (plan.applied[code] ?? 0) + 1;
  };
  const clock = clockOf(opts.now);
  const fixes = ROW_FIXES.filter((f) => want.has(f.rule.code));
  let wantMask = 0;
  // An extension word's rule (image-deprecated…) is asked of the rows with extension problems.
  for (const f of fixes)
    wantMask |=
      f.kind === 'value' ? (f.candidates ?? bitOf(f.rule)) : f.rule.word === 'ext' ? EXT_RULES_BIT : bitOf(f.rule);
  const byField = FIELDS.map((field) => fixes.filter((f): f is ValueFix => f.kind === 'value' && f.field === field));

  // An index's <sitemap> entries carry a loc and a lastmod as rows do: the same value fixes, in the same chain.
  set.sitemaps.forEach((e, entry) => {
    for (const field of ['loc', 'lastmod'] as const) {
      const before = e[field];
      if (before === '') continue;
      const v = chainFixes(byField[FIELDS.indexOf(field)] as ValueFix[], field, before, plan, note, clock, opts);
      if (v !== before) plan.indexChanges.push({ entry, field, before, after: v });
    }
  });

  const fixedLoc = new Map<number, string>();
  for (let i = 0; i < rows.length; i++) {
    // A fix of a million rows takes seconds: a beat per row (core/beat.ts).
    beat();
    const mask = result.rowCodes[i] ?? 0;
    if (!(mask & wantMask)) continue;
    const id = rows.id[i] ?? 0;

    FIELDS.forEach((field, k) => {
      const fieldFixes = byField[k] as ValueFix[];
      if (fieldFixes.length === 0) return;
      const before = rows[field].get(i);
      if (before === '') return;
      const v = chainFixes(fieldFixes, field, before, plan, note, clock, opts);
      if (v === before) return;
      plan.changes.push({ row: id, field, before, after: v });
      if (field === 'loc') fixedLoc.set(i, v);
    });

    // The extension fixes of a row chain, each on the elements the one before left: one change per row.
    const extBefore = rows.ext[i];
    const extMask = mask & EXT_RULES_BIT ? (result.extCodes.get(i) ?? 0) : 0;
    let ext = extBefore;
    for (const f of fixes) {
      if (f.kind === 'ext') {
        if (ext === undefined || !((f.rule.word === 'ext' ? extMask : mask) & bitOf(f.rule))) continue;
        const after = f.apply(ext, clock);
        if (after === null) plan.skipped++;
        else {
          note(f.rule.code as RuleCode);
          if (f.lists) listDropped(plan, rows.loc.get(i), f.lists(ext, clock));
          ext = after;
        }
      } else if (f.kind === 'flags') {
        const flags = rows.readFlags[i] ?? 0;
        const after = f.apply(flags);
        if (after === flags) continue;
        plan.clearReadFlags.push(id);
        plan.flagChanges.push({ row: id, before: flags, after });
        note(f.rule.code as RuleCode);
      }
    }
    // A row whose every element a fix dropped (its only <news:news>) is one without extensions.
    if (ext !== extBefore && ext !== undefined)
      plan.extChanges.push({ row: id, before: extBefore, after: ext.length > 0 ? ext : undefined });
  }

  if (want.has(LOC_DUPLICATE.code)) planDuplicateRemoval(rows, fixedLoc, plan, opts, result.rowCodes);
  return plan;
}

/** A field's value fixes applied in turn, each to the value the one before left, where its rule finds a defect. */
function chainFixes(
  fieldFixes: readonly ValueFix[],
  field: UrlField,
  before: string,
  plan: FixPlan,
  note: (code: RuleCode) => void,
  clock: ReturnType<typeof clockOf>,
  opts: FixOptions,
): string {
  const rules = FIELD_RULES[field];
  let v = before;
  for (const f of fieldFixes) {
    if (!(rules.mask(v, clock) & bitOf(f.rule))) continue;
    const out = f.apply(v, opts);
    if (out === null) plan.skipped++;
    else {
      v = out;
      note(f.rule.code as RuleCode);
    }
  }
  return v;
}

function listDropped(plan: FixPlan, loc: string, what: readonly string[]): void {
  for (const w of what) {
    if (plan.dropped.length < DROPPED_LISTED) plan.dropped.push(`${loc}: dropped ${w}`);
    else plan.droppedMore++;
  }
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
  for (let i = 0; i < rows.length; i++)
    if (fixedLoc.size > 0 || (rowCodes[i] ?? 0) & LOC_BIT.duplicate) positions.push(i);
  const merge = planMergeDuplicates(src, positions, { rule: opts.mergeRule });
  plan.merge = merge.report;
  if (merge.removeRows.length === 0) return;
  const removed = new Set(merge.removeRows);
  pushAll(plan.removeRows, merge.removeRows);
  plan.applied[LOC_DUPLICATE.code] = (plan.applied[LOC_DUPLICATE.code] ?? 0) + merge.removeRows.length;
  plan.changes = plan.changes.filter((c) => !removed.has(c.row)).concat(merge.changes);
  plan.clearReadFlags = plan.clearReadFlags.filter((id) => !removed.has(id));
  plan.flagChanges = plan.flagChanges.filter((c) => !removed.has(c.row));
  plan.extChanges = plan.extChanges.filter((c) => !removed.has(c.row)).concat(merge.extChanges);
}
