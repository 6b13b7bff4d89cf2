/**
 * A zip writer for members whose bytes are already final: stored as they are
 * or already raw-deflated (cut out of a gzip, see gzip-member.ts), with their
 * CRC known. It does no compression itself, so the deflate can run natively
 * and on other threads (CompressionStream in the browser, zlib in Node) while
 * this only lays out headers and copies bytes.
 */

/** One member as it goes into the zip. */
export interface ZipMember {
  name: string;
  /** The member's bytes as written: the original (method 0) or its raw deflate stream (method 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** CRC-32 of the original bytes. */
  crc: number;
  /** Size of the original bytes. */
  size: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
/** 1980-01-01 00:00:00 as a DOS date (the DOS epoch; time 0): the same export gives the same bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x800;
const U32_MAX = 0xffffffff;
const encoder = new TextEncoder();

/**
 * The zip file holding `members` in order. Deterministic (fixed times, no
 * extra fields). More than 65,535 members, or a directory past 4 GiB, get
 * the zip64 end records, so every reader sees the real count; a single
 * member or offset past 4 GiB cannot be held in memory here and throws.
 */
export function writeZip(members: readonly ZipMember[]): Uint8Array {
  const names = members.map((m) => encoder.encode(m.name));
  let local = 0;
  let central = 0;
  for (const [i, m] of members.entries()) {
    const n = (names[i] as Uint8Array).length;
    local += 30 + n + m.data.length;
    central += 46 + n;
    if (m.data.length > U32_MAX || m.size > U32_MAX) throw new RangeError(`zip member ${m.name} is over 4 GiB`);
  }
  if (local > U32_MAX) throw new RangeError('the zip would be over 4 GiB');
  const zip64 = members.length > 0xffff;
  const total = local + central + (zip64 ? 56 + 20 : 0) + 22;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  for (const [i, m] of members.entries()) {
    const name = names[i] as Uint8Array;
    offsets.push(at);
    view.setUint32(at, LOCAL, true);
    at = header(view, at + 4, m, name, false);
    out.set(name, at);
    at += name.length;
    out.set(m.data, at);
    at += m.data.length;
  }
  const dirAt = at;
  for (const [i, m] of members.entries()) {
    const name = names[i] as Uint8Array;
    view.setUint32(at, CENTRAL, true);
    view.setUint16(at + 4, 20, true); // made by: version 2.0, MS-DOS attributes
    at = header(view, at + 6, m, name, true);
    view.setUint32(at, offsets[i] as number, true);
    at += 4;
    out.set(name, at);
    at += name.length;
  }
  const dirSize = at - dirAt;
  if (zip64) {
    const record = at;
    view.setUint32(at, ZIP64_EOCD, true);
    view.setBigUint64(at + 4, 44n, true);
    view.setUint16(at + 12, 45, true);
    view.setUint16(at + 14, 45, true);
    // disk numbers (4 + 4 bytes) stay 0
    view.setBigUint64(at + 24, BigInt(members.length), true);
    view.setBigUint64(at + 32, BigInt(members.length), true);
    view.setBigUint64(at + 40, BigInt(dirSize), true);
    view.setBigUint64(at + 48, BigInt(dirAt), true);
    at += 56;
    view.setUint32(at, ZIP64_LOCATOR, true);
    view.setBigUint64(at + 8, BigInt(record), true);
    view.setUint32(at + 16, 1, true);
    at += 20;
  }
  const count = zip64 ? 0xffff : members.length;
  view.setUint32(at, EOCD, true);
  view.setUint16(at + 8, count, true);
  view.setUint16(at + 10, count, true);
  view.setUint32(at + 12, dirSize, true);
  view.setUint32(at + 16, dirAt, true);
  return out;
}

/**
 * The fields a local and a central header share, from "version needed" to
 * the comment length (central) or the extra length (local); returns the
 * position after them. Central headers add disk, attributes and offset.
 */
function header(view: DataView, at: number, m: ZipMember, name: Uint8Array, central: boolean): number {
  view.setUint16(at, 20, true);
  view.setUint16(at + 2, name.length === m.name.length ? 0 : UTF8_NAME, true);
  view.setUint16(at + 4, m.method, true);
  view.setUint16(at + 6, DOS_TIME, true);
  view.setUint16(at + 8, DOS_DATE, true);
  view.setUint32(at + 10, m.crc >>> 0, true);
  view.setUint32(at + 14, m.data.length, true);
  view.setUint32(at + 18, m.size, true);
  view.setUint16(at + 22, name.length, true);
  view.setUint16(at + 24, 0, true); // extra field length
  if (!central) return at + 26;
  // comment length, disk number start, internal and external attributes: all 0
  return at + 26 + 2 + 2 + 2 + 4;
}
