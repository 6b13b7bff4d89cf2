import { Gunzip, Unzip, UnzipInflate } from 'fflate';
import { sniffBytes } from '../rules/file/sniff';

/** The start of a file, read before importing to judge the size of a set. */
export interface FileSample {
  name: string;
  /** The whole file's size in bytes. */
  size: number;
  /** Its first bytes (a few hundred KiB are plenty). */
  head: Uint8Array;
}

export interface SetEstimate {
  /** URLs the files hold, estimated (exact for files whose head is the whole file). */
  urls: number;
  /** Their uncompressed size, estimated. */
  bytes: number;
  /** True when every file was read whole, so the figures are counts. */
  exact: boolean;
}

/** When the head holds no entry to measure (an unusual layout), a sitemap entry's usual size. */
const DEFAULT_BYTES_PER_URL = 180;

/** Inflated bytes that are enough to judge a file by: some 300 entries' worth. */
const MIN_SAMPLE = 64 * 1024;

/**
 * The inflated sample stops here: 4 MiB is plenty to count entries, and a
 * bomb's head (256 KiB can inflate to 256 MiB) is not held in memory.
 */
const MAX_SAMPLE = 4 * 1024 * 1024;

/** The head is pushed in slices, so the sample stops near MAX_SAMPLE and knows how much input it took. */
const HEAD_SLICE = 16 * 1024;

/**
 * Estimates how many URLs files hold from their first bytes: the head is
 * inflated as far as it goes (gzip, or the first members of a zip), which
 * gives the compression ratio, and its entries (`<loc>`s in a urlset, lines
 * in a text or CSV sitemap) give the bytes per URL; both scale to the file's
 * size. A sitemap index counts no URL of its own: its children are counted
 * when they are given. Cheap: no file is read past its head.
 */
export function estimateUrls(samples: readonly FileSample[]): SetEstimate {
  let urls = 0;
  let bytes = 0;
  let exact = true;
  for (const s of samples) {
    const whole = s.head.length >= s.size;
    const { data, produced, consumed, complete } = inflateHead(s.head);
    const ratio = produced > 0 ? produced / consumed : 1;
    const fileBytes = complete && whole ? data.length : Math.round(s.size * ratio);
    const entries = countEntries(data, s.name);
    const read = complete && whole;
    if (!read) exact = false;
    bytes += fileBytes;
    if (entries === null) continue;
    if (read) urls += entries;
    // A sample big enough to judge that holds no entry says the file holds none (a zip bomb of padding);
    // only a tiny one falls back to the usual entry size.
    else if (entries > 0 || data.length >= MIN_SAMPLE)
      urls += Math.round((entries / Math.max(1, data.length)) * fileBytes);
    else urls += Math.round(fileBytes / DEFAULT_BYTES_PER_URL);
  }
  return { urls, bytes, exact };
}

/** The head inflated as far as it goes (the sample kept up to MAX_SAMPLE): all it gave, how many input bytes that took, and whether the stream ended. */
function inflateHead(head: Uint8Array): { data: Uint8Array; produced: number; consumed: number; complete: boolean } {
  const kind = sniffBytes(head).kind;
  if (kind !== 'gzip' && kind !== 'zip')
    return { data: head, produced: head.length, consumed: head.length, complete: true };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let produced = 0;
  const take = (d: Uint8Array, final: boolean): void => {
    produced += d.length;
    if (total < MAX_SAMPLE) {
      const part = d.subarray(0, MAX_SAMPLE - total);
      chunks.push(part);
      total += part.length;
    }
    if (final) ended = true;
  };
  let consumed = 0;
  try {
    let push: (slice: Uint8Array) => void;
    if (kind === 'gzip') {
      const g = new Gunzip((d, final) => take(d, final));
      push = (slice) => g.push(slice, false);
    } else {
      const z = new Unzip((file) => {
        file.ondata = (err, d, final) => {
          if (!err) take(d, final);
        };
        file.start();
      });
      z.register(UnzipInflate);
      push = (slice) => z.push(slice, false);
    }
    while (consumed < head.length && total < MAX_SAMPLE) {
      const slice = head.subarray(consumed, consumed + HEAD_SLICE);
      push(slice);
      consumed += slice.length;
    }
  } catch {
    // A damaged stream: what came out so far is the sample.
  }
  const data = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.length;
  }
  // Cut at the sample's size, the stream did not end here: the file is estimated, not counted.
  return { data, produced, consumed: Math.max(1, consumed), complete: ended && produced === total };
}

/** Entries in a decompressed head: `<loc>`s of a urlset, lines of a text or CSV file; null for an index. */
function countEntries(data: Uint8Array, name: string): number | null {
  // Latin-1 keeps one character per byte, which is all counting needs.
  const text = new TextDecoder('latin1').decode(data.subarray(0, 4 * 1024 * 1024));
  const head = text.slice(0, 4096);
  if (/<(?:[\w-]+:)?sitemapindex[\s>]/.test(head)) return null;
  if (/<(?:[\w-]+:)?urlset[\s>]/.test(head) || head.trimStart().startsWith('<'))
    return count(text, '<loc>') + count(text, '<loc ');
  const lines = count(text, '\n') + (text.endsWith('\n') || text.length === 0 ? 0 : 1);
  return /\.(csv|tsv)$/i.test(name) ? Math.max(0, lines - 1) : lines;
}

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}
