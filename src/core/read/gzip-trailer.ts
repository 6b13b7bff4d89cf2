/**
 * Trailing garbage after a gzip stream (a server or a tool that appended a
 * newline, padding or a log line). zlib, fflate and the browser's
 * DecompressionStream each answer it differently (silence, a CRC error,
 * "invalid gzip data", a rejected stream), so every path asks this instead
 * and gives the same message with the rows before it.
 */

/** What every path says about trailing garbage. */
export function trailingGarbageMessage(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} byte${bytes === 1 ? '' : 's'} after the end of the gzip data ${bytes === 1 ? 'is' : 'are'} not gzip data: ignored (everything before ${bytes === 1 ? 'it' : 'them'} was read)`;
}

/**
 * How many bytes follow the trailer of a single gzip member whose output had
 * this CRC-32 and size, in `tail` (the input's last bytes, or all of it);
 * -1 when no such trailer is found (a corrupt or multi-member stream) or
 * what follows starts another gzip member. The trailer is found by its
 * content: the 8 bytes CRC and size, little-endian, are all but unique.
 */
export function bytesAfterGzipTrailer(tail: Uint8Array, crc: number, size: number): number {
  const want = [
    crc & 0xff,
    (crc >>> 8) & 0xff,
    (crc >>> 16) & 0xff,
    crc >>> 24,
    size & 0xff,
    (size >>> 8) & 0xff,
    (size >>> 16) & 0xff,
    (size >>> 24) & 0xff,
  ];
  // The first match from the start is the member's own trailer: its deflate data cannot hold a later one's.
  for (
    let at = tail.indexOf(want[0] as number);
    at >= 0 && at + 8 <= tail.length;
    at = tail.indexOf(want[0] as number, at + 1)
  ) {
    let k = 1;
    while (k < 8 && tail[at + k] === want[k]) k++;
    if (k < 8) continue;
    const end = at + 8;
    if (end === tail.length) return -1;
    if (tail[end] === 0x1f && tail[end + 1] === 0x8b) return -1;
    return tail.length - end;
  }
  return -1;
}
