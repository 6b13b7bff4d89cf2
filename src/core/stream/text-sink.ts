/*
 * The text half of the streaming path's file feed (file-feed.ts holds the
 * byte half: sniffing, gunzip, unzip, the size cap): a decoded file read in
 * chunks cut at whole entries or lines.
 */
import type { SourceFile } from '../rows/types';
import {
  compressionProblem,
  encodingProblem,
  fileLimitProblems,
  moreMalformedCount,
  moreMalformedProblem,
} from '../rules/file/file';
import { judgeText } from '../rules/file/file-kind';
import { MAX_MALFORMED_PER_FILE, NOT_A_SITEMAP, XML_MALFORMED } from '../rules/file/file-rules';
import type { TextKind } from '../rules/file/sniff';
import { parseTrimMessage, trimMessage, VALUE_WHITESPACE } from '../rules/loc/loc-rules';
import { makeProblem, type Problem } from '../rules/problem';
import { concatBytes } from '../text/bytes';
import { formatNumber } from '../text/format';
import { CUT_OFF, recoveredFrom } from '../read/inflate';
import { DECODE_HEAD_BYTES, StreamDecoder } from './decode-stream';
import { readCsvChunk, readTextChunk, readXmlBytesChunk, readXmlChunk, type ChunkRead } from './read-chunk';
import { byteCutAfterEntry, ByteChunker, type ByteChunk, type ByteCutFinder } from './byte-chunker';
import { countLineEnds } from '../read/line-ends';
import { FEED_LABEL } from '../read/read-feed';
import { feedRootOf, findRootTag, type RootTag } from './root-tag';
import { cutAfterEntry, cutAfterLastLine, TextChunker, type CutFinder, type TextChunk } from './text-chunker';
import type { FeedContext, FileFeed } from './feed-types';

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
 * A text file (XML, text sitemap, CSV) decoded and read in chunks: the
 * reader of the table path sees whole entries or lines, and positions are
 * moved to the file's. Reports what importText and reportFileLimits report.
 */
