/**
 * Numbers that order the distinct lastmods of an ArenaDictColumn as their
 * text does, so that the structure tree's "newest lastmod" of a branch is a
 * comparison of two numbers per row, not of two strings: comparing the text
 * of each row's lastmod with the branch's newest was a fifth of the tree's
 * pass at a million rows (Chromium worker profile).
 *
 * Each distinct value gets two keys, its characters 0–6 and 7–13, seven bits
 * each (the character's code + 1, 0 past the end: a shorter value sorts
 * first), exact in a double (49 bits). A value with a character outside
 * ASCII in those 14 gets NaN: the caller compares its text. Equal keys say
 * equal first 14 characters; the text decides past them.
 */
import type { ArenaDictColumn } from '../arena-dict-column';

/** The newest lastmod of a branch so far: as text, or by value number (-1 none) and its keys. */
export interface Newest {
  newest: string;
  newestCode: number;
  newest1: number;
  newest2: number;
}

/** Characters per key, and the bits each takes. */
const CHARS = 7;

/** A key not yet computed (keys are never negative). */
export const UNKEYED = -1;

/**
 * Room for the keys of every distinct value of the column: [2c] and [2c + 1]
 * are value c's, {@link UNKEYED} until {@link keyValue} fills them (a pass
 * keys the values it meets, each once). One pass's: kept beside the column
 * they would cost 16 B a distinct value, most of a URL's 120 B budget spent
 * on a million generated datetimes.
 */
export function lastmodKeys(column: ArenaDictColumn): Float64Array {
  return new Float64Array(2 * column.distinctCount).fill(UNKEYED);
}

/** Fills value c's two keys; the second is NaN too when the first is. */
export function keyValue(column: ArenaDictColumn, keys: Float64Array, c: number): void {
  const text = column.valueText(c);
  const s = column.valueStart(c);
  const e = column.valueEnd(c);
  const k1 = keyOf(text, s, e);
  keys[2 * c] = k1;
  keys[2 * c + 1] = Number.isNaN(k1) ? NaN : keyOf(text, s + CHARS, e);
}

/** Characters `s`..`s + 7` of a value ending at `e`, as one number; NaN when one is not ASCII. */
function keyOf(text: string, s: number, e: number): number {
  let key = 0;
  for (let j = s; j < s + CHARS; j++) {
    let v = 0;
    if (j < e) {
      const ch = text.charCodeAt(j);
      if (ch > 126) return NaN;
      v = ch + 1;
    }
    key = key * 128 + v;
  }
  return key;
}

/**
 * {@link takeNewer} by value number: the keys decide unless they are equal
 * (the first 14 characters) or one is NaN (not ASCII); the text then does.
 */
export function takeNewerCode(a: Newest, dict: ArenaDictColumn, c: number, k1: number, k2: number): void {
  const b = a.newestCode;
  if (b === c) return;
  if (b >= 0) {
    if (k1 < a.newest1) return;
    if (k1 === a.newest1) {
      if (k2 < a.newest2) return;
      if (k2 === a.newest2 && !(dict.valueOf(c) > dict.valueOf(b))) return;
    } else if (!(k1 > a.newest1) && !(dict.valueOf(c) > dict.valueOf(b))) return;
  }
  a.newestCode = c;
  a.newest1 = k1;
  a.newest2 = k2;
}

/** Keeps the lastmod at `s`..`e` of `text` when it sorts after the newest so far; cuts a string only then. */
export function takeNewer(a: Newest, text: string, s: number, e: number): void {
  const than = a.newest;
  const m = than.length;
  for (let k = 0; s + k < e; k++) {
    if (k === m) break;
    const d = text.charCodeAt(s + k) - than.charCodeAt(k);
    if (d < 0) return;
    if (d > 0) {
      a.newest = text.slice(s, e);
      return;
    }
  }
  if (e - s > m) a.newest = text.slice(s, e);
}
