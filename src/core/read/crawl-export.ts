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
/** Screaming Frog: Crawl Depth; Sitebulb: Depth (or Crawl Depth). */
const DEPTH_HEADERS = ['crawldepth', 'depth'];
/** Screaming Frog: Inlinks (every link) before Unique Inlinks; Sitebulb: No. Internal Links In. */
const INLINKS_HEADERS = ['inlinks', 'uniqueinlinks', 'no.internallinksin', 'internallinksin'];
const LAST_MODIFIED_HEADERS = ['lastmodified'];
const CONTENT_TYPE_HEADERS = ['contenttype'];

/** A count the export wrote (a whole number), or undefined. */
function count(cell: string | undefined): number | undefined {
  const t = (cell ?? '').trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : undefined;
}

/**
 * A Last-Modified cell as a W3C Datetime: an HTTP date (Screaming Frog
 * writes the header as sent) in UTC, or the date a cell starts with
 * (2024-05-01…); anything else is no date.
 */
export function lastModifiedOf(cell: string | undefined): string | undefined {
  const t = (cell ?? '').trim();
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(t);
  if (day) return day[1];
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(t)) return undefined;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00') : undefined;
}

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
  const depth = column(header, DEPTH_HEADERS);
  const inlinks = column(header, INLINKS_HEADERS);
  const lastModified = column(header, LAST_MODIFIED_HEADERS);
  const contentType = column(header, CONTENT_TYPE_HEADERS);
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
      ...optional('depth', depth >= 0 ? count(rec[depth]) : undefined),
      ...optional('inlinks', inlinks >= 0 ? count(rec[inlinks]) : undefined),
      ...optional('lastModified', lastModified >= 0 ? lastModifiedOf(rec[lastModified]) : undefined),
      ...optional('html', contentType >= 0 ? htmlType(rec[contentType]) : undefined),
    });
  }
  return pages;
}

/** `{ [name]: value }`, or nothing when there is no value: a page carries only what its export has. */
function optional<K extends string, V>(name: K, value: V | undefined): { [k in K]?: V } {
  return value === undefined ? {} : ({ [name]: value } as { [k in K]?: V });
}

/** Whether a Content Type names an HTML page; undefined for an empty cell (a redirect or an error has none). */
function htmlType(cell: string | undefined): boolean | undefined {
  const t = (cell ?? '').trim().toLowerCase();
  if (t === '') return undefined;
  return t.startsWith('text/html') || t.startsWith('application/xhtml+xml');
}
