import { UrlRows } from '../rows/rows';
import type { SitemapData } from '../rows/sitemap-data';
import type { Problem } from '../rules/problem';

/**
 * Everything read from the files a user gave: the rows, the files they came
 * from, the entries of any sitemap index, and the problems found while reading
 * (file-level ones; row-level read defects are in `rows.readFlags`).
 */
export interface SitemapSet extends SitemapData {
  problems: Problem[];
}

export function emptySet(): SitemapSet {
  return { rows: new UrlRows(), files: [], sitemaps: [], problems: [] };
}
