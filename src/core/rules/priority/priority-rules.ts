/*
 * The priority's rules (SPEC §4): a decimal from 0.0 to 1.0, and not the same
 * non-default one on every URL. Words, fix and the set rule's accumulator:
 * priority.ts, priority-fixes.ts.
 */
import { bitOf, type RowRule, type SetRule } from '../rule';

export const PRIORITY_FORMAT = {
  code: 'priority-format',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 14,
  field: 'priority',
  title: 'The priority is not a decimal number',
  searchConsole: 'Invalid tag value',
  fix: 'Use a decimal point',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const PRIORITY_RANGE = {
  code: 'priority-range',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 15,
  field: 'priority',
  title: 'The priority is outside 0.0 to 1.0',
  searchConsole: 'Invalid tag value',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const PRIORITY_UNIFORM = {
  code: 'priority-uniform',
  severity: 'info',
  scope: 'set',
  title: 'Every URL has the same non-default priority, so it means nothing',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies SetRule;

export const PRIORITY_RULES = [PRIORITY_FORMAT, PRIORITY_RANGE, PRIORITY_UNIFORM] as const;

/** The priority rules' bits in a row's mask. */
export const PRIORITY_BIT = { format: bitOf(PRIORITY_FORMAT), range: bitOf(PRIORITY_RANGE) } as const;

/** XML Schema white space (the `collapse` facet of xsd:decimal strips it at both ends). */
function isXsdSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The rule bits of one non-empty priority value: priority-format unless it is
 * an xsd:decimal (`(+|-)?(d+(.d*)?|.d+)`, so `.5`, `1.` and `+0.5` are fine),
 * else priority-range unless 0 ≤ value ≤ 1. Decided on the digits, not on a
 * float, so `1.0000000000000000001` is out of range as it should be.
 */
export function priorityMask(s: string): number {
  let i = 0;
  let n = s.length;
  while (i < n && isXsdSpace(s.charCodeAt(i))) i++;
  while (n > i && isXsdSpace(s.charCodeAt(n - 1))) n--;
  let negative = false;
  const sign = s.charCodeAt(i);
  if (sign === 0x2b || sign === 0x2d) {
    negative = sign === 0x2d;
    i++;
  }
  // Integer digits, ignoring leading zeros: intValue is 0, 1 or "more".
  let digits = 0;
  let intValue = 0;
  let nonZero = false;
  for (; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    digits++;
    if (d !== 0 || intValue > 0) intValue = intValue === 0 ? d : 2;
    if (d !== 0) nonZero = true;
  }
  let fracNonZero = false;
  if (i < n && s.charCodeAt(i) === 0x2e) {
    for (i++; i < n; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      digits++;
      if (d !== 0) fracNonZero = true;
    }
  }
  if (i !== n || digits === 0) return PRIORITY_BIT.format;
  if (negative) return nonZero || fracNonZero ? PRIORITY_BIT.range : 0;
  if (intValue > 1 || (intValue === 1 && fracNonZero)) return PRIORITY_BIT.range;
  return 0;
}
