/**
 * Deterministic synthetic sitemap data for the benchmarks (SPEC §6).
 *
 * N URLs of a fictional shop, each with lastmod (a mix of dates and
 * datetimes with a zone), changefreq and priority, written as `<urlset>`
 * files of at most 50,000 entries (~180 bytes of XML per entry), plus gzipped
 * copies. Seeded PRNG only, no Math.random: the same N gives the same bytes
 * on every machine. Browser-safe (no Node imports) so that a browser
 * benchmark can reuse it.
 */
import { gzipSync } from 'fflate';

/** Bump when the output changes, so that caches of generated files are rebuilt. */
export const GENERATOR_VERSION = 1;
export const SITE_URL = 'https://shop.example.com/';
export const URLS_PER_FILE = 50_000;

/** One `<url>` entry as raw (unescaped) values. */
export interface SyntheticEntry {
  loc: string;
  lastmod: string;
  changefreq: string;
  priority: string;
}

export interface SyntheticFile {
  /** e.g. `sitemap-3.xml`. */
  name: string;
  /** UTF-8 XML. */
  xml: Uint8Array;
  urls: number;
}

export interface SyntheticDataSet {
  n: number;
  files: SyntheticFile[];
  /** Total bytes of uncompressed XML over all files. */
  xmlBytes: number;
}

/** mulberry32: small, fast, good enough for synthetic data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLORS = ['red', 'blue', 'green', 'black', 'white', 'navy', 'olive', 'beige'];
const SIZES = ['xs', 's', 'm', 'l', 'xl'];
const CHANGEFREQ = ['always', 'hourly', 'daily', 'weekly', 'weekly', 'weekly', 'monthly', 'monthly', 'yearly', 'never'];
const ZONES = ['Z', '+00:00', '+01:00', '+02:00', '-05:00', '+05:30', '-08:00', '+09:00'];
const PRIORITIES = ['0.1', '0.2', '0.3', '0.4', '0.5', '0.5', '0.6', '0.7', '0.8', '0.9', '1.0'];

const pad2 = (v: number): string => (v < 10 ? '0' : '') + String(v);

/**
 * Calls `visit` for entries 0..n-1 in order. Every loc is unique (it carries
 * the entry's number); ~40% carry `&` in their query, so writers and readers
 * exercise escaping. Dates lie in 2021–2024, never in the future.
 */
export function forEachEntry(n: number, visit: (e: SyntheticEntry, i: number) => void, seed = 0x5eed): void {
  const r = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  for (let i = 0; i < n; i++) {
    const category = 1 + Math.floor(r() * 48);
    const kind = r();
    let loc: string;
    if (kind < 0.1) {
      loc = `${SITE_URL}blog/${2021 + Math.floor(r() * 4)}/post-${i + 1}-new-arrivals`;
    } else {
      loc = `${SITE_URL}category-${category}/product-${100_000 + i}`;
      const q = r();
      if (q < 0.45) loc += `?color=${pick(COLORS)}&size=${pick(SIZES)}`;
      else if (q < 0.65) loc += `?color=${pick(COLORS)}`;
    }
    const date = `${2021 + Math.floor(r() * 4)}-${pad2(1 + Math.floor(r() * 12))}-${pad2(1 + Math.floor(r() * 28))}`;
    const lastmod =
      r() < 0.5
        ? date
        : `${date}T${pad2(Math.floor(r() * 24))}:${pad2(Math.floor(r() * 60))}:${pad2(Math.floor(r() * 60))}${pick(ZONES)}`;
    visit({ loc, lastmod, changefreq: pick(CHANGEFREQ), priority: pick(PRIORITIES) }, i);
  }
}

/** XML text escaping for element content. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = '</urlset>\n';

/** The N URLs as urlset files of at most `perFile` entries (uncompressed). */
export function generateDataSet(n: number, perFile = URLS_PER_FILE): SyntheticDataSet {
  const files: SyntheticFile[] = [];
  const encoder = new TextEncoder();
  let parts: string[] = [];
  let inFile = 0;
  let xmlBytes = 0;
  const flush = (): void => {
    const xml = encoder.encode(HEAD + parts.join('') + TAIL);
    files.push({ name: `sitemap-${files.length + 1}.xml`, xml, urls: inFile });
    xmlBytes += xml.length;
    parts = [];
    inFile = 0;
  };
  forEachEntry(n, (e) => {
    parts.push(
      `  <url><loc>${escapeXml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod>` +
        `<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>\n`,
    );
    if (++inFile === perFile) flush();
  });
  if (inFile > 0 || files.length === 0) flush();
  return { n, files, xmlBytes };
}

/** Gzipped copies (level 6, as a server would), named `*.xml.gz`. */
export function gzipDataSet(set: SyntheticDataSet): { name: string; bytes: Uint8Array }[] {
  return set.files.map((f) => ({ name: `${f.name}.gz`, bytes: gzipSync(f.xml, { level: 6 }) }));
}

/** All N entries as columns of raw values (for feeding writers the same data). */
export function generateColumns(n: number): {
  loc: string[];
  lastmod: string[];
  changefreq: string[];
  priority: string[];
} {
  const loc: string[] = [];
  const lastmod: string[] = [];
  const changefreq: string[] = [];
  const priority: string[] = [];
  forEachEntry(n, (e) => {
    loc.push(e.loc);
    lastmod.push(e.lastmod);
    changefreq.push(e.changefreq);
    priority.push(e.priority);
  });
  return { loc, lastmod, changefreq, priority };
}
