import { beat } from '../beat';
import { newsCount } from '../ext/ext-read';
import { makeProblem } from '../problem';
import type { UrlRows } from '../rows';
import type { Problem, RuleCode, Severity } from '../types';
import { BodyBuffer } from './body-buffer';
import { newEscapeStats, unpadded } from './escape';
import { gzipFile } from './gzip';
import { formatW3cUtc } from './lastmod-form';
import { cleanBaseName, fileUrl, indexFileName, isAbsoluteHttpUrl, normalizeSiteUrl, sitemapFileName } from './names';
import type { ExportFile, ExportOptions, ExportResult, PlannedFile } from './options';
import { MAX_NEWS_PER_SITEMAP } from './limits';
import { NewestLastmods } from './newest-lastmod';
import { Splitter, type SplitFile } from './split';
import { utf8Length } from './utf8';
import { indexEntry, indexFooter, indexHeader } from './write-index';
import { txtEntry } from './write-txt';
import { UrlsetWriter } from './write-xml';

export type { ExportFile, ExportOptions, ExportResult, PlannedFile } from './options';

/** Row-level export problems past this many per code are summarised in one. */
const MAX_ROW_PROBLEMS = 1000;
const PROGRESS_EVERY = 10000;
/**
 * Progress reports per export at most: each one is a message the page
 * handles by re-rendering and painting the dialog (about 2 ms of its CPU,
 * traced); one per 10,000 rows made 100 of them at 1,000,000 rows, on the
 * cores the worker and the gzip helpers need.
 */
const PROGRESS_STEPS = 20;

interface Built {
  name: string;
  data: Uint8Array | undefined;
  urls: number;
  rawBytes: number;
  kind: 'sitemap' | 'index';
}

/**
 * Serializes rows into sitemap files (split at the limits), a sitemap index
 * when needed, and the robots.txt lines; gzips every file when asked.
 *
 * Rows without a loc are skipped and reported (`loc-missing`): a `<loc>` is
 * required and an empty one fails the schema. A row whose entry cannot fit in
 * a file even alone (only possible with a small custom byte limit or huge
 * extensions) is skipped and reported (`file-too-large`), because no file may
 * exceed a limit. Every other row is written as it is: checking values is the
 * checker's job, and the export does not change them silently.
 *
 * @param positions which rows to export, in order (row positions, e.g. a
 *   sorted or filtered view); all rows in storage order by default.
 */
export function exportSitemaps(rows: UrlRows, opts: ExportOptions, positions?: ArrayLike<number>): ExportResult {
  const run = runExport(rows, opts, positions, true);
  const files: ExportFile[] = run.files.map((f) => ({
    name: f.name,
    data: f.data ?? new Uint8Array(0),
    urls: f.urls,
    rawBytes: f.rawBytes,
    kind: f.kind,
  }));
  return { files, robotsTxt: run.robotsTxt, problems: run.problems };
}

/**
 * The files an export would produce (names, URL counts, exact uncompressed
 * sizes) without encoding or compressing anything: for the export preview.
 * It escapes every value to count bytes exactly but builds no entry text
 * (except extensions'), so it costs well under an export.
 */
export function planExport(rows: UrlRows, opts: ExportOptions, positions?: ArrayLike<number>): PlannedFile[] {
  return previewExport(rows, opts, positions).files;
}

/** {@link planExport} with the robots.txt lines and the problems the export would report. */
export function previewExport(
  rows: UrlRows,
  opts: ExportOptions,
  positions?: ArrayLike<number>,
): { files: PlannedFile[]; robotsTxt: string; problems: Problem[] } {
  const run = runExport(rows, opts, positions, false);
  const files = run.files.map((f) => ({ name: f.name, urls: f.urls, rawBytes: f.rawBytes, kind: f.kind }));
  return { files, robotsTxt: run.robotsTxt, problems: run.problems };
}

