/*
 * The loc's rules (SPEC §4): a row's URL, as written and against the other
 * rows. Their detectors are loc-mask.ts (a loc's own defects, and
 * loc-scan.ts's byte pass for the clean ones), location.ts (loc-not-allowed)
 * and the checks' duplicate indexes (loc-duplicate); their words
 * loc-words.ts; their fixes loc-fixes.ts; assembled in loc.ts.
 */
import { bitOf, FIRST_MARK_BIT, type FileRule, type RowRule } from '../rule';

/** Set with loc-too-long's bit when the URL is over 2,048 characters (an error) rather than only over 1,024 (a warning). */
export const LOC_TOO_LONG_ERROR_MARK = 1 << (FIRST_MARK_BIT + 1);

export const LOC_MISSING = {
  code: 'loc-missing',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 0,
  field: 'loc',
  title: 'An entry without a <loc>, or with an empty one',
  searchConsole: 'Missing XML tag',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LOC_NOT_ABSOLUTE = {
  code: 'loc-not-absolute',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 2,
  field: 'loc',
  title: 'The URL has no scheme or host (it is relative)',
  searchConsole: 'Invalid URL / URLs not followed',
  fix: 'Prefix the Site URL',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const LOC_SCHEME = {
  code: 'loc-scheme',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 3,
  field: 'loc',
  title: 'The URL scheme is not http or https',
  searchConsole: 'Invalid URL',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LOC_TOO_LONG = {
  code: 'loc-too-long',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 4,
  field: 'loc',
  errorMark: LOC_TOO_LONG_ERROR_MARK,
  title: 'The URL is too long (over 2,048 characters once escaped; over 1,024 is a warning)',
  searchConsole: 'Invalid URL',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LOC_WHITESPACE = {
  code: 'loc-whitespace',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 1,
  field: 'loc',
  title: 'The URL contains spaces, tabs, new lines or control characters',
  searchConsole: 'Invalid URL',
  fix: 'Trim and percent-encode',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const VALUE_WHITESPACE = {
  code: 'value-whitespace',
  severity: 'warning',
  scope: 'file',
  title:
    'Values with white space around them (pretty-printed <loc> on its own lines): removed on import, never written',
  searchConsole: '',
  fix: 'Trimmed on import',
  fixedBy: 'export',
} as const satisfies FileRule;

export const LOC_UNESCAPED = {
  code: 'loc-unescaped',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 5,
  field: 'loc',
  title: 'The URL has characters that must be percent-encoded, or a non-punycode host',
  searchConsole: 'Invalid URL',
  fix: 'Encode',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const LOC_FRAGMENT = {
  code: 'loc-fragment',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 6,
  field: 'loc',
  title: 'The URL contains a #fragment',
  searchConsole: '',
  fix: 'Drop the fragment',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const LOC_NOT_ALLOWED = {
  code: 'loc-not-allowed',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 7,
  field: 'loc',
  title: "The URL is outside what the sitemap's location allows",
  searchConsole: 'URL not allowed / Path mismatch',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const LOC_DUPLICATE = {
  code: 'loc-duplicate',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 8,
  field: 'loc',
  title: 'The same URL appears more than once',
  searchConsole: '',
  fix: 'Remove duplicates',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

/** The loc's rules, in the Problems panel's order. */
export const LOC_RULES = [
  LOC_MISSING,
  LOC_NOT_ABSOLUTE,
  LOC_SCHEME,
  LOC_TOO_LONG,
  LOC_WHITESPACE,
  VALUE_WHITESPACE,
  LOC_UNESCAPED,
  LOC_FRAGMENT,
  LOC_NOT_ALLOWED,
  LOC_DUPLICATE,
] as const;

/** The loc rules' bits in a row's mask. */
export const LOC_BIT = {
  missing: bitOf(LOC_MISSING),
  whitespace: bitOf(LOC_WHITESPACE),
  notAbsolute: bitOf(LOC_NOT_ABSOLUTE),
  scheme: bitOf(LOC_SCHEME),
  tooLong: bitOf(LOC_TOO_LONG),
  unescaped: bitOf(LOC_UNESCAPED),
  fragment: bitOf(LOC_FRAGMENT),
  notAllowed: bitOf(LOC_NOT_ALLOWED),
  duplicate: bitOf(LOC_DUPLICATE),
} as const;

/** A loc whose scheme or host cannot be read: the location rules do not apply to it. */
export const LOC_UNUSABLE = LOC_BIT.missing | LOC_BIT.notAbsolute | LOC_BIT.scheme;

/** The `value-whitespace` warning's text for `count` values, the first being `what`. */
export function trimMessage(count: number, what: string): string {
  const n = count.toLocaleString('en-US');
  const values = count === 1 ? 'value had white space around it' : 'values had white space around them';
  return `${n} ${values} (the first: ${what} here); it was removed on import and is never written`;
}

/**
 * The count and first value of a `value-whitespace` message: the streaming
 * path reads a file in chunks, each with its own warning, and says it once.
 */
export function parseTrimMessage(message: string): { count: number; what: string } | undefined {
  const m = /^([\d,]+) values? had white space around (?:it|them) \(the first: (.*) here\)/.exec(message);
  return m ? { count: Number((m[1] as string).replaceAll(',', '')), what: m[2] as string } : undefined;
}
