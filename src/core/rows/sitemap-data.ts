import type { UrlRows } from './rows';
import type { IndexEntry, SourceFile } from './types';

/** What was read from the files a user gave, without the problems found: the rows, the files, the index entries. */
export interface SitemapData {
  rows: UrlRows;
  files: SourceFile[];
  sitemaps: IndexEntry[];
}
