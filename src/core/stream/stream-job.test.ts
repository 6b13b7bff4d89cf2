import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateDataSet } from '../../../bench/generate';
import { bytesOf, corpusFile, corpusFiles, hasShared } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { planFixes } from '../fix/plan-fixes';
import { applyChanges, applyExtChanges, applyFlagChanges } from '../rows/changes';
import { importFiles, type InputFile } from '../read/import-files';
import { exportSitemaps } from '../write/export';
import type { ExportOptions } from '../write/options';
import { StreamJob } from './stream-job';
import { streamPath, tablePath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');
const REPO = resolve(__dirname, '../../..');

function dirFiles(dir: string): InputFile[] {
  // Files only: e2e/fixtures/site/ holds a whole site of its own for the site-data spec.
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(ts|md)$/.test(e.name))
    .map((e) => e.name)
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}

/** A small urlset with a problem of most kinds, a commented-out entry and an end tag inside CDATA. */
const TRICKY = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <!-- <url><loc>https://example.com/commented-out</loc></url> -->
  <url><loc>https://example.com/a?x=1&amp;y=2</loc><lastmod>2024-01-05</lastmod></url>
  <url><loc><![CDATA[https://example.com/b</url>]]></loc><changefreq>Daily</changefreq></url>
  <url><loc>https://example.com/a?x=1&amp;y=2</loc><priority>1.5</priority></url>
  <url>
    <loc> https://example.com/ü </loc>
    <lastmod>2024/01/05</lastmod>
    <image:image><image:loc>/relative.jpg</image:loc></image:image>
  </url>
  <url><loc>https://other.example.org/x</loc><lastmod>2024-13-01</lastmod><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://example.com/a?x=1&amp;y=2</loc></url>
  <url><loc>/relative</loc><lastmod>2024-01-05T10:00</lastmod><foo>bar</foo></url>
</urlset>
`;

const XML_OUT: Omit<ExportOptions, 'siteUrl' | 'now'> = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  limits: { maxUrls: 100, maxBytes: 15_000, maxSitemaps: 5 },
  schemaLocation: false,
  lastmodForm: 'as-is',
};

describe('StreamJob finds what the table path finds', () => {
  it('in every repository fixture, whatever the chunk and piece sizes', () => {
    // Feeds are read by the table path only; the stream path says so (read-feed.test.ts).
    const files = [...dirFiles(join(REPO, 'fixtures')), ...dirFiles(join(REPO, 'e2e/fixtures'))].filter(
      (f) => !f.name.startsWith('feed-'),
    );
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const f of files) {
      const table = tablePath([f], { now });
      for (const [chunkChars, piece] of [
        [1, 3],
        [200, 4096],
        [1 << 20, Infinity],
      ] as const) {
        expect(streamPath([f], { now, chunkChars }, piece).findings, `${f.name} in chunks of ${chunkChars}`).toEqual(
          table,
        );
      }
    }
  });

  it.runIf(hasShared)('in every file of the real-world corpus', () => {
    const files = [
      ...corpusFiles('real').map((name) => ({ name, bytes: corpusFile(name) })),
      ...corpusFiles('robustness').map((name) => ({ name, bytes: corpusFile(name, 'robustness') })),
    ];
    expect(files.length).toBeGreaterThan(40);
    for (const f of files) {
      const table = tablePath([f], { now });
      const { findings } = streamPath([f], { now, chunkChars: 500 }, 777);
      // A file that turns out not to be a sitemap is not read to its end: its size is what was read.
      if (findings.files[0]?.kind === 'none')
        table.files = table.files.map((t, k) => ({ ...t, bytes: findings.files[k]?.bytes ?? t.bytes }));
      expect(findings, f.name).toEqual(table);
    }
  });

  it('in a file cut in two at every byte, read in chunks as small as one entry', () => {
    const bytes = bytesOf(TRICKY);
    const f = { name: 'tricky.xml', bytes };
    const table = tablePath([f], { now, siteUrl: 'https://example.com/' });
    expect(table.byCode).toEqual({
      'loc-duplicate': 3,
      'lastmod-format': 1,
      'changefreq-value': 1,
      'priority-range': 1,
      'value-whitespace': 1,
      'loc-unescaped': 2,
      'image-loc-not-absolute': 1,
      'loc-not-allowed': 1,
      'lastmod-invalid': 1,
      'duplicate-tag': 1,
      'loc-not-absolute': 1,
      'lastmod-timezone': 1,
      'unknown-tag': 1,
    });
    expect(table.urls).toBe(7);
    for (let cut = 0; cut <= bytes.length; cut++) {
      for (const chunkChars of [1, 64]) {
        const { findings } = streamPath([f], { now, siteUrl: 'https://example.com/', chunkChars }, Infinity, cut);
        expect(findings, `cut at byte ${cut}, chunks of ${chunkChars}`).toEqual(table);
      }
    }
  });

  it('in UTF-16 and in a declared legacy encoding, a character cut between two pieces at every byte', () => {
    const utf16 = new Uint8Array(2 + TRICKY.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < TRICKY.length; i++) {
      utf16[2 + 2 * i] = TRICKY.charCodeAt(i) & 0xff;
      utf16[3 + 2 * i] = TRICKY.charCodeAt(i) >> 8;
    }
    const latin = TRICKY.replace('encoding="UTF-8"', 'encoding="windows-1252"');
    const files = [
      { name: 'utf16.xml', bytes: utf16 },
      { name: 'latin.xml', bytes: Uint8Array.from(latin, (c) => c.charCodeAt(0)) },
      // Invalid UTF-8 (a lone continuation byte) in the middle of a URL.
      {
        name: 'bad.txt',
        bytes: Uint8Array.from([...bytesOf('https://example.com/a\nhttps://example.com/'), 0x80, ...bytesOf('b\n')]),
      },
    ];
    for (const f of files) {
      const table = tablePath([f], { now });
      expect(table.byCode['encoding'] ?? 0, f.name).toBe(1);
      for (let cut = 0; cut <= f.bytes.length; cut += f.name === 'utf16.xml' ? 3 : 1) {
        expect(
          streamPath([f], { now, chunkChars: 64 }, Infinity, cut).findings,
          `${f.name} cut at byte ${cut}`,
        ).toEqual(table);
      }
    }
  });

  it('in UTF-8 read as bytes: characters of 2 to 4 bytes on one line, CRLF split between pieces, and invalid bytes the byte reader gives up past the head', () => {
    const entry = (k: number, loc: string): string =>
      `<url><loc>https://example.com/${loc}</loc><lastmod>2024-01-0${1 + (k % 9)}</lastmod></url>`;
    const oneLine = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
      { length: 1000 },
      (_, k) => entry(k, k % 3 === 0 ? `ü-${k}` : k % 3 === 1 ? `😀-${k}` : `a b ${k}`),
    ).join('')}</urlset>`;
    const crlf = oneLine.replace(/<url>/g, '\r\n  <url>');
    const bad = bytesOf(crlf);
    // Past the first 64 Ki characters (judged as text): a lone continuation byte in entry 902's lastmod, a cut-off 3-byte sequence in entry 955's loc.
    bad[bad.indexOf(0x2d, bytesOf(crlf.slice(0, crlf.indexOf('a b 902'))).length) - 1] = 0x80;
    const oneLineBad = bytesOf(oneLine);
    oneLineBad[bytesOf(oneLine.slice(0, oneLine.indexOf('😀-955'))).length] = 0xe2;
    const files = [
      { name: 'one-line.xml', bytes: bytesOf(oneLine) },
      { name: 'crlf.xml', bytes: bytesOf(crlf) },
      { name: 'crlf-bad.xml', bytes: bad },
      { name: 'one-line-bad.xml', bytes: oneLineBad },
    ];
    for (const f of files) {
      const table = tablePath([f], { now });
      expect(table.urls, f.name).toBe(1000);
      expect(table.byCode['encoding'] ?? 0, f.name).toBe(f.name.endsWith('-bad.xml') ? 1 : 0);
      for (const [chunkChars, piece] of [
        [1, 7],
        [300, 13],
        [5000, 4096],
        [1 << 20, Infinity],
      ] as const) {
        expect(streamPath([f], { now, chunkChars }, piece).findings, `${f.name} in chunks of ${chunkChars}`).toEqual(
          table,
        );
      }
    }
  });

  it('in a gzipped text sitemap cut in two at every byte of the compressed stream', () => {
    const text =
      'https://example.com/\nhttps://example.com/a b\n\n/relative\r\nhttps://example.com/\nftp://example.com/x\n';
    const f = { name: 'urls.txt.gz', bytes: gzipSync(bytesOf(text)) };
    const table = tablePath([f], { now });
    expect(table.byCode).toEqual({ 'loc-duplicate': 2, 'loc-whitespace': 1, 'loc-not-absolute': 1, 'loc-scheme': 1 });
    for (let cut = 0; cut <= f.bytes.length; cut++) {
      expect(streamPath([f], { now, chunkChars: 8 }, Infinity, cut).findings, `cut at byte ${cut}`).toEqual(table);
    }
  });

  it('across files: an index resolved against its children, duplicates between files, the most common origin', () => {
    const files: InputFile[] = [
      {
        name: 'index.xml',
        bytes: bytesOf(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/a.xml.gz</loc><lastmod>2024-02-30</lastmod></sitemap>
  <sitemap><loc>https://example.com/b.txt</loc></sitemap>
  <sitemap><loc>https://example.com/missing.xml</loc></sitemap>
  <sitemap><loc>https://example.com/index.xml</loc></sitemap>
</sitemapindex>`),
      },
      { name: 'a.xml.gz', bytes: gzipSync(bytesOf(TRICKY)) },
      {
        name: 'b.txt',
        bytes: bytesOf('https://example.com/a?x=1&y=2\nhttps://other.example.org/y\nhttps://other.example.org/x\n'),
      },
    ];
    const table = tablePath(files, { now });
    expect(table.byCode['loc-duplicate']).toBe(6);
    expect(table.byCode['loc-not-allowed']).toBe(3);
    expect(table.byCode['index-child-missing']).toBe(1);
    expect(table.byCode['nested-index']).toBe(1);
    expect(streamPath(files, { now, chunkChars: 100 }, 50).findings).toEqual(table);
  });

  it('in a zip of sitemaps, member by member', () => {
    const files: InputFile[] = [
      {
        name: 'bundle.zip',
        bytes: zipSync({
          'a.xml': bytesOf(TRICKY),
          'b/urls.txt.gz': gzipSync(bytesOf('https://example.com/z\n')),
          '__MACOSX/._a.xml': bytesOf('junk'),
          'empty.xml': new Uint8Array(0),
        }),
      },
    ];
    const table = tablePath(files, { now });
    expect(table.files.map((f) => f.name)).toEqual([
      'bundle.zip/a.xml',
      'bundle.zip/b/urls.txt.gz',
      'bundle.zip/empty.xml',
    ]);
    expect(streamPath(files, { now, chunkChars: 64 }, 100).findings).toEqual(table);
  });
});

