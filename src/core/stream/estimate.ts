import { Gunzip, Unzip, UnzipInflate } from 'fflate';
import { sniffBytes } from '../read/sniff';

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
    const { data, consumed, complete } = inflateHead(s.head);
    const ratio = consumed > 0 && data.length > 0 ? data.length / consumed : 1;
    const fileBytes = complete && whole ? data.length : Math.round(s.size * ratio);
    const entries = countEntries(data, s.name);
    const read = complete && whole;
    if (!read) exact = false;
    bytes += fileBytes;
    if (entries === null) continue;
    if (read) urls += entries;
    else urls += Math.round(entries > 0 ? (entries / Math.max(1, data.length)) * fileBytes : fileBytes / DEFAULT_BYTES_PER_URL);
  }
  return { urls, bytes, exact };
}

/** The head inflated as far as it goes: what it gave, how many input bytes that took, and whether the stream ended. */
function inflateHead(head: Uint8Array): { data: Uint8Array; consumed: number; complete: boolean } {
  const kind = sniffBytes(head).kind;
  const chunks: Uint8Array[] = [];
  let ended = false;
  try {
    if (kind === 'gzip') {
      const g = new Gunzip((d, final) => {
        chunks.push(d);
        if (final) ended = true;
      });
      g.push(head, false);
    } else if (kind === 'zip') {
      const z = new Unzip((file) => {
        file.ondata = (err, d, final) => {
          if (!err) chunks.push(d);
          if (final) ended = true;
        };
        file.start();
      });
      z.register(UnzipInflate);
      z.push(head, false);
    } else {
      return { data: head, consumed: head.length, complete: true };
    }
  } catch {
    // A damaged stream: what came out so far is the sample.
  }
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const data = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.length;
  }
  return { data, consumed: head.length, complete: ended };
}

/** Entries in a decompressed head: `<loc>`s of a urlset, lines of a text or CSV file; null for an index. */
function countEntries(data: Uint8Array, name: string): number | null {
  // Latin-1 keeps one character per byte, which is all counting needs.
  const text = new TextDecoder('latin1').decode(data.subarray(0, 4 * 1024 * 1024));
  const head = text.slice(0, 4096);
  if (/<(?:[\w-]+:)?sitemapindex[\s>]/.test(head)) return null;
  if (/<(?:[\w-]+:)?urlset[\s>]/.test(head) || head.trimStart().startsWith('<')) return count(text, '<loc>') + count(text, '<loc ');
  const lines = count(text, '\n') + (text.endsWith('\n') || text.length === 0 ? 0 : 1);
  return /\.(csv|tsv)$/i.test(name) ? Math.max(0, lines - 1) : lines;
}

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}
