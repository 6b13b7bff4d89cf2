/*
 * The subjects' modules, and what the checkers, the fixes and the views take
 * from them: the describe tables, the fields' own rules, the extension
 * rules' own detector and the fixes, each derived from the modules so that a
 * rule's detector, words and fix are written once, in its module.
 */
import type { Detail } from '../base/message';
import type { UrlRows } from '../rows/rows';
import type { ExtElement, UrlField } from '../rows/types';
import { EXT_RULES, ROW_RULES, type ExtRuleCode, type RowRuleCode } from './bits';
import { RULES } from './registry';
import { CHANGEFREQ } from './changefreq/changefreq';
import { ELEMENTS } from './elements/elements';
import { HREFLANG } from './hreflang/hreflang';
import { IMAGES } from './images/images';
import { LASTMOD } from './lastmod/lastmod';
import { LOC } from './loc/loc';
import { NEWS } from './news/news';
import { PRIORITY } from './priority/priority';
import {
  bitOf,
  type Clock,
  type DescribeContext,
  type ExtDescriber,
  type FieldRules,
  type RowDescriber,
  type RowFix,
  type RuleEntry,
  type RuleModule,
  type Unreciprocated,
} from './rule';
import { VIDEOS } from './videos/videos';

/** The modules whose rules the checkers run (the others' rules are found by the readers and the set checks). */
const MODULES: readonly RuleModule[] = [ELEMENTS, HREFLANG, IMAGES, VIDEOS, NEWS, LOC, LASTMOD, CHANGEFREQ, PRIORITY];

function tableOf<T>(codes: readonly string[], pick: (m: RuleModule) => T | undefined, what: string): T[] {
  return codes.map((code) => {
    const m = MODULES.find((mod) => mod.rules.some((r) => r.code === code));
    const found = m && pick(m);
    if (!found) throw new Error(`rule ${code} has no ${what} in its module`);
    return found;
  });
}

const ROW_DESCRIBERS: readonly RowDescriber[] = tableOf(ROW_RULES, (m) => m.describeRow, 'describeRow');
const EXT_DESCRIBERS: readonly ExtDescriber[] = tableOf(EXT_RULES, (m) => m.describeExt, 'describeExt');

/**
 * The plain-language detail and field of row rule `code` on row `i` (a
 * position), for the table path (check/row-problems.ts) and the streaming
 * one alike. `ctx` matters to the loc rules only.
 */
export function describeRowRule(
  code: RowRuleCode,
  rows: UrlRows,
  i: number,
  ctx: DescribeContext,
): { detail: Detail; field: UrlField | 'ext' } {
  return (ROW_DESCRIBERS[ROW_RULES.indexOf(code)] as RowDescriber)(code, rows, i, ctx);
}

/**
 * The plain-language detail of an extension problem of a row: which element,
 * what is wrong, what to do. `unreciprocated` is needed by
 * hreflang-not-reciprocal only.
 */
export function describeExt(
  code: ExtRuleCode,
  loc: string,
  ext: readonly ExtElement[],
  unreciprocated: readonly Unreciprocated[] = [],
): string {
  return (EXT_DESCRIBERS[EXT_RULES.indexOf(code)] as ExtDescriber)(code, loc, ext, unreciprocated);
}

const EXT_MASKS = MODULES.flatMap((m) => (m.extMask ? [m.extMask] : []));

/**
 * The extension rule bits of one row that depend on that row alone. `loc` is
 * the row's own URL (a video location or an alternate is compared with it);
 * `clock` the check's date (a news entry's age is measured to it).
 * Rows without extensions never get here.
 */
export function extOwnMask(loc: string, ext: readonly ExtElement[], clock: Clock): number {
  const page = loc.trim();
  let m = 0;
  for (const mask of EXT_MASKS) m |= mask(page, ext, clock);
  return m;
}

/** Each field's own rules (its module's), by field. */
export const FIELD_RULES: Readonly<Record<UrlField, FieldRules>> = Object.fromEntries(
  MODULES.flatMap((m) => (m.field ? [[m.field.field, m.field]] : [])),
) as Record<UrlField, FieldRules>;

/** The bits of each field's rules (the row rules whose entry names that field). */
export const FIELD_BITS: Readonly<Record<UrlField, number>> = {
  loc: fieldBits('loc'),
  lastmod: fieldBits('lastmod'),
  changefreq: fieldBits('changefreq'),
  priority: fieldBits('priority'),
};

function fieldBits(field: UrlField): number {
  let m = 0;
  for (const r of RULES as readonly RuleEntry[])
    if (r.scope === 'row' && r.word === 'row' && r.field === field) m |= bitOf(r);
  return m;
}

/** The fields whose value alone decides their rules, in row order: what the check judges column by column. */
export const VALUE_FIELDS: readonly FieldRules[] = MODULES.flatMap((m) => (m.field?.alone ? [m.field] : []));

const ALL_FIXES: readonly RowFix[] = MODULES.flatMap((m) => m.fixes ?? []);

/** Every fix of "Fix all" but the duplicates' merge, in the order they run: the fields' (in row order), then the elements'. */
export const ROW_FIXES: readonly RowFix[] = [
  ...ALL_FIXES.filter((f) => f.kind === 'value'),
  ...ALL_FIXES.filter((f) => f.kind === 'ext'),
  ...ALL_FIXES.filter((f) => f.kind === 'flags'),
];