class ProblemSink {
  readonly list: Problem[] = [];
  private readonly counts = new Map<RuleCode, number>();

  row(code: RuleCode, detail: string, row: number, severity?: Severity): void {
    const n = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, n);
    if (n <= MAX_ROW_PROBLEMS) this.list.push(makeProblem(code, detail, { row }, severity));
  }

  /** Adds "and N more" summaries for capped codes. */
  summarise(): void {
    for (const [code, n] of this.counts) {
      if (n > MAX_ROW_PROBLEMS) {
        this.list.push(makeProblem(code, `…and ${n - MAX_ROW_PROBLEMS} more rows with the same problem on export`));
      }
    }
  }
}

/** A file's final bytes, shown to `onFileData` on their way out. */
function done(opts: ExportOptions, data: Uint8Array | undefined): Uint8Array | undefined {
  if (data && opts.onFileData) opts.onFileData(data);
  return data;
}

/** Whether row `p` has a loc once unpadded: read off the column's text, without taking the value out, on the common path. */
function hasLoc(rows: UrlRows, p: number): boolean {
  const loc = rows.loc;
  const s = loc.rawStart(p);
  const e = loc.rawEnd(p);
  if (e > s) {
    const text = loc.rawText(p);
    if (text.charCodeAt(s) > 0x20 && text.charCodeAt(e - 1) > 0x20) return true;
  }
  return unpadded(loc.get(p)) !== '';
}

function checkLimits(opts: ExportOptions): void {
  const { maxUrls, maxBytes, maxSitemaps } = opts.limits;
  for (const [k, v] of [
    ['maxUrls', maxUrls],
    ['maxBytes', maxBytes],
    ['maxSitemaps', maxSitemaps],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`limits.${k} must be a positive integer, got ${v}`);
  }
}

