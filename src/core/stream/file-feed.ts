import { makeProblem } from '../problem';
import { concatBytes } from '../bytes';
import { formatBytes, formatNumber } from '../format';
import { reportFileLimits } from '../read/import-files';
import { MAX_MALFORMED_PER_FILE, MAX_NESTING } from '../read/read-limits';
import { sniffBytes, sniffText, type TextKind } from '../read/sniff';
import type { UrlRows } from '../rows';
import { parseTrimMessage, trimMessage } from '../read/value-trim';
import { emptySet } from '../sitemap-set';
import type { IndexEntry, Problem, SourceFile } from '../types';
import { DECODE_HEAD_BYTES, StreamDecoder } from './decode-stream';
import { GunzipStream, UnzipStream } from './inflate-stream';
import { readCsvChunk, readTextChunk, readXmlChunk, type ChunkRead } from './read-chunk';
import { FEED_LABEL } from '../read/read-feed';
import { feedRootOf, findRootTag, type RootTag } from './root-tag';
import { cutAfterEntry, cutAfterLastLine, TextChunker, type CutFinder, type TextChunk } from './text-chunker';

/** What the sinks of one file report to the job. */
export interface FeedContext {
  readonly chunkChars: number;
  /** Cap on one file's decompressed size. */
  readonly cap: number;
  /** Registers a file read (as the table path lists it); returns its index. */
  addFile(file: SourceFile): number;
  /** A file-level problem found while reading. */
  fileProblem(problem: Problem): void;
  /** The rows of one chunk of the named file. */
  rows(rows: UrlRows, fileName: string): void;
  indexEntries(entries: readonly IndexEntry[]): void;
}

/** Bytes of one file, pushed piece by piece. */
export interface FileFeed {
  /** Reads the next piece; false once the rest of the file is not wanted (not a sitemap, over a cap): stop reading. */
  push(bytes: Uint8Array): boolean;
  /** The file ended; `failure` when the host's own decompression failed (a truncated or corrupt gzip). */
  end(failure?: string): void;
}

/** Bytes looked at before judging what a file is (sniffBytes looks at 4 KiB). */
const SNIFF_BYTES = 4096;
/** Text looked at before judging its kind and finding the root element. */
const HEAD_CHARS = 64 * 1024;
/**
 * Text buffered without a place to cut (no `</url>`, no line end) before the
 * file is given up: 64 chunks' worth (16 Mi characters by default), at least 1 Mi.
 */
function maxPendingChars(chunkChars: number): number {
  return Math.max(64 * chunkChars, 1 << 20);
}

/**
 * The start of every file: judges it by its first bytes like the table
 * path (gzip, zip, empty, binary, text) and hands the bytes on.
 */
export class SniffSink implements FileFeed {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private next: FileFeed | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    private readonly compression: SourceFile['compression'],
    private readonly depth: number,
  ) {}

  push(bytes: Uint8Array): boolean {
    if (this.stopped) return false;
    if (this.next) return this.forward(bytes);
    this.head.push(bytes);
    this.headBytes += bytes.length;
    // gzip and zip are known by their first bytes: inflating at once lets the cap stop a bomb early.
    if (this.headBytes < SNIFF_BYTES && !(this.headBytes >= 4 && isArchive(concatBytes(this.head, 4)))) return true;
    this.decide();
    return this.flushHead();
  }

  end(failure?: string): void {
    if (!this.next && !this.stopped) {
      this.decide();
      this.flushHead();
    }
    this.next?.end(failure);
    if (!this.next && failure) this.ctx.fileProblem(makeProblem('compression', `${this.name}: ${failure}`, { file: this.name }));
    this.next = null;
    this.stopped = true;
  }

  private forward(bytes: Uint8Array): boolean {
    const more = (this.next as FileFeed).push(bytes);
    if (!more) this.stopped = true;
    return more;
  }

  private flushHead(): boolean {
    const parts = this.head;
    this.head = [];
    for (const p of parts) if (!this.stopped && this.next) this.forward(p);
    return !this.stopped;
  }

  private decide(): void {
    const first = concatBytes(this.head, Math.min(this.headBytes, SNIFF_BYTES));
    const sniff = sniffBytes(first);
    const { ctx, name, compression } = this;
    if (sniff.kind === 'gzip' && this.depth < MAX_NESTING) {
      this.next = new GunzipSink(ctx, name, this.depth + 1);
    } else if (sniff.kind === 'zip' && this.depth < MAX_NESTING) {
      this.next = new ZipSink(ctx, name, this.depth + 1);
    } else if (sniff.kind === 'empty') {
      ctx.fileProblem(makeProblem('not-a-sitemap', 'The file is empty', { file: name }));
      ctx.addFile({ name, kind: 'none', count: 0, bytes: 0, encoding: '', compression });
      this.stopped = true;
    } else if (sniff.kind !== 'textual') {
      const label = sniff.label ?? 'a compressed file nested too deeply';
      ctx.fileProblem(makeProblem('not-a-sitemap', `This is ${label}, not a sitemap`, { file: name }));
      ctx.addFile({ name, kind: 'none', count: 0, bytes: this.headBytes, encoding: '', compression });
      this.stopped = true;
    } else {
      this.next = new TextSink(ctx, name, compression);
    }
  }
}

