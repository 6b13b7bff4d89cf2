/* An RSS or Atom feed read as a sitemap (read/read-feed.ts says so). */
import type { FileRule } from '../rule';

export const FEED_READ = {
  code: 'feed-read',
  severity: 'info',
  scope: 'file',
  title: 'An RSS 2.0 or Atom 1.0 feed was read as a sitemap (item links as locs, dates converted to W3C Datetime)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FEED_RULES = [FEED_READ] as const;
