import { Gunzip, inflateSync, Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { beat } from '../base/beat';
import { concatBytes } from '../text/bytes';
import { formatBytes, formatNumber } from '../text/format';
import type { SourceFile } from '../rows/types';
import { errorMessage } from '../text/error-message';
import { bytesAfterGzipTrailer, trailingGarbageMessage } from './gzip-trailer';
// The export's CRC, two words a step: the bytes-read one took twice the time (measured in Node:
// 500-580 ms against 243-309 ms of CPU over the 179 MB of the 1M data set).
import { crc32 } from '../text/crc32';
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

/** What every gunzip says when its output passes the cap (the portable one, zlib's, the browser's). */
export const capFailure = (cap: number): string =>
  `decompressed size exceeds the cap of ${formatBytes(cap)}: stopped (a compression bomb?)`;
const archiveFailure = (totalCap: number, stated: number): string =>
  `the archive expands to ${formatBytes(stated)}, more than the cap of ${formatBytes(totalCap)} for one archive: stopped before reading it (a compression bomb?)`;

/**
 * What every path says of compressed data cut off before its end: fflate,
 * zlib and the browser each word it their way. It is partial input: what
 * was read is kept, and the message says so (see {@link recoveredFrom}).
 */
export const CUT_OFF = 'the file ends early: its compressed data stops before the end, so what followed is lost';

/**
 * What was read of a file that ends early (said after {@link CUT_OFF}):
 * its decompressed bytes and the entries recovered from them.
 */
export function recoveredFrom(file: SourceFile): string {
  const what = file.kind === 'sitemapindex' ? 'sitemap' : 'URL';
  return `; ${formatBytes(file.bytes)} decompressed, ${formatNumber(file.count)} ${what}${file.count === 1 ? '' : 's'} recovered from ${file.bytes > 0 ? 'them' : 'it'}`;
}

export interface Inflated {
  /** What could be decompressed (possibly partial). */
  data: Uint8Array;
  /** Why decompression stopped early or failed; undefined when all is well. */
  failure?: string;
  /** True when the size cap stopped it. */
  capped: boolean;
  /** True when the stream ends before its end (the failure is {@link CUT_OFF}): `data` is what came before. */
  cutOff?: boolean;
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
  if (failure === CUT_OFF) return { data, capped, failure, cutOff: true };
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

/** How reading an archive ended: its failure, if any, and whether that is its cap (a bomb, not damage). */
export interface ZipRead {
  failure?: string;
  capped?: boolean;
}

/**
 * {@link unzipCapped} one member at a time: `visit` gets each member as soon
 * as it is inflated, so a caller that lets go of it holds one member's bytes
 * at a time, not the archive's (a bomb of 8 members just under the cap held
 * them all: 1.3–1.7 GB in the CLI). An archive whose directory says it
 * expands past `totalCap` is refused before anything is inflated.
 */
export function forEachZipMember(
  bytes: Uint8Array,
  visit: (m: ZipMember) => void,
  cap = DEFAULT_MAX_DECOMPRESSED,
  totalCap = Math.max(cap * 4, 1024 * 1024 * 1024),
): ZipRead {
  const entries = readZipDirectory(bytes);
  if (entries !== null) return unzipFromDirectory(bytes, entries, cap, totalCap, visit);
  return unzipFromLocalHeaders(bytes, cap, totalCap, visit);
}

function unzipFromDirectory(
  bytes: Uint8Array,
  entries: ZipEntry[],
  cap: number,
  totalCap: number,
  visit: (m: ZipMember) => void,
): ZipRead {
  const files = entries.filter((e) => !e.name.endsWith('/') && !isJunkMember(e.name));
  // The directory states every member's size: an archive that says it passes the cap is refused
  // before anything is inflated (8 members of 250 MiB took seconds and a gigabyte to stop).
  // One whose members hold more than they state is cut at what they state (inflateToSize).
  const stated = files.reduce((n, e) => n + e.size, 0);
  if (stated > totalCap) return { failure: archiveFailure(totalCap, stated), capped: true };
  for (const entry of files) {
    const member: ZipMember = { name: entry.name, data: new Uint8Array(0) };
    inflateMember(bytes, entry, member, cap);
    visit(member);
  }
  return {};
}

/** Inflates one member into `member`: its data, or its failure. */
function inflateMember(bytes: Uint8Array, entry: ZipEntry, member: ZipMember, cap: number): void {
  const raw = memberData(bytes, entry);
  if (entry.encrypted) member.failure = 'the member is encrypted';
  else if (entry.method !== 0 && entry.method !== 8)
    member.failure = `compression method ${entry.method} is not supported`;
  else if (raw === null) member.failure = "the member's data is not where the directory says (the archive is damaged)";
  else if (entry.method === 8 && entry.size > cap) member.failure = `${capFailure(cap)}: the archive says so`;
  if (member.failure || raw === null) return;
  const out = entry.method === 0 ? storedCapped(raw, cap) : inflateToSize(raw, entry.size);
  if (out.failure) member.failure = out.failure;
  else if (crc32(out.data) !== entry.crc) member.failure = "the member's CRC check failed: the data is corrupt";
  else member.data = out.data;
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

/** A member read past the archive's cap: not kept. */
const PAST_ARCHIVE_CAP = 'not read: the archive passes its cap here';

/**
 * fflate's streaming Unzip over the local headers, for an archive whose
 * central directory is missing: each member is visited as soon as it ends
 * (or fails), so one member's bytes are held at a time.
 */
function unzipFromLocalHeaders(
  bytes: Uint8Array,
  cap: number,
  totalCap: number,
  visit: (m: ZipMember) => void,
): ZipRead {
  let current: { member: ZipMember; visited: boolean } | null = null;
  let members = 0;
  let complete = 0;
  const visitCurrent = (failure?: string): void => {
    if (current === null || current.visited) return;
    current.visited = true;
    if (failure) current.member.failure ??= failure;
    visit(current.member);
  };
  // Counts discarded output too: it bounds the work a bomb can cause.
  let inflated = 0;
  let stopped = false;
  const unzip = new Unzip((file) => {
    if (stopped || file.name.endsWith('/') || isJunkMember(file.name)) return;
    // Members come one after another: one still open here could not be read to its end.
    visitCurrent();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const member: ZipMember = { name: file.name, data: new Uint8Array(0) };
    const entry = { member, visited: false };
    current = entry;
    members++;
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
      if (inflated > totalCap) {
        stopped = true;
        member.failure ??= PAST_ARCHIVE_CAP;
      }
      if (!member.failure && size + chunk.length > cap) {
        member.failure = capFailure(cap);
        chunks.length = 0;
      }
      if (!member.failure) {
        chunks.push(chunk);
        size += chunk.length;
      }
      if (!final || entry.visited) return;
      if (!member.failure) {
        member.data = concatBytes(chunks, size);
        complete++;
      }
      chunks.length = 0;
      entry.visited = true;
      visit(member);
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
  if (stopped) {
    visitCurrent(PAST_ARCHIVE_CAP);
    return {
      failure: `the archive expands to more than the cap of ${formatBytes(totalCap)} for one archive: stopped (a compression bomb?)`,
      capped: true,
    };
  }
  const last = current as { member: ZipMember; visited: boolean } | null;
  const cut = last !== null && !last.visited && !last.member.failure ? last.member.name : null;
  visitCurrent('the archive ends inside this member: it is cut off');
  const what = `${complete} complete member${complete === 1 ? '' : 's'} read from the local headers${cut !== null ? `, ${cut} cut off` : ''}`;
  if (members === 0 && failure) return { failure };
  return { failure: `the archive has no central directory (it is cut off before its end?): ${what}` };
}

function isJunkMember(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.startsWith('__MACOSX/') || base.startsWith('.');
}

/** fflate's errors in the words every path uses. */
export function describeInflateError(e: unknown): string {
  const msg = errorMessage(e);
  if (/unexpected EOF/i.test(msg)) return CUT_OFF;
  return `the compressed data is invalid (${msg})`;
}

function readUint32LE(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;
}
