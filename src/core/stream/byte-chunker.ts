/*
 * The streaming path's chunks as UTF-8 bytes, for XML files the byte reader
 * takes (text-sink.ts): no TextDecoder over the file, no string joined,
 * sliced and encoded back per chunk. Measured on 1,000,000 URLs of a
 * gzipped urlset, decoding, joining and re-encoding cost ~2 s of ~16.
 */

/** A chunk of a file's bytes as a document of its own: the root's start tag (after the first chunk), the entries, the root's end tag (before the last). */
export interface ByteChunk {
  /** prefix + the chunk's bytes + suffix, ready for readSitemapBytes. */
  doc: Uint8Array;
  /** The chunk's own bytes (inside `doc`). */
  data: Uint8Array;
  /** 1-based line and column (UTF-16 code units) of the chunk's first character in the file. */
  line: number;
  column: number;
  final: boolean;
  /** Line ends in the chunk, and UTF-16 code units after its last line end (all of it when none). */
  lines: number;
  tailUnits: number;
}

/** Where a chunk of bytes may end (its length), or -1 when nowhere yet. */
export type ByteCutFinder = (data: Uint8Array) => number;

const LF = 10;
const CR = 13;
const EMPTY_WORDS = new Uint32Array(0);

/**
 * Collects a file's bytes and hands them out in chunks of about `target`
 * bytes, each ending where the cut finder allows, framed by the root's tags.
 * Two buffers take turns: a chunk is a view of one while what follows its
 * cut is copied to the other, so no byte is copied twice and no buffer is
 * allocated per chunk. A chunk's bytes are valid until the next `take`
 * (the caller reads it at once; the byte reader keeps no view of its input).
 */
export class ByteChunker {
  private buf: Uint8Array;
  private spare: Uint8Array;
  /** Bytes buffered after the reserved prefix room. */
  length = 0;
  private line = 1;
  private column = 1;
  private retryAt = 0;
  private first = true;

  constructor(
    private readonly target: number,
    private readonly prefix: Uint8Array,
    private readonly suffix: Uint8Array,
  ) {
    this.buf = this.fresh(target * 2);
    this.spare = this.fresh(target * 2);
  }

  append(bytes: Uint8Array): void {
    this.reserve(this.length + bytes.length);
    this.buf.set(bytes, this.prefix.length + this.length);
    this.length += bytes.length;
  }

  /**
   * The next chunk: with `final`, everything buffered (no suffix: the file's
   * own end follows); otherwise one once `target` bytes are buffered and
   * `cut` finds where to end it, else null.
   */
  take(cut: ByteCutFinder, final: boolean): ByteChunk | null {
    const p = this.prefix.length;
    if (final) {
      const chunk = this.chunk(this.length, 0, true);
      this.length = 0;
      return chunk;
    }
    if (this.length < this.target || this.length < this.retryAt) return null;
    const end = cut(this.buf.subarray(p, p + this.length));
    if (end <= 0) {
      this.retryAt = this.length + this.target;
      return null;
    }
    const restLength = this.length - end;
    const next =
      restLength + this.suffix.length > this.spare.length - p
        ? this.fresh(Math.max(this.target, restLength) * 2)
        : this.spare;
    next.set(this.buf.subarray(p + end, p + this.length), p);
    const chunk = this.chunk(end, this.suffix.length, false);
    this.spare = this.buf;
    this.buf = next;
    this.length = restLength;
    this.retryAt = 0;
    return chunk;
  }

  /** Drops everything buffered (the rest of the file is not read). */
  clear(): void {
    this.length = 0;
  }

  /** Moves the next chunk's column by `units`: the last chunk's tail held invalid bytes, decoded to fewer characters. */
  moveColumn(units: number): void {
    this.column += units;
  }

  /** The first `end` bytes as a chunk, with `suffixLength` bytes of suffix written after them; advances the position. */
  private chunk(end: number, suffixLength: number, final: boolean): ByteChunk {
    const p = this.prefix.length;
    const buf = this.buf;
    const data = buf.subarray(p, p + end);
    const { lines, tailUnits } = lineEndsOf(data);
    if (suffixLength > 0) buf.set(this.suffix, p + end);
    const from = this.first ? p : 0;
    this.first = false;
    const chunk: ByteChunk = {
      doc: buf.subarray(from, p + end + suffixLength),
      data,
      line: this.line,
      column: this.column,
      final,
      lines,
      tailUnits,
    };
    if (lines === 0) this.column += tailUnits;
    else {
      this.line += lines;
      this.column = tailUnits + 1;
    }
    return chunk;
  }

  /** Room for `bytes` buffered bytes plus the suffix. */
  private reserve(bytes: number): void {
    const p = this.prefix.length;
    if (p + bytes + this.suffix.length <= this.buf.length) return;
    const next = this.fresh(Math.max(bytes, this.buf.length) * 2);
    next.set(this.buf.subarray(p, p + this.length), p);
    this.buf = next;
  }

  private fresh(dataBytes: number): Uint8Array {
    const b = new Uint8Array(this.prefix.length + dataBytes + this.suffix.length);
    b.set(this.prefix, 0);
    return b;
  }
}

/**
 * Line ends in valid UTF-8 bytes (LF, CRLF, a lone CR; a CR at the very end
 * counts, as countLineEnds counts it) and the UTF-16 code units after the
 * last one: bytes that start a character, a 4-byte one counting two.
 */
