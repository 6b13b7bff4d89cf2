import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  bytesOf,
  fixture,
  forEachReader,
  importText,
  problemCodes,
  readFiles,
  urlset,
  listOf,
} from '../../../fixtures/helpers';
import { DEFAULT_MAX_DECOMPRESSED } from './inflate';
import { formatBytes, formatNumber } from '../text/format';

forEachReader(() => {
  const ONE = urlset('<url><loc>https://e.com/</loc></url>');

  describe('importFiles: containers, judged by content', () => {
    it('gunzips by magic bytes, whatever the name', () => {
      const set = readFiles([{ name: 'sitemap.bin', bytes: gzipSync(bytesOf(ONE)) }]);
      expect(set.files[0]).toMatchObject({ kind: 'urlset', compression: 'gzip', count: 1 });
      expect(set.problems).toEqual([]);
    });

    it('reads a file named .gz that is plain XML', () => {
      const set = readFiles([{ name: 'sitemap.xml.gz', bytes: bytesOf(ONE) }]);
      expect(set.files[0]).toMatchObject({ kind: 'urlset', compression: null, count: 1 });
    });

    it('reads every member of a zip, gzipped members included, and skips junk', () => {
      const zip = zipSync({
        'a.xml': bytesOf(ONE),
        'sub/b.txt.gz': gzipSync(bytesOf('https://e.com/b\nhttps://e.com/c\n')),
        '__MACOSX/._a.xml': bytesOf('junk'),
        '.DS_Store': bytesOf('junk'),
      });
      const set = readFiles([{ name: 'bundle.zip', bytes: zip }]);
      expect(set.files.map((f) => [f.name, f.kind, f.count])).toEqual([
        ['bundle.zip/a.xml', 'urlset', 1],
        ['bundle.zip/sub/b.txt.gz', 'text', 2],
      ]);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/', 'https://e.com/b', 'https://e.com/c']);
    });

    it('stops a gzip bomb at the default cap of 256 MiB with a clear problem', () => {
      // 17 gzip members of 16 MiB of zeros: 272 MiB once inflated, cheap to build.
      const member = gzipSync(new Uint8Array(16 * 1024 * 1024), { level: 1 });
      const bomb = new Uint8Array(member.length * 17);
      for (let i = 0; i < 17; i++) bomb.set(member, i * member.length);
      expect(17 * 16 * 1024 * 1024).toBeGreaterThan(DEFAULT_MAX_DECOMPRESSED);
      const set = readFiles([{ name: 'bomb.xml.gz', bytes: bomb }]);
      expect(problemCodes(set)).toEqual({ compression: 1 });
      expect(set.problems[0]?.message).toContain('exceeds the cap of 256 MiB');
      expect(set.rows.length).toBe(0);
    });

    it('stops a zip bomb at the cap, per member', () => {
      const zip = zipSync({ 'big.xml': new Uint8Array(5_000_000), 'ok.xml': bytesOf(ONE) });
      const set = readFiles([{ name: 'b.zip', bytes: zip }], { maxDecompressedBytes: 1_000_000 });
      expect(set.problems.map((p) => [p.code, p.file])).toEqual([['compression', 'b.zip/big.xml']]);
      expect(set.problems[0]?.message).toContain('exceeds the cap');
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/']);
    });

    it('reports a truncated gzip as a file that ends early, with what was recovered of it, and reads what it holds', () => {
      const gz = gzipSync(bytesOf(urlset('<url><loc>https://e.com/1</loc></url>\n'.repeat(2000))));
      const set = readFiles([{ name: 't.xml.gz', bytes: gz.subarray(0, Math.floor(gz.length * 0.6)) }]);
      expect(problemCodes(set).compression).toBe(1);
      expect(set.rows.length).toBeGreaterThan(100);
      expect(set.problems[0]?.message).toBe(
        `t.xml.gz: the file ends early: its compressed data stops before the end, so what followed is lost; ${formatBytes(set.files[0]?.bytes ?? 0)} decompressed, ${formatNumber(set.rows.length)} URLs recovered from them (Search Console: "Compression error")`,
      );
      expect(set.files[0]).toMatchObject({ name: 't.xml.gz', compression: 'gzip', partial: true });
    });

    it('reports a gzip whose CRC does not match', () => {
      const gz = gzipSync(bytesOf(ONE));
      gz[gz.length - 8] = (gz[gz.length - 8]! + 1) & 0xff;
      const set = readFiles([{ name: 'c.xml.gz', bytes: gz }]);
      expect(set.problems.map((p) => p.message)).toEqual([expect.stringContaining('CRC check failed')]);
    });

    it.each([
      ['an empty file', new Uint8Array(0), 'The file is empty'],
      ['only whitespace', bytesOf('  \n\n '), 'only whitespace'],
      ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]), 'This is a PNG image'],
      ['binary junk', new Uint8Array(Array.from({ length: 300 }, (_, i) => (i * 7919) % 256)), 'binary file'],
      ['a damaged zip', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'zip'],
    ])('turns %s into one clear problem', (_label, bytes, text) => {
      const set = readFiles([{ name: 'x', bytes }]);
      expect(set.problems.length).toBeGreaterThanOrEqual(1);
      expect(set.problems.map((p) => p.message).join(' ')).toContain(text);
      expect(set.rows.length).toBe(0);
    });
  });

  describe('importFiles: encodings', () => {
    it('reads UTF-8 with a BOM silently and drops the BOM', () => {
      const set = readFiles([{ name: 'a.xml', bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(ONE)]) }]);
      expect(set.problems).toEqual([]);
      expect(set.files[0]?.encoding).toBe('utf-8');
    });

    it.each([
      [
        'utf-16le',
        [0xff, 0xfe],
        (s: string) => Array.from(s).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
      ],
      [
        'utf-16be',
        [0xfe, 0xff],
        (s: string) => Array.from(s).flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]),
      ],
    ])('decodes %s with a BOM and reports it', (encoding, bom, encode) => {
      const doc = urlset('<url><loc>https://e.com/ü</loc></url>');
      const set = readFiles([{ name: 'a.xml', bytes: new Uint8Array([...bom, ...encode(doc)]) }]);
      expect(set.files[0]?.encoding).toBe(encoding);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/ü']);
      expect(problemCodes(set)).toEqual({ encoding: 1 });
    });

    it('decodes a declared legacy encoding (windows-1251) and reports it', () => {
      const head =
        '<?xml version="1.0" encoding="windows-1251"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/';
      const tail = '</loc></url></urlset>';
      const bytes = new Uint8Array([...bytesOf(head), 0xcf, 0xf0, 0xe8, ...bytesOf(tail)]);
      const set = readFiles([{ name: 'a.xml', bytes }]);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/При']);
      expect(set.files[0]?.encoding).toBe('windows-1251');
      expect(set.problems[0]?.message).toContain('declares encoding "windows-1251"');
    });

    it('replaces invalid UTF-8 and says where the first bad byte was', () => {
      const bytes = bytesOf(urlset('<url><loc>https://e.com/X</loc></url>'));
      bytes[bytes.indexOf(0x58)] = 0xff;
      const set = readFiles([{ name: 'a.xml', bytes }]);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/\uFFFD']);
      expect(set.problems[0]).toMatchObject({ code: 'encoding', line: 3, column: 25 });
    });
  });

  describe('importFiles: text and CSV sitemaps', () => {
    it('reads one URL per line, trimming an indented one (value-whitespace)', () => {
      const set = importText(fixture('urls.txt'), 'urls.txt');
      expect(set.files[0]).toMatchObject({ kind: 'text', count: 4 });
      expect(listOf(set.rows.loc)).toEqual([
        'https://example.com/',
        'https://example.com/about',
        'https://example.com/spaced',
        'https://example.com/ü',
      ]);
      expect(set.rows.origin(2)).toEqual({ file: 0, line: 4, column: 3 });
      expect(set.problems.map((p) => [p.code, p.line, p.column])).toEqual([['value-whitespace', 4, 1]]);
    });

    it('refuses prose that lists no URLs', () => {
      const set = importText('Dear team,\nplease find attached.\n', 'notes.txt');
      expect(problemCodes(set)).toEqual({ 'not-a-sitemap': 1 });
    });

    it('reads CSV columns by header', () => {
      const set = importText(fixture('urls.csv'), 'urls.csv');
      expect(set.files[0]).toMatchObject({ kind: 'csv', count: 2 });
      expect(listOf(set.rows)).toEqual([
        { loc: 'https://example.com/', lastmod: '2024-01-01', changefreq: 'daily', priority: '1.0', ext: [] },
        { loc: 'https://example.com/a', lastmod: '2024/01/05', changefreq: 'Daily', priority: '0,8', ext: [] },
      ]);
    });

    it('reads TSV with other header names in another order', () => {
      const set = importText('Priority\tAddress\tLast Modified\n0.5\thttps://e.com/x\t2024-02-02\n', 'export.tsv');
      expect(listOf(set.rows)).toEqual([
        { loc: 'https://e.com/x', lastmod: '2024-02-02', changefreq: '', priority: '0.5', ext: [] },
      ]);
    });
  });

  describe('importFiles: sitemap indexes', () => {
    it('names a missing child by its full URL: a Hugo index lists sitemap.xml twice', () => {
      const set = importText(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>
  <sitemap><loc>https://example.com/es/sitemap.xml</loc></sitemap>
</sitemapindex>`,
        'sitemap.xml',
      );
      expect(set.problems.filter((p) => p.code === 'index-child-missing').map((p) => [p.line, p.message])).toEqual([
        [
          2,
          'The index lists https://example.com/en/sitemap.xml ("sitemap.xml"), which was not imported: add that file to check its URLs too',
        ],
        [
          3,
          'The index lists https://example.com/es/sitemap.xml ("sitemap.xml"), which was not imported: add that file to check its URLs too',
        ],
      ]);
    });

    it('a Hugo index at /sitemap.xml is not taken for its own children, and given with them resolves each once', () => {
      const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>
  <sitemap><loc>https://example.com/sitemap.xml</loc></sitemap>
</sitemapindex>`;
      const child = (lang: string) => ({
        name: `hugo.zip/${lang}/sitemap.xml`,
        bytes: bytesOf(urlset(`<url><loc>https://example.com/${lang}/</loc></url>`)),
      });
      const set = readFiles([
        {
          name: 'sitemap.xml',
          bytes: bytesOf(index.replace('https://example.com/sitemap.xml', 'https://example.com/es/sitemap.xml')),
        },
        child('es'),
        child('en'),
      ]);
      // Each entry finds the file whose path ends as its loc's.
      expect(set.sitemaps.map((s) => s.child)).toEqual([2, 1]);
      expect(set.problems.map((p) => p.code)).toEqual([]);
      // The entry at the root names the index itself: that one is nested.
      const alone = importText(index, 'sitemap.xml');
      expect(alone.problems.map((p) => [p.code, p.line])).toEqual([
        ['index-child-missing', 2],
        ['nested-index', 3],
      ]);
    });

    it('resolves children given with the index and lists the missing ones', () => {
      const set = readFiles([
        { name: 'basic-index.xml', bytes: fixture('basic-index.xml') },
        { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
      ]);
      expect(set.sitemaps.map((s) => s.child)).toEqual([1, -1]);
      expect(set.problems.map((p) => [p.code, p.file, p.line])).toEqual([
        ['index-child-missing', 'basic-index.xml', 7],
      ]);
      expect(set.problems[0]?.message).toBe(
        'The index lists https://example.com/missing-child.xml.gz ("missing-child.xml.gz"), which was not imported: add that file to check its URLs too',
      );
    });

    it('matches a child with or without .gz', () => {
      const index =
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.com/a.xml</loc></sitemap></sitemapindex>';
      const set = readFiles([
        { name: 'i.xml', bytes: bytesOf(index) },
        { name: 'a.xml.gz', bytes: gzipSync(bytesOf(ONE)) },
      ]);
      expect(set.sitemaps[0]?.child).toBe(1);
      expect(set.problems).toEqual([]);
    });

    it('reports an index that lists another index, or itself', () => {
      const a =
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.com/b.xml</loc></sitemap><sitemap><loc>https://e.com/a.xml</loc></sitemap></sitemapindex>';
      const b =
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.com/c.xml</loc></sitemap></sitemapindex>';
      const set = readFiles([
        { name: 'a.xml', bytes: bytesOf(a) },
        { name: 'b.xml', bytes: bytesOf(b) },
      ]);
      expect(set.problems.filter((p) => p.code === 'nested-index').map((p) => p.message)).toEqual([
        expect.stringContaining('"b.xml", which is itself a sitemap index'),
        expect.stringContaining('lists itself'),
      ]);
    });
  });

  describe('importFiles: protocol limits at their edges', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `https://e.com/${i}`).join('\n');

    it('accepts 50,000 URLs in one file and reports 50,001', () => {
      expect(problemCodes(importText(lines(50_000), 'a.txt'))).toEqual({});
      const over = importText(lines(50_001), 'a.txt');
      expect(problemCodes(over)).toEqual({ 'too-many-urls': 1 });
      expect(over.problems[0]?.message).toContain('50,001 URLs');
    });

    it('accepts 52,428,800 bytes uncompressed and reports one byte more (multi-byte characters counted as bytes)', () => {
      const sized = (total: number): Uint8Array => {
        const head = urlset('<url><loc>https://e.com/</loc></url>').replace('</urlset>\n', '<!--');
        const tail = '--></urlset>';
        const fixed = bytesOf(head).length + bytesOf(tail).length;
        const room = total - fixed; // filled with 'ü' (2 bytes) and, if odd, one 'a'
        return bytesOf(head + 'ü'.repeat(Math.floor(room / 2)) + (room % 2 ? 'a' : '') + tail);
      };
      const at = sized(52_428_800);
      expect(at.length).toBe(52_428_800);
      expect(problemCodes(importText(at))).toEqual({});
      const over = sized(52_428_801);
      expect(over.length).toBe(52_428_801);
      expect(problemCodes(importText(over))).toEqual({ 'file-too-large': 1 });
    });
  });
});
