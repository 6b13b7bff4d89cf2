/*
 * Coverage per branch of the structure tree and the diagram (a crawl export
 * given): rows the crawl never reached ("not crawled"), counted by the tree's
 * pass with the rows, and the crawl's indexable pages no row lists
 * ("missing"), which are no rows: each is walked down the levels counted
 * once the rows are, a step per level (the missing pages are few beside the
 * rows).
 */
import type { CoverageIndex } from '../rules/site-data/crawl-coverage';
import { locInBranch, NOT_ABSOLUTE_KEY, originLength } from '../text/url-branches';

/** What the tree's pass reads of the coverage index. */
export interface BranchCoverage {
  /** By row position: the crawl's page the row lists, -1 when none (see CoverageIndex.pageAt). */
  pageAt: Int32Array;
  /** The URLs of the indexable pages no row lists. */
  missing: readonly string[];
}

export function branchCoverage(index: CoverageIndex | null): BranchCoverage | null {
  return index ? { pageAt: index.pageAt, missing: index.missing().map((m) => m.page.url) } : null;
}

/** A branch's coverage counts while the pass counts. */
export interface CoverageAcc {
  notCrawled: number;
  missing: number;
}

/** What {@link countMissing} needs of a level of the pass. */
interface CoverageLevel {
  key: string;
  top: boolean;
  acc: Map<string, CoverageChild>;
}

interface CoverageChild extends CoverageAcc {
  next: CoverageLevel | null;
}

/**
 * Counts each missing URL in the children it lies in, from the first of
 * `starts` it lies in (the top level, or the branches a pass below the top
 * began at, shallowest first) down the levels counted; a URL in a branch no
 * row lies in counts nowhere (the tree shows the rows' branches; the
 * Coverage view counts every one).
 */
export function countMissing(starts: readonly CoverageLevel[], urls: readonly string[]): void {
  for (const url of urls) {
    let level: CoverageLevel | null = starts.find((l) => l.top || locInBranch(url, l.key)) ?? null;
    while (level !== null) {
      const childKey = childKeyOf(url, level);
      const a: CoverageChild | undefined = childKey === null ? undefined : level.acc.get(childKey);
      if (a === undefined) break;
      a.missing++;
      level = a.next;
    }
  }
}

/** The key of the child of `level` that `url` lies in, or null when it lies in none. */
function childKeyOf(url: string, level: CoverageLevel): string | null {
  if (level.top) {
    const end = originLength(url);
    return end === 0 ? NOT_ABSOLUTE_KEY : url.slice(0, end);
  }
  const from = level.key.length + 1;
  if (!url.startsWith(`${level.key}/`) || from >= url.length) return null;
  let to = from;
  while (to < url.length && !'/?#'.includes(url.charAt(to))) to++;
  return to === from ? null : url.slice(0, to);
}
