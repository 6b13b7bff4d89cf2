import { ascii } from './byte-cursor';

/**
 * Word-at-a-time helpers of the byte reader (read-xml-bytes.ts): its tags
 * and its plain text are compared four bytes at a time through a DataView,
 * and its few short values (changefreq, priority) are decoded once each.
 */

/**
 * Whether the four bytes of `w` are all plain (the reader's PLAIN: printable
 * ASCII but `&` and `<`): none at 0x80 or over, none at 0x20 or under, no
 * `&` and no `<` (the bit tricks for "has a byte below n" and "has a zero
 * byte", exact for any word).
 */
export function isPlainWord(w: number): boolean {
  const amp = w ^ 0x26262626;
  const lt = w ^ 0x3c3c3c3c;
  return ((w | ((w - 0x21212121) & ~w) | ((amp - 0x01010101) & ~amp) | ((lt - 0x01010101) & ~lt)) & 0x80808080) === 0;
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
  return { len, first: view.getInt32(0, true), middle: len > 8 ? view.getInt32(4, true) : 0, last: view.getInt32(len - 4, true) };
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
  private readonly numbers = new Map<string, number>([['', 0]]);

  /** The number of `b[from, from + len)` (valid UTF-8) in {@link values}; equal values, equal numbers. */
  code(b: Uint8Array, from: number, len: number): number {
    if (len === 0) return 0;
    // No two of the protocol's values (7 changefreqs, 0.0 to 1.0 and 0.25, 0.75) share a slot: a shared one was decoded again at every switch.
    const slot = (len * 13 + (b[from] as number) * 5 + (b[from + len - 1] as number) * 3 + (b[from + (len >> 1)] as number) * 17) & (SLOTS - 1);
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
