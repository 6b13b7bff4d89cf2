import { Gunzip, Inflate, inflateSync, Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { beat } from '../beat';
import { concatBytes } from '../bytes';
import { formatBytes } from '../format';
import { errorMessage } from '../error-message';
import { bytesAfterGzipTrailer, trailingGarbageMessage } from './gzip-trailer';
// The export's CRC, two words a step: the bytes-read one took twice the time (measured in Node:
// 500-580 ms against 243-309 ms of CPU over the 179 MB of the 1M data set).
import { crc32 } from '../write/crc32';
import { memberData, readZipDirectory, type ZipEntry } from './zip-directory';

/** Default cap on the decompressed size of one file: stops gzip and zip bombs. */
export { crc32 };

export const DEFAULT_MAX_DECOMPRESSED = 256 * 1024 * 1024;

/**
 * Pushing in slices lets the size cap stop a bomb before its output exists.
 * fflate inflates a whole pushed slice in one call, and DEFLATE expands up
 * to ~1,030×: a 1 MiB slice of a bomb was 1 GiB of output in one call (4.7 s
 * of a silent worker). A 16 KiB slice is at most ~16 MiB, some 50 ms.
 */
const CHUNK = 16 * 1024;

const capFailure = (cap: number): string =>
  `decompressed size exceeds the cap of ${formatBytes(cap)}: stopped (a compression bomb?)`;
const archiveFailure = (totalCap: number): string =>
  `the archive expands to more than ${formatBytes(totalCap)}: stopped (a compression bomb?)`;

export interface Inflated {
  /** What could be decompressed (possibly partial). */
  data: Uint8Array;
  /** Why decompression stopped early or failed; undefined when all is well. */
  failure?: string;
  /** True when the size cap stopped it. */
  capped: boolean;
}

/**
 * Gunzips with a cap on the output size. fflate's one-shot `gunzipSync`
 * trusts the size in the gzip trailer (written by whoever made the file) and
 * does not check the CRC, so this streams, counts, and checks the CRC itself.
 */
export function gunzipCapped(bytes: Uint8Array, cap = DEFAULT_MAX_DECOMPRESSED): Inflated {
  const sink = new CappedSink(cap);
  let members = 1;
  const stream = new Gunzip(sink.push);
  stream.onmember = (offset) => {
    if (offset > 0) members++;
  };
  let failure: string | undefined;
  try {
    for (let at = 0; at < bytes.length && !sink.capped; at += CHUNK) {
      stream.push(bytes.subarray(at, at + CHUNK), at + CHUNK >= bytes.length);
    }
  } catch (e) {
    failure = describeInflateError(e);
  }
  const data = sink.data();
  const capped = sink.capped;
  if (capped) return { data, capped, failure: capFailure(cap) };
  if (members === 1 && bytes.length >= 18) {
    const crc = crc32(data);
    const size = data.length % 2 ** 32;
    const trailer = bytes.length - 8;
    const clean = readUint32LE(bytes, trailer) === crc && readUint32LE(bytes, trailer + 4) === size;
    const after = clean ? -1 : bytesAfterGzipTrailer(bytes, crc, size);
    if (after > 0) return { data, capped, failure: trailingGarbageMessage(after) };
    if (!failure && readUint32LE(bytes, trailer) !== crc) failure = 'the gzip CRC check failed: the data is corrupt';
    else if (!failure && !clean) failure = 'the gzip size check failed: the data is corrupt';
  }
  return failure ? { data, capped, failure } : { data, capped };
}

/**
 * fflate's Unzip recurses once per member that starts inside one pushed
 * slice: 1 MiB slices of small members overflowed the stack at ~2,600
 * members in Node and ~1,300 in Chromium. A member takes at least 31 bytes,
 * so 8 KiB slices bound the depth to ~260 frames.
 */
const ZIP_SLICE = 8 * 1024;

export interface ZipMember {
  name: string;
  data: Uint8Array;
  failure?: string;
}

/**
 * Unzips every file member with a cap per member and in total. Member names
 * come from the archive's author: they are only ever used as labels. The
 * central directory says where each member is; an archive without one (cut
 * off before its end) is read member by member from the local headers, and
 * the failure says so, with the member that was cut off.
 */
export function unzipCapped(
  bytes: Uint8Array,
  cap = DEFAULT_MAX_DECOMPRESSED,
  totalCap = Math.max(cap * 4, 1024 * 1024 * 1024),
): { members: ZipMember[]; failure?: string } {
  const members: ZipMember[] = [];
  const { failure } = forEachZipMember(bytes, (m) => members.push(m), cap, totalCap);
  return failure ? { members, failure } : { members };
}

/**
 * {@link unzipCapped} one member at a time: `visit` gets each member as soon
 * as it is inflated, so a caller that lets go of it holds one member's bytes
 * at a time, not the archive's (a bomb of 8 members just under the cap held
 * them all: 1.3–1.7 GB in the CLI). Returns the archive's failure, if any.
 */
export function forEachZipMember(
  bytes: Uint8Array,
  visit: (m: ZipMember) => void,
  cap = DEFAULT_MAX_DECOMPRESSED,
  totalCap = Math.max(cap * 4, 1024 * 1024 * 1024),
): { failure?: string } {
  const entries = readZipDirectory(bytes);
  if (entries !== null) return unzipFromDirectory(bytes, entries, cap, totalCap, visit);
  const { members, failure } = unzipFromLocalHeaders(bytes, cap, totalCap);
  for (const m of members) visit(m);
  return failure ? { failure } : {};
}

function unzipFromDirectory(
  bytes: Uint8Array,
  entries: ZipEntry[],
  cap: number,
  totalCap: number,
  visit: (m: ZipMember) => void,
): { failure?: string } {
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/') || isJunkMember(entry.name)) continue;
    const member: ZipMember = { name: entry.name, data: new Uint8Array(0) };
    const result = inflateMember(bytes, entry, member, cap, totalCap - total);
    total += result;
    if (total > totalCap) {
      return { failure: archiveFailure(totalCap) };
    }
    visit(member);
  }
  return {};
}