function runExport(
  rows: UrlRows,
  opts: ExportOptions,
  positions: ArrayLike<number> | undefined,
  build: boolean,
): { files: Built[]; robotsTxt: string; problems: Problem[] } {
  checkLimits(opts);
  const { limits, gzip, format } = opts;
  const sink = new ProblemSink();
  const stats = newEscapeStats();
  const total = positions ? positions.length : rows.length;
  const base = cleanBaseName(opts.baseName);
  const siteUrl = normalizeSiteUrl(opts.siteUrl);
  const sitemaps: Built[] = [];
  const body = build ? new BodyBuffer() : null;
  const compress = opts.gzipper ?? gzipFile;
  const finish = (data: Uint8Array | undefined): Uint8Array | undefined =>
    done(opts, data && gzip ? compress(data) : data);

  // The preview measures entries by writing them here and dropping them.
  const scratch = build ? null : new BodyBuffer();
  let splitter: Splitter;
  let entryOf: (p: number) => string | null;
  let bytesOf: (entry: string | null) => number;
  let keysOf: (() => readonly string[]) | undefined;
  let keyBytes: ((k: string) => number) | undefined;
  if (format === 'xml') {
    const w = new UrlsetWriter(rows, opts.lastmodForm, stats, opts.schemaLocation);
    splitter = new Splitter(
      limits.maxUrls,
      limits.maxBytes,
      w.fixedBytes(),
      body,
      (f: SplitFile) => {
        const data = body ? body.finish(w.header(f.keys), w.footer(), f.bytes) : undefined;
        sitemaps.push({ name: '', data: finish(data), urls: f.count, rawBytes: f.bytes, kind: 'sitemap' });
      },
      MAX_NEWS_PER_SITEMAP,
    );
    let written = 0;
    entryOf = (p) => {
      written = w.write(p, body ?? (scratch as BodyBuffer));
      scratch?.discard();
      return null;
    };
    bytesOf = () => written;
    keysOf = () => w.used;
    keyBytes = w.declarationBytes;
  } else {
    splitter = new Splitter(limits.maxUrls, limits.maxBytes, 0, body, (f: SplitFile) => {
      const data = body ? body.finish('', '', f.bytes) : undefined;
      sitemaps.push({ name: '', data: finish(data), urls: f.count, rawBytes: f.bytes, kind: 'sitemap' });
    });
    entryOf = (p) => txtEntry(rows.loc.get(p), stats);
    bytesOf = (entry) => utf8Length(entry ?? '');
  }

  const newest = new NewestLastmods();
  let firstEncodedRow = -1;
  let firstDroppedRow = -1;
  let firstNamedRow = -1;
  const onProgress = opts.onProgress;
  const every = Math.max(PROGRESS_EVERY, Math.ceil(total / PROGRESS_STEPS));
  for (let k = 0; k < total; k++) {
    // The preview reports no progress: a beat per row says the worker is busy (core/beat.ts).
    beat();
    const p = positions ? (positions[k] as number) : k;
    const id = rows.id[p] ?? 0;
    if (!hasLoc(rows, p)) {
      sink.row('loc-missing', 'This row has no URL, so it was left out of the export.', id);
      continue;
    }
    const enc0 = stats.percentEncoded;
    const drop0 = stats.dropped;
    const named0 = stats.namesDropped;
    const entry = entryOf(p);
    if (firstNamedRow < 0 && stats.namesDropped !== named0) firstNamedRow = id;
    if (firstEncodedRow < 0 && stats.percentEncoded !== enc0) firstEncodedRow = id;
    if (firstDroppedRow < 0 && stats.dropped !== drop0) firstDroppedRow = id;
    const bytes = bytesOf(entry);
    if (splitter.add(entry, bytes, keysOf?.(), keyBytes, newsCount(rows.ext[p]))) {
      // The splitter closes a full file before adding: the row is in the file after the closed ones.
      newest.noteRow(sitemaps.length, rows.lastmod, p);
    } else {
      sink.row(
        'file-too-large',
        `This entry alone is ${bytes} bytes, more than fits in a file under the ${limits.maxBytes}-byte limit, so it was left out of the export.`,
        id,
        'error',
      );
    }
    if (onProgress && (k + 1) % every === 0) onProgress(k + 1, total);
  }
  splitter.finish();
  onProgress?.(total, total);
  sink.summarise();

  const problems = sink.list;
  if (stats.percentEncoded > 0) {
    problems.push(
      makeProblem(
        'loc-whitespace',
        `${stats.percentEncoded} control character(s) or non-character(s) in URLs were percent-encoded on export, since XML cannot hold them raw.`,
        firstEncodedRow >= 0 ? { row: firstEncodedRow, field: 'loc' } : {},
        'info',
      ),
    );
  }
  if (stats.dropped > 0) {
    problems.push(
      makeProblem(
        'encoding',
        `${stats.dropped} character(s) not allowed in XML 1.0 (control characters, U+FFFE/U+FFFF, lone surrogates) were dropped from values on export.`,
        firstDroppedRow >= 0 ? { row: firstDroppedRow } : {},
      ),
    );
  }

  if (stats.trimmed > 0) {
    problems.push(
      makeProblem(
        'value-whitespace',
        `${stats.trimmed} value(s) with white space around them were written without it.`,
        {},
        'info',
      ),
    );
  }
  if (stats.namesDropped > 0) {
    problems.push(
      makeProblem(
        'xml-malformed',
        `${stats.namesDropped} extension element(s) or attribute(s) whose name is not an XML name, or that repeat an attribute, were left out of the export: written, they would make the file not well-formed.`,
        firstNamedRow >= 0 ? { row: firstNamedRow, field: 'ext' } : {},
      ),
    );
  }
  if (stats.lastmodCompleted > 0) {
    problems.push(
      makeProblem(
        'lastmod-format',
        `${stats.lastmodCompleted} lastmod value(s) given as a year, a month or a time without seconds were completed on export (2024-03 → 2024-03-01, T10:30Z → T10:30:00Z): the sitemap schema accepts only full dates and times.`,
        {},
        'info',
      ),
    );
  }

  if (sitemaps.length === 0) {
    problems.push(makeProblem('empty-sitemap', 'Nothing to export: no row has a URL, so no sitemap was written.'));
    return { files: [], robotsTxt: '', problems };
  }

  sitemaps.forEach((s, i) => {
    s.name = sitemapFileName(base, format, i, sitemaps.length, gzip);
  });

  const wantIndex = sitemaps.length > 1 || opts.index === 'always';
  if (!isAbsoluteHttpUrl(siteUrl)) {
    problems.push(
      makeProblem(
        'loc-not-absolute',
        siteUrl === ''
          ? 'No Site URL was given, so the index and robots.txt list the files by name only; search engines need absolute URLs.'
          : `The Site URL "${siteUrl}" is not an absolute http(s) URL, so the index and robots.txt URLs are not either.`,
      ),
    );
  }
  if (!wantIndex) {
    const only = sitemaps[0] as Built;
    return { files: sitemaps, robotsTxt: 'Sitemap: ' + fileUrl(siteUrl, only.name) + '\n', problems };
  }

  const indexes = buildIndexes(sitemaps, siteUrl, base, opts, build, sink, newest);
  if (indexes.length > 1) {
    // Handled, not a defect of the output: reported so the user knows to list every index.
    const byCount = sitemaps.length > limits.maxSitemaps;
    problems.push(
      makeProblem(
        byCount ? 'too-many-sitemaps' : 'file-too-large',
        (byCount
          ? `${sitemaps.length} sitemaps are more than one index may list (${limits.maxSitemaps}),`
          : `The index of ${sitemaps.length} sitemaps would be larger than ${limits.maxBytes} bytes,`) +
          ` so it was split into ${indexes.length} index files; robots.txt lists each of them.`,
        {},
        'info',
      ),
    );
  }
  const robotsTxt = indexes.map((f) => 'Sitemap: ' + fileUrl(siteUrl, f.name) + '\n').join('');
  return { files: [...sitemaps, ...indexes], robotsTxt, problems };
}

