import Papa from 'papaparse';
import type { CrawlPage } from '../rows/types';

/** Header keys (lower case, spaces, _ and - removed) of the columns a crawl export is read by. */
const URL_HEADERS = ['address', 'url'];
const STATUS_HEADERS = ['statuscode', 'httpstatuscode', 'status'];
/** Screaming Frog: Indexability (Indexable / Non-Indexable); Sitebulb: Indexable (Yes / No). */
const INDEXABLE_HEADERS = ['indexability', 'indexable'];
/** Columns whose text names a noindex (Screaming Frog's Indexability Status, meta robots, X-Robots-Tag). */
const NOINDEX_HEADERS = [
  'indexabilitystatus',
  'metarobots1',
  'metarobots',
  'xrobotstag1',
  'xrobotstag',
  'robots',
  'noindex',
];
/** Screaming Frog: Title 1; Sitebulb and others: Title. The board labels a page's box with it. */
const TITLE_HEADERS = ['title1', 'title'];
const CANONICAL_HEADERS = ['canonicallinkelement1', 'canonicallinkelement', 'canonical', 'canonicalurl'];

function key(cell: string): string {
  return cell.toLowerCase().replace(/[\s_-]+/g, '');
}

function column(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = header.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * Reads a crawler's CSV export (Screaming Frog's or Sitebulb's column names:
 * Address/URL, Status Code, Indexability/Indexable, Canonical Link Element 1),
 * or returns null when the header is not one: then the CSV is a sitemap.
 */
export function readCrawlExport(text: string): CrawlPage[] | null {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const header = (parsed.data[0] ?? []).map(key);
  const url = column(header, URL_HEADERS);
  const status = column(
    header,
    STATUS_HEADERS.filter((h) => h !== 'status'),
  );
  if (url < 0 || status < 0) return null;
  const indexable = column(header, INDEXABLE_HEADERS);
  const noindexCols = NOINDEX_HEADERS.map((h) => header.indexOf(h)).filter((i) => i >= 0);
  const canonical = column(header, CANONICAL_HEADERS);
  const title = column(header, TITLE_HEADERS);
  const pages: CrawlPage[] = [];
  for (let r = 1; r < parsed.data.length; r++) {
    const rec = parsed.data[r] as string[];
    const loc = (rec[url] ?? '').trim();
    if (loc === '') continue;
    const code = Number.parseInt((rec[status] ?? '').trim(), 10);
    const canon = canonical >= 0 ? (rec[canonical] ?? '').trim() : '';
    const named = noindexCols.some((i) => /noindex/i.test(rec[i] ?? ''));
    // "Non-Indexable" / "No" without a named reason: a 200 page that is not
    // canonicalised elsewhere can only be excluded by a noindex.
    const notIndexable = indexable >= 0 && /^(non-indexable|no|false)$/i.test((rec[indexable] ?? '').trim());
    const canonicalElsewhere = canon !== '' && canon !== loc;
    pages.push({
      url: loc,
      status: Number.isFinite(code) ? code : 0,
      noindex: named || (notIndexable && code === 200 && !canonicalElsewhere),
      canonical: canon,
      line: r + 1,
      ...(title >= 0 && (rec[title] ?? '').trim() !== '' ? { title: (rec[title] as string).trim() } : {}),
    });
  }
  return pages;
}
