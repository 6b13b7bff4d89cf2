/*
 * The streaming path in the worker: each File is read through its own
 * stream, piece by piece, into a core StreamJob; every file it writes is
 * gzipped (CompressionStream, native) and added to a zip whose bytes go into
 * Blobs as they come. The document, the table's rows, is never touched, and
 * no more than one chunk of text and a file or two of output are held.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { StreamJob } from '../core/stream/stream-job';
import { ROBOTS_TXT_NAME } from '../core/write/bundle';
import { LIMITS } from '../core/rules/limits';
import type { ExportFile } from '../core/write/options';
import { gzipNative } from './native-gzip';
import type { JobProgress } from './protocol';
import type { StreamOutcome } from './stream-protocol';

/** What a streaming run reads, and the Site URL it checks against (the worker's). */
export interface StreamInput {
  files: File[];
  fix: boolean;
  siteUrl?: string;
}

/** Examples kept per problem code: the page shows a few of each. */
const EXAMPLES_PER_CODE = 5;
/** Zip bytes gathered before they become a Blob (which the browser may keep out of the JS heap). */
const BLOB_PART = 8 * 1024 * 1024;
/** A fixed member time, as bundle.ts writes (the DOS epoch, read back the same in any time zone). */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

export const STREAM_ZIP_NAME = 'sitemaps.zip';

/** Runs the streaming path over the request's files; progress is reported as bytes read and URLs checked. */
export async function runStreamJob(
  request: StreamInput,
  progress: (p: JobProgress, force?: boolean) => void,
): Promise<StreamOutcome> {
  const zip = new ZipParts();
  const written: ExportFile[] = [];
  const job = new StreamJob({
    siteUrl: request.siteUrl,
    fix: request.fix,
    examplesPerCode: EXAMPLES_PER_CODE,
    write: {
      format: 'xml',
      gzip: true,
      index: 'auto',
      limits: LIMITS.standard,
      schemaLocation: false,
      lastmodForm: 'as-is',
      // Named .gz by the core; gzipped below, by the platform, between two pieces of input.
      gzipper: (raw) => raw,
    },
    onFile: (file) => written.push(file),
  });
  const flush = async (): Promise<void> => {
    while (written.length > 0) {
      const file = written.shift() as ExportFile;
      zip.add(file.name, await gzipNative(file.data), false);
    }
  };

  const bytesTotal = request.files.reduce((n, f) => n + f.size, 0);
  let bytesDone = 0;
  progress({ phase: 'parsing', bytesDone, bytesTotal, urls: 0 }, true);
  for (const file of request.files) {
    const feed = job.openFile(file.name);
    const reader = file.stream().getReader();
    let read = 0;
    let unreadable = '';
    for (;;) {
      // Only reading fails as the file's problem: the job's own failure (a chunk it cannot
      // read or write) fails the request, never passes for a file that "could not be read".
      let piece: ReadableStreamReadResult<Uint8Array>;
      try {
        piece = await reader.read();
      } catch (err) {
        unreadable = `the file could not be read (${err instanceof Error ? err.message : String(err)})`;
        break;
      }
      if (piece.done) break;
      read += piece.value.length;
      progress({ phase: 'parsing', bytesDone: bytesDone + read, bytesTotal, urls: job.urlCount });
      const more = feed.push(piece.value);
      await flush();
      if (!more) {
        await reader.cancel();
        break;
      }
    }
    feed.end(unreadable || undefined);
    await flush();
    bytesDone += file.size;
  }
  progress({ phase: 'writing', bytesDone, bytesTotal, urls: job.urlCount }, true);
  const report = job.finish();
  await flush();
  if (report.written && report.written.files.length > 0) {
    zip.add(ROBOTS_TXT_NAME, new TextEncoder().encode(report.written.robotsTxt), true);
    return { report, zip: zip.end(), zipName: STREAM_ZIP_NAME };
  }
  return { report, zip: null, zipName: STREAM_ZIP_NAME };
}

/** fflate's streaming zip, its output gathered into Blob parts as it is produced. */
class ZipParts {
  private readonly blobs: Blob[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly zip = new Zip((err, chunk) => {
    if (err) throw err;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= BLOB_PART) this.seal();
  });

  /** Adds a whole member; gzipped files are stored (deflating them again only costs time), others deflated. */
  add(name: string, data: Uint8Array, deflate: boolean): void {
    const member = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    member.mtime = FIXED_MTIME;
    this.zip.add(member);
    member.push(data, true);
  }

  end(): Blob {
    this.zip.end();
    this.seal();
    return new Blob(this.blobs, { type: 'application/zip' });
  }

  private seal(): void {
    if (this.pending.length === 0) return;
    this.blobs.push(new Blob(this.pending as Uint8Array<ArrayBuffer>[]));
    this.pending = [];
    this.pendingBytes = 0;
  }
}
