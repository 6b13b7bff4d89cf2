/*
 * The streaming check's one pass over each loc (row-checker.ts): its 63-bit
 * hash for the duplicate set (loc-hash-set.ts) and whether it is a clean
 * `http(s)://` loc (loc-bytes.ts's test, the one locMask makes first with a
 * regular expression), read a word at a time from the chunk's UTF-8 bytes.
 * The column's chunk text is encoded once; a clean loc then needs no string
 * and no regular expression. Measured on 1,000,000 URLs: the string, the
 * regular expression and the UTF-16 hash cost ~1.7 s of the check's 2.5 s.
 */
import { notCleanBytes, pairsOf } from '../rules/loc/clean-loc-bytes';

/** Over this many characters a loc is not clean (loc.ts's LOC_WARN_LENGTH). */
const CLEAN_MAX = 1024;
/** "http" read little-endian. */
const HTTP = 0x70747468;
/** "s://" read little-endian. */
const S_SLASHES = 0x2f2f3a73;
/** Texts shorter than this (a value alone, not a column's chunk) go through the scratch buffer. */
const MIN_CHUNK = 256;

/**
 * 0 for the bytes a clean loc may hold after its scheme (loc.ts's
 * CLEAN_HTTP_LOC), with {@link ESCAPED} for the two of them XML text escapes
 * (`&`, `'`); 1 for every other byte.
 */
const NOT_CLEAN = notCleanBytes();
const ESCAPED = 2;
NOT_CLEAN[0x26] = ESCAPED;
NOT_CLEAN[0x27] = ESCAPED;
/** {@link NOT_CLEAN} of a pair of bytes read little-endian: two look-ups per word instead of four. */
const NOT_CLEAN_PAIR = pairsOf(NOT_CLEAN);

const ENCODER = new TextEncoder();

/**
 * Scans locs given as `text[start, end)` of a column's chunk (see
 * StringColumn.rawText). After {@link scan}, {@link hi} and {@link lo} hold
 * the loc's hash and {@link clean} the clean test. The hash is a function of
 * the loc's text alone, whatever chunk holds it: an ASCII loc is hashed over
 * its bytes, any other over its UTF-16 code units.
 */
export class LocScanner {
  hi = 0;
  lo = 0;
  clean = false;
  /**
   * Whether the loc just scanned is clean, needs no escaping in XML text and
   * is held in {@link bytes} at the range given: the export may copy those
   * bytes as they are (row-checker.ts, `copyPlainLoc`).
   */
  plain = false;
  /** The current chunk, and its bytes when {@link ascii}. */
  text = '';
  bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  /** Whether {@link text} is held in {@link bytes}, every character one byte. */
  private ascii = false;
  private scratch = new Uint8Array(4096);
  private prefix = '';
  private prefixWords = new Int32Array(0);
  private scratchView = new DataView(this.scratch.buffer);

  /** Scans `text[start, end)`. */
  scan(text: string, start: number, end: number): void {
    if (text !== this.text) this.load(text);
    if (this.ascii) {
      this.plain = this.scanBytes(this.view, this.bytes, start, end);
      return;
    }
    this.plain = false;
    this.scanAlone(text.slice(start, end));
  }

  /**
   * Whether `text[start, end)`, just scanned, starts with the ASCII
   * `prefix`, compared in the chunk's bytes when it has them.
   */
  startsWith(text: string, start: number, end: number, prefix: string): boolean {
    const len = prefix.length;
    if (end - start < len) return false;
    if (text !== this.text || !this.ascii) return text.startsWith(prefix, start);
    if (prefix !== this.prefix) this.setPrefix(prefix);
    // Four bytes at a time: byte by byte, this was a tenth of the check at 1,000,000 URLs.
    const view = this.view;
    const words = this.prefixWords;
    let k = 0;
    for (let w = 0; w < words.length; w++, k += 4) if (view.getInt32(start + k, true) !== words[w]) return false;
    const bytes = this.bytes;
    for (; k < len; k++) if (bytes[start + k] !== prefix.charCodeAt(k)) return false;
    return true;
  }

  /** The prefix {@link startsWith} compares, read as little-endian words (none when it is not ASCII: its bytes are compared then, and never match). */
  private setPrefix(prefix: string): void {
    this.prefix = prefix;
    const ascii = !/[^\x00-\x7f]/.test(prefix);
    const words = new Int32Array(ascii ? prefix.length >> 2 : 0);
    for (let w = 0; w < words.length; w++) {
      const k = w * 4;
      words[w] =
        prefix.charCodeAt(k) |
        (prefix.charCodeAt(k + 1) << 8) |
        (prefix.charCodeAt(k + 2) << 16) |
        (prefix.charCodeAt(k + 3) << 24);
    }
    this.prefixWords = words;
  }