/** Inflates one member into `member` (its data or its failure); returns the bytes it inflated. */
function inflateMember(bytes: Uint8Array, entry: ZipEntry, member: ZipMember, cap: number, left: number): number {
  const raw = memberData(bytes, entry);
  if (entry.encrypted) member.failure = 'the member is encrypted';
  else if (entry.method !== 0 && entry.method !== 8)
    member.failure = `compression method ${entry.method} is not supported`;
  else if (raw === null) member.failure = "the member's data is not where the directory says (the archive is damaged)";
  if (member.failure || raw === null) return 0;
  const room = Math.min(cap, left + 1);
  const out =
    entry.method === 0
      ? storedCapped(raw, cap)
      : entry.size <= room
        ? inflateToSize(raw, entry.size)
        : inflateCapped(raw, room);
  // Stopped by what the archive may still expand to, not by the member's own cap: the archive stops.
  if (out.capped && room < cap) return left + 1;
  if (out.failure) member.failure = out.failure;
  else if (crc32(out.data) !== entry.crc) member.failure = "the member's CRC check failed: the data is corrupt";
  else member.data = out.data;
  return out.data.length;
}

function storedCapped(raw: Uint8Array, cap: number): Inflated {
  return raw.length > cap
    ? { data: new Uint8Array(0), capped: true, failure: capFailure(cap) }
    : { data: raw, capped: false };
}

/**
 * Raw DEFLATE into a buffer of the size the directory states (within the
 * cap): one allocation, no stream per member. A member that holds more than
 * it states is cut at that size, which its CRC then refuses.
 */
function inflateToSize(raw: Uint8Array, size: number): Inflated {
  try {
    return { data: inflateSync(raw, { out: new Uint8Array(size) }), capped: false };
  } catch (e) {
    return { data: new Uint8Array(0), capped: false, failure: describeInflateError(e) };
  }
}

