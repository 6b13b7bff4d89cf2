import { beat } from '../base/beat';
import { newsCount } from '../rows/ext-read';
import type { UrlRows } from '../rows/rows';
import { FILE_TOO_LARGE } from '../rules/file/file-rules';
import { LOC_MISSING } from '../rules/loc/loc-rules';
import { MAX_NEWS_PER_SITEMAP } from '../rules/news/news-rules';
import type { Problem } from '../rules/problem';
import { isAbsoluteHttpUrl, normalizeSiteUrl, resolveAgainst } from '../text/site-url';
import { utf8Length } from '../text/utf8';
import { BodyBuffer } from './body-buffer';
import { newEscapeStats, unpadded, type EscapeStats } from './escape';
import { buildIndex, partName, type Built, type IndexLine } from './export-index';
import {
  indexSplitProblem,
  noRobotsLineProblem,
  nothingWrittenProblem,
  ProblemSink,
  valueNotes,
  type FirstRows,
} from './export-notes';
import { gzipFile } from './gzip';
import { formatW3cUtc } from './lastmod-form';
import type { LayoutGroup, LayoutIndex, LayoutPlan } from './layout';
import { cleanBaseName } from './names';
import { NewestLastmods } from './newest-lastmod';
import type { ExportFile, ExportOptions, ExportResult, PlannedFile } from './options';
import { NO_ORIGIN_REASON } from './origin';
import { breaksRobotsLine, robotsLinesOf, robotsSitemapLines } from './robots-lines';
import { Splitter, type SplitFile } from './split';
import { txtEntry } from './write-txt';
import { UrlsetWriter } from './write-xml';
import { stylesheetAssets } from './xsl-stylesheet';

export type { ExportOptions, ExportResult, PlannedFile } from './options';

const PROGRESS_EVERY = 10000;
/**
 * Progress reports per export at most: each one is a message the page
 * handles by re-rendering and painting the dialog (about 2 ms of its CPU,
 * traced); one per 10,000 rows made 100 of them at 1,000,000 rows, on the
 * cores the worker and the gzip helpers need.
 */
const PROGRESS_STEPS = 20;

/**
 * Serializes rows into sitemap files, one group of the layout (`opts.plan`;
 * default: every row, split at the limits) after the other, each split at
 * the limits; the index(es); and the robots.txt lines. Gzips the files the
 * layout says (every file when `opts.gzip`, by default).
 *
 * Rows without a loc are skipped and reported (`loc-missing`): a `<loc>` is
 * required and an empty one fails the schema. A row whose entry cannot fit in
 * a file even alone (only possible with a small custom byte limit or huge
 * extensions) is skipped and reported (`file-too-large`), because no file may
 * exceed a limit. Every other row is written as it is: checking values is the
 * checker's job, and the export does not change them silently.
 *
 * No relative location is written: when an index (or several files) needs
 * URLs and no origin is known (`opts.siteUrl` is not absolute and the layout
 * knows none), nothing is written and `refused` says why.
 *
 * @param positions which rows to export, in order, when no plan is given;
 *   all rows in storage order by default.
 */
