/*
 * The one byte scanner of locs, for the table check (check-set.ts,
 * own-checks.ts, the duplicate index) and the streaming check
 * (stream/row-checker.ts) alike: a column chunk (many values joined) is
 * encoded once as UTF-8, and each loc in it is then read a word at a time
 * for its hash and the clean test (a clean `http(s)://` loc has no defect of
 * its own: loc-mask.ts's fast path, its regular expression CLEAN_HTTP_LOC),
 * with no string and no regular expression per loc. Only an all-ASCII chunk
 * is used as bytes (its offsets in code units are offsets in bytes).
 *
 * Two hashes, for two indexes: the table check's duplicate index keeps
 * positions and compares locs, so a 32-bit hash (equal to text/hash.ts's
 * hashRange of the same text) does ({@link LocScanner.scan}); the streaming
 * check keeps no locs, only a set of hashes, so its hash has two 32-bit
 * lanes ({@link LocScanner.scanWide}). Measured on 1,000,000 URLs: the
 * string, the regular expression and the UTF-16 hash cost ~1.7 s of the
 * streaming check's 2.5 s.
 */
import { hashAsciiBytes, hashRange } from '../../text/hash';
import { notCleanBytes, pairsOf } from './clean-loc-bytes';

// Locals: through tsx an imported binding is a getter call on every use (a twentieth of the check's scan).
const hashBytes = hashAsciiBytes;
const hashText = hashRange;

// Local copies of hash.ts's constants, for the same reason.
const SEED = 0x811c9dc5 | 0;
const PRIME = 0x01000193;
const MIX = 0x2c1b3c6d;
/** "http" read little-endian. */
const HTTP = 0x70747468;
/** "s://" read little-endian. */
const S_SLASHES = 0x2f2f3a73;
/** "aaaa" read little-endian: clean bytes to fill a last partial word with. */
const FILLER = 0x61616161;
/** Over this many characters a loc is not clean (loc-mask.ts's LOC_WARN_LENGTH). */
const CLEAN_MAX = 1024;

/**
 * 0 for the bytes a clean loc may hold after its scheme, with {@link ESCAPED}
 * for the two of them XML text escapes (`&`, `'`); 1 for every other byte
 * (clean-loc-bytes.ts).
 */
const NOT_CLEAN = notCleanBytes();
const ESCAPED = 2;
NOT_CLEAN[0x26] = ESCAPED;
NOT_CLEAN[0x27] = ESCAPED;
/** {@link NOT_CLEAN} of two bytes at once (a pair read little-endian): two look-ups per word instead of four. */
const NOT_CLEAN_PAIR = pairsOf(NOT_CLEAN);

/** Shorter texts (a value edited alone) are not encoded: encoding them would cost more. */
const MIN_ENCODED = 256;
/**
 * Values asked for in a row from one text before it is encoded (unless the
 * scanner is eager). After edits a column's rows can alternate between
 * chunks: encoding a whole chunk for each of them was measured 2.6 times
 * slower than hashing the strings.
 */
const RUN_BEFORE_ENCODING = 256;

/** What {@link scanAsciiLoc} found besides the hash: one shared record, nothing allocated per loc. */
export const SCANNED = { clean: false, onOrigin: false };

const NO_WORDS: Int32Array = new Int32Array(0);
const NO_BYTES: Uint8Array = new Uint8Array(0);

/** `s` read as little-endian 32-bit words, its last 0–3 characters left out (ASCII characters: one byte each). */
function wordsOf(s: string): Int32Array {
  const words = new Int32Array(s.length >> 2);
  for (let k = 0; k < words.length; k++) {
    const i = k * 4;
    words[k] = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 8) | (s.charCodeAt(i + 2) << 16) | (s.charCodeAt(i + 3) << 24);
  }
  return words;
}

const isAsciiText = (s: string): boolean => /^[\0-\x7f]*$/.test(s);

/**
 * Scans locs given as `text[start, end)` of a column's chunk (see
 * StringColumn.rawText): see the file's comment.
 */
export class LocScanner {
  /** The current chunk, and its bytes when {@link isAscii}. */
  text = '';
  bytes = new Uint8Array(0);
  private view = new DataView(this.bytes.buffer);
  /** Whether {@link text} is held in {@link bytes}, every character one byte. */
  private isAscii = false;
  /** Values asked for in a row from {@link text}, while it is not encoded. */
  private run = 0;
  private encoded = false;
  private readonly encoder = new TextEncoder();

