import type { RuleCode, Severity } from './types';

/** What a rule is, independent of any occurrence. */
export interface Rule {
  code: RuleCode;
  severity: Severity;
  /** One plain sentence: what is wrong. */
  title: string;
  /** The matching Search Console error, the words users search for; '' when none. */
  searchConsole: string;
  /** The automatic fix, described for a button or a list; '' when there is none. */
  fix: string;
  /** Where it is found: the whole file, one row, or the whole set. */
  scope: 'file' | 'row' | 'set';
}

/**
 * The one list of rules (SPEC §4). Everything that reports, counts, filters or
 * fixes a problem looks its code up here.
 */
export const RULES: readonly Rule[] = [
  { code: 'xml-malformed', severity: 'error', scope: 'file', title: 'The file is not well-formed XML', searchConsole: 'Parsing error', fix: '' },
  { code: 'xml-schema', severity: 'error', scope: 'file', title: 'Well-formed XML that breaks the sitemap schema (an element where it may not be); what it holds is not read', searchConsole: 'Invalid XML tag', fix: '' },
  { code: 'xml-doctype', severity: 'warning', scope: 'file', title: 'A DOCTYPE declaration: sitemaps have none, and its entities are never loaded or expanded', searchConsole: '', fix: 'Never written' },
  { code: 'not-a-sitemap', severity: 'error', scope: 'file', title: 'The file is not a sitemap (its root is not <urlset> or <sitemapindex>)', searchConsole: 'Sitemap is HTML / Unsupported format', fix: '' },
  { code: 'leading-whitespace', severity: 'warning', scope: 'file', title: 'There are characters before the XML declaration', searchConsole: 'Leading whitespace', fix: 'Strip them' },
  { code: 'namespace', severity: 'warning', scope: 'file', title: 'The sitemap namespace is missing or wrong', searchConsole: 'Incorrect namespace', fix: 'Write the right namespace' },
  { code: 'encoding', severity: 'warning', scope: 'file', title: 'The file is not UTF-8, or has invalid bytes', searchConsole: 'Unsupported format', fix: 'Re-encode as UTF-8' },
  { code: 'compression', severity: 'error', scope: 'file', title: 'The compressed file does not decompress', searchConsole: 'Compression error', fix: '' },
  { code: 'csv-malformed', severity: 'warning', scope: 'file', title: 'A CSV line does not fit its header (more fields than columns, or a broken quote)', searchConsole: '', fix: '' },
  { code: 'text-header', severity: 'info', scope: 'file', title: 'The first line of a list of URLs is a column header (URL, loc, Address…): it was read as the header, not as a URL', searchConsole: '', fix: '' },
  { code: 'empty-sitemap', severity: 'warning', scope: 'file', title: 'The sitemap lists no URLs', searchConsole: 'Empty sitemap', fix: '' },
  { code: 'too-many-urls', severity: 'warning', scope: 'file', title: 'More than 50,000 URLs in one file', searchConsole: 'Too many URLs', fix: 'Split on export' },
  { code: 'file-too-large', severity: 'warning', scope: 'file', title: 'More than 52,428,800 bytes uncompressed', searchConsole: 'Sitemap file size error', fix: 'Split on export' },
  { code: 'too-many-sitemaps', severity: 'error', scope: 'file', title: 'A sitemap index with more than 50,000 entries', searchConsole: 'Too many sitemaps', fix: 'Split the index' },
  { code: 'nested-index', severity: 'error', scope: 'file', title: 'A sitemap index lists another index', searchConsole: 'Nested indexes', fix: '' },
  { code: 'index-child-missing', severity: 'info', scope: 'file', title: 'A sitemap listed in the index was not imported', searchConsole: '', fix: '' },
  { code: 'duplicate-tag', severity: 'error', scope: 'row', title: 'A tag that may appear once appears twice in one entry', searchConsole: 'Invalid XML: too many tags', fix: 'Keep the first' },
  { code: 'unknown-tag', severity: 'info', scope: 'row', title: 'An element outside the protocol and the known extensions (kept as is)', searchConsole: '', fix: '' },
  { code: 'ext-invalid', severity: 'warning', scope: 'row', title: 'An image, video or news extension does not follow its schema (children out of order, repeated or unknown, a required one that no rule below names missing, a date the schema refuses); it is kept as is', searchConsole: '', fix: 'Put the children in schema order, add missing seconds to dates' },
  // Extension rules. Each owns its defect whether the element is absent, empty
  // or bad, so ext-invalid never reports the same thing again (extensions.ts).
  { code: 'hreflang-value', severity: 'warning', scope: 'row', title: 'An hreflang value is not a language code with an optional region (en, en-GB, zh-Hant) or x-default', searchConsole: 'Unknown language code', fix: '' },
  { code: 'hreflang-href', severity: 'warning', scope: 'row', title: 'An hreflang alternate has no href, or one that is not an absolute http(s) URL', searchConsole: '', fix: '' },
  { code: 'hreflang-self-missing', severity: 'warning', scope: 'row', title: 'A page with hreflang alternates does not list itself among them', searchConsole: '', fix: '' },
  { code: 'hreflang-not-reciprocal', severity: 'warning', scope: 'row', title: 'An hreflang alternate in this set does not link back to the page that lists it', searchConsole: 'No return tags', fix: '' },
  { code: 'image-loc-not-absolute', severity: 'warning', scope: 'row', title: 'An image URL (<image:loc>) is empty or not an absolute http(s) URL', searchConsole: '', fix: '' },
  { code: 'video-thumbnail-missing', severity: 'error', scope: 'row', title: 'A video has no thumbnail URL (<video:thumbnail_loc>)', searchConsole: 'Missing thumbnail URL', fix: '' },
  { code: 'video-title-missing', severity: 'error', scope: 'row', title: 'A video has no title (<video:title>)', searchConsole: 'Missing video title', fix: '' },
  { code: 'video-description-missing', severity: 'error', scope: 'row', title: 'A video has no description (<video:description>)', searchConsole: '', fix: '' },
  { code: 'video-location-missing', severity: 'error', scope: 'row', title: 'A video has neither a content location (<video:content_loc>) nor a player location (<video:player_loc>)', searchConsole: '', fix: '' },
  { code: 'video-location-same-as-page', severity: 'error', scope: 'row', title: 'A video\'s content or player location is the page\'s own URL', searchConsole: 'Video location and play page are the same', fix: '' },
  { code: 'news-publication-missing', severity: 'error', scope: 'row', title: 'A news entry has no publication name or language (<news:publication>)', searchConsole: '', fix: '' },
  { code: 'news-date-missing', severity: 'error', scope: 'row', title: 'A news entry has no publication date (<news:publication_date>)', searchConsole: '', fix: '' },
  { code: 'news-date-invalid', severity: 'error', scope: 'row', title: 'A news publication date is not a full W3C date (YYYY-MM-DD, or with a time and zone)', searchConsole: 'Invalid date', fix: '' },
  { code: 'news-title-missing', severity: 'error', scope: 'row', title: 'A news entry has no title (<news:title>)', searchConsole: '', fix: '' },
  { code: 'news-too-many', severity: 'warning', scope: 'file', title: 'More than 1,000 news entries in one sitemap', searchConsole: '', fix: 'Split on export, at 1,000 news entries a file' },
  { code: 'loc-missing', severity: 'error', scope: 'row', title: 'An entry without a <loc>, or with an empty one', searchConsole: 'Missing XML tag', fix: '' },
  { code: 'loc-not-absolute', severity: 'error', scope: 'row', title: 'The URL has no scheme or host (it is relative)', searchConsole: 'Invalid URL / URLs not followed', fix: 'Prefix the Site URL' },
  { code: 'loc-scheme', severity: 'error', scope: 'row', title: 'The URL scheme is not http or https', searchConsole: 'Invalid URL', fix: '' },
  { code: 'loc-too-long', severity: 'error', scope: 'row', title: 'The URL is too long (over 2,048 characters once escaped; over 1,024 is a warning)', searchConsole: 'Invalid URL', fix: '' },
  { code: 'loc-whitespace', severity: 'error', scope: 'row', title: 'The URL contains spaces, tabs, new lines or control characters', searchConsole: 'Invalid URL', fix: 'Trim and percent-encode' },
  { code: 'value-whitespace', severity: 'warning', scope: 'file', title: 'Values with white space around them (pretty-printed <loc> on its own lines): removed on import, never written', searchConsole: '', fix: 'Trimmed on import' },
  { code: 'loc-unescaped', severity: 'warning', scope: 'row', title: 'The URL has characters that must be percent-encoded, or a non-punycode host', searchConsole: 'Invalid URL', fix: 'Encode' },
  { code: 'loc-fragment', severity: 'warning', scope: 'row', title: 'The URL contains a #fragment', searchConsole: '', fix: 'Drop the fragment' },
  { code: 'loc-not-allowed', severity: 'warning', scope: 'row', title: 'The URL is outside what the sitemap\'s location allows', searchConsole: 'URL not allowed / Path mismatch', fix: '' },
  { code: 'loc-duplicate', severity: 'warning', scope: 'row', title: 'The same URL appears more than once', searchConsole: '', fix: 'Remove duplicates' },
  { code: 'lastmod-format', severity: 'error', scope: 'row', title: 'The lastmod is not in W3C Datetime format', searchConsole: 'Invalid date', fix: 'Convert when unambiguous' },
  { code: 'lastmod-invalid', severity: 'error', scope: 'row', title: 'The lastmod is not a real date or time', searchConsole: 'Invalid date', fix: '' },
  { code: 'lastmod-timezone', severity: 'warning', scope: 'row', title: 'The lastmod has a time but no time zone', searchConsole: 'Invalid date', fix: 'Add a time zone' },
  { code: 'lastmod-future', severity: 'warning', scope: 'row', title: 'The lastmod is in the future', searchConsole: '', fix: '' },
  { code: 'changefreq-value', severity: 'error', scope: 'row', title: 'The changefreq is not one of always, hourly, daily, weekly, monthly, yearly, never', searchConsole: 'Invalid tag value', fix: 'Map to the matching value' },
  { code: 'priority-format', severity: 'error', scope: 'row', title: 'The priority is not a decimal number', searchConsole: 'Invalid tag value', fix: 'Use a decimal point' },
  { code: 'priority-range', severity: 'error', scope: 'row', title: 'The priority is outside 0.0 to 1.0', searchConsole: 'Invalid tag value', fix: '' },
  { code: 'priority-uniform', severity: 'info', scope: 'set', title: 'Every URL has the same non-default priority, so it means nothing', searchConsole: '', fix: '' },
  // Live sources (the CLI fetches sitemaps, indexes and robots.txt): located by URL.
  { code: 'fetch-failed', severity: 'error', scope: 'file', title: 'The sitemap could not be fetched (no answer, timed out or too large)', searchConsole: "Couldn't fetch", fix: '' },
  { code: 'fetch-http-error', severity: 'error', scope: 'file', title: 'The server answered the sitemap\'s URL with an HTTP error', searchConsole: 'HTTP error', fix: '' },
  { code: 'fetch-redirect', severity: 'error', scope: 'file', title: 'The sitemap\'s URL redirects too often, in a loop or nowhere', searchConsole: 'Redirect error', fix: '' },
  { code: 'fetch-redirected', severity: 'info', scope: 'file', title: 'The sitemap\'s URL redirects; the redirect was followed', searchConsole: '', fix: '' },
  // robots.txt and crawl exports are data the checks use (issue 14). Warnings: engines
  // accept the sitemap and skip the URL; the crawl rules' fix is to leave it out of the export.
  { code: 'robots-blocked', severity: 'warning', scope: 'set', title: 'The URL is blocked by robots.txt for Googlebot', searchConsole: 'Sitemap contains URLs which are blocked by robots.txt', fix: '' },
  { code: 'robots-not-listed', severity: 'info', scope: 'set', title: 'robots.txt does not list this sitemap in a Sitemap: line', searchConsole: '', fix: '' },
  { code: 'crawl-not-found', severity: 'warning', scope: 'set', title: 'The crawl found the URL missing (4xx)', searchConsole: 'Submitted URL not found (404)', fix: 'Leave it out of the export' },
  { code: 'crawl-server-error', severity: 'warning', scope: 'set', title: 'The crawl got a server error or no answer at the URL', searchConsole: 'Server error (5xx)', fix: 'Leave it out of the export' },
  { code: 'crawl-redirect', severity: 'warning', scope: 'set', title: 'The crawl found the URL redirecting', searchConsole: 'Page with redirect', fix: 'Leave it out of the export' },
  { code: 'crawl-noindex', severity: 'warning', scope: 'set', title: 'The crawl found the page marked noindex', searchConsole: "Submitted URL marked 'noindex'", fix: 'Leave it out of the export' },
  { code: 'crawl-canonical', severity: 'warning', scope: 'set', title: 'The crawl found the page canonicalised to another URL', searchConsole: 'Submitted URL not selected as canonical', fix: 'Leave it out of the export' },
  { code: 'feed-read', severity: 'info', scope: 'file', title: 'An RSS 2.0 or Atom 1.0 feed was read as a sitemap (item links as locs, dates converted to W3C Datetime)', searchConsole: '', fix: '' },
];

const BY_CODE = new Map<RuleCode, Rule>(RULES.map((r) => [r.code, r]));

export function ruleFor(code: RuleCode): Rule {
  const rule = BY_CODE.get(code);
  if (!rule) throw new Error(`unknown rule code ${code}`);
  return rule;
}
