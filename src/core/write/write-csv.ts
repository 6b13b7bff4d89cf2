import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';
import { csvCell, csvRecord } from './csv-cell';
import { ROW_RULE_MASK, codesOfExtMask, codesOfMask } from '../rules/bits';

/**
 * The columns of the table export, in order. The four protocol fields come
 * first under their protocol names, so that the app (and most tools) import
 * the file back as a sitemap; extension elements are counted per kind (a
 * number a spreadsheet can sum and sort), not written out.
 */
export const CSV_COLUMNS = [
  'loc',
  'lastmod',
  'changefreq',
  'priority',
  'images',
  'videos',
  'news',
  'alternates',
  'other extensions',
  'source file',
  'problems',
] as const;

export interface CsvOptions {
  /** Prefix cells a spreadsheet would run as formulas with `'` (default true; see csvCell). */
  guardFormulas?: boolean;
  /**
   * Start with a UTF-8 byte order mark (default true). Excel opens a CSV
   * without one in the system's legacy code page, which garbles every
   * non-ASCII character (IDN hosts, unescaped paths, file names); Google
   * Sheets, LibreOffice, pandas and this app's own import skip it.
   */
  bom?: boolean;
  /** The check's extension-rule masks by row position (`CheckResult.extCodes`), listed after the row codes. */
  extCodes?: ReadonlyMap<number, number>;
  /** Called every few thousand rows with the rows written and the total. */
  onProgress?: (done: number, total: number) => void;
}

/** The CSV as encoded pieces: joined they are the file (a Blob takes them as they are). */
export interface CsvOutput {
  parts: Uint8Array[];
  /** Total size in bytes, the byte order mark included. */
  bytes: number;
  /** Data rows written (the header not counted). */
  rows: number;
}

/** Rows per encoded piece: small enough that no piece string grows large, big enough to keep the pieces few. */
const CHUNK_ROWS = 4096;
const PROGRESS_EVERY = 50_000;
const NO_EXTENSIONS = '0,0,0,0,0';

/**
 * The rows as a CSV file (RFC 4180: comma separated, CRLF line ends, quoted
 * where needed), with a header row of {@link CSV_COLUMNS}.
 *
 * `problems` holds the row-level rule codes of each row (`rowCodes`, the
 * check's per-position masks, then `opts.extCodes`), separated by spaces; `source file` is empty
 * for rows added in the editor. Values are written as stored: the CSV is a
 * copy of the table, not a repaired sitemap.
 *
 * Built in pieces of a few thousand rows, each encoded at once: a
 * million-row table never becomes one giant string.
 *
 * @param positions which rows, in order (a filtered and sorted view); all
 *   rows in storage order by default.
 */
export function writeCsv(
  set: SitemapSet,
  rowCodes: ArrayLike<number>,
  positions?: ArrayLike<number>,
  opts: CsvOptions = {},
): CsvOutput {
  const guard = opts.guardFormulas ?? true;
  const rows = set.rows;
  const total = positions ? positions.length : rows.length;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const emit = (text: string) => {
    const part = encoder.encode(text);
    parts.push(part);
    bytes += part.length;
  };
  if (opts.bom ?? true) {
    // A fresh array each time: the worker transfers the pieces, which detaches them.
    parts.push(Uint8Array.of(0xef, 0xbb, 0xbf));
    bytes += 3;
  }

  // Few distinct values repeat over many rows: each is quoted once.
  const fileCells = set.files.map((f) => csvCell(f.name, guard));
  const problemCells = new Map<number, string>();
  const problemsOf = (mask: number): string => {
    let cell = problemCells.get(mask);
    if (cell === undefined) {
      cell = codesOfMask(mask & ROW_RULE_MASK).join(' ');
      problemCells.set(mask, cell);
    }
    return cell;
  };

  const extCodes = opts.extCodes;
  const extProblemsOf = (i: number): string => {
    const mask = extCodes?.get(i) ?? 0;
    if (mask === 0) return '';
    const codes = codesOfExtMask(mask).join(' ');
    return codesOfMask((rowCodes[i] ?? 0) & ROW_RULE_MASK).length > 0 ? ` ${codes}` : codes;
  };

  let chunk = csvRecord(CSV_COLUMNS, false);
  for (let k = 0; k < total; k++) {
    const i = positions ? (positions[k] as number) : k;
    const ext = rows.ext[i];
    chunk +=
      csvCell(rows.loc.get(i), guard) +
      ',' +
      csvCell(rows.lastmod.get(i), guard) +
      ',' +
      csvCell(rows.changefreq.get(i), guard) +
      ',' +
      csvCell(rows.priority.get(i), guard) +
      ',' +
      (ext ? extensionCounts(ext) : NO_EXTENSIONS) +
      ',' +
      (fileCells[rows.file[i] as number] ?? '') +
      ',' +
      problemsOf(rowCodes[i] ?? 0) +
      extProblemsOf(i) +
      '\r\n';
    if ((k + 1) % CHUNK_ROWS === 0) {
      emit(chunk);
      chunk = '';
    }
    if ((k + 1) % PROGRESS_EVERY === 0) opts.onProgress?.(k + 1, total);
  }
  if (chunk !== '') emit(chunk);
  opts.onProgress?.(total, total);
  return { parts, bytes, rows: total };
}

const IMAGE_NS = KNOWN_EXTENSIONS.image;
const VIDEO_NS = KNOWN_EXTENSIONS.video;
const NEWS_NS = KNOWN_EXTENSIONS.news;
const XHTML_NS = KNOWN_EXTENSIONS.xhtml;

/** "images,videos,news,alternates,other" counts of a row's extension elements. */
function extensionCounts(ext: readonly ExtElement[]): string {
  let images = 0;
  let videos = 0;
  let news = 0;
  let alternates = 0;
  let other = 0;
  for (const el of ext) {
    if (el.ns === IMAGE_NS && el.name === 'image') images++;
    else if (el.ns === VIDEO_NS && el.name === 'video') videos++;
    else if (el.ns === NEWS_NS && el.name === 'news') news++;
    else if (el.ns === XHTML_NS && el.name === 'link') alternates++;
    else other++;
  }
  return `${images},${videos},${news},${alternates},${other}`;
}