  /**
   * Set by a scan: whether the loc is a clean `http(s)://` loc, the one test
   * a check needs of nearly every loc. False when unsure (a chunk not seen as
   * bytes).
   */
  clean = false;
  /**
   * Set by {@link scan}: whether the loc starts with the origin given to
   * {@link setOrigin} and the origin ends there; false when unsure (no
   * origin, or a chunk not seen as bytes): the caller then tests the loc itself.
   */
  onOrigin = false;
  /**
   * Set by {@link scanWide}: whether the loc is clean, needs no escaping in
   * XML text and is held in {@link bytes} at the range given: the export may
   * copy those bytes as they are (stream/row-checker.ts, `copyPlainLoc`).
   */
  plain = false;
  /** Set by {@link scanWide}: the loc's hash, two lanes. */
  hi = 0;
  lo = 0;

  private originWords = NO_WORDS;
  private originBytes = NO_BYTES;
  private origin = '';
  private prefix = '';
  private prefixIsAscii = true;
  private prefixWords = NO_WORDS;
  private scratch = new Uint8Array(4096);
  private scratchView = new DataView(this.scratch.buffer);

  /**
   * @param eager encode each text of {@link MIN_ENCODED} characters or more
   *   at once: for a caller that reads every value of each chunk in turn
   *   (the checks' passes), rather than after 256 values of it.
   */
  constructor(private readonly eager = false) {}

  /** {@link hashRange} of `text[start, end)`. */
  hash(text: string, start: number, end: number): number {
    if (text !== this.text || !this.encoded) this.load(text);
    return this.isAscii ? hashBytes(this.view, this.bytes, start, end) : hashText(text, start, end);
  }

  /** The origin, as written, that {@link scan} compares each loc with ('' for none); only an ASCII one is compared. */
  setOrigin(raw: string): void {
    if (raw === this.origin) return;
    this.origin = raw;
    const ascii = isAsciiText(raw);
    this.originBytes = ascii ? this.encoder.encode(raw) : NO_BYTES;
    this.originWords = ascii ? wordsOf(raw) : NO_WORDS;
  }

  /**
   * {@link hash} of a loc `text[start, end)`, and whether it is clean (in
   * {@link clean}) and on the origin (in {@link onOrigin}), in one pass over
   * its bytes.
   */
  scan(text: string, start: number, end: number): number {
    if (text !== this.text || !this.encoded) this.load(text);
    if (!this.isAscii) {
      this.clean = false;
      this.onOrigin = false;
      return hashText(text, start, end);
    }
    const h = scanAsciiLoc(this.view, this.bytes, start, end, this.originWords, this.originBytes);
    this.clean = SCANNED.clean;
    this.onOrigin = SCANNED.onOrigin;
    return h;
  }

  /**
   * The two-lane hash of `text[start, end)` (in {@link hi}, {@link lo}), a
   * function of the text alone whatever chunk holds it: an ASCII loc is
   * hashed over its bytes, any other over its UTF-16 code units; and
   * {@link clean} and {@link plain}.
   */
  scanWide(text: string, start: number, end: number): void {
    if (text !== this.text || !this.encoded) this.load(text);
    if (this.isAscii) {
      this.plain = this.wideBytes(this.view, this.bytes, start, end);
      return;
    }
    this.plain = false;
    this.scanAlone(text.slice(start, end));
  }

  /**
   * Whether `text[start, end)` starts with the ASCII `prefix` (a word at a
   * time when the chunk is ASCII; `startsWith` else).
   */
  startsWith(text: string, start: number, end: number, prefix: string): boolean {
    const len = prefix.length;
    if (end - start < len) return false;
    if (text !== this.text || !this.encoded) this.load(text);
    if (prefix !== this.prefix) {
      this.prefix = prefix;
      this.prefixIsAscii = isAsciiText(prefix);
      this.prefixWords = wordsOf(prefix);
    }
    if (!this.isAscii || !this.prefixIsAscii) return text.startsWith(prefix, start);
    // Four bytes at a time: byte by byte, this was a tenth of the streaming check at 1,000,000 URLs.
    const view = this.view;
    const words = this.prefixWords;
    let at = start;
    for (let k = 0; k < words.length; k++, at += 4) if (view.getInt32(at, true) !== words[k]) return false;
    const bytes = this.bytes;
    for (let j = at - start; j < len; j++) if (bytes[start + j] !== prefix.charCodeAt(j)) return false;
    return true;
  }

  /** Makes `text` the current one; encodes it at once (eager) or once enough values in a row came from it. */
  private load(text: string): void {
    if (text !== this.text) {
      this.text = text;
      this.isAscii = false;
      this.encoded = text.length < MIN_ENCODED;
      this.run = 0;
      if (!this.eager || this.encoded) return;
    } else if (++this.run < RUN_BEFORE_ENCODING) return;
    this.encoded = true;
    if (this.bytes.length < text.length) {
      this.bytes = new Uint8Array(text.length + (text.length >> 2));
      this.view = new DataView(this.bytes.buffer);
    }
    // ASCII exactly when every character took one byte; anything else stops short.
    const r = this.encoder.encodeInto(text, this.bytes.subarray(0, text.length));
    this.isAscii = r.read === text.length && r.written === text.length;
  }

