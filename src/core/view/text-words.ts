/**
 * Reading a text column's values as packed words for the byte sort
 * (text-bytes.ts): for each value of a view, the `WINDOW_WORDS` 32-bit words
 * holding its characters from a depth on, four a word, the first the most
 * significant, each as `unit + 1` (0 past the value's end, so a prefix
 * orders first), mirrored for 'desc'.
 *
 * Why bytes: reading a character costs a `charCodeAt` call, and a million
 * locs carry some 50 million of them. A chunk string of the column that is
 * all ASCII (nearly every sitemap's) is instead encoded once by the
 * platform's TextEncoder, whose UTF-8 bytes are then its UTF-16 code units,
 * at the same offsets: a word is one big-endian `getUint32`. Values of other
 * texts are read a character at a time. Only code units below U+00FF fit a
 * byte; on a wider one `wide` is set and the caller sorts another way.
 */
import type { RawRanges } from '../rows/raw-range';

/** Words read per value and window: 32 characters after the shared prefix. */
export const WINDOW_WORDS = 8;

/** Chunk texts encoded may total this many times the characters of the values read (plus a floor): a sparse view reads by characters. */
const ENCODE_BUDGET = 3;
const ENCODE_FLOOR = 1 << 20;

/** 1 added to each of a word's four bytes (ASCII bytes stay below 0x80: no carry). */
const PLUS_ONE = 0x01010101;

/** The words of a view's values by slot (a value's place in the view): slot k's are words[k * WINDOW_WORDS ...], together in a cache line. */
export class WordWindow {
  readonly words: Uint32Array;
  /** A code unit of U+00FF or above was read: the words do not order the values. */
  wide = false;
  private readonly encoder = new TextEncoder();
  private buf = new Uint8Array(0);
  private data = new DataView(this.buf.buffer);
  private text: string | null = null;
  /** Whether `text` is read from `buf`. */
  private bytes = false;
  /** The text in `buf`, and whether it was all ASCII. */
  private encodedText: string | null = null;
  private encodedAscii = false;
  private encodedChars = 0;
  private readChars = 0;

  /** `rows` (ascending) are the view's rows: slot k is row rows[k]. */
  constructor(
    private readonly rows: Uint32Array,
    private readonly source: RawRanges,
    private readonly mirror: boolean,
  ) {
    this.words = new Uint32Array(rows.length * WINDOW_WORDS);
  }

  /**
   * The length of the prefix all values share, read with the first window
   * after it. The prefix is guessed from a sample and checked against every
   * value while the window is read; when a value leaves it sooner, the
   * window is read again after the true prefix.
   */
  readFirst(): number {
    const guess = this.samplePrefix();
    const lcp = this.read(null, guess, guess);
    if (lcp < guess) this.read(null, lcp, 0);
    return lcp;
  }

  /**
   * Reads the window at `depth` of the slots marked 1 in `marks` (every slot
   * for null), in row order, where the chunk texts stream, into the record
   * at `place[slot]` (at the slot for null). With `check`,
   * also checks each value against the first value's first `check`
   * characters; returns how many of them all the values read share.
   */
  read(marks: Uint8Array | null, depth: number, check: number, place: Uint32Array | null = null): number {
    const { rows, source } = this;
    let shared = check;
    const first = source.rawText(rows[0] as number);
    const prefix =
      check > 0 ? first.slice(source.rawStart(rows[0] as number), source.rawStart(rows[0] as number) + check) : '';
    // Word compares need an ASCII prefix; any other is compared a character at a time.
    const prefixWords = /^[\x00-\x7f]*$/.test(prefix) ? this.packPrefix(prefix) : null;
    this.text = null;
    for (let k = 0; k < rows.length; k++) {
      if (marks !== null && marks[k] === 0) continue;
      const i = rows[k] as number;
      const t = source.rawText(i);
      const s = source.rawStart(i);
      const e = source.rawEnd(i);
      this.readChars += e - s;
      if (t !== this.text) this.switchTo(t, s, e);
      if (this.bytes) {
        if (shared > 0 && (prefixWords === null || !this.hasPrefix(s, e, prefixWords, shared)))
          shared = this.sharedBytes(s, e, prefix, shared);
        this.wordsFromBytes(place === null ? k : (place[k] as number), s + depth, e);
      } else {
        if (shared > 0) shared = sharedChars(t, s, e, prefix, shared);
        this.wordsFromChars(place === null ? k : (place[k] as number), t, s + depth, e);
      }
    }
    return shared;
  }

