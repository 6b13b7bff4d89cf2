import { newsCount } from '../rows/ext-read';
import { makeProblem } from '../rules/problem';
import { UrlRows } from '../rows/rows';
import type { Problem } from '../rules/problem';
import { NO_ORIGIN_REASON } from '../write/origin';
import { BodyBuffer } from '../write/body-buffer';
import { newEscapeStats, unpadded } from '../write/escape';
import { gzipFile } from '../write/gzip';
import { formatW3cUtc } from '../write/lastmod-form';
import { robotsSitemapLines } from '../write/robots-lines';
import { cleanBaseName, fileUrl, indexFileName, sitemapFileName } from '../write/names';
import { isAbsoluteHttpUrl, normalizeSiteUrl } from '../text/site-url';
import type { ExportFile, PlannedFile } from '../write/options';
import { MAX_NEWS_PER_SITEMAP } from '../rules/news/news-rules';
import { Splitter, type SplitFile } from '../write/split';
import { utf8Length } from '../text/utf8';
import { indexEntry, indexFooter, indexHeader } from '../write/write-index';
import { NewestLastmods } from '../write/newest-lastmod';
import { txtEntry } from '../write/write-txt';
import { UrlsetWriter, type PlainLocCopier } from '../write/write-xml';
import type { StreamWriteOptions } from './stream-types';

/** Whether row `i`'s loc is one the check scanned plain and the copier will copy (row-checker.ts, hasPlainLoc). */
export type PlainLocTest = (rows: UrlRows, i: number) => boolean;
import { formatNumber } from '../text/format';
import { FILE_TOO_LARGE } from '../rules/file/file-rules';
import { LOC_MISSING } from '../rules/loc/loc-rules';
import {
  indexEntryTooLargeProblem,
  indexSplitProblem,
  noIndexProblem,
  noRobotsLineProblem,
  nothingWrittenProblem,
  valueNotes,
} from '../write/export-notes';

/**
 * The export's writers (write/) fed one chunk of rows at a time: entries go
 * into the file being filled, which is cut at the limits by the same
 * {@link Splitter} and handed to `onFile` (gzipped when asked) as soon as it
 * is complete, so only one file's bytes are ever held. Names follow the
 * export: `sitemap.xml` when one file results, else `sitemap-1.xml`…, and
 * the index(es) after the last sitemap. Messages follow export.ts.
 */
export class StreamWriter {
  /** The sitemaps written, then the indexes, without their bytes. */
  readonly files: PlannedFile[] = [];
  urls = 0;
  private readonly sitemaps: PlannedFile[] = [];
  private readonly stats = newEscapeStats();
  private readonly body = new BodyBuffer();
  private readonly splitter: Splitter;
  private readonly xml: UrlsetWriter | null = null;
  private readonly base: string;
  private siteUrl: string;
  private finishing = false;
  private leftOutNoLoc = 0;
  private leftOutTooLarge = 0;
  /** The newest lastmod of each sitemap, for its index entry. */
  private readonly newest = new NewestLastmods();
  private largestLeftOut = 0;

