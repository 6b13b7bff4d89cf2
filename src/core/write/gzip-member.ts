import { crc32 } from '../text/crc32';
import type { ZipMember } from './zip-writer';

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;

/**
 * A zip member made from a gzip of the member's bytes: a gzip is a header,
 * the raw deflate stream a zip member holds, and a trailer with the CRC-32
 * and size the zip's headers need. So one native gzip (CompressionStream,
 * zlib) gives a deflated zip member with no JS deflate and no JS CRC pass.
 * Throws when `gz` is not a single well-formed gzip member of `size` bytes.
 */
export function deflatedMember(name: string, gz: Uint8Array, size: number): ZipMember {
  if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b || gz[2] !== 8)
    throw new Error(`gzip of ${name}: not a deflate gzip stream`);
  const flags = gz[3] as number;
  let at = 10;
  if (flags & FEXTRA) at += 2 + ((gz[at] as number) | ((gz[at + 1] as number) << 8));
  if (flags & FNAME) at = skipZero(gz, at);
  if (flags & FCOMMENT) at = skipZero(gz, at);
  if (flags & FHCRC) at += 2;
  const end = gz.length - 8;
  if (at > end) throw new Error(`gzip of ${name}: truncated`);
  const view = new DataView(gz.buffer, gz.byteOffset, gz.length);
  const crc = view.getUint32(end, true);
  if (view.getUint32(end + 4, true) !== size % 2 ** 32) throw new Error(`gzip of ${name}: its size is not the file's`);
  return { name, data: gz.subarray(at, end), method: 8, crc, size };
}

/** A member stored as it is (already compressed, like a .gz, or tiny); `crc`, the CRC-32 of `data` when already known. */
export function storedMember(name: string, data: Uint8Array, crc = crc32(data)): ZipMember {
  return { name, data, method: 0, crc, size: data.length };
}

function skipZero(b: Uint8Array, at: number): number {
  while (at < b.length && b[at] !== 0) at++;
  return at + 1;
}