export class TextSink implements FileFeed {
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
  /** The raw bytes of the head, kept until the kind is judged, while the file may be read as bytes. */
  private rawKept: Uint8Array[] | null = [];
  /** Set once a UTF-8 sitemap is read as bytes (byte-chunker.ts): nothing is decoded from then on. */
  private bytes: ByteChunker | null = null;
  private byteCut: ByteCutFinder = () => -1;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    compression: SourceFile['compression'],
  ) {
    this.chunker = new TextChunker(ctx.chunkChars);
    this.file = { name, kind: 'none', count: 0, bytes: 0, encoding: '', compression };
    this.fileIndex = ctx.addFile(this.file);
  }

  push(bytes: Uint8Array): boolean {
    if (this.stopped) return false;
    this.file.bytes += bytes.length;
    if (this.bytes) {
      this.bytes.append(bytes);
      this.byteChunks(false);
      return !this.stopped;
    }
    this.rawKept?.push(bytes);
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
    if (!this.stopped) {
      if (this.bytes) this.byteChunks(true);
      else if (!this.decoder) this.startDecoding(true);
      else this.text(this.decoder.decode(new Uint8Array(0), true), true);
    }
    this.stopped = true;
    this.finishFile();
    if (!failure) return;
    // A file cut off is partial input: said with what was recovered of it, as the table path says it.
    const cutOff = failure === CUT_OFF;
    if (cutOff) this.file.partial = true;
    this.ctx.fileProblem(compressionProblem(this.name, `${failure}${cutOff ? recoveredFrom(this.file) : ''}`));
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
    if (decoder.lastReplacement >= 0 && !this.replacementAt)
      this.replacementAt = this.chunker.positionOf(text, decoder.lastReplacement);
    this.chunker.append(text);
    if (this.kind === null && !this.judge(final)) {
      if (this.chunker.length > maxPendingChars(this.ctx.chunkChars)) this.giveUp('no sitemap content');
      return;
    }
    if (this.bytes) {
      this.byteChunks(final);
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
    const verdict = judgeText(this.name, head.slice(0, HEAD_CHARS));
    if (verdict.kind === 'refused') {
      if (verdict.empty && !final) return false;
      this.ctx.fileProblem(verdict.problem);
      return this.stop();
    }
    const kind = verdict.kind;
    if (kind === 'xml') {
      const root = findRootTag(head);
      if (root === null && !final) return false;
      this.root = root;
      const feed = root === null ? null : feedRootOf(root);
      if (feed !== null) {
        this.ctx.fileProblem(
          makeProblem(
            NOT_A_SITEMAP,
            `This is an ${FEED_LABEL[feed]} feed: feeds are read as sitemaps by check, export and the app's table, not by stream (feeds list a site's recent pages, not millions); nothing of it was read here`,
            { file: this.name, line: 1, column: 1 },
          ),
        );
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
    if (kind === 'xml' && this.root?.entryEndTag) this.startBytes(this.root, this.root.entryEndTag);
    this.rawKept = null;
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
    this.took(read);
  }

  /** What a chunk's reader gave, handed on. */
  private took(read: ChunkRead): void {
    for (const p of read.problems) this.problem(p);
    if (read.sitemaps.length > 0) this.ctx.indexEntries(read.sitemaps);
    this.file.count += read.count;
    if (read.endedEarly) this.file.partial = true;
    if (read.rows.length > 0) this.ctx.rows(read.rows, this.name);
  }

  /**
   * Goes over to bytes when the head was clean UTF-8 without a BOM (a BOM
   * would move the first line's columns): the text decoded so far is
   * dropped and its bytes are chunked again.
   */
  private startBytes(root: RootTag, entryEndTag: string): void {
    const decoder = this.decoder as StreamDecoder;
    const raw = this.rawKept;
    if (
      raw === null ||
      raw.length === 0 ||
      decoder.encoding !== 'utf-8' ||
      decoder.notes.length > 0 ||
      decoder.replaced
    )
      return;
    const [b0, b1, b2] = raw[0] as Uint8Array;
    if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return;
    const encoder = new TextEncoder();
    const chunker = new ByteChunker(this.ctx.chunkChars, encoder.encode(root.startTag), encoder.encode(root.endTag));
    for (const piece of raw) chunker.append(piece);
    this.bytes = chunker;
    this.byteCut = byteCutAfterEntry(encoder.encode(entryEndTag));
    // A fresh decoder for the chunks the byte reader gives up (the head's may hold half a
    // character), judging from the same head bytes, so it notes nothing the first did not.
    const headBytes = raw.reduce((n, piece) => n + piece.length, 0);
    this.decoder = new StreamDecoder(concatBytes(raw, Math.min(headBytes, DECODE_HEAD_BYTES)));
    this.chunker.clear();
  }

  /** {@link text} for a file read as bytes. */
  private byteChunks(final: boolean): void {
    const chunker = this.bytes as ByteChunker;
    for (;;) {
      const chunk = chunker.take(this.byteCut, false);
      if (!chunk) break;
      this.readBytes(chunk);
      if (this.stopped) return;
    }
    if (final) {
      const last = chunker.take(this.byteCut, true);
      if (last) this.readBytes(last);
    } else if (chunker.length > maxPendingChars(this.ctx.chunkChars)) {
      this.giveUp(`no ${this.root?.entryEndTag ?? 'entry end tag'}`);
    }
  }

  /** A chunk of bytes by the byte reader, or decoded and read as text when it gives the chunk up. */
  private readBytes(chunk: ByteChunk): void {
    const root = this.root as RootTag;
    const target = { fileIndex: this.fileIndex, fileName: this.name };
    const first = this.first;
    const read = readXmlBytesChunk(chunk, first, root, target);
    if (read) {
      this.first = false;
      if (first) this.file.kind = read.kind;
      this.took(read);
      if (first && read.kind === 'none') this.stop();
      return;
    }
    const decoder = this.decoder as StreamDecoder;
    const text = decoder.decode(chunk.data, chunk.final);
    if (decoder.lastReplacement >= 0 && !this.replacementAt) {
      const { lines, lastLineStart } = countLineEnds(text, decoder.lastReplacement);
      this.replacementAt =
        lines === 0
          ? { line: chunk.line, column: chunk.column + decoder.lastReplacement }
          : { line: chunk.line + lines, column: decoder.lastReplacement - lastLineStart + 1 };
    }
    // Invalid bytes on the chunk's last line are fewer characters than bytes: the next chunk starts where the text says.
    const tail = countLineEnds(text);
    (this.bytes as ByteChunker).moveColumn(text.length - tail.lastLineStart - chunk.tailUnits);
    this.read({ text, line: chunk.line, column: chunk.column, final: chunk.final });
  }

  /** A problem from a chunk's reader, with the per-file cap on XML defects the table path has. */
  private problem(p: Problem): void {
    if (p.code === VALUE_WHITESPACE.code) {
      // Once per file, as the table path says it: the first chunk's place, every chunk's count.
      const n = parseTrimMessage(p.message)?.count ?? 1;
      if (this.trimmed) this.trimmed.count += n;
      else this.trimmed = { problem: p, count: n };
      return;
    }
    if (p.code === XML_MALFORMED.code) {
      const more = moreMalformedCount(p.message);
      if (more !== null) {
        this.moreMalformed += more;
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
    this.ctx.fileProblem(
      makeProblem(
        XML_MALFORMED,
        `${what} in ${formatNumber(maxPendingChars(this.ctx.chunkChars))} characters of text: the file cannot be cut into entries to be read piece by piece, so the rest of it was skipped`,
        { file: this.name },
      ),
    );
    this.stop();
  }

  private stop(): false {
    this.stopped = true;
    this.chunker.clear();
    this.bytes?.clear();
    this.rawKept = null;
    return false;
  }

  private finishFile(): void {
    const file = this.file;
    if (this.trimmed) {
      const { problem, count } = this.trimmed;
      const what = parseTrimMessage(problem.message)?.what ?? '<loc>';
      this.ctx.fileProblem({ ...problem, message: trimMessage(count, what) });
    }
    if (this.moreMalformed > 0) this.ctx.fileProblem(moreMalformedProblem(this.name, this.moreMalformed));
    const decoder = this.decoder;
    if (decoder && (decoder.notes.length > 0 || decoder.replaced)) {
      const notes = [...decoder.notes];
      if (decoder.replaced)
        notes.push(`invalid ${decoder.encoding.toUpperCase()} byte sequences were replaced with "\uFFFD"`);
      this.ctx.fileProblem(encodingProblem(this.name, notes, this.replacementAt ?? {}));
    }
    if (this.kind === 'text') file.kind = file.count > 0 ? 'text' : 'none';
    if (this.kind === 'csv') file.kind = file.count > 0 ? 'csv' : 'none';
    for (const p of fileLimitProblems(file)) this.ctx.fileProblem(p);
  }
}
