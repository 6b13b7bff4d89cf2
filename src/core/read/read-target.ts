import type { UrlRows } from '../rows/rows';
import type { IndexEntry } from '../rows/types';
import type { Problem } from '../rules/problem';

/** The feed formats read as sitemaps (Google reads both, mRSS included). */
export type FeedKind = 'rss' | 'atom';

/** Where one XML file's rows, index entries and problems go. */
export interface XmlReadTarget {
  fileIndex: number;
  fileName: string;
  rows: UrlRows;
  sitemaps: IndexEntry[];
  problems: Problem[];
}

export interface XmlReadResult {
  kind: 'urlset' | 'sitemapindex' | 'none' | FeedKind;
  /** `<url>` or `<sitemap>` entries read. */
  count: number;
  /** The file ends inside its root element: what followed the cut is lost (SourceFile.partial). */
  endedEarly?: boolean;
}
