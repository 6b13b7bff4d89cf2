import { B } from './row-bits';

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
  return isChangefreq(s) ? 0 : B.changefreqValue;
}
