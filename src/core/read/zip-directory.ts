import { strFromU8 } from 'fflate';

/** One file member as the zip's central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else is not supported. */
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the member's local header starts. */
  headerAt: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const u16 = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number): number => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
/** Zip64 fields as numbers: exact up to 2^53, far beyond any input held in memory. */
const u64 = (b: Uint8Array, at: number): number => u32(b, at) + u32(b, at + 4) * 2 ** 32;

/**
 * Reads the central directory at the end of a zip: every member with its
 * sizes and offset, in one pass (fflate's streaming Unzip went quadratic and
 * then overflowed the stack past a few thousand members). Returns null when
 * there is no end-of-directory record (a truncated archive) or the directory
 * does not hold together; the caller then reads the local headers instead.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const end = findEndRecord(bytes);
  if (end < 0) return null;
  let count = u16(bytes, end + 10);
  let size = u32(bytes, end + 12);
  let offset = u32(bytes, end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || u32(bytes, locator) !== ZIP64_LOCATOR) return null;
    const record = u64(bytes, locator + 8);
    if (record + 56 > bytes.length || u32(bytes, record) !== ZIP64_EOCD) return null;
    count = u64(bytes, record + 32);
    size = u64(bytes, record + 40);
    offset = u64(bytes, record + 48);
  }
  if (offset + size > bytes.length) return null;
  const entries: ZipEntry[] = [];
  let at = offset;
  // Read to the directory's end, not to its count: some writers (fflate's
  // zipSync among them) store the count of 65,536 members or more in 16 bits.
  const stop = offset + size;
  while (at < stop) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL) return null;
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      // Bit 11: the name is UTF-8; else CP437, read as Latin-1 (names are only labels).
      name: strFromU8(nameBytes, (flags & 0x800) === 0),
      method: u16(bytes, at + 10),
      encrypted: (flags & 1) !== 0,
      crc: u32(bytes, at + 16),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      headerAt: u32(bytes, at + 42),
    };
    readZip64Extra(bytes, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.length % 0x10000 === count % 0x10000 ? entries : null;
}

/** The member's compressed bytes, found through its local header; null when they are not all there. */
export function memberData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const at = entry.headerAt;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL) return null;
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const stop = start + entry.compressedSize;
  return stop > bytes.length ? null : bytes.subarray(start, stop);
}

/** The end-of-central-directory record: within the last 65,557 bytes (22 + the longest comment). */
function findEndRecord(bytes: Uint8Array): number {
  const last = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= last; at--) {
    if (bytes[at] === 0x50 && u32(bytes, at) === EOCD) return at;
  }
  return -1;
}

/** Zip64 extra field (0x0001): the 64-bit values of the fields written as 0xFFFFFFFF, in order. */
function readZip64Extra(bytes: Uint8Array, from: number, length: number, entry: ZipEntry): void {
  for (let at = from; at + 4 <= from + length;) {
    const id = u16(bytes, at);
    const size = u16(bytes, at + 2);
    if (id === 1) {
      let field = at + 4;
      if (entry.size === 0xffffffff) {
        entry.size = u64(bytes, field);
        field += 8;
      }
      if (entry.compressedSize === 0xffffffff) {
        entry.compressedSize = u64(bytes, field);
        field += 8;
      }
      if (entry.headerAt === 0xffffffff) entry.headerAt = u64(bytes, field);
      return;
    }
    at += 4 + size;
  }
}
