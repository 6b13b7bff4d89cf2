/*
 * The row rules' bits, derived from the registry: the rule whose entry says
 * `bit: b` is bit `1 << b` of its word (see rule.ts's RowRule). A row's own
 * word is `CheckResult.rowCodes`; rows with extension problems also have a
 * sparse word in `CheckResult.extCodes`, so a row without extensions costs
 * nothing more and every test of "has a problem" (`mask !== 0`) keeps
 * working (EXT_RULES_BIT marks the row).
 */
import { RULES, type RuleCode } from './registry';
import { FIRST_MARK_BIT, type RowRule, type Severity } from './rule';

type RowEntry = Extract<(typeof RULES)[number], { scope: 'row' }>;

/** The codes of the row word's rules. */
export type RowRuleCode = Extract<RowEntry, { word: 'row' }>['code'];
/** The codes of the extension word's rules. */
export type ExtRuleCode = Extract<RowEntry, { word: 'ext' }>['code'];

function byBit(word: 'row' | 'ext'): RowRule[] {
  const list = (RULES as readonly { scope: string }[])
    .filter((r): r is RowRule => r.scope === 'row' && (r as RowRule).word === word)
    .sort((a, b) => a.bit - b.bit);
  list.forEach((r, b) => {
    if (r.bit !== b || b >= FIRST_MARK_BIT)
      throw new Error(`rule ${r.code}: bit ${r.bit} of the ${word} word is not free`);
  });
  return list;
}

const ROW_ENTRIES = byBit('row');
const EXT_ENTRIES = byBit('ext');

/** The row word's rules in bit order: the rule at index `b` is bit `1 << b`. */
export const ROW_RULES: readonly RowRuleCode[] = ROW_ENTRIES.map((r) => r.code as RowRuleCode);
/** The extension word's rules in bit order. */
export const EXT_RULES: readonly ExtRuleCode[] = EXT_ENTRIES.map((r) => r.code as ExtRuleCode);

/** Mask of each row word rule. */
export const ROW_RULE_BITS: Readonly<Record<RowRuleCode, number>> = Object.freeze(
  Object.fromEntries(ROW_RULES.map((code, b) => [code, 1 << b])) as Record<RowRuleCode, number>,
);
/** Mask of each extension word rule. */
export const EXT_RULE_BITS: Readonly<Record<ExtRuleCode, number>> = Object.freeze(
  Object.fromEntries(EXT_RULES.map((code, b) => [code, 1 << b])) as Record<ExtRuleCode, number>,
);

/** Every bit of the row word that stands for a rule (the marks above excluded). */
export const ROW_RULE_MASK = (1 << ROW_RULES.length) - 1;

const SEVERITY_BY_BIT: Severity[] = ROW_ENTRIES.map((r) => r.severity);
/** Per bit: the mark that makes the rule an error (a warning without it), 0 for none. */
const ERROR_MARK_BY_BIT = Int32Array.from(ROW_ENTRIES, (r) => r.errorMark ?? 0);
const EXT_SEVERITY_BY_BIT: Severity[] = EXT_ENTRIES.map((r) => r.severity);

/** The row word's codes set in a mask, in bit order. */
export function codesOfMask(mask: number): RowRuleCode[] {
  const out: RowRuleCode[] = [];
  for (let b = 0; b < ROW_RULES.length; b++) if (mask & (1 << b)) out.push(ROW_RULES[b] as RowRuleCode);
  return out;
}

/** The extension word's codes set in a mask, in bit order. */
export function codesOfExtMask(mask: number): ExtRuleCode[] {
  const out: ExtRuleCode[] = [];
  for (let b = 0; b < EXT_RULES.length; b++) if (mask & (1 << b)) out.push(EXT_RULES[b] as ExtRuleCode);
  return out;
}

/** True when `code` has a bit in the row word. */
export function isRowRule(code: RuleCode): code is RowRuleCode {
  return (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[code] !== undefined;
}

/** True when `code` has a bit in the extension word. */
export function isExtRule(code: RuleCode): code is ExtRuleCode {
  return (EXT_RULE_BITS as Partial<Record<RuleCode, number>>)[code] !== undefined;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Severity of rule bit `b` in a row whose whole mask is `mask`. */
export function severityOfBit(b: number, mask: number): Severity {
  const mark = ERROR_MARK_BY_BIT[b] as number;
  if (mark !== 0) return mask & mark ? 'error' : 'warning';
  return SEVERITY_BY_BIT[b] ?? 'error';
}

/** Severity of extension rule bit `b`. */
export function severityOfExtBit(b: number): Severity {
  return EXT_SEVERITY_BY_BIT[b] ?? 'error';
}

/** The bits of the row word whose rules are errors (`errors`) or warnings (`warnings`) whatever the marks; `marked`: those a mark decides. */
export const ROW_SEVERITY_MASKS = masksBySeverity(ROW_ENTRIES);
/** {@link ROW_SEVERITY_MASKS} of the extension word. */
export const EXT_SEVERITY_MASKS = masksBySeverity(EXT_ENTRIES);

function masksBySeverity(entries: readonly RowRule[]): { errors: number; warnings: number; marked: number } {
  let errors = 0;
  let warnings = 0;
  let marked = 0;
  entries.forEach((r, b) => {
    if (r.errorMark !== undefined) marked |= 1 << b;
    else if (r.severity === 'error') errors |= 1 << b;
    else if (r.severity === 'warning') warnings |= 1 << b;
  });
  return { errors, warnings, marked };
}
