/**
 * FNV-1a style, over words of four UTF-16 code units packed as bytes (a
 * quarter of the multiplications of one per unit), finished with a mix so
 * that the low bits the table uses depend on all of them. For ASCII text the
 * word is the text's UTF-8 bytes read little-endian, so {@link hashAsciiBytes}
 * gives the same hash from bytes; a unit over 0xff only blurs its word (more
 * collisions, never a wrong answer: equal hashes are compared in full).
 */
export function hashString(s: string): number {
  return hashRange(s, 0, s.length);
}

const SEED = 0x811c9dc5 | 0;
const PRIME = 0x01000193;

/** {@link hashString} of `s[start, end)`. */
export function hashRange(s: string, start: number, end: number): number {
  let h = SEED;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    h = Math.imul(
      h ^
        ((s.charCodeAt(i) + (s.charCodeAt(i + 1) << 8) + (s.charCodeAt(i + 2) << 16) + (s.charCodeAt(i + 3) << 24)) |
          0),
      PRIME,
    );
  }
  if (i < end) {
    let w = 0;
    for (let shift = 0; i < end; i++, shift += 8) w = (w + (s.charCodeAt(i) << shift)) | 0;
    h = Math.imul(h ^ w, PRIME);
  }
  return finish(h, end - start);
}

/**
 * {@link hashRange} of ASCII text given as its bytes `bytes[start, end)`
 * (`view` over the same buffer): one load per word instead of four
 * `charCodeAt`.
 */
export function hashAsciiBytes(view: DataView, bytes: Uint8Array, start: number, end: number): number {
  let h = SEED;
  let i = start;
  for (; i + 4 <= end; i += 4) h = Math.imul(h ^ view.getInt32(i, true), PRIME);
  if (i < end) {
    let w = 0;
    for (let shift = 0; i < end; i++, shift += 8) w = (w + ((bytes[i] as number) << shift)) | 0;
    h = Math.imul(h ^ w, PRIME);
  }
  return finish(h, end - start);
}

function finish(h: number, len: number): number {
  h = Math.imul(h ^ len, 0x2c1b3c6d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/**
 * The home slot of hash `h` in a table of `size` slots: the hash's place in
 * [0, 2^32) scaled to the table (exact: below 2^53 up to 2M slots, and never
 * `size` beyond), so a table needs no power-of-two size.
 */
export function homeSlot(h: number, size: number): number {
  return Math.floor(((h >>> 0) * size) / 4294967296);
}
