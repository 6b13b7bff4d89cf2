import { makeProblem } from '../problem';
import type { SitemapData } from '../../rows/sitemap-data';
import type { CrawlPage } from '../../rows/types';
import type { RuleCode } from '../registry';
import type { Problem } from '../problem';
import { crawlProblem } from './check-site-data';
import type { CrawlRule } from './site-data-rules';
import { formatNumber } from '../../text/format';

/** Which rows an export writes when a crawl export was given, and what it left out. */
export interface CrawlExclusions {
  /** Positions of the rows to write, in order; undefined when no crawl data was given (write every row). */
  positions: number[] | undefined;
  /** One info per crawl rule: how many URLs were left out, and the first few. */
  problems: Problem[];
  /** URLs left out per crawl rule (each also counted by the check as that rule). */
  counts: Partial<Record<RuleCode, number>>;
}

/** Left-out URLs named per rule in the export's report. */
const NAMED = 5;

/**
 * The fix of the crawl-* rules: a URL the crawl found missing, failing,
 * redirecting, noindex or canonicalised elsewhere does not belong in a
 * sitemap, so the export leaves it out — and says so, URL by URL, since
 * nothing may be dropped without a list.
 */
export function crawlExclusions(set: SitemapData): CrawlExclusions {
  const crawl = new Map<string, { page: CrawlPage; file: string }>();
  for (const f of set.files) {
    if (f.siteData?.kind === 'crawl')
      for (const page of f.siteData.pages) if (!crawl.has(page.url)) crawl.set(page.url, { page, file: f.name });
  }
  if (crawl.size === 0) return { positions: undefined, problems: [], counts: {} };
  const positions: number[] = [];
  const left = new Map<CrawlRule, string[]>();
  for (let i = 0; i < set.rows.length; i++) {
    const loc = set.rows.loc.get(i);
    const hit = crawl.get(loc);
    const p = hit ? crawlProblem(loc, hit.page, hit.file) : null;
    if (!p) {
      positions.push(i);
      continue;
    }
    const list = left.get(p.rule);
    if (list) list.push(loc);
    else left.set(p.rule, [loc]);
  }
  const problems = [...left].map(([rule, locs]) => {
    const shown =
      locs.slice(0, NAMED).join(', ') + (locs.length > NAMED ? `, and ${formatNumber(locs.length - NAMED)} more` : '');
    return makeProblem(
      rule,
      `Left out of the export: ${formatNumber(locs.length)} URL${locs.length === 1 ? '' : 's'} the crawl found unfit for a sitemap (${shown})`,
      {},
      'info',
    );
  });
  const counts = Object.fromEntries([...left].map(([rule, locs]) => [rule.code, locs.length])) as Partial<
    Record<RuleCode, number>
  >;
  return { positions, problems, counts };
}
