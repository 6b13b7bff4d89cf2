import type { CheckResult } from '../check/check-result';
import { siteBaseOf } from '../write/origin';
import { checkIndexEntries } from '../check/index-entries';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { allowedScope, type AllowedScope } from '../rules/loc/location';
import { UniformPriority } from '../rules/priority/priority';
import type { Clock } from '../rules/rule';
import { DROPPED_LISTED, planFixes } from '../fix/plan-fixes';
import { FIX_ALL_CODES } from '../rules/registry';
import { applyChanges, applyExtChanges, applyFlagChanges } from '../rows/changes';
import { DEFAULT_MAX_DECOMPRESSED } from '../read/inflate';
import { resolveIndexChildren } from '../read/resolve-index';
import { UrlRows } from '../rows/rows';
import type { IndexEntry, SourceFile } from '../rows/types';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import type { FeedContext, FileFeed } from './feed-types';
import { CappedSink, SniffSink } from './file-feed';
import { ExampleBook, RowChecker } from './row-checker';
import type { StreamOptions, StreamReport } from './stream-types';
import { StreamWriter } from './stream-writer';
import { StreamMerger } from './stream-merge';
import { LOC_DUPLICATE } from '../rules/loc/loc-rules';
import { pushAll } from '../base/push-all';

/** Measured on 1,000,000 URLs: 256 Ki characters peaked 20 MiB lower than 1 Mi, and ran no slower. */
const DEFAULT_CHUNK_CHARS = 1 << 18;
const DEFAULT_EXAMPLES = 20;
/** The streaming path's cap on one file's decompressed size: 16 times the table path's. */
const STREAM_MAX_DECOMPRESSED = 16 * DEFAULT_MAX_DECOMPRESSED;

/** Fixes applied chunk by chunk; loc-duplicate is done here, against every URL written before. */
const CHUNK_FIXES: RuleCode[] = FIX_ALL_CODES.filter((c) => c !== LOC_DUPLICATE.code);

/**
 * Checks and re-splits sitemap files without loading their rows into the
 * table's store: files are read one at a time, each in chunks of whole
 * entries, every chunk's rows are checked by the table path's row rules,
 * optionally fixed, written out through the export's writers, and dropped.
 * Memory stays that of a chunk and of one output file whatever the number of
 * URLs, apart from duplicate detection (about 13 bytes per distinct URL; see
 * LocHashSet) and what is small by nature (the list of files, index
 * entries, origins without a Site URL).
 *
 * ```ts
 * const job = new StreamJob({ siteUrl, write: { format: 'xml', gzip: true, … }, onFile });
 * for (const file of files) {
 *   const feed = job.openFile(file.name);
 *   for (const bytes of pieces(file)) if (!feed.push(bytes)) break;
 *   feed.end();
 * }
 * const report = job.finish();
 * ```
 *
 * Counts match the table path's `checkSet` on the same files (loc-duplicate
 * counts every copy; its examples are the later copies). Only located
 * examples are kept, the first `examplesPerCode` of each code.
 */
export class StreamJob {
  private readonly files: SourceFile[] = [];
  private readonly sitemaps: IndexEntry[] = [];
  private readonly examples: ExampleBook;
  private readonly found: RowChecker;
  /** With fix: the rules again over the fixed rows, which also drops later copies of a URL. */
  private readonly after: RowChecker | null;
  private readonly writer: StreamWriter | null;
  private readonly clock: Clock;
  private readonly scope: AllowedScope | null;
  private readonly siteUrl: string;
  private readonly uniform = new UniformPriority();
  private readonly uniformAfter = new UniformPriority();
  private readonly applied: Partial<Record<RuleCode, number>> = {};
  /** With fix and duplicates: merges copies within a chunk, keeps later copies' new elements. */
  private readonly merger: StreamMerger | null;
  private skipped = 0;
  /** With fix: every value an extension fix dropped, listed as the table path's plan lists them. */
  private readonly dropped: string[] = [];
  private droppedMore = 0;
  private urls = 0;
  private current: FileFeed | null = null;
  private finished = false;
  private readonly ctx: FeedContext;