  /** A loc outside an ASCII chunk: its own bytes when it is ASCII, else its code units. */
  private scanAlone(loc: string): void {
    const n = loc.length;
    if (this.scratch.length < n) {
      this.scratch = new Uint8Array(n * 2);
      this.scratchView = new DataView(this.scratch.buffer);
    }
    const r = this.encoder.encodeInto(loc, this.scratch);
    if (r.read === n && r.written === n) {
      this.wideBytes(this.scratchView, this.scratch, 0, n);
      return;
    }
    this.clean = false;
    hashUnits(this, loc);
  }

  /** Two-lane hash and clean test of the ASCII bytes `bytes[start, end)`, in one pass; whether they are clean and need no escaping. */
  private wideBytes(view: DataView, bytes: Uint8Array, start: number, end: number): boolean {
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
    finishWide(this, a, b);
    return this.clean && bad === 0;
  }
}

/**
 * The hash of the ASCII bytes `bytes[start, end)` (`view` over the same
 * buffer), equal to `hashAsciiBytes` and `hashRange` of the same text, and
 * in {@link SCANNED}.clean whether they match `^https?:\/\/[host start][clean]*$`
 * with at most 1,024 characters: exactly when `locMask` takes its fast path.
 * Given an origin as written (`originBytes`, `originWords` its whole words
 * read little-endian), {@link SCANNED}.onOrigin tells whether the loc starts
 * with it and the origin ends there (the loc ends, or `/`, `?` or `#`
 * follows): the origin tally's test, a word at a time on bytes already at hand.
 */
export function scanAsciiLoc(
  view: DataView,
  bytes: Uint8Array,
  start: number,
  end: number,
  originWords: Int32Array = NO_WORDS,
  originBytes: Uint8Array = NO_BYTES,
): number {
  let h = SEED;
  let bad = 0;
  let i = start;
  const len = end - start;
  const olen = originBytes.length;
  // Nonzero: not on the origin (no origin given, too short, or a byte differs). Compared apart from
  // the hash's loop: folded into its first words, the split loop measured slower than this one.
  let off = olen === 0 || len < olen ? 1 : 0;
  if (off === 0) {
    for (let k = 0; k < originWords.length; k++)
      off |= view.getInt32(start + (k << 2), true) ^ (originWords[k] as number);
    for (let j = originWords.length << 2; j < olen; j++)
      off |= (bytes[start + j] as number) ^ (originBytes[j] as number);
    if (len > olen) {
      const c = bytes[start + olen];
      if (c !== 0x2f && c !== 0x3f && c !== 0x23) off = 1;
    }
  }
  for (; i + 4 <= end; i += 4) {
    const w = view.getInt32(i, true);
    h = Math.imul(h ^ w, PRIME);
    bad |= (NOT_CLEAN_PAIR[w & 0xffff] as number) | (NOT_CLEAN_PAIR[w >>> 16] as number);
  }
  if (i < end && i + 4 <= bytes.length) {
    // The last one to three bytes as one word, the bytes past the loc masked off: for the hash zeros
    // (the word the byte loop below builds), for the clean test a clean letter.
    const mask = (1 << ((end - i) << 3)) - 1;
    const w = view.getInt32(i, true) & mask;
    h = Math.imul(h ^ w, PRIME);
    const c = w | (FILLER & ~mask);
    bad |= (NOT_CLEAN_PAIR[c & 0xffff] as number) | (NOT_CLEAN_PAIR[c >>> 16] as number);
  } else if (i < end) {
    let w = 0;
    for (let shift = 0; i < end; i++, shift += 8) {
      const c = bytes[i] as number;
      w = (w + (c << shift)) | 0;
      bad |= NOT_CLEAN[c] as number;
    }
    h = Math.imul(h ^ w, PRIME);
  }
  SCANNED.clean = (bad & 1) === 0 && len <= CLEAN_MAX && cleanStart(view, bytes, start, len);
  SCANNED.onOrigin = off === 0;
  h = Math.imul(h ^ len, MIX);
  h ^= h >>> 15;
  h = Math.imul(h, MIX);
  return h ^ (h >>> 13);
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
  finishWide(out, a, b);
}

/** Avalanche mixes of both lanes (so the table's low bits depend on every byte). */
function finishWide(out: LocScanner, a: number, b: number): void {
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
