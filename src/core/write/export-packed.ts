import { crc32 } from '../text/crc32';
import type { UrlRows } from '../rows/rows';
import { bundleZipOf, type AsyncGzip } from './bundle';
import { exportSitemaps } from './export';
import type { ExportOptions, ExportResult } from './options';

/** An export as it is downloaded: its files, and the zip that holds them when there are several. */
export interface PackedExport {
  /**
   * The files (gzipped when `opts.gzip`). When `zip` is set and the files
   * are plain, their bytes are in the zip only: `gzip` may have taken over
   * their buffers, so read their size from `rawBytes`.
   */
  result: ExportResult;
  /** Every file and robots.txt in one zip; null for a single file, which is downloaded as itself. */
  zip: Uint8Array | null;
  /** Where the time went, as `performance.now()` times: for the worker's export measures (the browser benchmark reads them). */
  times: PackedTimes;
}

/** When each step of {@link exportPacked} ended (ms, `performance.now()`), from its start. */
export interface PackedTimes {
  start: number;
  /** Every file written (and handed to `gzip`). */
  written: number;
  /** Every compression it waits for back. */
  compressed: number;
  /** The zip laid out (== compressed when there is none). */
  zipped: number;
}

const identity = (raw: Uint8Array): Uint8Array => raw;

/**
 * {@link exportSitemaps} with every file gzipped by `gzip` when `opts.gzip`,
 * each started the moment it is written, so that compression (zlib's thread
 * pool in Node) runs beside the writing of the next; without the option the
 * files stay plain. The CLI's export: files to write one by one, no zip.
 */
export async function exportGzipped(
  rows: UrlRows,
  opts: Omit<ExportOptions, 'gzipper' | 'onFileData'>,
  gzip: AsyncGzip,
  positions?: ArrayLike<number>,
): Promise<ExportResult> {
  const started = new Map<Uint8Array, Promise<Uint8Array>>();
  const onFileData = (raw: Uint8Array, gz: boolean): void => {
    if (!gz) return;
    const p = gzip(raw);
    // Marked handled now; awaited below. A failure then rejects the export.
    p.catch(() => {});
    started.set(raw, p);
  };
  const result = exportSitemaps(rows, { ...opts, gzipper: identity, onFileData }, positions);
  for (const f of result.files) {
    const pending = started.get(f.data);
    if (pending) f.data = await pending;
  }
  return result;
}

/**
 * {@link exportSitemaps} then the zip, with every compression done by `gzip`
 * the moment its file is written: while the export writes file k+1, file k
 * is compressed elsewhere (helper workers and CompressionStream in the
 * browser, zlib's thread pool in Node), so on several cores the two overlap.
 * Plain files bound for the zip are gzipped too: the zip's deflated member is
 * cut out of the gzip (see bundleZipOf), so either choice of the Gzip option
 * costs the same. A single plain file is not compressed at all (unless there
 * were more rows than one file holds and some had no loc: then its gzip,
 * started early, is dropped).
 */
export async function exportPacked(
  rows: UrlRows,
  opts: Omit<ExportOptions, 'gzipper' | 'onFileData'>,
  gzip: AsyncGzip,
  positions?: ArrayLike<number>,
): Promise<PackedExport> {
  const started = new Map<Uint8Array, Promise<Uint8Array>>();
  // The CRC-32 of each gzip, as the zip stores it: taken as each one comes back, while the others are still compressing.
  const crcs = new Map<Uint8Array, number>();
  // A plain file waits until a second one shows there will be a zip, unless
  // there are more rows than one file holds: then it starts at once, on a
  // copy, so that the helpers start with the first file, not the second.
  let held: Uint8Array | null = null;
  const surelyZipped = (positions ? positions.length : rows.length) > opts.limits.maxUrls;
  const start = (raw: Uint8Array, copy = false, gz = false): void => {
    let p = gzip(copy ? raw.slice() : raw);
    if (gz) {
      p = p.then((gz) => {
        crcs.set(gz, crc32(gz));
        return gz;
      });
    }
    // Marked handled now; awaited below. A failure then rejects the export.
    p.catch(() => {});
    started.set(raw, p);
  };
  const onFileData = (raw: Uint8Array, gz: boolean): void => {
    if (gz) start(raw, false, true);
    else if (started.size === 0 && held === null) {
      if (surelyZipped) start(raw, true);
      else held = raw;
    } else {
      if (held) start(held);
      held = null;
      start(raw);
    }
  };
  const times: PackedTimes = { start: performance.now(), written: 0, compressed: 0, zipped: 0 };
  // The files come out plain (gzipper is identity) and are compressed by `gzip`, named .gz when asked.
  const result = exportSitemaps(rows, { ...opts, gzipper: identity, onFileData }, positions);
  times.written = performance.now();
  // The files the layout gzips (named .gz) take their gzip; the others keep their plain bytes.
  for (const f of result.files) {
    const pending = isGzipped(f.name) ? started.get(f.data) : undefined;
    if (pending) f.data = await pending;
  }
  // One file downloads as itself, unless a stylesheet goes beside it.
  if (result.files.length < 2 && !result.assets) {
    times.compressed = times.zipped = performance.now();
    return { result, zip: null, times };
  }
  const byName = new Map<string, Promise<Uint8Array>>();
  for (const f of result.files) {
    const pending = isGzipped(f.name) ? undefined : started.get(f.data);
    if (pending) byName.set(f.name, pending);
  }
  // Every compression back before the zip is laid out: the wait and the layout are timed apart.
  await Promise.all(byName.values());
  times.compressed = performance.now();
  const zip = await bundleZipOf(result, byName, crcs);
  times.zipped = performance.now();
  return { result, zip, times };
}

function isGzipped(name: string): boolean {
  return name.endsWith('.gz');
}
