import { ascii } from './byte-cursor';
import { plainShortLength } from './byte-values';

/**
 * Word-at-a-time helpers of the byte reader (read-xml-bytes.ts): its tags
 * and its plain text are compared four bytes at a time through a DataView,
 * and its few short values (changefreq, priority) are decoded once each.
 */

/**
 * Whether the four bytes of `w` are all plain (the reader's PLAIN: printable
 * ASCII but `&` and `<`): none at 0x80 or over, none at 0x20 or under, no
 * `&` and no `<`, exact for any word. The usual "has a byte below n" and
 * "has a zero byte" tests mask with `~w`; or-ed with `w`, which flags any
 * byte at 0x80 or over, they need not: below that, the lowest byte under
 * the bound is the first to borrow, and sets its own top bit (ten
 * operations, not sixteen: this test is a fifth of the read).
 */
export function isPlainWord(w: number): boolean {
  return plainMask(w) === 0;
}

/**
 * {@link isPlainWord}'s test as a mask: 0 when the word is plain, else its
 * lowest set bit is the top bit of the first byte that is not (a borrow
 * only moves up, out of a flagged byte), so {@link plainBytes} of it counts
 * the plain bytes before that one.
 */
export function plainMask(w: number): number {
  return (w | (w - 0x21212121) | ((w ^ 0x26262626) - 0x01010101) | ((w ^ 0x3c3c3c3c) - 0x01010101)) & 0x80808080;
}

/** The plain bytes at the start of a word whose {@link plainMask} is `m` (not 0). */
export function plainBytes(m: number): number {
  return (31 - Math.clz32(m & -m)) >> 3;
}

/** A tag's length and its words for {@link tagAt}: at 0, at 4 and its last four bytes, read little-endian. */
export interface WordTag {
  len: number;
  first: number;
  middle: number;
  last: number;
}

/** The {@link WordTag} of an ASCII tag of 4 to 12 bytes (`loc>`, `/changefreq>`). */
export function wordTag(text: string): WordTag {
  const bytes = ascii(text);
  const len = bytes.length;
  if (len < 4 || len > 12) throw new Error(`a tag of ${len} bytes`);
  const view = new DataView(bytes.buffer);
  return {
    len,
    first: view.getInt32(0, true),
    middle: len > 8 ? view.getInt32(4, true) : 0,
    last: view.getInt32(len - 4, true),
  };
}

export const URL_OPEN = wordTag('url>');
export const URL_CLOSE = wordTag('/url>');
export const SITEMAP_OPEN = wordTag('sitemap>');
export const SITEMAP_CLOSE = wordTag('/sitemap>');

/**
 * Whether the bytes of `tag` are at `pos` (`view` over `n` bytes), compared
 * as two or three words that may overlap: byte by byte, tags took a tenth
 * of the read.
 */
export function tagAt(view: DataView, n: number, pos: number, tag: WordTag): boolean {
  const len = tag.len;
  if (pos + len > n) return false;
  if (view.getInt32(pos, true) !== tag.first) return false;
  if (len > 8 && view.getInt32(pos + 4, true) !== tag.middle) return false;
  return len === 4 || view.getInt32(pos + len - 4, true) === tag.last;
}

const SLOTS = 128;
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * changefreq and priority take a handful of values: each distinct one gets a
 * number (its place in {@link values}), found by its bytes, so that a row
 * keeps a number and the columns take each value once a batch (a string per
 * row, pushed to an array and looked up in the column one by one, was a
 * twentieth of the import).
 */
export class ShortTexts {
  /** Every distinct value read, by number; '' is 0. */
  readonly values: string[] = [''];
  /** Number of the ASCII value last found in each slot; 0 none. */
  private readonly slots = new Int32Array(SLOTS);
  /** The value of {@link placed}'s slots (its first and next four bytes, zeros past its end), and its number (0 none). */
  private readonly first = new Int32Array(SLOTS);
  private readonly next = new Int32Array(SLOTS);
  private readonly placedCodes = new Int32Array(SLOTS);
  private readonly numbers = new Map<string, number>([['', 0]]);

