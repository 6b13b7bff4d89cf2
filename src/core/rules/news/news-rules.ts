/*
 * The news extension's rules: what a news entry needs, articles of the last
 * two days only, and at most 1,000 in one sitemap. Detector, words and the per-file count in news.ts.
 */
import { bitOf, type FileRule, type RowRule } from '../rule';

/**
 * Most `<news:news>` entries in one sitemap (Google News). Not a setting: a
 * news sitemap over it is rejected whatever the other limits, so exports cut
 * files there too.
 */
export const MAX_NEWS_PER_SITEMAP = 1000;

export const NEWS_PUBLICATION_MISSING = {
  code: 'news-publication-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 10,
  field: 'ext',
  title: 'A news entry has no publication name or language (<news:publication>)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const NEWS_DATE_MISSING = {
  code: 'news-date-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 11,
  field: 'ext',
  title: 'A news entry has no publication date (<news:publication_date>)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const NEWS_DATE_INVALID = {
  code: 'news-date-invalid',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 12,
  field: 'ext',
  title: 'A news publication date is not a full W3C date (YYYY-MM-DD, or with a time and zone)',
  searchConsole: 'Invalid date',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

const NEWS_TITLE_MISSING = {
  code: 'news-title-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 13,
  field: 'ext',
  title: 'A news entry has no title (<news:title>)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

/** How old a news article may be, in days before the check's date, and still belong in a news sitemap (Google News). */
export const MAX_NEWS_AGE_DAYS = 2;

export const NEWS_TOO_OLD = {
  code: 'news-too-old',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 17,
  field: 'ext',
  title: 'A news article was published more than two days before the date of the check (<news:publication_date>)',
  searchConsole: '',
  fix: 'Drop its <news:news>, keeping the URL (each dropped entry listed)',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const NEWS_TOO_MANY = {
  code: 'news-too-many',
  // Google News refuses such a sitemap: an error (issue 29), split on export all the same.
  severity: 'error',
  scope: 'file',
  title: 'More than 1,000 news entries in one sitemap',
  searchConsole: '',
  fix: 'Split on export, at 1,000 news entries a file',
  fixedBy: 'export',
} as const satisfies FileRule;

export const NEWS_RULES = [
  NEWS_PUBLICATION_MISSING,
  NEWS_DATE_MISSING,
  NEWS_DATE_INVALID,
  NEWS_TITLE_MISSING,
  NEWS_TOO_OLD,
  NEWS_TOO_MANY,
] as const;

/** The news rules' bits in a row's extension mask. */
export const NEWS_BIT = {
  publication: bitOf(NEWS_PUBLICATION_MISSING),
  dateMissing: bitOf(NEWS_DATE_MISSING),
  dateInvalid: bitOf(NEWS_DATE_INVALID),
  title: bitOf(NEWS_TITLE_MISSING),
  tooOld: bitOf(NEWS_TOO_OLD),
} as const;