  /** Makes `t` (holding a value at [s, e)) the text read: encoded when all ASCII and the budget allows, else read by characters. */
  private switchTo(t: string, s: number, e: number): void {
    this.text = t;
    if (t === this.encodedText) {
      this.bytes = this.encodedAscii;
      return;
    }
    this.bytes = false;
    // A value of its own (an edit, a row not yet in a chunk): read by characters, the chunk's bytes kept for its next rows.
    if (s === 0 && e === t.length) return;
    if (this.encodedChars + t.length > ENCODE_BUDGET * this.readChars + ENCODE_FLOOR) return;
    this.encodedChars += t.length;
    // Three bytes past the text: a word read at its last character stays in the buffer.
    if (this.buf.length < t.length + 4) {
      this.buf = new Uint8Array(Math.max(t.length + 4, this.buf.length * 2));
      this.data = new DataView(this.buf.buffer);
    }
    const r = this.encoder.encodeInto(t, this.buf);
    // Every character read and one byte each: ASCII, offsets unchanged.
    this.encodedText = t;
    this.encodedAscii = r.read === t.length && r.written === t.length;
    this.bytes = this.encodedAscii;
  }

  private wordsFromBytes(k: number, from: number, end: number): void {
    const { words, data, mirror } = this;
    const o = k * WINDOW_WORDS;
    for (let w = 0, p = from; w < WINDOW_WORDS; w++, p += 4) {
      const left = end - p;
      let x = 0;
      if (left >= 4) x = (data.getUint32(p) + PLUS_ONE) >>> 0;
      else if (left > 0) x = ((data.getUint32(p) + PLUS_ONE) & (0xffffffff << (32 - 8 * left))) >>> 0;
      words[o + w] = mirror ? ~x >>> 0 : x;
    }
  }

  private wordsFromChars(k: number, t: string, from: number, end: number): void {
    const { words, mirror } = this;
    const o = k * WINDOW_WORDS;
    for (let w = 0, p = from; w < WINDOW_WORDS; w++) {
      let x = 0;
      for (let c = 0; c < 4; c++, p++) {
        const u = p < end ? t.charCodeAt(p) + 1 : 0;
        if (u > 0xff) this.wide = true;
        x = ((x << 8) | u) >>> 0;
      }
      words[o + w] = mirror ? ~x >>> 0 : x;
    }
  }

  /** The prefix's bytes as big-endian words (its last one partial, zero-padded). */
  private packPrefix(prefix: string): Uint32Array {
    const out = new Uint32Array((prefix.length + 3) >> 2);
    for (let d = 0; d < prefix.length; d++)
      out[d >> 2] = ((out[d >> 2] as number) | (prefix.charCodeAt(d) << (24 - 8 * (d & 3)))) >>> 0;
    return out;
  }

  /** Whether the encoded value [s, e) starts with the prefix's first `len` characters (word by word). */
  private hasPrefix(s: number, e: number, words: Uint32Array, len: number): boolean {
    if (e - s < len) return false;
    const data = this.data;
    const full = len >> 2;
    for (let j = 0; j < full; j++) if (data.getUint32(s + 4 * j) !== words[j]) return false;
    const rest = len & 3;
    if (rest === 0) return true;
    const mask = 0xffffffff << (32 - 8 * rest);
    return (data.getUint32(s + 4 * full) & mask) >>> 0 === ((words[full] as number) & mask) >>> 0;
  }

  /** How many of the prefix's first `len` characters the encoded value [s, e) starts with. */
  private sharedBytes(s: number, e: number, prefix: string, len: number): number {
    const max = Math.min(len, e - s);
    let d = 0;
    while (d < max && this.buf[s + d] === prefix.charCodeAt(d)) d++;
    return d;
  }

  /** The prefix shared by up to 65 values spread over the view: at least the prefix they all share. */
  private samplePrefix(): number {
    const { rows, source } = this;
    const n = rows.length;
    const r0 = rows[0] as number;
    const t0 = source.rawText(r0);
    const s0 = source.rawStart(r0);
    const prefix = t0.slice(s0, source.rawEnd(r0));
    let len = prefix.length;
    const step = Math.max(1, Math.floor(n / 64));
    for (let k = step; k < n && len > 0; k += step) {
      const i = rows[k] as number;
      len = sharedChars(source.rawText(i), source.rawStart(i), source.rawEnd(i), prefix, len);
    }
    return len;
  }
}

/** How many of `prefix`'s first `len` characters the value t[s, e) starts with. */
function sharedChars(t: string, s: number, e: number, prefix: string, len: number): number {
  const max = Math.min(len, e - s);
  let d = 0;
  while (d < max && t.charCodeAt(s + d) === prefix.charCodeAt(d)) d++;
  return d;
}
