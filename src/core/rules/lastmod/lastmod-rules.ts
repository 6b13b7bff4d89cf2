/*
 * The lastmod's rules (SPEC §4): a W3C Datetime, real, with a zone when it
 * has a time, not in the future. Detector w3c-datetime.ts (and
 * lastmod-range.ts in place in a column's chunk), words lastmod-words.ts,
 * fixes lastmod-fixes.ts; assembled in lastmod.ts.
 */
import { bitOf, type RowRule } from '../rule';

export const LASTMOD_FORMAT = {
  code: 'lastmod-format',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 9,
  field: 'lastmod',
  title: 'The lastmod is not in W3C Datetime format',
  searchConsole: 'Invalid date',
  fix: 'Convert when unambiguous',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const LASTMOD_INVALID = {
  code: 'lastmod-invalid',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 10,
  field: 'lastmod',
  title: 'The lastmod is not a real date or time',
  searchConsole: 'Invalid date',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LASTMOD_TIMEZONE = {
  code: 'lastmod-timezone',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 11,
  field: 'lastmod',
  title: 'The lastmod has a time but no time zone',
  searchConsole: 'Invalid date',
  fix: 'Add a time zone',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const LASTMOD_FUTURE = {
  code: 'lastmod-future',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 12,
  field: 'lastmod',
  title: 'The lastmod is in the future',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LASTMOD_RULES = [LASTMOD_FORMAT, LASTMOD_INVALID, LASTMOD_TIMEZONE, LASTMOD_FUTURE] as const;

/** The lastmod rules' bits in a row's mask. */
export const LASTMOD_BIT = {
  format: bitOf(LASTMOD_FORMAT),
  invalid: bitOf(LASTMOD_INVALID),
  timezone: bitOf(LASTMOD_TIMEZONE),
  future: bitOf(LASTMOD_FUTURE),
} as const;
