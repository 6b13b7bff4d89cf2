/*
 * The rules of a whole file (SPEC §4): is it XML, a sitemap, readable, within
 * the protocol's limits. Found by the readers (src/core/read/) and by the
 * one classifier of what a file is (file-kind.ts), both paths alike; their
 * shared words are here.
 */
import type { FileRule } from '../rule';

/** A gzip inside a zip is fine; deeper nesting is not a sitemap bundle. */
export const MAX_NESTING = 2;

/** A broken file can hold thousands of defects; past this many, one summary line. */
export const MAX_MALFORMED_PER_FILE = 50;

export const XML_MALFORMED = {
  code: 'xml-malformed',
  severity: 'error',
  scope: 'file',
  title: 'The file is not well-formed XML',
  searchConsole: 'Parsing error',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const XML_SCHEMA = {
  code: 'xml-schema',
  severity: 'error',
  scope: 'file',
  title: 'Well-formed XML that breaks the sitemap schema (an element where it may not be); what it holds is not read',
  searchConsole: 'Invalid XML tag',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const XML_DOCTYPE = {
  code: 'xml-doctype',
  severity: 'warning',
  scope: 'file',
  title: 'A DOCTYPE declaration: sitemaps have none, and its entities are never loaded or expanded',
  searchConsole: '',
  fix: 'Never written',
  fixedBy: 'export',
} as const satisfies FileRule;

export const NOT_A_SITEMAP = {
  code: 'not-a-sitemap',
  severity: 'error',
  scope: 'file',
  title: 'The file is not a sitemap (its root is not <urlset> or <sitemapindex>)',
  searchConsole: 'Sitemap is HTML / Unsupported format',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const LEADING_WHITESPACE = {
  code: 'leading-whitespace',
  severity: 'warning',
  scope: 'file',
  title: 'There are characters before the XML declaration',
  searchConsole: 'Leading whitespace',
  fix: 'Strip them',
  fixedBy: 'export',
} as const satisfies FileRule;

export const NAMESPACE = {
  code: 'namespace',
  severity: 'warning',
  scope: 'file',
  title: 'The sitemap namespace is missing or wrong',
  searchConsole: 'Incorrect namespace',
  fix: 'Write the right namespace',
  fixedBy: 'export',
} as const satisfies FileRule;

export const ENCODING = {
  code: 'encoding',
  severity: 'warning',
  scope: 'file',
  title: 'The file is not UTF-8, or has invalid bytes',
  searchConsole: 'Unsupported format',
  fix: 'Re-encode as UTF-8',
  fixedBy: 'export',
} as const satisfies FileRule;

export const COMPRESSION = {
  code: 'compression',
  severity: 'error',
  scope: 'file',
  title: 'The compressed file does not decompress',
  searchConsole: 'Compression error',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const CSV_MALFORMED = {
  code: 'csv-malformed',
  severity: 'warning',
  scope: 'file',
  title: 'A CSV line does not fit its header (more fields than columns, or a broken quote)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const TEXT_HEADER = {
  code: 'text-header',
  severity: 'info',
  scope: 'file',
  title:
    'The first line of a list of URLs is a column header (URL, loc, Address…): it was read as the header, not as a URL',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const EMPTY_SITEMAP = {
  code: 'empty-sitemap',
  severity: 'warning',
  scope: 'file',
  title: 'The sitemap lists no URLs',
  searchConsole: 'Empty sitemap',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const TOO_MANY_URLS = {
  code: 'too-many-urls',
  severity: 'warning',
  scope: 'file',
  title: 'More than 50,000 URLs in one file',
  searchConsole: 'Too many URLs',
  fix: 'Split on export',
  fixedBy: 'export',
} as const satisfies FileRule;

export const FILE_TOO_LARGE = {
  code: 'file-too-large',
  severity: 'warning',
  scope: 'file',
  title: 'More than 52,428,800 bytes uncompressed',
  searchConsole: 'Sitemap file size error',
  fix: 'Split on export',
  fixedBy: 'export',
} as const satisfies FileRule;

export const FILE_RULES = [
  XML_MALFORMED,
  XML_SCHEMA,
  XML_DOCTYPE,
  NOT_A_SITEMAP,
  LEADING_WHITESPACE,
  NAMESPACE,
  ENCODING,
  COMPRESSION,
  CSV_MALFORMED,
  TEXT_HEADER,
  EMPTY_SITEMAP,
  TOO_MANY_URLS,
  FILE_TOO_LARGE,
] as const;