  /** Makes `text` the current chunk: encoded once when it is ASCII and long enough to pay for it. */
  private load(text: string): void {
    this.text = text;
    this.ascii = false;
    if (text.length < MIN_CHUNK) return;
    if (this.bytes.length < text.length) {
      this.bytes = new Uint8Array(text.length + (text.length >> 2));
      this.view = new DataView(this.bytes.buffer);
    }
    // ASCII exactly when every character took one byte; anything else stops short.
    const r = ENCODER.encodeInto(text, this.bytes.subarray(0, text.length));
    this.ascii = r.read === text.length && r.written === text.length;
  }

  /** A loc outside an ASCII chunk: its own bytes when it is ASCII, else its code units. */
  private scanAlone(loc: string): void {
    const n = loc.length;
    if (this.scratch.length < n) {
      this.scratch = new Uint8Array(n * 2);
      this.scratchView = new DataView(this.scratch.buffer);
    }
    const r = ENCODER.encodeInto(loc, this.scratch);
    if (r.read === n && r.written === n) {
      this.scanBytes(this.scratchView, this.scratch, 0, n);
      return;
    }
    this.clean = false;
    hashUnits(this, loc);
  }

  /** Hash and clean test of the ASCII bytes `bytes[start, end)`, in one pass; whether they are clean and need no escaping. */
  private scanBytes(view: DataView, bytes: Uint8Array, start: number, end: number): boolean {
    let a = 0x811c9dc5 | 0;
    let b = 0x3c6ef372 ^ (end - start);
    let bad = 0;
    let i = start;
    for (; i + 4 <= end; i += 4) {
      const w = view.getInt32(i, true);
      a = Math.imul(a ^ w, 0x01000193);
      b = Math.imul(b ^ w, 0x5bd1e995);
      b = (b << 13) | (b >>> 19);
      bad |= (NOT_CLEAN_PAIR[w & 0xffff] as number) | (NOT_CLEAN_PAIR[w >>> 16] as number);
    }
    if (i < end) {
      let w = 0;
      for (let shift = 0; i < end; i++, shift += 8) {
        const c = bytes[i] as number;
        w = (w + (c << shift)) | 0;
        bad |= NOT_CLEAN[c] as number;
      }
      a = Math.imul(a ^ w, 0x01000193);
      b = Math.imul(b ^ w, 0x5bd1e995);
    }
    const len = end - start;
    this.clean = (bad & 1) === 0 && len <= CLEAN_MAX && cleanStart(view, bytes, start, len);
    finish(this, a, b);
    return this.clean && bad === 0;
  }
}

/** `http://` or `https://` then a first host byte that is not `:`, `/` or `?` (the rest was proved clean). */
function cleanStart(view: DataView, bytes: Uint8Array, start: number, len: number): boolean {
  if (len < 8 || view.getInt32(start, true) !== HTTP) return false;
  let host: number;
  if (len >= 9 && view.getInt32(start + 4, true) === S_SLASHES) host = start + 8;
  else if (bytes[start + 4] === 0x3a && bytes[start + 5] === 0x2f && bytes[start + 6] === 0x2f) host = start + 7;
  else return false;
  const c = bytes[host];
  return c !== 0x3a && c !== 0x2f && c !== 0x3f;
}

/** The two lanes over pairs of UTF-16 code units, for a loc that is not ASCII (another seed: never an ASCII loc's hash by design). */
function hashUnits(out: LocScanner, s: string): void {
  const end = s.length;
  let a = 0x01000193 ^ 0x5bd1e995;
  let b = 0x9e3779b9 ^ end;
  let i = 0;
  for (; i + 1 < end; i += 2) {
    const pair = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
    a = Math.imul(a ^ pair, 0x01000193);
    b = Math.imul(b ^ pair, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  if (i < end) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  finish(out, a, b);
}

/** Avalanche mixes of both lanes (so the table's low bits depend on every byte). */
function finish(out: LocScanner, a: number, b: number): void {
  a ^= a >>> 15;
  a = Math.imul(a, 0x2c1b3c6d);
  a ^= a >>> 13;
  b ^= b >>> 16;
  b = Math.imul(b, 0x85ebca6b);
  b ^= b >>> 13;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  out.hi = a;
  out.lo = b;
}
