/*
 * Coverage: the sitemaps against a crawl export given with them. The rule
 * `crawl-not-in-sitemap` (one detector and its words, here) reports each page
 * the crawl found answering 200, indexable and not canonicalised elsewhere,
 * that no row lists; a row lists it when their URLs are the same but for case
 * and a trailing slash (canonical-normalised). The index behind it also tells
 * each row whether the crawl reached it (the Coverage view's filters, the
 * tree's counts) and the crawl's depth and inlinks of the row's page.
 */
import type { SitemapData } from '../../rows/sitemap-data';
import type { CrawlPage } from '../../rows/types';
import { makeProblem, quote, type Problem } from '../problem';
import { CRAWL_NOT_IN_SITEMAP } from './site-data-rules';

/**
 * A URL as coverage compares it: lower case, no fragment, no default port,
 * and no trailing slash on a path longer than '/' (before the query).
 * `/About/` and `/about` are one page; `http:` and `https:` are two.
 */
export function coverageKey(url: string): string {
  let k = url.trim().toLowerCase();
  const hash = k.indexOf('#');
  if (hash >= 0) k = k.slice(0, hash);
  k = k.replace(/^(https:\/\/[^/?]*?):443(?=[/?]|$)|^(http:\/\/[^/?]*?):80(?=[/?]|$)/, (_, a, b) => a ?? b);
  const q = k.indexOf('?');
  const path = q < 0 ? k : k.slice(0, q);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/.exec(path)?.[0].length ?? 0;
  if (path.length > origin + 1 && path.endsWith('/')) k = path.slice(0, -1) + (q < 0 ? '' : k.slice(q));
  else if (path.length === origin) k = `${path}/${q < 0 ? '' : k.slice(q)}`;
  return k;
}

/** Whether a page of the crawl belongs in a sitemap: answered 200, indexable, its own canonical, an HTML page. */
export function indexablePage(page: CrawlPage): boolean {
  return (
    page.status === 200 &&
    !page.noindex &&
    page.html !== false &&
    (page.canonical === '' || coverageKey(page.canonical) === coverageKey(page.url))
  );
}

/** What the Coverage view counts. */
export interface CoverageCounts {
  /** Rows whose page the crawl reached (any answer). */
  crawled: number;
  /** Rows the crawl never reached: orphans, or unreachable by links. */
  listedOnly: number;
  /** Indexable pages of the crawl that no row lists (`crawl-not-in-sitemap`). */
  missing: number;
  /** Whether the crawl export has a depth column, and an inlinks column. */
  depth: boolean;
  inlinks: boolean;
}

/** A page the crawl found and no row lists: what Add N pages adds. */
export interface MissingPage {
  url: string;
  /** The crawl's Last-Modified as a W3C Datetime, '' when none. */
  lastmod: string;
}

/**
 * The crawl's pages by coverage key, and by row position the page each row
 * lists. Built with a full check; a re-check of edited rows moves their
 * counts ({@link updateCoverage}).
 */
export class CoverageIndex {
  /** Every page of the crawl, the first of each key, and the export it came from. */
  readonly pages: CrawlPage[] = [];
  readonly files: string[] = [];
  private readonly byKey = new Map<string, number>();
  /** By page: rows listing it. */
  private listed = new Int32Array(0);
  /** By row position: the page it lists, -1 when the crawl has none. */
  readonly pageAt: Int32Array;
  readonly hasDepth: boolean;
  readonly hasInlinks: boolean;

  constructor(
    set: SitemapData,
    /** The crawl exports' page lists it was built from (a new import makes it stale). */
    readonly sources: readonly CrawlPage[][],
  ) {
    set.files.forEach((f) => {
      if (f.siteData?.kind !== 'crawl') return;
      for (const page of f.siteData.pages) {
        const key = coverageKey(page.url);
        if (this.byKey.has(key)) continue;
        this.byKey.set(key, this.pages.length);
        this.pages.push(page);
        this.files.push(f.name);
      }
    });
    this.hasDepth = this.pages.some((p) => p.depth !== undefined);
    this.hasInlinks = this.pages.some((p) => p.inlinks !== undefined);
    this.listed = new Int32Array(this.pages.length);
    const n = set.rows.length;
    this.pageAt = new Int32Array(n);
    for (let i = 0; i < n; i++) this.pageAt[i] = this.take(set.rows.loc.get(i), 1);
  }

