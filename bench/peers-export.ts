/**
 * Peer writers, fed the same N entries as our exporter (prepared beforehand,
 * not timed), writing to memory (never to disk).
 */
import type { WriteStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzip } from 'node:zlib';
import { XMLBuilder } from 'fast-xml-parser';
import { SitemapAndIndexStream, SitemapStream, type SitemapItemLoose, EnumChangefreq } from 'sitemap';
import { SITE_URL, URLS_PER_FILE, generateColumns } from './generate';

export interface ExportOutcome {
  /** The files written (sitemaps and index), for the untimed URL count cross-check. */
  outputs: Uint8Array[];
  /** Bytes produced (gzipped where the writer gzips). */
  bytes: number;
  files: number;
  keep: unknown;
}

/** In-memory sink that keeps the chunks (as a caller would, to serve or zip them). */
class MemorySink extends Writable {
  chunks: Buffer[] = [];
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    cb();
  }
}

/** The N entries as `sitemap` package items (priority as a number, as it expects). */
export function sitemapItems(n: number): SitemapItemLoose[] {
  const c = generateColumns(n);
  const items: SitemapItemLoose[] = new Array(n);
  for (let i = 0; i < n; i++) {
    items[i] = {
      url: c.loc[i] as string,
      lastmod: c.lastmod[i] as string,
      changefreq: c.changefreq[i] as EnumChangefreq,
      priority: Number(c.priority[i]),
    };
  }
  return items;
}

/**
 * Collects a whole file, then gzips it with one zlib call (level 6) before
 * 'finish'. Avoids createGzip's cost per small chunk: SitemapStream pushes
 * every tag as its own chunk, and zlib streams do one deflate call per chunk.
 */
class GzipWholeSink extends MemorySink {
  gz: Buffer | null = null;
  override _final(cb: (error?: Error | null) => void): void {
    gzip(Buffer.concat(this.chunks), (err, out) => {
      this.chunks = [];
      this.gz = out;
      this.bytes = out ? out.length : 0;
      cb(err);
    });
  }
}

/**
 * `sitemap` package: SitemapAndIndexStream splitting at 50,000, the index
 * gzipped too. `mode` 'createGzip': each sitemap piped through zlib
 * createGzip, as its README shows. 'whole': each sitemap gzipped in one zlib
 * call when complete (a tuned use of the same package, much faster).
 */
export async function sitemapExport(items: SitemapItemLoose[], mode: 'createGzip' | 'whole'): Promise<ExportOutcome> {
  const sinks: MemorySink[] = [];
  const sms = new SitemapAndIndexStream({
    limit: URLS_PER_FILE,
    getSitemapStream: (i: number) => {
      const sitemapStream = new SitemapStream({ hostname: SITE_URL });
      let ws: Writable;
      if (mode === 'createGzip') {
        const sink = new MemorySink();
        sinks.push(sink);
        ws = sitemapStream.pipe(createGzip()).pipe(sink);
      } else {
        const sink = new GzipWholeSink();
        sinks.push(sink);
        ws = sitemapStream.pipe(sink);
      }
      // Its types ask for an fs.WriteStream; it only listens for 'finish' and 'error'.
      return [new URL(`sitemap-${i}.xml.gz`, SITE_URL).toString(), sitemapStream, ws as WriteStream];
    },
  });
  const indexSink = new MemorySink();
  await pipeline(Readable.from(items), sms, createGzip(), indexSink);
  sinks.push(indexSink);
  const bytes = sinks.reduce((s, k) => s + k.bytes, 0);
  const outputs = sinks.map((k) => (k instanceof GzipWholeSink && k.gz ? k.gz : Buffer.concat(k.chunks)));
  return { outputs, bytes, files: sinks.length, keep: sinks };
}

export interface PlainEntry {
  loc: string;
  lastmod: string;
  changefreq: string;
  priority: string;
}

/** The N entries as plain objects for fast-xml-parser's builder. */
export function plainEntries(n: number): PlainEntry[] {
  const c = generateColumns(n);
  const out: PlainEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = {
      loc: c.loc[i] as string,
      lastmod: c.lastmod[i] as string,
      changefreq: c.changefreq[i] as string,
      priority: c.priority[i] as string,
    };
  }
  return out;
}

/** fast-xml-parser XMLBuilder, serialize only (no gzip), files of 50,000, encoded to UTF-8 bytes. */
export function fxpBuild(entries: PlainEntry[]): ExportOutcome {
  const builder = new XMLBuilder({ ignoreAttributes: false, processEntities: true });
  const encoder = new TextEncoder();
  const keep: Uint8Array[] = [];
  let bytes = 0;
  for (let o = 0; o < entries.length; o += URLS_PER_FILE) {
    const xml = builder.build({
      '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
      urlset: { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url: entries.slice(o, o + URLS_PER_FILE) },
    }) as string;
    const data = encoder.encode(xml);
    bytes += data.length;
    keep.push(data);
  }
  return { outputs: keep, bytes, files: keep.length, keep };
}
