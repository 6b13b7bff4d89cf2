import { missingPages } from '../rules/site-data/crawl-coverage';
import type { SitemapSet } from '../read/sitemap-set';
import { NO_FILE } from './commands';

/**
 * Add N pages: appends a row for each page the crawl found that no row lists
 * (`crawl-not-in-sitemap`), its URL as the crawl wrote it and the crawl's
 * Last-Modified as lastmod where it has one. The rows come from no file, so
 * the export's layout files them as it files every new row. Returns their
 * positions (the caller re-checks the set, and records one undo step).
 */
export function addMissingPages(set: SitemapSet): number[] {
  const pages = missingPages(set);
  const positions: number[] = [];
  for (const page of pages)
    positions.push(
      set.rows.push(
        { loc: page.url, lastmod: page.lastmod, changefreq: '', priority: '', ext: [] },
        { file: NO_FILE, line: 0, column: 0 },
      ),
    );
  if (positions.length > 0) set.rows.seal();
  return positions;
}
