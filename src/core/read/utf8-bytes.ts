/**
 * UTF-8 at the byte level, for the byte reader: it copies value bytes as they
 * are and decodes a whole batch at once, so it must prove each sequence valid
 * (as a fatal TextDecoder would) and know how many UTF-16 code units it is
 * (columns and string offsets count those, not bytes).
 */

/**
 * The length in bytes of the valid UTF-8 sequence starting at `i` (whose
 * first byte is 0x80 or more), or 0 when it is not valid UTF-8: overlong,
 * a surrogate, past U+10FFFF, or cut off. The same sequences TextDecoder's
 * fatal mode refuses.
 */
export function utf8SequenceLength(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  if (c >= 0xc2 && c <= 0xdf) return isCont(b[i + 1]) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const c1 = b[i + 1];
    if (c1 === undefined) return 0;
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return c1 >= lo && c1 <= hi && isCont(b[i + 2]) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const c1 = b[i + 1];
    if (c1 === undefined) return 0;
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return c1 >= lo && c1 <= hi && isCont(b[i + 2]) && isCont(b[i + 3]) ? 4 : 0;
  }
  return 0;
}

function isCont(c: number | undefined): boolean {
  return c !== undefined && c >= 0x80 && c <= 0xbf;
}

/** UTF-16 code units of a valid sequence of `len` bytes: a 4-byte one is a surrogate pair. */
export function utf16Units(len: number): number {
  return len === 4 ? 2 : 1;
}