  /** The number of `b[from, from + len)` (valid UTF-8) in {@link values}; equal values, equal numbers. */
  code(b: Uint8Array, from: number, len: number): number {
    if (len === 0) return 0;
    // No two of the protocol's values (7 changefreqs, 0.0 to 1.0 and 0.25, 0.75) share a slot: a shared one was decoded again at every switch.
    const slot =
      (len * 13 + (b[from] as number) * 5 + (b[from + len - 1] as number) * 3 + (b[from + (len >> 1)] as number) * 17) &
      (SLOTS - 1);
    const cached = this.slots[slot] as number;
    if (cached !== 0) {
      const text = this.values[cached] as string;
      if (text.length === len) {
        let k = 0;
        while (k < len && text.charCodeAt(k) === b[from + k]) k++;
        if (k === len) return cached;
      }
    }
    const text = DECODER.decode(b.subarray(from, from + len));
    const c = this.textCode(text);
    // Only ASCII values can be found again by comparing bytes with characters.
    if (text.length === len) this.slots[slot] = c;
    return c;
  }

  /**
   * The value at `from` (`view` over `b`, `n` bytes) when it is 1 to 8 plain
   * bytes followed by an end tag's `</`: its number times 16 plus its length;
   * -1 for any other, which the reader reads as any value. Found by its two
   * words, not byte by byte (scanning, hashing and comparing the bytes of
   * each changefreq and priority was a tenth of the read).
   */
  placed(view: DataView, b: Uint8Array, n: number, from: number): number {
    if (from + 10 > n) return -1;
    const w0 = view.getInt32(from, true);
    const w1 = view.getInt32(from + 4, true);
    // The first `<`: the lowest byte the "has a zero byte" test flags is exact.
    const x0 = w0 ^ 0x3c3c3c3c;
    const m0 = (x0 - 0x01010101) & ~x0 & 0x80808080;
    let len: number;
    let k0 = w0;
    let k1 = 0;
    if (m0 !== 0) {
      len = (31 - Math.clz32(m0 & -m0)) >> 3;
      if (len === 0) return -1;
      k0 = w0 & ((1 << (len * 8)) - 1);
    } else {
      const x1 = w1 ^ 0x3c3c3c3c;
      const m1 = (x1 - 0x01010101) & ~x1 & 0x80808080;
      if (m1 !== 0) {
        const k = (31 - Math.clz32(m1 & -m1)) >> 3;
        len = 4 + k;
        k1 = k === 0 ? 0 : w1 & ((1 << (k * 8)) - 1);
      } else if (b[from + 8] === 60) {
        len = 8;
        k1 = w1;
      } else return -1;
    }
    if (b[from + len + 1] !== 47) return -1;
    // Plain bytes are never 0: the two masked words tell the length too.
    const slot = Math.imul(k0 ^ Math.imul(k1, 31), 0x85ebca6b) >>> 25;
    if (this.first[slot] === k0 && this.next[slot] === k1) {
      const c = this.placedCodes[slot] as number;
      if (c !== 0) return c * 16 + len;
    }
    if (plainShortLength(b, from) !== len) return -1;
    const c = this.code(b, from, len);
    this.first[slot] = k0;
    this.next[slot] = k1;
    this.placedCodes[slot] = c;
    return c * 16 + len;
  }

  /** The number of `text`, given one if it is new. */
  textCode(text: string): number {
    let c = this.numbers.get(text);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(text);
      this.numbers.set(text, c);
    }
    return c;
  }

  /** `b[from, from + len)` as a string, the same string as every earlier equal value. */
  of(b: Uint8Array, from: number, len: number): string {
    return this.values[this.code(b, from, len)] as string;
  }
}