/**
 * Gunzips as the bytes come, counting the output against the cap; what it
 * inflates goes to a new {@link SniffSink} (a gzip may hold anything).
 */
class GunzipSink implements FileFeed {
  private readonly gunzip: GunzipStream;
  private inner: SniffSink | null = null;
  private readonly capped: CappedSink;

  constructor(private readonly ctx: FeedContext, private readonly name: string, depth: number) {
    this.capped = new CappedSink(ctx, name, () => {
      this.inner ??= new SniffSink(ctx, name, 'gzip', depth);
      return this.inner;
    });
    this.gunzip = new GunzipStream((data) => this.capped.push(data));
  }

  push(bytes: Uint8Array): boolean {
    return this.gunzip.push(bytes) && !this.capped.over;
  }

  end(failure?: string): void {
    if (!this.capped.over) this.gunzip.push(new Uint8Array(0), true);
    const why = failure ?? this.gunzip.failure;
    if (why && !this.capped.over) this.ctx.fileProblem(makeProblem('compression', `${this.name}: ${why}`, { file: this.name }));
    if (this.inner) this.inner.end();
    else if (!this.capped.over) this.ctx.addFile({ name: this.name, kind: 'none', count: 0, bytes: 0, encoding: '', compression: 'gzip' });
  }
}

/** A zip read member by member; each member is a file of its own, named `bundle.zip/member.xml`. */
class ZipSink implements FileFeed {
  private readonly unzip: UnzipStream;
  private member: { sink: CappedSink; name: string } | null = null;
  private members = 0;

  constructor(private readonly ctx: FeedContext, private readonly name: string, depth: number) {
    this.unzip = new UnzipStream({
      start: (member) => {
        this.members++;
        const memberName = `${name}/${member}`;
        const inner = new SniffSink(ctx, memberName, null, depth);
        this.member = { sink: new CappedSink(ctx, memberName, () => inner, inner), name: memberName };
      },
      data: (bytes) => {
        this.member?.sink.push(bytes);
      },
      end: (failure) => {
        const m = this.member;
        this.member = null;
        if (!m) return;
        if (failure) ctx.fileProblem(makeProblem('compression', `${m.name}: ${failure}`, { file: m.name }));
        m.sink.end();
      },
    });
  }

  push(bytes: Uint8Array): boolean {
    return this.unzip.push(bytes);
  }

  end(failure?: string): void {
    this.unzip.push(new Uint8Array(0), true);
    const why = failure ?? this.unzip.failure;
    if (why) this.ctx.fileProblem(makeProblem('compression', `${this.name}: ${why}`, { file: this.name }));
    else if (this.members === 0) this.ctx.fileProblem(makeProblem('not-a-sitemap', `${this.name}: the zip archive holds no files`, { file: this.name }));
  }
}

/** Counts decompressed bytes against the cap; past it, the file is reported and its reading ends. */
export class CappedSink implements FileFeed {
  over = false;
  private bytes = 0;
  private started: FileFeed | null = null;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    private readonly target: () => FileFeed,
    started: FileFeed | null = null,
  ) {
    this.started = started;
  }

  push(bytes: Uint8Array): boolean {
    if (this.over) return false;
    this.bytes += bytes.length;
    if (this.bytes > this.ctx.cap) {
      this.over = true;
      this.ctx.fileProblem(makeProblem('compression', `${this.name}: decompressed size exceeds the cap of ${formatBytes(this.ctx.cap)}: stopped (a compression bomb?); what came before was read`, { file: this.name }));
      this.started?.end();
      this.started = null;
      return false;
    }
    this.started ??= this.target();
    return this.started.push(bytes);
  }

  end(failure?: string): void {
    if (this.over) return;
    (this.started ?? this.target()).end(failure);
  }
}

/**
 * A text file (XML, text sitemap, CSV) decoded and read in chunks: the
 * reader of the table path sees whole entries or lines, and positions are
 * moved to the file's. Reports what importText and reportFileLimits report.
 */
