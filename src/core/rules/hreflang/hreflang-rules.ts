/*
 * The hreflang alternates' rules (SPEC §4, xhtml:link): a language code, an
 * absolute href, the page among its own alternates, alternates that link
 * back. Detector and words in hreflang.ts (hreflang-value.ts for the codes,
 * hreflang-index.ts for who lists whom).
 */
import { bitOf, type RowRule } from '../rule';

export const HREFLANG_VALUE = {
  code: 'hreflang-value',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 0,
  field: 'ext',
  title: 'An hreflang value is not a language code with an optional region (en, en-GB, zh-Hant) or x-default',
  searchConsole: 'Unknown language code',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const HREFLANG_HREF = {
  code: 'hreflang-href',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 1,
  field: 'ext',
  title: 'An hreflang alternate has no href, or one that is not an absolute http(s) URL',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const HREFLANG_SELF_MISSING = {
  code: 'hreflang-self-missing',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 2,
  field: 'ext',
  title: 'A page with hreflang alternates does not list itself among them',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const HREFLANG_NOT_RECIPROCAL = {
  code: 'hreflang-not-reciprocal',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 3,
  field: 'ext',
  title: 'An hreflang alternate in this set does not link back to the page that lists it',
  searchConsole: 'No return tags',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const HREFLANG_RULES = [HREFLANG_VALUE, HREFLANG_HREF, HREFLANG_SELF_MISSING, HREFLANG_NOT_RECIPROCAL] as const;

/** The hreflang rules' bits in a row's extension mask. */
export const HREFLANG_BIT = {
  value: bitOf(HREFLANG_VALUE),
  href: bitOf(HREFLANG_HREF),
  selfMissing: bitOf(HREFLANG_SELF_MISSING),
  notReciprocal: bitOf(HREFLANG_NOT_RECIPROCAL),
} as const;
