/**
 * A large site's sitemaps for `bench --large-site` (large-site.ts): N URLs of
 * the benchmark's shop (generate.ts) in F gzipped urlsets of equal size
 * behind a sitemap index, written into a folder one file at a time (never
 * the whole set in memory). Each file from the second on repeats one URL of
 * the file before it (its 8th entry is the 4th of the file before), so a
 * streamed check must find duplicates across files: loc-duplicate exactly
 * 2 × (F − 1), every copy counted, and nothing else.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SITE_URL, escapeXml, forEachEntry } from './generate';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = '</urlset>\n';
/** Where in each file (from the second on) the copy of the file before's URL goes, and which URL it copies. */
const COPY_AT = 7;
const COPY_OF = 3;

export interface LargeSite {
  /** The index, then the urlsets in order. */
  paths: string[];
  xmlBytes: number;
  gzBytes: number;
  seconds: number;
}

/** Writes N URLs as `files` gzipped urlsets (gzip level 1: the run is about reading) and an index listing them. */
export function writeLargeSite(dir: string, n: number, files: number): LargeSite {
  if (n % files !== 0 || n / files <= COPY_AT)
    throw new Error(`${n} URLs do not split into ${files} equal files of more than ${COPY_AT}`);
  const t0 = performance.now();
  const perFile = n / files;
  const encoder = new TextEncoder();
  const names: string[] = [];
  let xmlBytes = 0;
  let gzBytes = 0;
  let parts: string[] = [];
  let copied = '';
  let toCopy = '';
  const flush = (): void => {
    const name = `shop-${names.length + 1}.xml.gz`;
    const xml = encoder.encode(HEAD + parts.join('') + TAIL);
    const gz = gzipSync(xml, { level: 1 });
    writeFileSync(join(dir, name), gz);
    names.push(name);
    xmlBytes += xml.length;
    gzBytes += gz.length;
    parts = [];
    copied = toCopy;
  };
  forEachEntry(n, (e, i) => {
    const inFile = i % perFile;
    if (inFile === COPY_OF) toCopy = e.loc;
    if (inFile === COPY_AT && names.length > 0) e.loc = copied;
    parts.push(
      `  <url><loc>${escapeXml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod>` +
        `<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>\n`,
    );
    if (inFile === perFile - 1) flush();
  });
  const index =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    names.map((f) => `  <sitemap><loc>${SITE_URL}${f}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n';
  writeFileSync(join(dir, 'sitemap-index.xml'), index);
  return {
    paths: ['sitemap-index.xml', ...names].map((f) => join(dir, f)),
    xmlBytes,
    gzBytes,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** What a check of the set finds. */
export function largeSiteProblems(files: number): Record<string, number> {
  return files > 1 ? { 'loc-duplicate': 2 * (files - 1) } : {};
}