class TextSink implements FileFeed {
  private decoder: StreamDecoder | null = null;
  private rawHead: Uint8Array[] = [];
  private rawHeadBytes = 0;
  private readonly chunker: TextChunker;
  private kind: TextKind | null = null;
  private cut: CutFinder = cutAfterLastLine;
  private root: RootTag | null = null;
  private first = true;
  private stopped = false;
  private readonly file: SourceFile;
  private readonly fileIndex: number;
  private replacementAt: { line: number; column: number } | null = null;
  private malformed = 0;
  private moreMalformed = 0;
  /** The file's value-whitespace warning, said once at its end (see problem()). */
  private trimmed: { problem: Problem; count: number } | undefined;
  private readonly reportedOnce = new Set<string>();
  private csvFirstLine: string | null = null;
  private csvHeaderless = false;

  constructor(private readonly ctx: FeedContext, private readonly name: string, compression: SourceFile['compression']) {
    this.chunker = new TextChunker(ctx.chunkChars);
    this.file = { name, kind: 'none', count: 0, bytes: 0, encoding: '', compression };
    this.fileIndex = ctx.addFile(this.file);
  }

  push(bytes: Uint8Array): boolean {
    if (this.stopped) return false;
    this.file.bytes += bytes.length;
    if (!this.decoder) {
      this.rawHead.push(bytes);
      this.rawHeadBytes += bytes.length;
      if (this.rawHeadBytes < DECODE_HEAD_BYTES) return true;
      return this.startDecoding(false);
    }
    this.text(this.decoder.decode(bytes), false);
    return !this.stopped;
  }

  end(failure?: string): void {
    if (failure) this.ctx.fileProblem(makeProblem('compression', `${this.name}: ${failure}`, { file: this.name }));
    if (!this.stopped) {
      if (!this.decoder) this.startDecoding(true);
      else this.text(this.decoder.decode(new Uint8Array(0), true), true);
    }
    this.stopped = true;
    this.finishFile();
  }

  private startDecoding(final: boolean): boolean {
    const head = concatBytes(this.rawHead, this.rawHeadBytes);
    this.rawHead = [];
    const decoder = new StreamDecoder(head);
    this.decoder = decoder;
    this.file.encoding = decoder.encoding;
    this.text(decoder.decode(head, final), final);
    return !this.stopped;
  }

  private text(text: string, final: boolean): void {
    if (this.stopped) return;
    const decoder = this.decoder as StreamDecoder;
    if (decoder.lastReplacement >= 0 && !this.replacementAt) this.replacementAt = this.chunker.positionOf(text, decoder.lastReplacement);
    this.chunker.append(text);
    if (this.kind === null && !this.judge(final)) {
      if (this.chunker.length > maxPendingChars(this.ctx.chunkChars)) this.giveUp('no sitemap content');
      return;
    }
    for (;;) {
      const chunk = this.chunker.take(this.cut, false);
      if (!chunk) break;
      this.read(chunk);
      if (this.stopped) return;
    }
    if (final) {
      // Read even when empty: a file cut off right after an entry still owes its root's end tag.
      const last = this.chunker.take(this.cut, true);
      if (last) this.read(last);
    } else if (this.chunker.length > maxPendingChars(this.ctx.chunkChars)) {
      this.giveUp(this.kind === 'xml' ? `no ${this.root?.entryEndTag ?? 'entry end tag'}` : 'no line end');
    }
  }

  /** Decides what the text is once its head is in; false while more text is needed. */
  private judge(final: boolean): boolean {
    if (!final && this.chunker.length < HEAD_CHARS) return false;
    const head = this.chunker.peek();
    const kind = sniffText(head.slice(0, HEAD_CHARS), this.name);
    const where = { file: this.name };
    if (kind === 'empty') {
      if (!final) return false;
      this.ctx.fileProblem(makeProblem('not-a-sitemap', 'The file holds only whitespace', where));
      return this.stop();
    }
    if (kind === 'html') {
      this.ctx.fileProblem(makeProblem('not-a-sitemap', 'This is an HTML page, not a sitemap: the server may have sent a web page (an error page or a login page) where the sitemap should be', { ...where, line: 1, column: 1 }));
      return this.stop();
    }
    if (kind === 'xml') {
      const root = findRootTag(head);
      if (root === null && !final) return false;
      this.root = root;
      const feed = root === null ? null : feedRootOf(root);
      if (feed !== null) {
        this.ctx.fileProblem(makeProblem('not-a-sitemap', `This is an ${FEED_LABEL[feed]} feed: feeds are read as sitemaps by check, export and the app's table, not by stream (feeds list a site's recent pages, not millions); nothing of it was read here`, { ...where, line: 1, column: 1 }));
        return this.stop();
      }
      // Not a sitemap's root (or none): the reader says so from the head alone.
      this.cut = root?.entryEndTag ? cutAfterEntry(root.entryEndTag) : () => -1;
    } else {
      this.cut = cutAfterLastLine;
      if (kind === 'csv') {
        const nl = head.indexOf('\n');
        this.csvFirstLine = (nl < 0 ? head : head.slice(0, nl)).replace(/\r$/, '');
      }
    }
    this.kind = kind;
    if (kind === 'xml' && !this.root?.entryEndTag) {
      const all = this.chunker.take(this.cut, true) as TextChunk;
      this.read({ ...all, final: true });
      this.stop();
      return false;
    }
    return true;
  }