  constructor(private readonly opts: StreamOptions = {}) {
    const now = opts.now ?? new Date();
    this.clock = clockOf(opts.checkDate ?? now);
    this.siteUrl = opts.siteUrl?.trim() ?? '';
    this.scope = this.siteUrl ? allowedScope(this.siteUrl) : null;
    this.examples = new ExampleBook(opts.examplesPerCode ?? DEFAULT_EXAMPLES);
    const duplicates = opts.duplicates ?? true;
    const base = { clock: this.clock, scope: this.scope, siteUrl: this.siteUrl, duplicates };
    // Four fifths of the estimate: an estimate a little high must not double the table.
    const expectedUrls =
      opts.expectedUrls !== undefined && opts.expectedUrls > 0 ? Math.floor(opts.expectedUrls * 0.8) : undefined;
    this.found = new RowChecker({ ...base, examples: this.examples, expectedUrls });
    this.after = opts.fix ? new RowChecker({ ...base, examples: null }) : null;
    this.merger = opts.fix && duplicates ? new StreamMerger() : null;
    this.writer = opts.write ? new StreamWriter(opts.write, this.siteUrl, now, opts.onFile ?? (() => {})) : null;
    this.ctx = {
      chunkChars: opts.chunkChars ?? DEFAULT_CHUNK_CHARS,
      cap: opts.maxDecompressedBytes ?? STREAM_MAX_DECOMPRESSED,
      addFile: (file) => this.files.push(file) - 1,
      fileProblem: (p) => this.fileProblem(p),
      rows: (rows, fileName) => this.rows(rows, fileName),
      indexEntries: (entries) => {
        pushAll(this.sitemaps, entries);
      },
    };
  }

  /**
   * Starts reading a file; the previous one must have ended. Its kind is
   * judged by content (gzip, zip, XML, text, CSV). With `compression:
   * 'gzip'` the host has gunzipped it already (Node's zlib, the browser's
   * DecompressionStream) and passes the inflated bytes, reporting a failure
   * of its own through `end(failure)`.
   */
  openFile(name: string, options: { compression?: 'gzip' | null } = {}): FileFeed {
    if (this.finished) throw new Error('StreamJob: the job is finished');
    if (this.current) throw new Error('StreamJob: end the previous file before opening another');
    const ctx = this.ctx;
    const sink: FileFeed =
      options.compression === 'gzip'
        ? new CappedSink(ctx, name, () => new SniffSink(ctx, name, 'gzip', 1))
        : new SniffSink(ctx, name, null, 0);
    let open = true;
    const feed: FileFeed = {
      push: (bytes) => open && sink.push(bytes),
      end: (failure) => {
        if (!open) return;
        open = false;
        this.current = null;
        sink.end(failure);
      },
    };
    this.current = feed;
    return feed;
  }

  /** Rows read so far. */
  get urlCount(): number {
    return this.urls;
  }

  /** Ends the run: set-level checks, the index(es), and the report. */
  finish(): StreamReport {
    this.current?.end();
    this.finished = true;
    this.found.finish();
    this.after?.finish();
    const set = { rows: new UrlRows(), files: this.files, sitemaps: this.sitemaps, problems: [] as Problem[] };
    resolveIndexChildren(set);
    const fileName = (f: number): string | undefined => this.files[f]?.name;
    for (const p of [
      ...set.problems,
      ...checkIndexEntries(this.sitemaps, fileName, this.clock, this.scope, this.siteUrl),
    ])
      this.fileProblem(p);
    for (const p of this.found.news.problems((name) => name)) this.fileProblem(p);
    const uniform = this.uniform.problem();
    if (uniform) this.setProblem(this.found, uniform, true);
    const uniformAfter = this.after ? this.uniformAfter.problem() : null;
    if (this.after && uniformAfter) this.setProblem(this.after, uniformAfter, false);
    const written = this.writer
      ? { ...this.writer.finish(siteBaseOf(set, this.siteUrl).url), files: this.writer.files, urls: this.writer.urls }
      : null;
    return {
      urls: this.urls,
      files: this.files,
      counts: this.found.tally.counts,
      byCode: this.found.tally.byCode,
      examples: this.examples.list(),
      written: written && {
        files: written.files,
        urls: written.urls,
        robotsTxt: written.robotsTxt,
        problems: written.problems,
      },
      fixes: this.after
        ? {
            counts: this.after.tally.counts,
            byCode: this.after.tally.byCode,
            applied: this.applied,
            skipped: this.skipped,
            dropped: this.dropped,
            droppedMore: this.droppedMore,
            duplicates: this.merger?.report ?? null,
          }
        : null,
      duplicateBytes: this.found.duplicateBytes + (this.after?.duplicateBytes ?? 0) + (this.merger?.byteLength ?? 0),
    };
  }