function buildIndexes(
  sitemaps: readonly Built[],
  siteUrl: string,
  base: string,
  opts: ExportOptions,
  build: boolean,
  sink: ProblemSink,
  newest: NewestLastmods,
): Built[] {
  const out: Built[] = [];
  const body = build ? new BodyBuffer() : null;
  const header = indexHeader(opts.schemaLocation);
  const footer = indexFooter();
  const exportTime = formatW3cUtc(opts.now);
  const splitter = new Splitter(
    opts.limits.maxSitemaps,
    opts.limits.maxBytes,
    utf8Length(header) + utf8Length(footer),
    body,
    (f) => {
      const data = body ? body.finish(header, footer, f.bytes) : undefined;
      out.push({
        name: '',
        data: done(opts, data && opts.gzip ? (opts.gzipper ?? gzipFile)(data) : data),
        urls: f.count,
        rawBytes: f.bytes,
        kind: 'index',
      });
    },
  );
  for (const [k, s] of sitemaps.entries()) {
    const entry = indexEntry(fileUrl(siteUrl, s.name), newest.valueFor(k, opts.lastmodForm, exportTime));
    const bytes = utf8Length(entry);
    if (!splitter.add(entry, bytes)) {
      sink.list.push(
        makeProblem(
          'file-too-large',
          `The index entry for ${s.name} alone is ${bytes} bytes, more than fits in an index under the ${opts.limits.maxBytes}-byte limit, so the index does not list it.`,
          { file: s.name },
          'error',
        ),
      );
    }
  }
  splitter.finish();
  out.forEach((f, i) => {
    f.name = indexFileName(base, i, out.length, opts.gzip);
  });
  return out;
}
