/*
 * The rules of an entry's elements (SPEC §4): a tag that may appear once
 * appears twice, an element nothing knows, elements nested deeper than
 * parsers read, an extension that breaks its schema. Detected while reading
 * (the read flags, the readers' depth cap) and by extensions.ts; words and
 * fixes in elements.ts.
 */
import { bitOf, type FileRule, type RowRule } from '../rule';

export const DUPLICATE_TAG = {
  code: 'duplicate-tag',
  severity: 'error',
  scope: 'row',
  word: 'row',
  bit: 16,
  field: 'entry',
  title: 'A tag that may appear once appears twice in one entry',
  searchConsole: 'Invalid XML: too many tags',
  fix: 'Keep the first',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const UNKNOWN_TAG = {
  code: 'unknown-tag',
  severity: 'info',
  scope: 'row',
  word: 'row',
  bit: 17,
  field: 'entry',
  title: 'An element outside the protocol and the known extensions (kept as is)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

/**
 * Extension (and unknown) elements nest a few levels in real sitemaps
 * (PageMap's DataObject/Attribute: three). libxml2, which xmllint, PHP, lxml
 * and most CMS tools read XML with, refuses a document deeper than 256
 * elements (without its XML_PARSE_HUGE option); `<urlset>` and `<url>` take
 * two. Deeper elements are not read (`ext-too-deep`): every file written
 * stays readable, and no path (check, save, compare, export) meets a deeper tree.
 */
export const MAX_EXT_DEPTH = 254;

export const EXT_TOO_DEEP = {
  code: 'ext-too-deep',
  severity: 'error',
  scope: 'file',
  title:
    'Elements inside a <url> nested deeper than XML parsers read (254 levels): the deeper ones are not read; the URL is kept',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const EXT_INVALID = {
  code: 'ext-invalid',
  severity: 'warning',
  scope: 'row',
  word: 'row',
  bit: 18,
  field: 'ext',
  title:
    'An image, video or news extension does not follow its schema (children out of order, repeated or unknown, a required one that no rule below names missing, a date the schema refuses); it is kept as is',
  searchConsole: '',
  fix: 'Put the children in schema order, add missing seconds to dates',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const ELEMENTS_RULES = [DUPLICATE_TAG, UNKNOWN_TAG, EXT_TOO_DEEP, EXT_INVALID] as const;

/** The element rules' bits in a row's mask. */
export const ELEMENTS_BIT = {
  duplicateTag: bitOf(DUPLICATE_TAG),
  unknownTag: bitOf(UNKNOWN_TAG),
  extInvalid: bitOf(EXT_INVALID),
} as const;
