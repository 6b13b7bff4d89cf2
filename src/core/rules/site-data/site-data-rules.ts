/*
 * The rules of data about the site given with the sitemaps (issue 14):
 * robots.txt and a crawler's export. Warnings: engines accept the sitemap and
 * skip the URL; the crawl rules' fix is to leave the URL out of the export.
 * Detector check-site-data.ts, fix crawl-exclusions.ts.
 */
import type { SetRule } from '../rule';

export const ROBOTS_BLOCKED = {
  code: 'robots-blocked',
  severity: 'warning',
  scope: 'set',
  title: 'The URL is blocked by robots.txt for Googlebot',
  searchConsole: 'Sitemap contains URLs which are blocked by robots.txt',
  fix: '',
  fixedBy: 'none',
} as const satisfies SetRule;

export const ROBOTS_NOT_LISTED = {
  code: 'robots-not-listed',
  severity: 'info',
  scope: 'set',
  title: 'robots.txt does not list this sitemap in a Sitemap: line',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies SetRule;

export const CRAWL_NOT_FOUND = {
  code: 'crawl-not-found',
  severity: 'warning',
  scope: 'set',
  title: 'The crawl found the URL missing (4xx)',
  searchConsole: 'Submitted URL not found (404)',
  fix: 'Leave it out of the export',
  fixedBy: 'export',
} as const satisfies SetRule;

export const CRAWL_SERVER_ERROR = {
  code: 'crawl-server-error',
  severity: 'warning',
  scope: 'set',
  title: 'The crawl got a server error or no answer at the URL',
  searchConsole: 'Server error (5xx)',
  fix: 'Leave it out of the export',
  fixedBy: 'export',
} as const satisfies SetRule;

export const CRAWL_REDIRECT = {
  code: 'crawl-redirect',
  severity: 'warning',
  scope: 'set',
  title: 'The crawl found the URL redirecting',
  searchConsole: 'Page with redirect',
  fix: 'Leave it out of the export',
  fixedBy: 'export',
} as const satisfies SetRule;

export const CRAWL_NOINDEX = {
  code: 'crawl-noindex',
  severity: 'warning',
  scope: 'set',
  title: 'The crawl found the page marked noindex',
  searchConsole: "Submitted URL marked 'noindex'",
  fix: 'Leave it out of the export',
  fixedBy: 'export',
} as const satisfies SetRule;

export const CRAWL_CANONICAL = {
  code: 'crawl-canonical',
  severity: 'warning',
  scope: 'set',
  title: 'The crawl found the page canonicalised to another URL',
  searchConsole: 'Submitted URL not selected as canonical',
  fix: 'Leave it out of the export',
  fixedBy: 'export',
} as const satisfies SetRule;

export const SITE_DATA_RULES = [
  ROBOTS_BLOCKED,
  ROBOTS_NOT_LISTED,
  CRAWL_NOT_FOUND,
  CRAWL_SERVER_ERROR,
  CRAWL_REDIRECT,
  CRAWL_NOINDEX,
  CRAWL_CANONICAL,
] as const;

/** A crawl rule. */
export type CrawlRule =
  | typeof CRAWL_NOT_FOUND
  | typeof CRAWL_SERVER_ERROR
  | typeof CRAWL_REDIRECT
  | typeof CRAWL_NOINDEX
  | typeof CRAWL_CANONICAL;
