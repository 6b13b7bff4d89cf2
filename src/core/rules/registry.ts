/*
 * Every rule of SPEC §4, once, gathered from the subjects' modules. Adding a
 * rule takes:
 *
 * 1. Its entry in its subject's `<subject>-rules.ts`: code, severity, scope,
 *    the title, Search Console's words, its fix in words and `fixedBy` (who
 *    repairs it); a row rule also its field and the next free bit of its word
 *    (never reuse or reorder one). The code's type, the Problems panel's order
 *    (the modules' order below, then each module's), "Fix all", "handled on
 *    export", the bit lists and the describe tables all follow from it.
 * 2. In the module: its detector (a row rule sets its bit there), its words
 *    (the module's describe) and, with `fixedBy: 'fix-all'`, its fix.
 * 3. A test in the module's folder, its input in rules/checkers.test.ts (which
 *    proves every checker finds it), and its line in SPEC §4 or the README's
 *    list of codes beyond it.
 */
import { CHANGEFREQ_RULES } from './changefreq/changefreq-rules';
import { ELEMENTS_RULES } from './elements/elements-rules';
import { FEED_RULES } from './feed/feed-rules';
import { FETCH_RULES } from './fetch/fetch-rules';
import { FILE_RULES } from './file/file-rules';
import { HREFLANG_RULES } from './hreflang/hreflang-rules';
import { IMAGES_RULES } from './images/images-rules';
import { LASTMOD_RULES } from './lastmod/lastmod-rules';
import { LOC_RULES } from './loc/loc-rules';
import { NEWS_RULES } from './news/news-rules';
import { PRIORITY_RULES } from './priority/priority-rules';
import type { RuleEntry } from './rule';
import { SITE_DATA_RULES } from './site-data/site-data-rules';
import { INDEX_RULES } from './sitemap-index/index-rules';
import { VIDEOS_RULES } from './videos/videos-rules';

/** The one list of rules: everything that reports, counts, filters or fixes a problem looks its code up here; its order is the Problems panel's. */
export const RULES = [
  ...FILE_RULES,
  ...INDEX_RULES,
  ...ELEMENTS_RULES,
  ...HREFLANG_RULES,
  ...IMAGES_RULES,
  ...VIDEOS_RULES,
  ...NEWS_RULES,
  ...LOC_RULES,
  ...LASTMOD_RULES,
  ...CHANGEFREQ_RULES,
  ...PRIORITY_RULES,
  ...FETCH_RULES,
  ...SITE_DATA_RULES,
  ...FEED_RULES,
] as const satisfies readonly RuleEntry[];

/** Every rule of SPEC §4, by its stable code. */
export type RuleCode = (typeof RULES)[number]['code'];

/** A rule, looked up by its code. */
export type Rule = (typeof RULES)[number];

const BY_CODE = new Map<string, Rule>(RULES.map((r) => [r.code, r]));

/** The rule of a code; throws on a code that is not one (a programming error). */
export function ruleFor(code: RuleCode): Rule {
  const rule = BY_CODE.get(code);
  if (!rule) throw new Error(`unknown rule code ${code}`);
  return rule;
}

/** The codes "Fix all" repairs, in RULES order. */
export const FIX_ALL_CODES: readonly RuleCode[] = RULES.filter((r) => r.fixedBy === 'fix-all').map((r) => r.code);

/** True when "Fix all" can repair this code in the rows now. */
export function canFixNow(code: RuleCode): boolean {
  return ruleFor(code).fixedBy === 'fix-all';
}

/**
 * How a rule repaired when the files are read or written (split, namespace,
 * re-encoding) is handled, in words; '' for the others. Nothing to click,
 * but the user should know it is handled.
 */
export function fixedOnExport(code: RuleCode): string {
  const rule = ruleFor(code);
  return rule.fixedBy === 'export' ? rule.fix : '';
}

/** True for a code found on rows, which the table can filter by (a file-level problem has no rows). */
export function filtersRows(code: RuleCode): boolean {
  return ruleFor(code).scope === 'row';
}