export function lineEndsOf(data: Uint8Array): { lines: number; tailUnits: number } {
  // LFs counted four bytes at a time without a branch per LF (an XML file has one every ~40
  // bytes: testing each word that holds one cost 0.2 s per 160 MB); the last one found backwards.
  // CRs looked for in the same pass (a search of its own, byte by byte, cost as much again).
  const n = data.length;
  let lines = 0;
  let cr = 0;
  let i = 0;
  for (; i < n && ((data.byteOffset + i) & 3) !== 0; i++) {
    const c = data[i];
    if (c === LF) lines++;
    else if (c === CR) cr = 1;
  }
  const words = (n - i) >>> 2;
  // A short piece may end before a word boundary: no words then.
  const w = words > 0 ? new Uint32Array(data.buffer, data.byteOffset + i, words) : EMPTY_WORDS;
  for (let k = 0; k < words; k++) {
    const v = w[k] as number;
    const x = v ^ 0x0a0a0a0a;
    // The high bit of each byte of x that is zero (exact, no borrow between bytes), then their count.
    const zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080;
    lines += Math.imul(zero >>> 7, 0x01010101) >>> 24;
    const y = v ^ 0x0d0d0d0d;
    cr |= ~(((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) & 0x80808080;
  }
  for (i += words * 4; i < n; i++) {
    const c = data[i];
    if (c === LF) lines++;
    else if (c === CR) cr = 1;
  }
  if (cr !== 0) return lineEndsWithCr(data);
  return { lines, tailUnits: utf16UnitsOf(data, data.lastIndexOf(LF) + 1) };
}

function lineEndsWithCr(data: Uint8Array): { lines: number; tailUnits: number } {
  let lines = 0;
  let tail = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === LF || (c === CR && data[i + 1] !== LF)) {
      lines++;
      tail = i + 1;
    }
  }
  return { lines, tailUnits: utf16UnitsOf(data, tail) };
}

/** UTF-16 code units of valid UTF-8 bytes from `from` to the end. */
function utf16UnitsOf(data: Uint8Array, from: number): number {
  let units = 0;
  for (let i = from; i < data.length; i++) {
    const c = data[i] as number;
    if (c < 0x80) units++;
    else if (c >= 0xc0) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * {@link cutAfterEntry} on bytes: after the last entry end tag that is not
 * inside a comment or a CDATA section (a chunk starts outside any).
 */
export function byteCutAfterEntry(endTag: Uint8Array): ByteCutFinder {
  return (data) => {
    let at = lastIndexOfBytes(data, endTag, data.length);
    if (at >= 0 && !hasMarkupDeclaration(data)) return at + endTag.length;
    while (at >= 0) {
      const inside = openBefore(data, at, COMMENT_OPEN, COMMENT_CLOSE) ?? openBefore(data, at, CDATA_OPEN, CDATA_CLOSE);
      if (inside === undefined) return at + endTag.length;
      at = inside > 0 ? lastIndexOfBytes(data, endTag, inside - 1 + endTag.length) : -1;
    }
    return -1;
  };
}

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const COMMENT_OPEN = bytesOf('<!--');
const COMMENT_CLOSE = bytesOf('-->');
const CDATA_OPEN = bytesOf('<![CDATA[');
const CDATA_CLOSE = bytesOf(']]>');

/** Whether `<!` is anywhere (one fast search for the rare `!` spares the backward ones). */
function hasMarkupDeclaration(data: Uint8Array): boolean {
  for (let at = indexOfByte(data, 33, 0); at >= 0; at = indexOfByte(data, 33, at + 1))
    if (at > 0 && data[at - 1] === 60) return true;
  return false;
}

/** `data.indexOf(byte, from)` four bytes at a time (V8's indexOf goes byte by byte: ~1 GB/s). */
export function indexOfByte(data: Uint8Array, byte: number, from: number): number {
  const n = data.length;
  let i = from;
  for (; i < n && ((data.byteOffset + i) & 3) !== 0; i++) if (data[i] === byte) return i;
  const words = (n - i) >>> 2;
  const w = words > 0 ? new Uint32Array(data.buffer, data.byteOffset + i, words) : EMPTY_WORDS;
  const pattern = byte * 0x01010101;
  for (let k = 0; k < words; k++) {
    const x = (w[k] as number) ^ pattern;
    if (((x - 0x01010101) & ~x & 0x80808080) !== 0) {
      const at = i + k * 4;
      for (let j = at; j < at + 4; j++) if (data[j] === byte) return j;
    }
  }
  for (i += words * 4; i < n; i++) if (data[i] === byte) return i;
  return -1;
}

/** Where an `open … close` section still open at `at` starts, or undefined. */
function openBefore(data: Uint8Array, at: number, open: Uint8Array, close: Uint8Array): number | undefined {
  const start = lastIndexOfBytes(data, open, at + open.length);
  if (start < 0) return undefined;
  const end = indexOfBytes(data, close, start + open.length);
  return end < 0 || end + close.length > at ? start : undefined;
}

/** The last start of `seq` that ends at or before `end`, or -1. */
function lastIndexOfBytes(data: Uint8Array, seq: Uint8Array, end: number): number {
  const first = seq[0] as number;
  for (let at = end - seq.length; at >= 0; at--) {
    at = data.lastIndexOf(first, at);
    if (at < 0) return -1;
    let k = 1;
    while (k < seq.length && data[at + k] === seq[k]) k++;
    if (k === seq.length) return at;
  }
  return -1;
}

/** The first start of `seq` at or after `from`, or -1. */
function indexOfBytes(data: Uint8Array, seq: Uint8Array, from: number): number {
  const first = seq[0] as number;
  for (
    let at = data.indexOf(first, from);
    at >= 0 && at + seq.length <= data.length;
    at = data.indexOf(first, at + 1)
  ) {
    let k = 1;
    while (k < seq.length && data[at + k] === seq[k]) k++;
    if (k === seq.length) return at;
  }
  return -1;
}
