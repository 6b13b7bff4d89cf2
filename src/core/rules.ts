/*
 * Every rule of SPEC §4, once. Adding a rule takes:
 *
 * 1. Its entry in RULES below: code, severity, scope, the title, Search
 *    Console's words, its fix in words and `fixedBy` (who repairs it). The
 *    code's type, the Problems panel's order, "Fix all" and "handled on
 *    export" all follow from the entry (rules.test.ts checks they agree).
 * 2. Where it is found: a file rule is reported by its reader (src/core/read/)
 *    or check; a row rule (scope 'row') appends its code to ROW_RULES
 *    (check/row-bits.ts) or, for extension data, EXT_RULES (check/ext-bits.ts)
 *    — appended, never reordered — sets that bit in its check (check/loc.ts,
 *    lastmod.ts, …) and says what is wrong in check/describe.ts (and
 *    stream/describe-row.ts for the streaming path); a set rule in
 *    check/check-set.ts.
 * 3. With `fixedBy: 'fix-all'`: its fix in fix/plan-fixes.ts.
 * 4. A fixture in fixtures/ that raises it, and its line in SPEC §4 or the
 *    README's list of codes beyond it.
 */
import type { Severity } from './types';

/** Who repairs a rule's occurrences. */
export type FixedBy =
  /** "Fix all" (and the group's Fix button) changes the rows now: fix/plan-fixes.ts. */
  | 'fix-all'
  /** Nothing to click: reading or writing the files handles it (split, namespace, re-encode, trim, leave out). */
  | 'export'
  /** No automatic fix: the user edits the value. */
  | 'none';

/** What a rule is, independent of any occurrence. */
interface RuleEntry {
  readonly code: string;
  readonly severity: Severity;
  /** One plain sentence: what is wrong. */
  readonly title: string;
  /** The matching Search Console error, the words users search for; '' when none. */
  readonly searchConsole: string;
  /** The automatic fix, described for a button or a list; '' exactly when `fixedBy` is 'none'. */
  readonly fix: string;
  /** Who repairs it (see {@link FixedBy}). */
  readonly fixedBy: FixedBy;
  /** Where it is found: the whole file, one row (it has a bit: row-bits.ts, ext-bits.ts), or the whole set. */
  readonly scope: 'file' | 'row' | 'set';
}

/**
 * The one list of rules (SPEC §4). Everything that reports, counts, filters or
 * fixes a problem looks its code up here; its order is the Problems panel's.
 */