  /** The page `loc` lists, counted `by` more (or fewer) rows; -1 when the crawl has none. */
  private take(loc: string, by: 1 | -1): number {
    if (loc === '') return -1;
    const p = this.byKey.get(coverageKey(loc));
    if (p === undefined) return -1;
    this.listed[p] = (this.listed[p] ?? 0) + by;
    return p;
  }

  /** After the rows at `positions` changed loc (from `oldLocs`, in the same order). */
  moved(positions: ArrayLike<number>, oldLocs: readonly string[], newLocs: readonly string[]): void {
    for (let k = 0; k < positions.length; k++) {
      const at = positions[k] as number;
      if (oldLocs[k] === newLocs[k] || at >= this.pageAt.length) continue;
      this.take(oldLocs[k] ?? '', -1);
      this.pageAt[at] = this.take(newLocs[k] ?? '', 1);
    }
  }

  /** The crawl's page of the row at `position`, or null. */
  pageOf(position: number): CrawlPage | null {
    const p = this.pageAt[position] ?? -1;
    return p < 0 ? null : (this.pages[p] ?? null);
  }

  /** The indexable pages no row lists, in the crawl's order, each with its export's name. */
  missing(): { page: CrawlPage; file: string }[] {
    const out: { page: CrawlPage; file: string }[] = [];
    this.pages.forEach((page, p) => {
      if (this.listed[p] === 0 && indexablePage(page)) out.push({ page, file: this.files[p] as string });
    });
    return out;
  }

  counts(): CoverageCounts {
    let crawled = 0;
    for (let i = 0; i < this.pageAt.length; i++) if ((this.pageAt[i] as number) >= 0) crawled++;
    return {
      crawled,
      listedOnly: this.pageAt.length - crawled,
      missing: this.missing().length,
      depth: this.hasDepth,
      inlinks: this.hasInlinks,
    };
  }
}

const INDEXES = new WeakMap<SitemapData, CoverageIndex>();

function crawlSources(set: SitemapData): CrawlPage[][] {
  const out: CrawlPage[][] = [];
  for (const f of set.files) if (f.siteData?.kind === 'crawl') out.push(f.siteData.pages);
  return out;
}

/** The set's coverage index, built afresh (a full check); null without a crawl export. */
export function rebuildCoverage(set: SitemapData): CoverageIndex | null {
  const sources = crawlSources(set);
  if (sources.length === 0) {
    INDEXES.delete(set);
    return null;
  }
  const index = new CoverageIndex(set, sources);
  INDEXES.set(set, index);
  return index;
}

/** The set's index when it still describes the set's rows and crawl exports (their number, the same exports). */
function freshIndex(set: SitemapData): CoverageIndex | null {
  const index = INDEXES.get(set);
  if (index === undefined || index.pageAt.length !== set.rows.length) return null;
  const sources = crawlSources(set);
  const same = index.sources.length === sources.length && index.sources.every((s, i) => s === sources[i]);
  return same ? index : null;
}

/** The set's coverage index as the last check left it (built if the rows or the crawl exports changed since); null without a crawl export. */
export function coverageOf(set: SitemapData): CoverageIndex | null {
  return freshIndex(set) ?? rebuildCoverage(set);
}

/**
 * After the rows at `positions` changed (their locs were `oldLocs`): their
 * counts move, and `crawl-not-in-sitemap` is found again (a pass over the
 * crawl's pages, not over the rows).
 */
export function coverageAfterEdit(
  set: SitemapData,
  positions: ArrayLike<number>,
  oldLocs: readonly string[],
): Problem[] {
  const index = freshIndex(set);
  if (index) {
    const newLocs = Array.from(positions, (p) => set.rows.loc.get(p));
    index.moved(positions, oldLocs, newLocs);
    return crawlNotInSitemap(index);
  }
  return crawlNotInSitemap(rebuildCoverage(set));
}

/** `crawl-not-in-sitemap`: one info per indexable page of the crawl that no row lists, located at its line of the export. */
export function crawlNotInSitemap(index: CoverageIndex | null): Problem[] {
  if (!index) return [];
  return index
    .missing()
    .map(({ page, file }) =>
      makeProblem(
        CRAWL_NOT_IN_SITEMAP,
        `URL ${quote(page.url)} answered 200 and is indexable in the crawl (${file} line ${page.line}), but no sitemap lists it; add it`,
        { file, line: page.line },
      ),
    );
}

/** The pages Add N pages adds: each missing page once, with the crawl's Last-Modified as its lastmod. */
export function missingPages(set: SitemapData): MissingPage[] {
  return (coverageOf(set)?.missing() ?? []).map(({ page }) => ({ url: page.url, lastmod: page.lastModified ?? '' }));
}