describe('StreamJob writes what the export writes', () => {
  const data = generateDataSet(1234).files[0] as { name: string; xml: Uint8Array };
  const input: InputFile[] = [{ name: 'shop.xml', bytes: data.xml }];

  it.each([
    ['xml', false],
    ['xml', true],
    ['txt', false],
  ] as const)('the same files, byte for byte (%s, gzip %s), one at a time', (format, gzip) => {
    const opts: ExportOptions = { ...XML_OUT, format, gzip, siteUrl: 'https://shop.example.com/', now };
    const expected = exportSitemaps(importFiles(input).rows, opts);
    const { out, report } = streamPath(input, { now, siteUrl: opts.siteUrl, chunkChars: 3000, write: opts }, 1000);
    expect(out.map((f) => f.name)).toEqual(expected.files.map((f) => f.name));
    // Split by bytes as well as by count, and the index split at 5 sitemaps.
    expect(out.filter((f) => f.kind === 'index').length).toBe(format === 'xml' ? 4 : 3);
    expect(out).toEqual(expected.files);
    expect(report.written?.robotsTxt).toBe(expected.robotsTxt);
    expect(report.written?.problems).toEqual(expected.problems);
    expect(report.written?.urls).toBe(1234);
  });

  it('cuts files at 1,000 news entries, as the export does', () => {
    const entry = (i: number) =>
      `<url><loc>https://news.example.com/story/${i}</loc><news:news><news:publication><news:name>The Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-06</news:publication_date><news:title>Story ${i}</news:title></news:news></url>`;
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">${Array.from({ length: 2300 }, (_, i) => entry(i)).join('')}</urlset>`;
    const news: InputFile[] = [{ name: 'news.xml', bytes: bytesOf(xml) }];
    const opts: ExportOptions = {
      ...XML_OUT,
      limits: { maxUrls: 50_000, maxBytes: 52_428_800, maxSitemaps: 50_000 },
      siteUrl: 'https://news.example.com/',
      now,
    };
    const { out } = streamPath(news, { now, siteUrl: opts.siteUrl, chunkChars: 5000, write: opts });
    expect(out.filter((f) => f.kind === 'sitemap').map((f) => f.urls)).toEqual([1000, 1000, 300]);
    expect(out).toEqual(exportSitemaps(importFiles(news).rows, opts).files);
  });

  it('writes no robots.txt line for a Site URL that would break one, as the export', () => {
    const opts: ExportOptions = { ...XML_OUT, siteUrl: 'https://shop.example.com/\nDisallow: /', now };
    const { report } = streamPath(input, { now, siteUrl: opts.siteUrl, write: opts });
    const expected = exportSitemaps(importFiles(input).rows, opts);
    expect(report.written?.robotsTxt).toBe('');
    expect(report.written?.problems).toEqual(expected.problems);
    expect(expected.problems.some((p) => p.message.includes('would break a robots.txt line'))).toBe(true);
  });

  it('one file alone is named sitemap.xml, as the export names it', () => {
    const opts: ExportOptions = {
      ...XML_OUT,
      limits: { maxUrls: 50_000, maxBytes: 52_428_800, maxSitemaps: 50_000 },
      siteUrl: 'https://shop.example.com/',
      now,
    };
    const { out, report } = streamPath(input, { now, siteUrl: opts.siteUrl, write: opts });
    expect(out.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(out).toEqual(exportSitemaps(importFiles(input).rows, opts).files);
    expect(report.written?.robotsTxt).toBe('Sitemap: https://shop.example.com/sitemap.xml\n');
  });

  it('with fix, what the export writes after every safe fix, and the problems left', () => {
    const files: InputFile[] = [
      { name: 'tricky.xml', bytes: bytesOf(TRICKY) },
      { name: 'more.txt', bytes: bytesOf('https://example.com/ü \nhttps://example.com/b%3C/url%3E\n') },
    ];
    const siteUrl = 'https://example.com/';
    const opts: ExportOptions = {
      ...XML_OUT,
      limits: { maxUrls: 3, maxBytes: 52_428_800, maxSitemaps: 50_000 },
      siteUrl,
      now,
    };
    // The table path, as the CLI's export --fix does it.
    const set = importFiles(files);
    const plan = planFixes(set, checkSet(set, { siteUrl, now }), 'all', { siteUrl });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    const removed = new Set(plan.removeRows);
    const positions = [...Array(set.rows.length).keys()].filter((i) => !removed.has(set.rows.id[i] as number));
    const expected = exportSitemaps(set.rows, opts, positions);

    // One chunk a file: copies within a chunk are merged as the table path merges them (see stream-merge.test.ts for copies across chunks).
    const { out, report } = streamPath(files, { now, siteUrl, fix: true, chunkChars: 1 << 20, write: opts }, 30);
    expect(out).toEqual(expected.files);
    expect(report.fixes?.applied).toEqual(plan.applied);
    expect(report.fixes?.skipped).toBe(plan.skipped);
    // What is left in the rows written: re-read them and check them.
    const back = importFiles(out.map((f) => ({ name: f.name, bytes: f.data })));
    const left = checkSet(back, { siteUrl, now }).byCode;
    const rowLeft = Object.fromEntries(
      Object.entries(report.fixes?.byCode ?? {}).filter(
        ([code]) =>
          !['too-many-urls', 'file-too-large', 'xml-malformed', 'index-child-missing', 'value-whitespace'].includes(
            code,
          ),
      ),
    );
    expect(rowLeft).toEqual(left);
    expect(left).toEqual({ 'loc-not-allowed': 1, 'lastmod-invalid': 1, 'image-loc-not-absolute': 1, 'unknown-tag': 1 });
  });
});

describe('StreamJob keeps its limits', () => {
  it('gives a file up, with a located message, when no entry ends within 64 chunks of text', () => {
    const huge = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/${'x'.repeat(2_000_000)}</loc></url></urlset>`;
    const { report } = streamPath([{ name: 'huge.xml', bytes: bytesOf(huge) }], { now, chunkChars: 1000 }, 65536);
    expect(report.urls).toBe(0);
    expect(report.examples.map((p) => `${p.file} ${p.code}: ${p.message}`)).toEqual([
      'huge.xml xml-malformed: no </url> in 1,048,576 characters of text: the file cannot be cut into entries to be read piece by piece, so the rest of it was skipped (Search Console: "Parsing error")',
    ]);
  });

  it('stops a gzip bomb at the cap and says so', () => {
    const bomb = gzipSync(new Uint8Array(5_000_000).fill(32));
    const job = new StreamJob({ now, maxDecompressedBytes: 100_000 });
    const feed = job.openFile('bomb.xml.gz');
    let pushes = 0;
    for (let at = 0; at < bomb.length; at += 100) {
      pushes++;
      if (!feed.push(bomb.subarray(at, at + 100))) break;
    }
    feed.end();
    const report = job.finish();
    // Stopped after the first pieces, not at the end of the input.
    expect(pushes).toBeLessThan(5);
    expect(report.examples.map((p) => p.message)).toEqual([
      'bomb.xml.gz: decompressed size exceeds the cap of 97.7 KiB: stopped (a compression bomb?); what came before was read (Search Console: "Compression error")',
      // What came before the cap: blanks.
      'The file holds only whitespace (Search Console: "Sitemap is HTML / Unsupported format")',
    ]);
  });

  it('says a truncated gzip ends early, with what was recovered of it, as the table path says it', () => {
    const gz = gzipSync(bytesOf(TRICKY));
    const cut = [{ name: 't.xml.gz', bytes: gz.subarray(0, gz.length - 12) }];
    const { report } = streamPath(cut, { now, chunkChars: 64 }, 100);
    const table = tablePath(cut, { now });
    const said = report.examples.filter((p) => p.code === 'compression').map((p) => p.message);
    expect(said).toEqual([
      expect.stringMatching(
        /^t\.xml\.gz: the file ends early: its compressed data stops before the end, so what followed is lost; [\d.,]+ (bytes|KiB) decompressed, \d+ URLs recovered from them \(Search Console: "Compression error"\)$/,
      ),
    ]);
    expect(
      table.problems.filter((p) => p.includes(' compression: ')).map((p) => p.replace(/^t\.xml\.gz /, '')),
    ).toEqual(said.map((m) => `compression: ${m}`));
    expect(report.urls).toBe(table.urls);
    expect(report.files.map((f) => f.partial)).toEqual([true]);
  });

  it('keeps the first examples of each code and counts the rest', () => {
    const text = Array.from({ length: 30 }, (_, i) => `/page-${i}`).join('\n');
    const job = new StreamJob({ now, examplesPerCode: 3 });
    const feed = job.openFile('rel.txt');
    feed.push(bytesOf(text));
    feed.end();
    const report = job.finish();
    expect(report.byCode).toEqual({ 'loc-not-absolute': 30 });
    expect(report.examples.map((p) => `${p.line}:${p.column} ${p.loc}`)).toEqual([
      '1:1 /page-0',
      '2:1 /page-1',
      '3:1 /page-2',
    ]);
  });

  it('refuses a second file while one is open, and any file once finished', () => {
    const job = new StreamJob({ now });
    job.openFile('a.xml');
    expect(() => job.openFile('b.xml')).toThrow('end the previous file before opening another');
    job.finish();
    expect(() => job.openFile('c.xml')).toThrow('the job is finished');
  });
});