  constructor(
    private readonly opts: StreamWriteOptions,
    siteUrl: string,
    private readonly now: Date,
    private readonly onFile: (file: ExportFile) => void,
  ) {
    for (const [k, v] of Object.entries(opts.limits)) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`limits.${k} must be a positive integer, got ${v}`);
    }
    this.base = cleanBaseName(opts.baseName);
    this.siteUrl = normalizeSiteUrl(siteUrl);
    if (opts.format === 'xml') {
      const w = new UrlsetWriter(new UrlRows(), opts.lastmodForm, this.stats, opts.schemaLocation);
      this.xml = w;
      this.splitter = new Splitter(
        opts.limits.maxUrls,
        opts.limits.maxBytes,
        w.fixedBytes(),
        this.body,
        (f) => this.close(f, w.header(f.keys), w.footer()),
        MAX_NEWS_PER_SITEMAP,
      );
    } else {
      this.splitter = new Splitter(opts.limits.maxUrls, opts.limits.maxBytes, 0, this.body, (f) =>
        this.close(f, '', ''),
      );
    }
  }

  /**
   * Writes the rows of one chunk whose `keep` flag is set (all when null), in
   * order; `plainLocs` copies the locs the check found plain, which
   * `hasPlainLoc` tells (row-checker.ts).
   */
  write(
    rows: UrlRows,
    keep: Uint8Array | null,
    plainLocs: PlainLocCopier | null = null,
    hasPlainLoc: PlainLocTest | null = null,
  ): void {
    const xml = this.xml;
    xml?.useRows(rows);
    if (xml) xml.plainLocs = plainLocs;
    // A plain loc is a clean URL, so not blank: the XML writer copies its bytes, no string is needed.
    const plain = xml ? hasPlainLoc : null;
    for (let i = 0; i < rows.length; i++) {
      if (keep !== null && keep[i] === 0) continue;
      const loc = plain !== null && plain(rows, i) ? null : rows.loc.get(i);
      if (loc !== null && !unpadded(loc)) {
        this.leftOutNoLoc++;
        continue;
      }
      let added: boolean;
      let bytes: number;
      if (xml) {
        // Written as bytes into the body, pending until the splitter places it.
        bytes = xml.write(i, this.body);
        added = this.splitter.add(null, bytes, xml.used, xml.declarationBytes, newsCount(rows.ext[i]));
      } else {
        const entry = txtEntry(loc as string, this.stats);
        bytes = utf8Length(entry);
        added = this.splitter.add(entry, bytes);
      }
      if (added) {
        this.urls++;
        this.newest.noteRow(this.sitemaps.length, rows.lastmod, i);
      } else {
        this.leftOutTooLarge++;
        this.largestLeftOut = Math.max(this.largestLeftOut, bytes);
      }
    }
  }

  /**
   * Completes the last sitemap, writes the index(es); returns the robots.txt
   * lines and what writing reported. `fallback`: where the files are served
   * when the Site URL is not absolute (the imported index's origin, see
   * write/origin.ts), '' for unknown: then no index and no robots.txt line is
   * written, since they would hold relative URLs, and the error says why.
   */
  finish(fallback = ''): { robotsTxt: string; problems: Problem[] } {
    this.finishing = true;
    this.splitter.finish();
    const problems = this.problems();
    const sitemaps = this.sitemaps;
    if (sitemaps.length === 0) {
      problems.push(nothingWrittenProblem());
      return { robotsTxt: '', problems };
    }
    if (!isAbsoluteHttpUrl(this.siteUrl)) this.siteUrl = isAbsoluteHttpUrl(fallback) ? normalizeSiteUrl(fallback) : '';
    if (this.siteUrl === '') {
      // Never a relative location: the sitemaps stand, the index and robots.txt are not written.
      const many = sitemaps.length > 1 || this.opts.index === 'always';
      problems.push(many ? noIndexProblem(NO_ORIGIN_REASON) : noRobotsLineProblem());
      return { robotsTxt: '', problems };
    }
    if (sitemaps.length === 1 && this.opts.index !== 'always') {
      return { robotsTxt: robotsSitemapLines(this.siteUrl, [(sitemaps[0] as PlannedFile).name], problems), problems };
    }
    const indexes = this.writeIndexes(problems);
    if (indexes.length > 1) problems.push(indexSplitProblem(sitemaps.length, indexes.length, this.opts.limits));
    return { robotsTxt: robotsSitemapLines(this.siteUrl, indexes, problems), problems };
  }

  /**
   * A completed sitemap. The splitter closes a file when the next entry does
   * not fit, so a file closed before `finish` is never the only one: its
   * number is known at once, and no file waits for the next.
   */
  private close(f: SplitFile, header: string, footer: string): void {
    const alone = this.finishing && this.sitemaps.length === 0;
    const name = sitemapFileName(this.base, this.opts.format, this.sitemaps.length, alone ? 1 : 2, this.opts.gzip);
    this.emit({ name, urls: f.count, rawBytes: f.bytes, kind: 'sitemap' }, this.body.finish(header, footer, f.bytes));
  }

  private emit(planned: PlannedFile, raw: Uint8Array): void {
    const data = this.opts.gzip ? (this.opts.gzipper ?? gzipFile)(raw) : raw;
    if (planned.kind === 'sitemap') this.sitemaps.push(planned);
    this.files.push(planned);
    this.onFile({ ...planned, data });
  }

  /** The index files, emitted in order; returns their names. */
  private writeIndexes(problems: Problem[]): string[] {
    const header = indexHeader(this.opts.schemaLocation);
    const footer = indexFooter();
    const exportTime = formatW3cUtc(this.now);
    const body = new BodyBuffer();
    // Index bodies are held until the count of index files (and so their names) is known; they are small.
    const done: { f: SplitFile; raw: Uint8Array }[] = [];
    const splitter = new Splitter(
      this.opts.limits.maxSitemaps,
      this.opts.limits.maxBytes,
      utf8Length(header) + utf8Length(footer),
      body,
      (f) => {
        done.push({ f, raw: body.finish(header, footer, f.bytes) });
      },
    );
    for (const [k, s] of this.sitemaps.entries()) {
      const entry = indexEntry(
        fileUrl(this.siteUrl, s.name),
        this.newest.valueFor(k, this.opts.lastmodForm, exportTime),
      );
      const bytes = utf8Length(entry);
      if (!splitter.add(entry, bytes)) {
        problems.push(indexEntryTooLargeProblem(s.name, bytes, this.opts.limits.maxBytes));
      }
    }
    splitter.finish();
    return done.map(({ f, raw }, i) => {
      const name = indexFileName(this.base, i, done.length, this.opts.gzip);
      this.emit({ name, urls: f.count, rawBytes: f.bytes, kind: 'index' }, raw);
      return name;
    });
  }

  private problems(): Problem[] {
    const out: Problem[] = [];
    const { stats } = this;
    if (this.leftOutNoLoc > 0) {
      out.push(
        makeProblem(
          LOC_MISSING,
          `${formatNumber(this.leftOutNoLoc)} row(s) have no URL, so they were left out of the export.`,
        ),
      );
    }
    if (this.leftOutTooLarge > 0) {
      out.push(
        makeProblem(
          FILE_TOO_LARGE,
          `${formatNumber(this.leftOutTooLarge)} entr${this.leftOutTooLarge === 1 ? 'y' : 'ies'} (the largest ${this.largestLeftOut} bytes) did not fit in a file even alone under the ${this.opts.limits.maxBytes}-byte limit, so they were left out of the export.`,
          {},
          'error',
        ),
      );
    }
    // The same words as the table path's export (export-notes.ts); no row to point at here.
    out.push(...valueNotes(stats)); // spread-ok: a note per kind of value, five at most
    return out;
  }
}
