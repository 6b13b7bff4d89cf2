import { ascii } from './byte-cursor';

/**
 * Byte tests of the byte reader's values (read-xml-bytes.ts): which bytes
 * copy as they are, the short values taken in place, the predefined
 * entities.
 */

const AMP = 38;
const LT = 60;
const SLASH = 47;

/** Bytes a value copies with nothing else to do: printable ASCII but `&` and `<`. */
export const PLAIN_BYTES = new Uint8Array(256);
for (let c = 33; c < 128; c++) PLAIN_BYTES[c] = c === AMP || c === LT ? 0 : 1;
// Local: through tsx an exported binding read here is still a plain local.
const PLAIN = PLAIN_BYTES;

/** The longest changefreq or priority value taken in place (`monthly`, `0.25`; longer ones are read as any value). */
const SHORT_MAX = 8;

/**
 * The length of the value at `b[pos]` when it is 1 to 8 plain bytes
 * followed by an end tag's `</` (nothing to decode, trim or count); 0 for
 * any other, which the reader reads as any value.
 */
export function plainShortLength(b: Uint8Array, pos: number): number {
  let e = pos;
  const stop = pos + SHORT_MAX;
  while (e < stop && PLAIN[b[e] as number] === 1) e++;
  return e > pos && b[e] === LT && b[e + 1] === SLASH ? e - pos : 0;
}

/** `amp;` read little-endian. */
const AMP_WORD = 0x3b706d61;
/** The predefined entities, after their `&`, and the byte each stands for. */
const ENTITIES: [Uint8Array, number][] = [
  [ascii('amp;'), AMP],
  [ascii('lt;'), LT],
  [ascii('gt;'), 62],
  [ascii('quot;'), 34],
  [ascii('apos;'), 39],
];

/**
 * The predefined entity whose name starts at `pos` (after its `&`) in
 * `b` of `n` bytes (`view` over it): the byte it stands for plus its length
 * with the `&`, times 256; -1 for any other reference (the slow lane's).
 */
export function predefinedEntity(view: DataView, b: Uint8Array, n: number, pos: number): number {
  // `&amp;` is nearly every reference in a sitemap (query strings): one word.
  if (pos + 4 <= n && view.getInt32(pos, true) === AMP_WORD) return AMP | (5 << 8);
  for (const [name, byte] of ENTITIES) {
    let k = 0;
    while (k < name.length && b[pos + k] === name[k]) k++;
    if (k === name.length) return byte | ((1 + name.length) << 8);
  }
  return -1;
}
