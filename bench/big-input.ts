/**
 * A deterministic input of N URLs for the streaming path (`stream` command),
 * written to disk without ever holding it: a gzipped urlset of the first 90%
 * (one file, ~810 MB of XML at 5,000,000 URLs), a text sitemap of the rest,
 * and a sitemap index listing both. Entries come from generate.ts (the same
 * shop as the benchmarks); a few are planted with problems at fixed
 * fractions of N, so any N has the same expected counts (see PLANTED_COUNTS).
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import { crc32 } from '../src/core/read/inflate';
import { SITE_URL, escapeXml, forEachEntry, type SyntheticEntry } from './generate';

export { SITE_URL };

export interface BigInput {
  /** Paths of the files written: the index, the gzipped urlset, the text sitemap. */
  paths: string[];
  /** Uncompressed bytes of each data file, by name. */
  rawBytes: Record<string, number>;
  xmlUrls: number;
  textUrls: number;
}

/**
 * What a check of the input finds, whatever N (≥ 1,000): one each of five
 * errors, a URL on another host, and a URL three times (every copy counts).
 * The files' own limits (too-many-urls, file-too-large) depend on N.
 */
export const PLANTED_COUNTS = {
  'loc-not-absolute': 1,
  'lastmod-format': 1,
  'changefreq-value': 1,
  'priority-range': 1,
  'loc-whitespace': 1,
  'loc-not-allowed': 1,
  'loc-duplicate': 3,
} as const;

/** The planted values, by entry number. */
export function plants(n: number): Map<number, (e: SyntheticEntry, firstLoc: string) => void> {
  const at = (f: number): number => Math.floor(n * f);
  return new Map<number, (e: SyntheticEntry, firstLoc: string) => void>([
    [
      at(0.25),
      (e) => {
        e.loc = '/category-7/lost-product';
      },
    ],
    [
      at(0.4),
      (e) => {
        e.lastmod = '2024/01/05';
      },
    ],
    [
      at(0.6) + 1,
      (e) => {
        e.changefreq = 'Daily';
      },
    ],
    [
      at(0.7),
      (e) => {
        e.priority = '1.5';
      },
    ],
    [
      at(0.8),
      (e) => {
        e.loc = 'https://other.example.net/moved-product';
      },
    ],
    [
      at(0.88),
      (e, first) => {
        e.loc = first;
      },
    ],
    [
      at(0.88) + 1,
      (e, first) => {
        e.loc = first;
      },
    ],
    [
      at(0.96),
      (e) => {
        e.loc = `${SITE_URL}category-3/new product`;
      },
    ],
  ]);
}

const XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const XML_TAIL = '</urlset>\n';
/** Text collected before it is encoded and compressed. */
const BATCH_CHARS = 1 << 20;

/**
 * One gzip member written batch by batch, synchronously (the entries come
 * from a synchronous loop): each batch is deflated on its own and ended with
 * a sync flush, which leaves a valid deflate stream when the pieces are
 * joined, closed by one final empty block. zlib at level 1: fflate's
 * streaming Gzip took five times as long, and the test is about reading.
 */
class GzipWriter {
  private crc = 0;
  private size = 0;

  constructor(private readonly fd: number) {
    writeSync(fd, Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff));
  }

  push(bytes: Uint8Array): void {
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    writeSync(this.fd, deflateRawSync(bytes, { level: 1, finishFlush: constants.Z_SYNC_FLUSH }));
  }

  end(): void {
    const trailer = new DataView(new ArrayBuffer(8));
    trailer.setUint32(0, this.crc, true);
    trailer.setUint32(4, this.size % 2 ** 32, true);
    // A final fixed-Huffman block holding nothing: bits 1 (last), 01 (fixed), 0000000 (end of block).
    writeSync(this.fd, Uint8Array.of(0x03, 0x00));
    writeSync(this.fd, new Uint8Array(trailer.buffer));
  }
}

/** Writes the input into `dir`. */
export function writeBigInput(dir: string, n: number): BigInput {
  mkdirSync(dir, { recursive: true });
  const xmlUrls = Math.floor(n * 0.9);
  const xmlName = 'shop-1.xml.gz';
  const textName = 'shop-2.txt';
  const encoder = new TextEncoder();
  const rawBytes: Record<string, number> = { [xmlName]: 0, [textName]: 0 };

  const gzFd = openSync(join(dir, xmlName), 'w');
  const txtFd = openSync(join(dir, textName), 'w');
  const gzip = new GzipWriter(gzFd);
  let batch = '';
  let toText = false;
  const flush = (): void => {
    const bytes = encoder.encode(batch);
    batch = '';
    if (toText) {
      rawBytes[textName] = (rawBytes[textName] ?? 0) + bytes.length;
      writeSync(txtFd, bytes);
    } else {
      rawBytes[xmlName] = (rawBytes[xmlName] ?? 0) + bytes.length;
      gzip.push(bytes);
    }
  };
  const planted = plants(n);
  let firstLoc = '';
  batch = XML_HEAD;
  forEachEntry(n, (e, i) => {
    if (i === 10) firstLoc = e.loc;
    planted.get(i)?.(e, firstLoc);
    if (i === xmlUrls) {
      batch += XML_TAIL;
      flush();
      gzip.end();
      toText = true;
    }
    if (toText) batch += e.loc + '\n';
    else {
      batch +=
        `  <url><loc>${e.loc.includes('&') ? escapeXml(e.loc) : e.loc}</loc><lastmod>${e.lastmod}</lastmod>` +
        `<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>\n`;
    }
    if (batch.length >= BATCH_CHARS) flush();
  });
  if (!toText) {
    batch += XML_TAIL;
    flush();
    gzip.end();
  } else flush();
  closeSync(gzFd);
  closeSync(txtFd);

  const index =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    `  <sitemap><loc>${SITE_URL}${xmlName}</loc><lastmod>2024-06-01</lastmod></sitemap>\n` +
    `  <sitemap><loc>${SITE_URL}${textName}</loc><lastmod>2024-06-01</lastmod></sitemap>\n</sitemapindex>\n`;
  const indexFd = openSync(join(dir, 'sitemap-index.xml'), 'w');
  writeSync(indexFd, index);
  closeSync(indexFd);
  return {
    paths: ['sitemap-index.xml', xmlName, textName].map((f) => join(dir, f)),
    rawBytes,
    xmlUrls,
    textUrls: n - xmlUrls,
  };
}
