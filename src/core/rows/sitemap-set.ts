import { UrlRows } from './rows';
import type { IndexEntry, SourceFile } from './types';
import type { Problem } from '../rules/problem';

/**
 * Everything read from the files a user gave: the rows, the files they came
 * from, the entries of any sitemap index, and the problems found while reading
 * (file-level ones; row-level read defects are in `rows.readFlags`).
 */
export interface SitemapSet {
  rows: UrlRows;
  files: SourceFile[];
  sitemaps: IndexEntry[];
  problems: Problem[];
}

export function emptySet(): SitemapSet {
  return { rows: new UrlRows(), files: [], sitemaps: [], problems: [] };
}