export function exportSitemaps(rows: UrlRows, opts: ExportOptions, positions?: ArrayLike<number>): ExportResult {
  const run = runExport(rows, opts, positions, true);
  if (run.refused) return { files: [], robotsTxt: '', problems: run.problems, refused: run.refused };
  const files: ExportFile[] = run.files.map((f) => ({
    name: f.name,
    data: f.data ?? new Uint8Array(0),
    urls: f.urls,
    rawBytes: f.rawBytes,
    kind: f.kind,
  }));
  const assets = opts.stylesheet ? stylesheetAssets(files.map((f) => f.name)) : [];
  return { files, robotsTxt: run.robotsTxt, problems: run.problems, ...(assets.length > 0 ? { assets } : {}) };
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

/** {@link planExport} with the robots.txt lines, the problems the export would report, and why it would be refused. */
export function previewExport(
  rows: UrlRows,
  opts: ExportOptions,
  positions?: ArrayLike<number>,
): { files: PlannedFile[]; robotsTxt: string; problems: Problem[]; refused?: string } {
  const run = runExport(rows, opts, positions, false);
  const files = run.files.map((f) => ({ name: f.name, urls: f.urls, rawBytes: f.rawBytes, kind: f.kind }));
  return { files, robotsTxt: run.robotsTxt, problems: run.problems, ...(run.refused ? { refused: run.refused } : {}) };
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

/** The layout of an export without a plan: every row in one group split at the limits, one index. */
function limitsPlan(rows: UrlRows, opts: ExportOptions, positions: ArrayLike<number> | undefined): LayoutPlan {
  const stem = cleanBaseName(opts.baseName);
  const all = positions ? Array.from(positions) : Array.from({ length: rows.length }, (_, i) => i);
  return {
    layout: 'limits',
    groups: [{ stem, format: opts.format, gzip: opts.gzip, positions: all, source: '' }],
    indexes: [{ stem: `${stem}-index`, gzip: opts.gzip, items: [{ group: 0 }], always: false }],
    notes: [],
  };
}

interface Run {
  files: Built[];
  robotsTxt: string;
  problems: Problem[];
  refused?: string;
}

/** What writing the groups shares: the problems, the value statistics, the body, progress. */
interface Pass {
  rows: UrlRows;
  opts: ExportOptions;
  sink: ProblemSink;
  stats: EscapeStats;
  first: FirstRows;
  newest: NewestLastmods;
  body: BodyBuffer | null;
  scratch: BodyBuffer | null;
  sitemaps: Built[];
  finish: (data: Uint8Array | undefined, gzip: boolean) => Uint8Array | undefined;
  done: number;
  total: number;
  every: number;
}

function runExport(rows: UrlRows, opts: ExportOptions, positions: ArrayLike<number> | undefined, build: boolean): Run {
  checkLimits(opts);
  const plan = opts.plan ?? limitsPlan(rows, opts, positions);
  const compress = opts.gzipper ?? gzipFile;
  const total = plan.groups.reduce((n, g) => n + g.positions.length, 0);
  const pass: Pass = {
    rows,
    opts,
    sink: new ProblemSink(),
    stats: newEscapeStats(),
    first: { encoded: -1, dropped: -1, named: -1 },
    newest: new NewestLastmods(),
    body: build ? new BodyBuffer() : null,
    // The preview measures entries by writing them here and dropping them.
    scratch: build ? null : new BodyBuffer(),
    sitemaps: [],
    finish: (data, gzip) => {
      const out = data && gzip ? compress(data) : data;
      if (out && opts.onFileData) opts.onFileData(out, gzip);
      return out;
    },
    done: 0,
    total,
    every: Math.max(PROGRESS_EVERY, Math.ceil(total / PROGRESS_STEPS)),
  };
  /** The written files of each group, by group. */
  const filesOf: Built[][] = plan.groups.map((g) => writeGroup(pass, g));
  opts.onProgress?.(total, total);
  pass.sink.summarise();
  const problems = [...pass.sink.list, ...valueNotes(pass.stats, pass.first), ...plan.notes];
  const sitemaps = pass.sitemaps;
  if (sitemaps.length === 0) {
    problems.push(nothingWrittenProblem());
    return { files: [], robotsTxt: '', problems };
  }

  const siteUrl = normalizeSiteUrl(opts.siteUrl);
  const base = isAbsoluteHttpUrl(siteUrl) ? siteUrl : '';
  const urlOf = (g: LayoutGroup, files: readonly Built[], f: Built): string | undefined => {
    if (g.url && files.length === 1) return g.url;
    const dir = g.url ? g.url.replace(/[^/]*$/, '') : base;
    const name = g.url ? f.name.slice(f.name.lastIndexOf('/') + 1) : f.name;
    return dir ? dir + encodePath(name) : undefined;
  };
  const urls = new Map<Built, string | undefined>();
  plan.groups.forEach((g, gi) => {
    const files = filesOf[gi] as Built[];
    for (const f of files) urls.set(f, urlOf(g, files, f));
  });

  const exportTime = formatW3cUtc(opts.now);
  const indexes: Built[] = [];
  const robots: (string | undefined)[] = [];
  const listed = new Set<Built>();
  let unknown = false;
  let split = 0;
  for (const spec of plan.indexes) {
    const several = spec.whenSplit ? filesOf.some((files) => files.length > 1) : sitemaps.length > 1;
    const wanted = spec.always || several || opts.index === 'always';
    if (!wanted) continue;
    const { lines, complete } = indexLines(spec, filesOf, urls, base, pass, exportTime, listed);
    // Built even so, for the preview's names: a refused export hands out none of its bytes.
    if (!complete) unknown = true;
    const built = buildIndex(lines, spec.stem, spec.gzip, opts, build, pass.sink, pass.finish);
    if (built.length > 1) split = built.length;
    for (const f of built) {
      indexes.push(f);
      const dir = spec.url ? spec.url.replace(/[^/]*$/, '') : base;
      robots.push(spec.url && built.length === 1 ? spec.url : dir ? dir + encodePath(f.name) : undefined);
    }
  }
  // Files no index lists are listed in robots.txt themselves.
  for (const f of sitemaps) if (!listed.has(f)) robots.push(urls.get(f));
  const fileCount = sitemaps.length + indexes.length;
  if (unknown || (fileCount > 1 && robots.some((u) => u === undefined))) {
    return { files: [...sitemaps, ...indexes], robotsTxt: '', problems, refused: NO_ORIGIN_REASON };
  }
  // Handled, not a defect of the output: reported so the user knows to list every index.
  if (split > 1) problems.push(indexSplitProblem(sitemaps.length, split, opts.limits));
  if (robots.some((u) => u === undefined)) problems.push(noRobotsLineProblem());
  // A Site URL that would break its line gives none, said once (as the streaming export says it).
  const robotsTxt = breaksRobotsLine(siteUrl)
    ? robotsSitemapLines(siteUrl, [], problems)
    : robotsLinesOf(
        robots.filter((u): u is string => u !== undefined),
        problems,
      );
  return { files: [...sitemaps, ...indexes], robotsTxt, problems };
}

/** The lines of one index, in its order; `complete` false when one of them has no absolute URL (its url is then ''). */
function indexLines(
  spec: LayoutIndex,
  filesOf: readonly Built[][],
  urls: ReadonlyMap<Built, string | undefined>,
  base: string,
  pass: Pass,
  exportTime: string,
  listed: Set<Built>,
): { lines: IndexLine[]; complete: boolean } {
  const lines: IndexLine[] = [];
  let complete = true;
  for (const item of spec.items) {
    if ('group' in item) {
      for (const f of filesOf[item.group] ?? []) {
        const url = urls.get(f);
        if (url === undefined) complete = false;
        listed.add(f);
        const lastmod = pass.newest.valueFor(f.position, pass.opts.lastmodForm, exportTime);
        lines.push({ url: url ?? '', lastmod, name: f.name });
      }
    } else {
      const url = resolveAgainst(item.loc, spec.url ?? base);
      if (url === undefined) complete = false;
      lines.push({ url: url ?? '', lastmod: item.lastmod, name: item.loc });
    }
  }
  return { lines, complete };
}

/** Writes one group's rows, split at the limits; returns its files, named. */
function writeGroup(pass: Pass, g: LayoutGroup): Built[] {
  const { rows, opts, sink, stats, body, scratch, first } = pass;
  const { limits } = opts;
  const from = pass.sitemaps.length;
  const onFile = (data: Uint8Array | undefined, f: SplitFile): void => {
    pass.sitemaps.push({
      position: pass.sitemaps.length,
      name: '',
      data: pass.finish(data, g.gzip),
      urls: f.count,
      rawBytes: f.bytes,
      kind: 'sitemap',
      gzip: g.gzip,
    });
  };
  let splitter: Splitter;
  let entryOf: (p: number) => string | null;
  let bytesOf: (entry: string | null) => number;
  let keysOf: (() => readonly string[]) | undefined;
  let keyBytes: ((k: string) => number) | undefined;
  if (g.format === 'xml') {
    const w = new UrlsetWriter(rows, opts.lastmodForm, stats, opts.schemaLocation, opts.stylesheet);
    splitter = new Splitter(
      limits.maxUrls,
      limits.maxBytes,
      w.fixedBytes(),
      body,
      (f) => onFile(body ? body.finish(w.header(f.keys), w.footer(), f.bytes) : undefined, f),
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
    splitter = new Splitter(limits.maxUrls, limits.maxBytes, 0, body, (f) =>
      onFile(body ? body.finish('', '', f.bytes) : undefined, f),
    );
    entryOf = (p) => txtEntry(rows.loc.get(p), stats);
    bytesOf = (entry) => utf8Length(entry ?? '');
  }

  const onProgress = opts.onProgress;
  for (const p of g.positions) {
    // The preview reports no progress: a beat per row says the worker is busy (core/beat.ts).
    beat();
    const id = rows.id[p] ?? 0;
    pass.done++;
    if (onProgress && pass.done % pass.every === 0) onProgress(pass.done, pass.total);
    if (!hasLoc(rows, p)) {
      sink.row(LOC_MISSING, 'This row has no URL, so it was left out of the export.', id);
      continue;
    }
    const enc0 = stats.percentEncoded;
    const drop0 = stats.dropped;
    const named0 = stats.namesDropped;
    const entry = entryOf(p);
    if (first.named < 0 && stats.namesDropped !== named0) first.named = id;
    if (first.encoded < 0 && stats.percentEncoded !== enc0) first.encoded = id;
    if (first.dropped < 0 && stats.dropped !== drop0) first.dropped = id;
    const bytes = bytesOf(entry);
    if (splitter.add(entry, bytes, keysOf?.(), keyBytes, newsCount(rows.ext[p]))) {
      // The splitter closes a full file before adding: the row is in the file after the closed ones.
      pass.newest.noteRow(pass.sitemaps.length, rows.lastmod, p);
    } else {
      sink.row(
        FILE_TOO_LARGE,
        `This entry alone is ${bytes} bytes, more than fits in a file under the ${limits.maxBytes}-byte limit, so it was left out of the export.`,
        id,
        'error',
      );
    }
  }
  splitter.finish();
  const files = pass.sitemaps.slice(from);
  files.forEach((f, i) => {
    f.name = partName(g.stem, i, files.length, g.format, g.gzip);
  });
  return files;
}

/**
 * A file's path as a URL path: each segment percent-encoded, so an unusual
 * name still yields a valid URL (and `en/sitemap.xml` stays in its folder).
 */
function encodePath(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}