  private fileProblem(p: Problem): void {
    this.found.tally.add(p.code, p.severity);
    this.examples.add(p);
    // No fix changes what was wrong with a file as read.
    this.after?.tally.add(p.code, p.severity);
  }

  private setProblem(checker: RowChecker, p: Problem, example: boolean): void {
    checker.tally.add(p.code, p.severity);
    if (example) this.examples.add(p);
  }

  private rows(rows: UrlRows, fileName: string): void {
    const n = rows.length;
    const masks = new Uint32Array(n);
    const extCodes = this.after ? new Map<number, number>() : undefined;
    this.found.check(rows, fileName, masks, null, undefined, extCodes);
    this.uniform.addAll(rows);
    let keep: Uint8Array | null = null;
    if (this.after) {
      this.fix(rows, masks, extCodes ?? new Map<number, number>());
      keep = (this.opts.duplicates ?? true) ? new Uint8Array(n).fill(1) : null;
      const merger = this.merger;
      if (merger) {
        const merged = merger.mergeChunk(rows);
        merger.stripWritten(rows, merged);
        this.after.check(rows, fileName, new Uint32Array(n), keep, (i) => merger.keepRepeat(rows, i, merged));
      } else this.after.check(rows, fileName, new Uint32Array(n), keep);
      let removed = 0;
      for (let i = 0; i < n; i++) {
        if (keep && keep[i] === 0) removed++;
        else this.uniformAfter.add(rows.priority.get(i));
      }
      if (removed > 0) this.applied[LOC_DUPLICATE.code] = (this.applied[LOC_DUPLICATE.code] ?? 0) + removed;
    }
    // The locs as the last check scanned them: after the fixes when there are any.
    const last = this.after ?? this.found;
    this.writer?.write(rows, keep, last.copyPlainLoc, last.hasPlainLoc);
    this.urls += n;
    this.opts.onProgress?.({ urls: this.urls, filesWritten: this.writer?.files.length ?? 0 });
  }

  /** The table path's fix plan over one chunk, applied at once (nothing to undo here). */
  private fix(rows: UrlRows, masks: Uint32Array, extCodes: Map<number, number>): void {
    const result: CheckResult = {
      problems: [],
      rowCodes: masks,
      extCodes,
      counts: { error: 0, warning: 0, info: 0 },
      byCode: {},
    };
    const plan = planFixes({ rows, files: [], sitemaps: [], problems: [] }, result, CHUNK_FIXES, {
      siteUrl: this.siteUrl || undefined,
      zone: this.opts.zone,
      now: new Date(this.clock.nowMs),
    });
    applyChanges(rows, plan.changes, 'forward');
    applyFlagChanges(rows, plan.flagChanges, 'forward');
    applyExtChanges(rows, plan.extChanges, 'forward');
    for (const [code, k] of Object.entries(plan.applied) as [RuleCode, number][])
      this.applied[code] = (this.applied[code] ?? 0) + k;
    this.skipped += plan.skipped;
    for (const line of plan.dropped) {
      if (this.dropped.length < DROPPED_LISTED) this.dropped.push(line);
      else this.droppedMore++;
    }
    this.droppedMore += plan.droppedMore;
  }
}