/** Raw DEFLATE with a cap on the output: it stops as soon as the output would pass it. */
function inflateCapped(raw: Uint8Array, cap: number): Inflated {
  const sink = new CappedSink(cap);
  const stream = new Inflate(sink.push);
  try {
    for (let at = 0; at < raw.length && !sink.capped; at += CHUNK)
      stream.push(raw.subarray(at, at + CHUNK), at + CHUNK >= raw.length);
    if (raw.length === 0) stream.push(raw, true);
  } catch (e) {
    return { data: new Uint8Array(0), capped: sink.capped, failure: describeInflateError(e) };
  }
  if (sink.capped) return { data: new Uint8Array(0), capped: true, failure: capFailure(cap) };
  return { data: sink.data(), capped: false };
}

/** Inflated output kept up to a cap: past it nothing more is kept, and `capped` says so. */
class CappedSink {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;
  capped = false;

  constructor(private readonly cap: number) {}

  /** fflate's ondata: bound, so it can be handed over as is. */
  readonly push = (chunk: Uint8Array): void => {
    // A bomb inflates to the cap through here (256 MiB: seconds on a busy machine): a beat per KiB.
    beat(chunk.length >> 10);
    if (this.capped) return;
    if (this.total + chunk.length > this.cap) {
      this.capped = true;
      return;
    }
    this.chunks.push(chunk);
    this.total += chunk.length;
  };

  data(): Uint8Array {
    return concatBytes(this.chunks, this.total);
  }
}

/** fflate's streaming Unzip over the local headers: for an archive whose central directory is missing. */
function unzipFromLocalHeaders(
  bytes: Uint8Array,
  cap: number,
  totalCap: number,
): { members: ZipMember[]; failure?: string } {
  const members: ZipMember[] = [];
  const done = new Set<ZipMember>();
  // Counts discarded output too: it bounds the work a bomb can cause.
  let inflated = 0;
  let stopped = false;
  const unzip = new Unzip((file) => {
    if (stopped || file.name.endsWith('/') || isJunkMember(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const member: ZipMember = { name: file.name, data: new Uint8Array(0) };
    members.push(member);
    // A member over the cap is not terminated but drained: fflate's stream
    // loses the members after one that is terminated.
    file.ondata = (err, chunk, final) => {
      if (err) {
        member.failure ??= describeInflateError(err);
        return;
      }
      // A bomb's member inflates through here: a beat per KiB (core/beat.ts).
      beat(chunk.length >> 10);
      inflated += chunk.length;
      if (inflated > totalCap) stopped = true;
      if (final) done.add(member);
      if (member.failure) return;
      if (size + chunk.length > cap) {
        member.failure = capFailure(cap);
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (final) member.data = concatBytes(chunks, size);
    };
    if (file.compression !== 0 && file.compression !== 8) {
      member.failure = `compression method ${file.compression} is not supported`;
      return;
    }
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  let failure: string | undefined;
  try {
    for (let at = 0; at < bytes.length && !stopped; at += ZIP_SLICE) {
      unzip.push(bytes.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= bytes.length);
    }
  } catch (e) {
    failure = describeInflateError(e);
  }
  if (stopped) return { members, failure: archiveFailure(totalCap) };
  const cut = members.filter((m) => !done.has(m) && !m.failure);
  for (const m of cut) m.failure = 'the archive ends inside this member: it is cut off';
  const complete = members.length - cut.length;
  const what = `${complete} complete member${complete === 1 ? '' : 's'} read from the local headers${cut.length > 0 ? `, ${cut.map((m) => m.name).join(', ')} cut off` : ''}`;
  if (members.length === 0 && failure) return { members, failure };
  return { members, failure: `the archive has no central directory (it is cut off before its end?): ${what}` };
}

function isJunkMember(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.startsWith('__MACOSX/') || base.startsWith('.');
}

function describeInflateError(e: unknown): string {
  const msg = errorMessage(e);
  if (/unexpected EOF/i.test(msg)) return 'the compressed stream is truncated (unexpected end of data)';
  return `the compressed data is invalid (${msg})`;
}

function readUint32LE(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;
}