export const RULES = [
  {
    code: 'xml-malformed',
    severity: 'error',
    scope: 'file',
    title: 'The file is not well-formed XML',
    searchConsole: 'Parsing error',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'xml-schema',
    severity: 'error',
    scope: 'file',
    title: 'Well-formed XML that breaks the sitemap schema (an element where it may not be); what it holds is not read',
    searchConsole: 'Invalid XML tag',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'xml-doctype',
    severity: 'warning',
    scope: 'file',
    title: 'A DOCTYPE declaration: sitemaps have none, and its entities are never loaded or expanded',
    searchConsole: '',
    fix: 'Never written',
    fixedBy: 'export',
  },
  {
    code: 'not-a-sitemap',
    severity: 'error',
    scope: 'file',
    title: 'The file is not a sitemap (its root is not <urlset> or <sitemapindex>)',
    searchConsole: 'Sitemap is HTML / Unsupported format',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'leading-whitespace',
    severity: 'warning',
    scope: 'file',
    title: 'There are characters before the XML declaration',
    searchConsole: 'Leading whitespace',
    fix: 'Strip them',
    fixedBy: 'export',
  },
  {
    code: 'namespace',
    severity: 'warning',
    scope: 'file',
    title: 'The sitemap namespace is missing or wrong',
    searchConsole: 'Incorrect namespace',
    fix: 'Write the right namespace',
    fixedBy: 'export',
  },
  {
    code: 'encoding',
    severity: 'warning',
    scope: 'file',
    title: 'The file is not UTF-8, or has invalid bytes',
    searchConsole: 'Unsupported format',
    fix: 'Re-encode as UTF-8',
    fixedBy: 'export',
  },
  {
    code: 'compression',
    severity: 'error',
    scope: 'file',
    title: 'The compressed file does not decompress',
    searchConsole: 'Compression error',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'csv-malformed',
    severity: 'warning',
    scope: 'file',
    title: 'A CSV line does not fit its header (more fields than columns, or a broken quote)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'text-header',
    severity: 'info',
    scope: 'file',
    title:
      'The first line of a list of URLs is a column header (URL, loc, Address…): it was read as the header, not as a URL',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'empty-sitemap',
    severity: 'warning',
    scope: 'file',
    title: 'The sitemap lists no URLs',
    searchConsole: 'Empty sitemap',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'too-many-urls',
    severity: 'warning',
    scope: 'file',
    title: 'More than 50,000 URLs in one file',
    searchConsole: 'Too many URLs',
    fix: 'Split on export',
    fixedBy: 'export',
  },
  {
    code: 'file-too-large',
    severity: 'warning',
    scope: 'file',
    title: 'More than 52,428,800 bytes uncompressed',
    searchConsole: 'Sitemap file size error',
    fix: 'Split on export',
    fixedBy: 'export',
  },
  {
    code: 'too-many-sitemaps',
    severity: 'error',
    scope: 'file',
    title: 'A sitemap index with more than 50,000 entries',
    searchConsole: 'Too many sitemaps',
    fix: 'Split the index',
    fixedBy: 'export',
  },
  {
    code: 'nested-index',
    severity: 'error',
    scope: 'file',
    title: 'A sitemap index lists another index',
    searchConsole: 'Nested indexes',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'index-child-missing',
    severity: 'info',
    scope: 'file',
    title: 'A sitemap listed in the index was not imported',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'duplicate-tag',
    severity: 'error',
    scope: 'row',
    title: 'A tag that may appear once appears twice in one entry',
    searchConsole: 'Invalid XML: too many tags',
    fix: 'Keep the first',
    fixedBy: 'fix-all',
  },
  {
    code: 'unknown-tag',
    severity: 'info',
    scope: 'row',
    title: 'An element outside the protocol and the known extensions (kept as is)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'ext-too-deep',
    severity: 'error',
    scope: 'file',
    title:
      'Elements inside a <url> nested deeper than XML parsers read (254 levels): the deeper ones are not read; the URL is kept',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'ext-invalid',
    severity: 'warning',
    scope: 'row',
    title:
      'An image, video or news extension does not follow its schema (children out of order, repeated or unknown, a required one that no rule below names missing, a date the schema refuses); it is kept as is',
    searchConsole: '',
    fix: 'Put the children in schema order, add missing seconds to dates',
    fixedBy: 'fix-all',
  },
  // Extension rules. Each owns its defect whether the element is absent, empty
  // or bad, so ext-invalid never reports the same thing again (extensions.ts).
  {
    code: 'hreflang-value',
    severity: 'warning',
    scope: 'row',
    title: 'An hreflang value is not a language code with an optional region (en, en-GB, zh-Hant) or x-default',
    searchConsole: 'Unknown language code',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'hreflang-href',
    severity: 'warning',
    scope: 'row',
    title: 'An hreflang alternate has no href, or one that is not an absolute http(s) URL',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'hreflang-self-missing',
    severity: 'warning',
    scope: 'row',
    title: 'A page with hreflang alternates does not list itself among them',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'hreflang-not-reciprocal',
    severity: 'warning',
    scope: 'row',
    title: 'An hreflang alternate in this set does not link back to the page that lists it',
    searchConsole: 'No return tags',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'image-loc-not-absolute',
    severity: 'warning',
    scope: 'row',
    title: 'An image URL (<image:loc>) is empty or not an absolute http(s) URL',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'video-thumbnail-missing',
    severity: 'error',
    scope: 'row',
    title: 'A video has no thumbnail URL (<video:thumbnail_loc>)',
    searchConsole: 'Missing thumbnail URL',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'video-title-missing',
    severity: 'error',
    scope: 'row',
    title: 'A video has no title (<video:title>)',
    searchConsole: 'Missing video title',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'video-description-missing',
    severity: 'error',
    scope: 'row',
    title: 'A video has no description (<video:description>)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'video-location-missing',
    severity: 'error',
    scope: 'row',
    title: 'A video has neither a content location (<video:content_loc>) nor a player location (<video:player_loc>)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'video-location-same-as-page',
    severity: 'error',
    scope: 'row',
    title: "A video's content or player location is the page's own URL",
    searchConsole: 'Video location and play page are the same',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'news-publication-missing',
    severity: 'error',
    scope: 'row',
    title: 'A news entry has no publication name or language (<news:publication>)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'news-date-missing',
    severity: 'error',
    scope: 'row',
    title: 'A news entry has no publication date (<news:publication_date>)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'news-date-invalid',
    severity: 'error',
    scope: 'row',
    title: 'A news publication date is not a full W3C date (YYYY-MM-DD, or with a time and zone)',
    searchConsole: 'Invalid date',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'news-title-missing',
    severity: 'error',
    scope: 'row',
    title: 'A news entry has no title (<news:title>)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'news-too-many',
    severity: 'warning',
    scope: 'file',
    title: 'More than 1,000 news entries in one sitemap',
    searchConsole: '',
    fix: 'Split on export, at 1,000 news entries a file',
    fixedBy: 'export',
  },
  {
    code: 'loc-missing',
    severity: 'error',
    scope: 'row',
    title: 'An entry without a <loc>, or with an empty one',
    searchConsole: 'Missing XML tag',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'loc-not-absolute',
    severity: 'error',
    scope: 'row',
    title: 'The URL has no scheme or host (it is relative)',
    searchConsole: 'Invalid URL / URLs not followed',
    fix: 'Prefix the Site URL',
    fixedBy: 'fix-all',
  },
  {
    code: 'loc-scheme',
    severity: 'error',
    scope: 'row',
    title: 'The URL scheme is not http or https',
    searchConsole: 'Invalid URL',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'loc-too-long',
    severity: 'error',
    scope: 'row',
    title: 'The URL is too long (over 2,048 characters once escaped; over 1,024 is a warning)',
    searchConsole: 'Invalid URL',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'loc-whitespace',
    severity: 'error',
    scope: 'row',
    title: 'The URL contains spaces, tabs, new lines or control characters',
    searchConsole: 'Invalid URL',
    fix: 'Trim and percent-encode',
    fixedBy: 'fix-all',
  },
  {
    code: 'value-whitespace',
    severity: 'warning',
    scope: 'file',
    title:
      'Values with white space around them (pretty-printed <loc> on its own lines): removed on import, never written',
    searchConsole: '',
    fix: 'Trimmed on import',
    fixedBy: 'export',
  },
  {
    code: 'loc-unescaped',
    severity: 'warning',
    scope: 'row',
    title: 'The URL has characters that must be percent-encoded, or a non-punycode host',
    searchConsole: 'Invalid URL',
    fix: 'Encode',
    fixedBy: 'fix-all',
  },
  {
    code: 'loc-fragment',
    severity: 'warning',
    scope: 'row',
    title: 'The URL contains a #fragment',
    searchConsole: '',
    fix: 'Drop the fragment',
    fixedBy: 'fix-all',
  },
  {
    code: 'loc-not-allowed',
    severity: 'warning',
    scope: 'row',
    title: "The URL is outside what the sitemap's location allows",
    searchConsole: 'URL not allowed / Path mismatch',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'loc-duplicate',
    severity: 'warning',
    scope: 'row',
    title: 'The same URL appears more than once',
    searchConsole: '',
    fix: 'Remove duplicates',
    fixedBy: 'fix-all',
  },
  {
    code: 'lastmod-format',
    severity: 'error',
    scope: 'row',
    title: 'The lastmod is not in W3C Datetime format',
    searchConsole: 'Invalid date',
    fix: 'Convert when unambiguous',
    fixedBy: 'fix-all',
  },
  {
    code: 'lastmod-invalid',
    severity: 'error',
    scope: 'row',
    title: 'The lastmod is not a real date or time',
    searchConsole: 'Invalid date',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'lastmod-timezone',
    severity: 'warning',
    scope: 'row',
    title: 'The lastmod has a time but no time zone',
    searchConsole: 'Invalid date',
    fix: 'Add a time zone',
    fixedBy: 'fix-all',
  },
  {
    code: 'lastmod-future',
    severity: 'warning',
    scope: 'row',
    title: 'The lastmod is in the future',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'changefreq-value',
    severity: 'error',
    scope: 'row',
    title: 'The changefreq is not one of always, hourly, daily, weekly, monthly, yearly, never',
    searchConsole: 'Invalid tag value',
    fix: 'Map to the matching value',
    fixedBy: 'fix-all',
  },
  {
    code: 'priority-format',
    severity: 'error',
    scope: 'row',
    title: 'The priority is not a decimal number',
    searchConsole: 'Invalid tag value',
    fix: 'Use a decimal point',
    fixedBy: 'fix-all',
  },
  {
    code: 'priority-range',
    severity: 'error',
    scope: 'row',
    title: 'The priority is outside 0.0 to 1.0',
    searchConsole: 'Invalid tag value',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'priority-uniform',
    severity: 'info',
    scope: 'set',
    title: 'Every URL has the same non-default priority, so it means nothing',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  // Live sources (the CLI fetches sitemaps, indexes and robots.txt): located by URL.
  {
    code: 'fetch-failed',
    severity: 'error',
    scope: 'file',
    title: 'The sitemap could not be fetched (no answer, timed out or too large)',
    searchConsole: "Couldn't fetch",
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'fetch-http-error',
    severity: 'error',
    scope: 'file',
    title: "The server answered the sitemap's URL with an HTTP error",
    searchConsole: 'HTTP error',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'fetch-redirect',
    severity: 'error',
    scope: 'file',
    title: "The sitemap's URL redirects too often, in a loop or nowhere",
    searchConsole: 'Redirect error',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'fetch-redirected',
    severity: 'info',
    scope: 'file',
    title: "The sitemap's URL redirects; the redirect was followed",
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'fetch-refused',
    severity: 'error',
    scope: 'file',
    title:
      'The URL was not fetched: the fetch policy refused it (not http(s), a private or loopback address, another host with --same-host, a cap or the deadline)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'fetch-other-host',
    severity: 'info',
    scope: 'file',
    title: 'A URL found in the files led to a host not named on the command line, and it was fetched',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  // robots.txt and crawl exports are data the checks use (issue 14). Warnings: engines
  // accept the sitemap and skip the URL; the crawl rules' fix is to leave it out of the export.
  {
    code: 'robots-blocked',
    severity: 'warning',
    scope: 'set',
    title: 'The URL is blocked by robots.txt for Googlebot',
    searchConsole: 'Sitemap contains URLs which are blocked by robots.txt',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'robots-not-listed',
    severity: 'info',
    scope: 'set',
    title: 'robots.txt does not list this sitemap in a Sitemap: line',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'crawl-not-found',
    severity: 'warning',
    scope: 'set',
    title: 'The crawl found the URL missing (4xx)',
    searchConsole: 'Submitted URL not found (404)',
    fix: 'Leave it out of the export',
    fixedBy: 'export',
  },
  {
    code: 'crawl-server-error',
    severity: 'warning',
    scope: 'set',
    title: 'The crawl got a server error or no answer at the URL',
    searchConsole: 'Server error (5xx)',
    fix: 'Leave it out of the export',
    fixedBy: 'export',
  },
  {
    code: 'crawl-redirect',
    severity: 'warning',
    scope: 'set',
    title: 'The crawl found the URL redirecting',
    searchConsole: 'Page with redirect',
    fix: 'Leave it out of the export',
    fixedBy: 'export',
  },
  {
    code: 'crawl-noindex',
    severity: 'warning',
    scope: 'set',
    title: 'The crawl found the page marked noindex',
    searchConsole: "Submitted URL marked 'noindex'",
    fix: 'Leave it out of the export',
    fixedBy: 'export',
  },
  {
    code: 'crawl-canonical',
    severity: 'warning',
    scope: 'set',
    title: 'The crawl found the page canonicalised to another URL',
    searchConsole: 'Submitted URL not selected as canonical',
    fix: 'Leave it out of the export',
    fixedBy: 'export',
  },
  // Coverage (issue 32): the other way round, a page the crawl found that no sitemap lists. Its
  // detector and words: site-data/crawl-coverage.ts; Add N pages (the Coverage panel, export
  // --add-missing) adds the pages, a choice the user makes, so no automatic fix.
  {
    code: 'crawl-not-in-sitemap',
    severity: 'info',
    scope: 'set',
    title: 'The crawl found an indexable page (200, not noindex, its own canonical) that no sitemap lists',
    searchConsole: 'Indexed, not submitted in sitemap',
    fix: '',
    fixedBy: 'none',
  },
  {
    code: 'feed-read',
    severity: 'info',
    scope: 'file',
    title: 'An RSS 2.0 or Atom 1.0 feed was read as a sitemap (item links as locs, dates converted to W3C Datetime)',
    searchConsole: '',
    fix: '',
    fixedBy: 'none',
  },
] as const satisfies readonly RuleEntry[];

/** Every rule of SPEC §4, by its stable code. */
export type RuleCode = (typeof RULES)[number]['code'];

/** The codes of one scope, as a type (the bit lists are checked against it). */
export type RuleCodeOf<S extends RuleEntry['scope']> = Extract<(typeof RULES)[number], { scope: S }>['code'];

/** A rule, looked up by its code. */
export interface Rule extends RuleEntry {
  code: RuleCode;
}

const BY_CODE = new Map<RuleCode, Rule>(RULES.map((r) => [r.code, r]));

/** The rule of a code; throws on a code that is not one (a programming error). */
export function ruleFor(code: RuleCode): Rule {
  const rule = BY_CODE.get(code);
  if (!rule) throw new Error(`unknown rule code ${code}`);
  return rule;
}

/** The codes "Fix all" repairs, in RULES order. */
export const FIX_ALL_CODES: readonly RuleCode[] = RULES.filter((r) => r.fixedBy === 'fix-all').map((r) => r.code);

/** True when "Fix all" can repair this code in the rows now. */
export function canFixNow(code: RuleCode): boolean {
  return ruleFor(code).fixedBy === 'fix-all';
}

/**
 * How a rule repaired when the files are read or written (split, namespace,
 * re-encoding) is handled, in words; '' for the others. Nothing to click,
 * but the user should know it is handled.
 */
export function fixedOnExport(code: RuleCode): string {
  const rule = ruleFor(code);
  return rule.fixedBy === 'export' ? rule.fix : '';
}

/** True for a code found on rows, which the table can filter by (a file-level problem has no rows). */
export function filtersRows(code: RuleCode): boolean {
  return ruleFor(code).scope === 'row';
}