  private read(chunk: TextChunk): void {
    const target = { fileIndex: this.fileIndex, fileName: this.name };
    const first = this.first;
    this.first = false;
    let read: ChunkRead;
    if (this.kind === 'xml') {
      const x = readXmlChunk(chunk, first, this.root, target);
      if (first) this.file.kind = x.kind;
      read = x;
      if (first && x.kind === 'none') this.stop();
    } else if (this.kind === 'csv') {
      read = readCsvChunk(chunk, first ? null : this.csvFirstLine, this.csvHeaderless, target);
      if (first) this.csvHeaderless = read.rows.length > 0 && read.rows.line[0] === 1;
    } else {
      read = readTextChunk(chunk, first, target);
      if (first && read.count === 0) this.stop();
    }
    for (const p of read.problems) this.problem(p);
    if (read.sitemaps.length > 0) this.ctx.indexEntries(read.sitemaps);
    this.file.count += read.count;
    if (read.rows.length > 0) this.ctx.rows(read.rows, this.name);
  }

  /** A problem from a chunk's reader, with the per-file cap on XML defects the table path has. */
  private problem(p: Problem): void {
    if (p.code === 'value-whitespace') {
      // Once per file, as the table path says it: the first chunk's place, every chunk's count.
      const n = parseTrimMessage(p.message)?.count ?? 1;
      if (this.trimmed) this.trimmed.count += n;
      else this.trimmed = { problem: p, count: n };
      return;
    }
    if (p.code === 'xml-malformed') {
      const more = /^(\d+) more XML defects in this file are not listed/.exec(p.message);
      if (more) {
        this.moreMalformed += Number(more[1]);
        return;
      }
      // Said once per reader, so once per chunk here: keep the first.
      if (/ is used but never declared /.test(p.message)) {
        if (this.reportedOnce.has(p.message)) return;
        this.reportedOnce.add(p.message);
      }
      if (p.severity === 'error' && ++this.malformed > MAX_MALFORMED_PER_FILE) {
        this.moreMalformed++;
        return;
      }
    }
    this.ctx.fileProblem(p);
  }

  private giveUp(what: string): void {
    this.ctx.fileProblem(makeProblem('xml-malformed', `${what} in ${formatNumber(maxPendingChars(this.ctx.chunkChars))} characters of text: the file cannot be cut into entries to be read piece by piece, so the rest of it was skipped`, { file: this.name }));
    this.stop();
  }

  private stop(): false {
    this.stopped = true;
    this.chunker.clear();
    return false;
  }

  private finishFile(): void {
    const file = this.file;
    const where = { file: this.name };
    if (this.trimmed) {
      const { problem, count } = this.trimmed;
      const what = parseTrimMessage(problem.message)?.what ?? '<loc>';
      this.ctx.fileProblem({ ...problem, message: trimMessage(count, what) });
    }
    if (this.moreMalformed > 0) this.ctx.fileProblem(makeProblem('xml-malformed', `${this.moreMalformed} more XML defects in this file are not listed`, where));
    const decoder = this.decoder;
    if (decoder && (decoder.notes.length > 0 || decoder.replaced)) {
      const notes = [...decoder.notes];
      if (decoder.replaced) notes.push(`invalid ${decoder.encoding.toUpperCase()} byte sequences were replaced with "\uFFFD"`);
      this.ctx.fileProblem(makeProblem('encoding', `The file is not clean UTF-8: ${notes.join('; ')}`, { ...where, ...(this.replacementAt ?? {}) }));
    }
    if (this.kind === 'text') file.kind = file.count > 0 ? 'text' : 'none';
    if (this.kind === 'csv') file.kind = file.count > 0 ? 'csv' : 'none';
    const set = emptySet();
    reportFileLimits(set, file);
    for (const p of set.problems) this.ctx.fileProblem(p);
  }
}

function isArchive(head: Uint8Array): boolean {
  const kind = sniffBytes(head).kind;
  return kind === 'gzip' || kind === 'zip';
}
