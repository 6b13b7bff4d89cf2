/**
 * Peer parsers, run on the very same uncompressed XML bytes as our core.
 * Each returns the URL count (cross-checked against N) and `keep`: what the
 * peer leaves you holding (for retained-memory figures), or null.
 *
 * Peers that take strings are timed including the UTF-8 decode of the bytes,
 * since that is work they need to do from the same bytes; `decodeOnly` is
 * measured too so that the decode share can be read off the table.
 */
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { parseSitemap } from 'sitemap';

export interface Input {
  name: string;
  bytes: Uint8Array;
}

export interface ParseOutcome {
  urls: number;
  keep: unknown;
}

/** TextDecoder alone (reference: the decode share of the string-based peers). */
export function decodeOnly(inputs: Input[]): ParseOutcome {
  const decoder = new TextDecoder();
  let chars = 0;
  for (const f of inputs) chars += decoder.decode(f.bytes).length;
  if (chars < 0) throw new Error('unreachable'); // uses the result, so the decode cannot be skipped
  return { urls: -1, keep: null };
}

function saxesCount(text: string): number {
  let urls = 0;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => {
    if (tag.name === 'url') urls++;
  });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(text).close();
  return urls;
}

/** saxes, parse only: counts `<url>` open tags, builds nothing. */
export function saxesParse(inputs: Input[]): ParseOutcome {
  const decoder = new TextDecoder();
  let urls = 0;
  for (const f of inputs) urls += saxesCount(decoder.decode(f.bytes));
  return { urls, keep: null };
}

/** saxes on the gzipped copies: zlib gunzip + decode + parse (reference for our .gz import). */
export function saxesParseGz(inputs: Input[]): ParseOutcome {
  const decoder = new TextDecoder();
  let urls = 0;
  for (const f of inputs) urls += saxesCount(decoder.decode(gunzipSync(f.bytes)));
  return { urls, keep: null };
}

interface FxpUrlset {
  urlset?: { url?: unknown[] | unknown };
}

/** fast-xml-parser XMLParser.parse on the decoded string: one object per row. */
export function fxpParse(inputs: Input[]): ParseOutcome {
  const decoder = new TextDecoder();
  const parser = new XMLParser();
  const keep: unknown[] = [];
  let urls = 0;
  for (const f of inputs) {
    const doc = parser.parse(decoder.decode(f.bytes)) as FxpUrlset;
    const u = doc.urlset?.url;
    urls += Array.isArray(u) ? u.length : u === undefined ? 0 : 1;
    keep.push(doc);
  }
  return { urls, keep };
}

const CHUNK = 64 * 1024;

/** The bytes as a stream of 64 KiB Buffers (no copies), as a file read stream gives them. */
function chunked(bytes: Uint8Array): Readable {
  const chunks: Buffer[] = [];
  for (let o = 0; o < bytes.length; o += CHUNK) {
    chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset + o, Math.min(CHUNK, bytes.length - o)));
  }
  return Readable.from(chunks);
}

/** The `sitemap` package's parser (parseSitemap = XMLToSitemapItemStream, collecting items), per file. */
export async function sitemapParse(inputs: Input[]): Promise<ParseOutcome> {
  const keep: unknown[][] = [];
  let urls = 0;
  for (const f of inputs) {
    const items = await parseSitemap(chunked(f.bytes));
    urls += items.length;
    keep.push(items);
  }
  return { urls, keep };
}
