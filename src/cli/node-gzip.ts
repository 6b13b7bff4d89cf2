import { crc32 as zlibCrc32, gunzip, gunzipSync, gzip, gzipSync } from 'node:zlib';
import type { Inflated } from '../core/read/inflate';
import { capFailure, gunzipCapped } from '../core/read/inflate';
import { bytesAfterGzipTrailer, trailingGarbageMessage } from '../core/read/gzip-trailer';

/**
 * zlib's native gunzip with the core's cap and messages: it checks the CRC
 * and stops at `maxOutputLength`, so a bomb never inflates past the cap.
 */
export function nodeGunzip(bytes: Uint8Array, cap: number): Inflated {
  try {
    return inflated(bytes, gunzipSync(bytes, { maxOutputLength: cap }));
  } catch (e) {
    return fromFailure(bytes, cap, e);
  }
}

/**
 * {@link nodeGunzip} on libuv's thread pool: the next file inflates on
 * another core while this thread reads the one before
 * (import-overlapped.ts). Never rejects: a failure is worded as the core
 * words it.
 */
export function nodeGunzipAsync(bytes: Uint8Array, cap: number): Promise<Inflated> {
  return new Promise((resolve) => {
    gunzip(bytes, { maxOutputLength: cap, chunkSize: gunzipChunkSize(bytes, cap) }, (err, out) =>
      resolve(err ? fromFailure(bytes, cap, err) : inflated(bytes, out)),
    );
  });
}

function inflated(bytes: Uint8Array, out: Buffer): Inflated {
  // A plain view, not a copy: copying cost 7 ms per 9 MB file (140 ms of a 1M import).
  const data = new Uint8Array(out.buffer, out.byteOffset, out.length);
  // zlib drops some trailing bytes silently and fails on others: both are said as the core says them.
  const garbage = trailingGarbage(bytes, data);
  return garbage ? { data, capped: false, failure: garbage } : { data, capped: false };
}

/**
 * What zlib's failure leaves: past the cap, the core's cap message (nothing
 * inflated again); a stream that is cut off, corrupt or followed by more
 * bytes is the portable gunzip's to read, so that what is kept and said
 * (the rows before a cut, every row of a stream whose CRC is wrong) is
 * what the page and the streaming path keep and say. Rare, and bounded
 * by the cap.
 */
function fromFailure(bytes: Uint8Array, cap: number, e: unknown): Inflated {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
    return { data: new Uint8Array(0), capped: true, failure: capFailure(cap) };
  return gunzipCapped(bytes, cap);
}

/**
 * zlib's output chunk for gunzipping `bytes`: the size its trailer states
 * (the file's author says it, so it is bounded by the cap and 64 MiB), so
 * that the whole inflate is one task on the pool; with the default 16 KiB,
 * each piece came back to this thread, busy reading, before the next.
 */
export function gunzipChunkSize(bytes: Uint8Array, cap: number): number {
  const n = bytes.length;
  const stated =
    n >= 18
      ? ((bytes[n - 4] as number) |
          ((bytes[n - 3] as number) << 8) |
          ((bytes[n - 2] as number) << 16) |
          ((bytes[n - 1] as number) << 24)) >>>
        0
      : 0;
  return Math.min(stated, cap, 64 * 1024 * 1024) + 64 * 1024;
}

/** The core's message when the input is one gzip member (matching `data`) and more bytes. */
function trailingGarbage(bytes: Uint8Array, data: Uint8Array): string | undefined {
  if (bytes.length < 18) return undefined;
  // zlib's native CRC: the core's JavaScript one took 35 ms per 9 MB file, twice zlib's whole inflate.
  const crc = zlibCrc32(data);
  const size = data.length % 2 ** 32;
  const t = bytes.length - 8;
  const u32 = (at: number): number =>
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0;
  if (u32(t) === crc && u32(t + 4) === size) return undefined;
  const after = bytesAfterGzipTrailer(bytes, crc, size);
  return after > 0 ? trailingGarbageMessage(after) : undefined;
}

/** zlib's native gzip at level 6: the export's compressor in Node. */
export function nodeGzip(raw: Uint8Array): Uint8Array {
  return new Uint8Array(gzipSync(raw, { level: 6 }));
}

/**
 * zlib's gzip at level 6 on libuv's thread pool: several files compress at
 * once, on other cores, while the caller goes on writing (exportPacked).
 * The output chunk is sized to hold the whole gzip of a sitemap (a quarter
 * of its size is far more than XML takes): with zlib's default 16 KiB, each
 * chunk goes back to the main thread before the next is compressed, so a
 * gzip started during a long synchronous export stalled after its first
 * chunk and did its work only once the export was done.
 */
export function nodeGzipAsync(raw: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    gzip(raw, { level: 6, chunkSize: gzipChunkSize(raw.length) }, (err, out) =>
      err ? reject(err) : resolve(new Uint8Array(out.buffer, out.byteOffset, out.length)),
    );
  });
}

/** zlib's output chunk for a gzip of `n` bytes: one chunk for anything that compresses 4:1 (any sitemap). */
export function gzipChunkSize(n: number): number {
  return Math.ceil(n / 4) + 64 * 1024;
}
