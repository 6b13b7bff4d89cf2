/* The changefreq's rule (SPEC §4): one of seven words. Words and fix: changefreq.ts, changefreq-fixes.ts. */
import { bitOf, type RowRule } from '../rule';

export const CHANGEFREQ_VALUE = {
  code: 'changefreq-value',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 13,
  field: 'changefreq',
  title: 'The changefreq is not one of always, hourly, daily, weekly, monthly, yearly, never',
  searchConsole: 'Invalid tag value',
  fix: 'Map to the matching value',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const CHANGEFREQ_RULES = [CHANGEFREQ_VALUE] as const;

/** The changefreq rule's bit in a row's mask. */
const CHANGEFREQ_BIT = { value: bitOf(CHANGEFREQ_VALUE) } as const;

/** The seven values the protocol allows, exactly as written. */
export const CHANGEFREQ_VALUES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

export type Changefreq = (typeof CHANGEFREQ_VALUES)[number];

/** True for exactly one of the seven values (the schema's enumeration is case-sensitive). */
export function isChangefreq(s: string): s is Changefreq {
  switch (s) {
    case 'always':
    case 'hourly':
    case 'daily':
    case 'weekly':
    case 'monthly':
    case 'yearly':
    case 'never':
      return true;
    default:
      return false;
  }
}

/** The rule bits of one non-empty changefreq value. */
export function changefreqMask(s: string): number {
  return isChangefreq(s) ? 0 : CHANGEFREQ_BIT.value;
}
