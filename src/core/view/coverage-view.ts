/*
 * What the table reads of a crawl export's coverage: which rows the crawl
 * reached (the Coverage view's filters), and the crawl's depth and inlinks of
 * each row's page (the table's columns). The index is the check's
 * (crawl-coverage.ts): by row position, the crawl's page the row lists.
 */
import type { CoverageIndex } from '../rules/site-data/crawl-coverage';

/** The Coverage view's filters of the table: rows the crawl reached, and rows it never did (orphans or unreachable). */
export type CoverageFilter = 'crawled' | 'listedOnly';

export const COVERAGE_FILTERS: readonly CoverageFilter[] = ['crawled', 'listedOnly'];

/** The crawl's numbers a row can show and be sorted by. */
export type CrawlNumber = 'depth' | 'inlinks';

/**
 * A test of row positions for a coverage filter; false when the set has no
 * crawl export to test against (no row matches then), or the index is not
 * of these `n` rows.
 */
export function coverageMatcher(
  index: CoverageIndex | null,
  filter: CoverageFilter,
  n: number,
): ((i: number) => boolean) | false {
  if (!index || index.pageAt.length !== n) return false;
  const pageAt = index.pageAt;
  return filter === 'crawled' ? (i) => (pageAt[i] as number) >= 0 : (i) => (pageAt[i] as number) < 0;
}

/** The crawl's depth or inlinks of the row at a position; undefined when the crawl did not reach it or the export has no such column. */
export function crawlNumberOf(index: CoverageIndex | null, what: CrawlNumber): (i: number) => number | undefined {
  if (!index) return () => undefined;
  return (i) => index.pageOf(i)?.[what];
}

/** A row's depth and inlinks as the table shows them (null: none). */
export function crawlNumbers(index: CoverageIndex | null, i: number): { depth: number | null; inlinks: number | null } {
  const page = index?.pageOf(i) ?? null;
  return { depth: page?.depth ?? null, inlinks: page?.inlinks ?? null };
}
