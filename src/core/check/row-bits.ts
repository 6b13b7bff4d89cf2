import { ruleFor, type RuleCodeOf } from '../rules/registry';
import type { RuleCode, Severity } from '../rows/types';

/**
 * The row-level rules, in bit order: the rule at index `b` is bit `1 << b`
 * of a row's mask in `CheckResult.rowCodes`. Appending is safe; reordering
 * changes the meaning of stored masks.
 */
export const ROW_RULES = [
  'loc-missing',
  'loc-whitespace',
  'loc-not-absolute',
  'loc-scheme',
  'loc-too-long',
  'loc-unescaped',
  'loc-fragment',
  'loc-not-allowed',
  'loc-duplicate',
  'lastmod-format',
  'lastmod-invalid',
  'lastmod-timezone',
  'lastmod-future',
  'changefreq-value',
  'priority-format',
  'priority-range',
  'duplicate-tag',
  'unknown-tag',
  'ext-invalid',
] as const satisfies readonly RuleCodeOf<'row'>[];

export type RowRuleCode = (typeof ROW_RULES)[number];

/** Mask of each row-level rule code in `CheckResult.rowCodes`. */
export const ROW_RULE_BITS: Readonly<Record<RowRuleCode, number>> = Object.freeze(
  Object.fromEntries(ROW_RULES.map((code, b) => [code, 1 << b])) as Record<RowRuleCode, number>,
);

/**
 * Not a rule of its own: set together with the `loc-too-long` bit when the
 * URL is over 2,048 characters (an error) rather than only over 1,024 (a
 * warning, Yandex's limit). A mask's rule codes are its other bits.
 */
export const LOC_TOO_LONG_ERROR_BIT = 1 << ROW_RULES.length;

/** Every bit that stands for a rule code (all but the severity modifier). */
export const ROW_RULE_MASK = LOC_TOO_LONG_ERROR_BIT - 1;

/**
 * Not a rule of its own either: set when the row has extension problems,
 * whose codes are in its entry of `CheckResult.extCodes` (see ext-bits.ts).
 * It keeps `mask !== 0` meaning "the row has a problem".
 */
export const EXT_RULES_BIT = LOC_TOO_LONG_ERROR_BIT << 1;

/** Short names for the hot loops, which read better with them. */
export const B = {
  locMissing: ROW_RULE_BITS['loc-missing'],
  locWhitespace: ROW_RULE_BITS['loc-whitespace'],
  locNotAbsolute: ROW_RULE_BITS['loc-not-absolute'],
  locScheme: ROW_RULE_BITS['loc-scheme'],
  locTooLong: ROW_RULE_BITS['loc-too-long'],
  locUnescaped: ROW_RULE_BITS['loc-unescaped'],
  locFragment: ROW_RULE_BITS['loc-fragment'],
  locNotAllowed: ROW_RULE_BITS['loc-not-allowed'],
  locDuplicate: ROW_RULE_BITS['loc-duplicate'],
  lastmodFormat: ROW_RULE_BITS['lastmod-format'],
  lastmodInvalid: ROW_RULE_BITS['lastmod-invalid'],
  lastmodTimezone: ROW_RULE_BITS['lastmod-timezone'],
  lastmodFuture: ROW_RULE_BITS['lastmod-future'],
  changefreqValue: ROW_RULE_BITS['changefreq-value'],
  priorityFormat: ROW_RULE_BITS['priority-format'],
  priorityRange: ROW_RULE_BITS['priority-range'],
  duplicateTag: ROW_RULE_BITS['duplicate-tag'],
  unknownTag: ROW_RULE_BITS['unknown-tag'],
  extInvalid: ROW_RULE_BITS['ext-invalid'],
} as const;

/** A loc whose scheme/host cannot be read: the location rules do not apply to it. */
export const LOC_UNUSABLE = B.locMissing | B.locNotAbsolute | B.locScheme;

const SEVERITY_BY_BIT: Severity[] = ROW_RULES.map((code) => ruleFor(code).severity);

/** The row-level codes set in a mask, in bit order. */
export function codesOfMask(mask: number): RowRuleCode[] {
  const out: RowRuleCode[] = [];
  for (let b = 0; b < ROW_RULES.length; b++) if (mask & (1 << b)) out.push(ROW_RULES[b] as RowRuleCode);
  return out;
}

/** True when `code` is a row-level rule (has a bit). */
export function isRowRule(code: RuleCode): code is RowRuleCode {
  return (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[code] !== undefined;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Severity of rule bit `b` in a row whose whole mask is `mask`. */
export function severityOfBit(b: number, mask: number): Severity {
  if (1 << b === B.locTooLong) return mask & LOC_TOO_LONG_ERROR_BIT ? 'error' : 'warning';
  return SEVERITY_BY_BIT[b] ?? 'error';
}
