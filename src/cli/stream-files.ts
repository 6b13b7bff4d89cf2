import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip, type Gunzip } from 'node:zlib';
import { trailingGarbageMessage } from '../core/read/gzip-trailer';
import { estimateUrls, type FileSample } from '../core/stream/estimate';
import { GunzipStream } from '../core/stream/inflate-stream';
import type { StreamJob } from '../core/stream/stream-job';
import { CUT_OFF, DEFAULT_MAX_DECOMPRESSED } from '../core/read/inflate';
import { sniffBytes } from '../core/rules/file/sniff';
import type { Problem } from '../core/rules/problem';
import { UsageError } from './args';
import { isLiveUrl, liveTree } from './fetch/live-input';
import { nodeGunzip } from './node-gzip';

/** Bytes read from disk at a time. */
const READ_CHUNK = 1 << 20;
/** zlib's output pieces (its default, 16 KiB, means many small pushes). */
const INFLATE_CHUNK = 1 << 18;

/** Bytes of each file's start read to estimate its URLs. */
const SAMPLE_BYTES = 32 * 1024;
/** Files sampled at most: past them the estimate is left out (the duplicate set then grows as it goes). */
const MAX_SAMPLED = 32;

/**
 * The URLs the local files hold, estimated from their first bytes
 * (estimate.ts), for StreamOptions.expectedUrls; undefined when a path is a
 * live URL or there are too many files to sample.
 */
export function expectedUrlsOf(paths: readonly string[]): number | undefined {
  if (paths.length > MAX_SAMPLED || paths.some(isLiveUrl)) return undefined;
  const samples: FileSample[] = paths.map((path) => {
    const size = statSync(path).size;
    const head = Buffer.alloc(Math.min(size, SAMPLE_BYTES));
    const fd = openSync(path, 'r');
    try {
      const n = readSync(fd, head, 0, head.length, 0);
      return { name: basename(path), size, head: new Uint8Array(head.buffer, head.byteOffset, n) };
    } finally {
      closeSync(fd);
    }
  });
  return estimateUrls(samples).urls;
}

/** Checks that every path is a readable file before anything is read; a bad one is a usage error. */
export function checkPaths(paths: readonly string[]): void {
  if (paths.length === 0) throw new UsageError('no files given');
  for (const path of paths) {
    if (isLiveUrl(path)) continue;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`cannot read ${path}: no such file`);
    if (!stat.isFile()) throw new UsageError(`cannot read ${path}: not a file`);
  }
}

/**
 * Feeds one file from disk into the job, piece by piece: a gzipped file
 * through zlib's streaming gunzip (native, and it checks the CRC), anything
 * else as it is (the core reads zip archives itself). `between` runs after
 * every piece, so the caller can wait for its own work (files being written).
 */
export async function feedFile(
  job: StreamJob,
  path: string,
  between: () => Promise<void>,
  onRead: (bytes: number) => void,
): Promise<void> {
  const source = createReadStream(path, { highWaterMark: READ_CHUNK });
  source.on('data', (chunk) => onRead(chunk.length));
  const gzip = isGzip(path);
  let input: AsyncIterable<Buffer> = source;
  if (gzip) {
    const gunzip = createGunzip({ chunkSize: INFLATE_CHUNK });
    // Errors of either stream end the iteration below with that error.
    pipeline(source, gunzip, () => {});
    input = gunzip;
  }
  const feed = job.openFile(basename(path), { compression: gzip ? 'gzip' : null });
  let delivered = 0;
  let stopped = false;
  const pieces = input[Symbol.asyncIterator]();
  try {
    for (;;) {
      // Only reading (and gunzipping) fails as the file's problem: an error of the job's own
      // (a chunk it cannot read or write) is a failure of the command, never a file "ended early".
      let next: IteratorResult<Buffer>;
      try {
        next = await pieces.next();
      } catch (e) {
        // zlib words trailing garbage as a bad header, a truncation or nothing, and may hold back the
        // output before it: the core's gunzip reads the file again and hands on what zlib did not.
        feed.end(
          gzip ? ((await portableRest(path, delivered, feed)) ?? describeGunzipError(e)) : describeGunzipError(e),
        );
        return;
      }
      if (next.done) break;
      delivered += next.value.length;
      if (!feed.push(next.value)) {
        stopped = true;
        break;
      }
      await between();
    }
    const trailing = gzip && !stopped ? trailingBytes(path, (input as Gunzip).bytesWritten) : 0;
    feed.end(trailing > 0 ? trailingGarbageMessage(trailing) : undefined);
  } finally {
    source.destroy();
  }
}

/**
 * Feeds the files fetched for a live URL (already in memory, see
 * prefetchLive) into the job, gunzipped when gzipped; returns the fetch
 * problems, for the caller to report with the job's.
 */
export async function feedLive(job: StreamJob, url: string, between: () => Promise<void>): Promise<Problem[]> {
  const tree = liveTree(url);
  for (const file of tree.files) {
    const gzip = sniffBytes(file.bytes).kind === 'gzip';
    const feed = job.openFile(file.name, { compression: gzip ? 'gzip' : null });
    const inflated = gzip ? nodeGunzip(file.bytes, DEFAULT_MAX_DECOMPRESSED) : null;
    feed.push(inflated ? inflated.data : file.bytes);
    feed.end(inflated?.failure || undefined);
    await between();
  }
  return tree.problems;
}

/** Bytes of the file after what zlib consumed, unless they start another gzip member (0 then). */
function trailingBytes(path: string, consumed: number): number {
  const size = statSync(path).size;
  if (consumed >= size) return 0;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const n = readSync(fd, head, 0, 2, consumed);
    return n === 2 && head[0] === 0x1f && head[1] === 0x8b ? 0 : size - consumed;
  } finally {
    closeSync(fd);
  }
}

/** Inflates the file with the core's gunzip, pushing only the output after the first `skip` bytes; its failure, if any. */
async function portableRest(
  path: string,
  skip: number,
  feed: { push(bytes: Uint8Array): boolean },
): Promise<string | undefined> {
  let seen = 0;
  const gunzip = new GunzipStream((data) => {
    const from = Math.max(0, skip - seen);
    seen += data.length;
    if (from < data.length) feed.push(data.subarray(from));
  });
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK })) {
    if (!gunzip.push(new Uint8Array((chunk as Buffer).buffer, (chunk as Buffer).byteOffset, (chunk as Buffer).length)))
      break;
  }
  gunzip.push(new Uint8Array(0), true);
  return gunzip.failure;
}

function isGzip(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** zlib's errors in the words the core uses for fflate's (see node-gzip.ts). */
function describeGunzipError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message ?? '')) return CUT_OFF;
  if (err.code === 'Z_DATA_ERROR' && /check/i.test(err.message ?? ''))
    return 'the gzip CRC check failed: the data is corrupt';
  return `the compressed data is invalid (${err.message ?? String(e)})`;
}
