import type { Detail } from '../base/message';
/*
 * What a rule is. Each subject's module (rules/<subject>/) declares its rules
 * as entries of these shapes, beside their detectors, messages and fixes;
 * the registry (registry.ts), the bit lists (bits.ts), the describe tables
 * (describe.ts) and the fields' re-checks (fields.ts) are derived from them.
 */
import type { ExtElement, UrlField } from '../rows/types';
import type { UrlRows } from '../rows/rows';

export type Severity = 'error' | 'warning' | 'info';

/** Who repairs a rule's occurrences. */
type FixedBy =
  /** "Fix all" (and the group's Fix button) changes the rows now: the module's fixes, planned by fix/plan-fixes.ts. */
  | 'fix-all'
  /** Nothing to click: reading or writing the files handles it (split, namespace, re-encode, trim, leave out). */
  | 'export'
  /** No automatic fix: the user edits the value. */
  | 'none';

interface RuleBase {
  readonly code: string;
  readonly severity: Severity;
  /** One plain sentence: what is wrong. */
  readonly title: string;
  /** The matching Search Console error, the words users search for; '' when none. */
  readonly searchConsole: string;
  /** The automatic fix, described for a button or a list; '' exactly when `fixedBy` is 'none'. */
  readonly fix: string;
  /** Who repairs it (see {@link FixedBy}). */
  readonly fixedBy: FixedBy;
}

/** A rule of a whole file, found by its reader. */
export interface FileRule extends RuleBase {
  readonly scope: 'file';
}

/** A rule of the set as a whole, or of a row judged against data beside it (robots.txt, a crawl). */
export interface SetRule extends RuleBase {
  readonly scope: 'set';
}

/** What a row rule's detector reads: one field, the extension elements, or the entry as it was read (its tags). */
type RuleField = UrlField | 'ext' | 'entry';

/** A rule of one row: a bit in the row's mask. */
export interface RowRule extends RuleBase {
  readonly scope: 'row';
  /**
   * The word its bit is in: the row's own (`CheckResult.rowCodes`), or the
   * sparse one of rows with extension elements (`CheckResult.extCodes`).
   */
  readonly word: 'row' | 'ext';
  /** Its bit in that word, below {@link FIRST_MARK_BIT}: a new rule takes the next free one. */
  readonly bit: number;
  readonly field: RuleField;
  /** A warning unless the row's mask also has this mark (loc-too-long: an error over 2,048 characters, a warning over 1,024). */
  readonly errorMark?: number;
}

export type RuleEntry = FileRule | SetRule | RowRule;

/**
 * Bits from here up are marks, not rules: {@link EXT_RULES_BIT} and a rule's
 * `errorMark`. A mask's rule codes are its bits below.
 */
export const FIRST_MARK_BIT = 29;

/**
 * Set in a row's own word when the row has extension problems, whose codes
 * are in its entry of `CheckResult.extCodes`: it keeps `mask !== 0` meaning
 * "the row has a problem".
 */
export const EXT_RULES_BIT = 1 << FIRST_MARK_BIT;

/** The mask of a row rule in its word. */
export function bitOf(rule: RowRule): number {
  return 1 << rule.bit;
}

/** The check's date, for the rules that compare with it (lastmod-future, news-too-old): now unless the user set one. */
export interface Clock {
  nowMs: number;
  /** Days since 1970-01-01 in UTC. */
  nowDay: number;
}

/** What a message may say about the location rule and duplicates. */
export interface DescribeContext {
  siteUrl?: string;
  /** The scope the Site URL allows, as `https://example.com/catalog/`. */
  allowed?: string;
  /** Without a Site URL: the most common origin. */
  majority?: string | null;
  /** How many rows share this loc (loc-duplicate); unknown on the streaming path, which has read only the earlier ones. */
  copies?: number;
}

/** An hreflang alternate that is in the set but does not list the page back. */
export interface Unreciprocated {
  hreflang: string;
  href: string;
}

/** The rules of one field that its value alone decides. */
export interface FieldRules {
  readonly field: UrlField;
  /**
   * True when the value decides all of the field's rules, so an edit of it
   * can be re-checked at once on the page (fields.ts); the loc's rules also
   * reach other rows (duplicates, the most common origin, alternates).
   */
  readonly alone: boolean;
  /** The bits of one non-empty value. */
  mask(value: string, clock: Clock): number;
  /** {@link mask} of `text[start, end)` (a column's chunk) without slicing it where it can. */
  maskRange?(text: string, start: number, end: number, clock: Clock): number;
  /** The plain-language detail of one of its rules on a value. */
  describe(code: string, value: string, ctx: DescribeContext): Detail;
}

/** Options the fixes take. */
export interface FixOptions {
  /** Needed by loc-not-absolute. */
  siteUrl?: string;
  /** Zone added by lastmod-timezone: `Z` (default) or `±hh:mm`. */
  zone?: string;
}

/** A fix of one field's value: the fixes of one field chain, in their module's order, each on the value the one before left. */
export interface ValueFix {
  readonly kind: 'value';
  readonly rule: RowRule;
  readonly field: UrlField;
  /** The rows it looks at when asked: those with these bits (default its rule's). */
  readonly candidates?: number;
  /** The fixed value, or null when it cannot be fixed safely. */
  apply(value: string, opts: FixOptions): string | null;
}

/** A fix of a row's extension elements. */
export interface ExtFix {
  readonly kind: 'ext';
  readonly rule: RowRule;
  /** `clock`: the check's date (news-too-old's fix drops the entries older than it allows). */
  apply(ext: readonly ExtElement[], clock: Clock): ExtElement[] | null;
  /** For a fix that drops elements: each one {@link apply} drops, in words, so the fix lists what it took away. */
  lists?(ext: readonly ExtElement[], clock: Clock): string[];
}

/** A fix of a row's read flags. */
export interface FlagFix {
  readonly kind: 'flags';
  readonly rule: RowRule;
  /** The flags without the defect, or the same flags when the row has none. */
  apply(flags: number): number;
}

export type RowFix = ValueFix | ExtFix | FlagFix;

/** A row rule's problem on row `i`, in words, and the field it names. */
export type RowDescriber = (
  code: string,
  rows: UrlRows,
  i: number,
  ctx: DescribeContext,
) => { detail: Detail; field: UrlField | 'ext' };

/** An extension rule's problem on a row, in words. */
export type ExtDescriber = (
  code: string,
  loc: string,
  ext: readonly ExtElement[],
  unreciprocated: readonly Unreciprocated[],
) => string;

/** What one subject's module gives the rest of the core. */
export interface RuleModule {
  readonly rules: readonly RuleEntry[];
  /** The words of its row rules of the row word. */
  readonly describeRow?: RowDescriber;
  /**
   * The bits of its rules of the extension word that a row's own elements
   * decide (`page`: its loc, trimmed; `clock`: the check's date, for news-too-old).
   */
  readonly extMask?: (page: string, ext: readonly ExtElement[], clock: Clock) => number;
  /** The words of its row rules of the extension word. */
  readonly describeExt?: ExtDescriber;
  /** The rules of a field its value decides. */
  readonly field?: FieldRules;
  /** Its fixes, in the order they run. */
  readonly fixes?: readonly RowFix[];
}
