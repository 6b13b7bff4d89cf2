import { describe, expect, it } from 'vitest';
import { exportSitemaps, planExport } from './export';
import { LIMITS } from '../rules/limits';
import { count, ext, image, options, rowsOf, text } from './test-helpers';

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s).length;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const FOOT = '</urlset>\n';
/** The entry the writer produces for a loc-only row, written out independently. */
const entryOf = (loc: string) => `  <url>\n    <loc>${loc}</loc>\n  </url>\n`;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
const locRows = (n: number, f = (i: number) => `https://example.com/p/${String(i).padStart(6, '0')}`) =>
  rowsOf(Array.from({ length: n }, (_, i) => ({ loc: f(i) })));

describe('splitting by URL count', () => {
  it('keeps 50,000 rows in one file, without an index', () => {
    const r = exportSitemaps(locRows(50000), options());
    expect(r.files.map((f) => [f.name, f.urls, f.kind])).toEqual([['sitemap.xml', 50000, 'sitemap']]);
    expect(count(text(r.files[0]!.data), '<url>')).toBe(50000);
    expect(r.robotsTxt).toBe('Sitemap: https://example.com/sitemap.xml\n');
    expect(r.problems).toEqual([]);
  });

  it('splits 50,001 rows into 50,000 + 1 and writes an index', () => {
    const r = exportSitemaps(locRows(50001), options());
    expect(r.files.map((f) => [f.name, f.urls, f.kind])).toEqual([
      ['sitemap-1.xml', 50000, 'sitemap'],
      ['sitemap-2.xml', 1, 'sitemap'],
      ['sitemap-index.xml', 2, 'index'],
    ]);
    expect(count(text(r.files[0]!.data), '<url>')).toBe(50000);
    expect(locs(text(r.files[1]!.data))).toEqual(['https://example.com/p/050000']);
    expect(r.robotsTxt).toBe('Sitemap: https://example.com/sitemap-index.xml\n');
  });
});

describe('splitting by bytes', () => {
  const N = 40;
  const rows = locRows(N);
  const E = bytes(entryOf('https://example.com/p/000000'));
  const full = bytes(HEAD) + N * E + bytes(FOOT);

  it('keeps a file of exactly maxBytes whole', () => {
    const r = exportSitemaps(rows, options({ limits: { maxUrls: 50000, maxBytes: full, maxSitemaps: 50000 } }));
    expect(r.files).toHaveLength(1);
    expect(r.files[0]!.data.length).toBe(full);
    expect(r.files[0]!.rawBytes).toBe(full);
  });

  it('moves the last entry to a new file when the file would be one byte over', () => {
    const r = exportSitemaps(rows, options({ limits: { maxUrls: 50000, maxBytes: full - 1, maxSitemaps: 50000 } }));
    expect(r.files.map((f) => [f.urls, f.rawBytes, f.data.length])).toEqual([
      [N - 1, full - E, full - E],
      [1, bytes(HEAD) + E + bytes(FOOT), bytes(HEAD) + E + bytes(FOOT)],
      [2, expect.any(Number), expect.any(Number)],
    ]);
  });

  it('fills every file as far as 10,000 bytes allow, multi-byte URLs included', () => {
    const max = 10000;
    const all = Array.from(
      { length: 800 },
      (_, i) => `https://example.com/${'ü'.repeat(i % 37)}/${'a&b'.repeat(i % 5)}/${i}`,
    );
    const escaped = all.map((l) => l.replace(/&/g, '&amp;'));
    const r = exportSitemaps(
      rowsOf(all.map((loc) => ({ loc }))),
      options({ limits: { maxUrls: 50000, maxBytes: max, maxSitemaps: 50000 } }),
    );
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.length).toBeGreaterThanOrEqual(8);
    let next = 0;
    for (const [k, f] of sitemaps.entries()) {
      const got = locs(text(f.data));
      expect(got).toEqual(escaped.slice(next, next + got.length));
      next += got.length;
      expect(f.data.length).toBe(bytes(HEAD) + got.reduce((n, l) => n + bytes(entryOf(l)), 0) + bytes(FOOT));
      expect(f.data.length).toBeLessThanOrEqual(max);
      if (k < sitemaps.length - 1) expect(f.data.length + bytes(entryOf(escaped[next] as string))).toBeGreaterThan(max);
    }
    expect(next).toBe(all.length);
  });

  it('counts a namespace declaration the entry brings into the file', () => {
    const plain = 'https://example.com/a';
    const imaged = { loc: 'https://example.com/b', ext: [image('https://example.com/b.png')] };
    const imageEntry =
      '  <url>\n    <loc>https://example.com/b</loc>\n    <image:image>\n      <image:loc>https://example.com/b.png</image:loc>\n    </image:image>\n  </url>\n';
    const decl = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
    // Room for both entries, but not for the declaration the second one needs.
    const max = bytes(HEAD) + bytes(entryOf(plain)) + bytes(imageEntry) + bytes(FOOT) + bytes(decl) - 1;
    const r = exportSitemaps(
      rowsOf([{ loc: plain }, imaged]),
      options({ limits: { maxUrls: 50000, maxBytes: max, maxSitemaps: 50000 } }),
    );
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.map((f) => f.urls)).toEqual([1, 1]);
    expect(sitemaps[1]!.data.length).toBe(bytes(HEAD) + bytes(decl) + bytes(imageEntry) + bytes(FOOT));
    for (const f of sitemaps) expect(f.data.length).toBeLessThanOrEqual(max);
  });

  it('leaves out an entry that cannot fit even alone, and reports it', () => {
    const rows = rowsOf([
      { loc: 'https://example.com/a' },
      { loc: 'https://example.com/' + 'x'.repeat(300) },
      { loc: 'https://example.com/c' },
    ]);
    const r = exportSitemaps(rows, options({ limits: { maxUrls: 50000, maxBytes: 400, maxSitemaps: 50000 } }));
    const all = r.files.filter((f) => f.kind === 'sitemap').flatMap((f) => locs(text(f.data)));
    expect(all).toEqual(['https://example.com/a', 'https://example.com/c']);
    for (const f of r.files) expect(f.data.length).toBeLessThanOrEqual(400);
    expect(r.problems.map((p) => [p.code, p.severity, p.row])).toEqual([['file-too-large', 'error', 2]]);
  });

  it('splits at 10 MiB with the legacy profile', () => {
    const rows = locRows(11000, (i) => `https://example.com/${String(i).padStart(6, '0')}/${'y'.repeat(950)}`);
    const legacy = exportSitemaps(rows, options({ limits: LIMITS.legacy }));
    const sitemaps = legacy.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps).toHaveLength(2);
    const first = sitemaps[0]!;
    expect(first.data.length).toBeLessThanOrEqual(10485760);
    const nextLoc = locs(text(sitemaps[1]!.data))[0] as string;
    expect(first.data.length + bytes(entryOf(nextLoc))).toBeGreaterThan(10485760);
    expect(first.urls + sitemaps[1]!.urls).toBe(11000);
    expect(exportSitemaps(rows, options({ limits: LIMITS.standard })).files).toHaveLength(1);
  });
});

describe('text sitemaps', () => {
  it('writes one URL per line, LF, nothing else', () => {
    const r = exportSitemaps(
      rowsOf([
        {
          loc: 'https://example.com/a?x=1&y=2',
          lastmod: '2024-01-01',
          priority: '0.5',
          ext: [image('https://example.com/i.png')],
        },
        { loc: 'https://example.com/ü' },
      ]),
      options({ format: 'txt' }),
    );
    expect(r.files.map((f) => f.name)).toEqual(['sitemap.txt']);
    expect(text(r.files[0]!.data)).toBe('https://example.com/a?x=1&y=2\nhttps://example.com/ü\n');
  });

  it('splits by count and by bytes, and indexes the .txt files', () => {
    const rows = locRows(5);
    const byCount = exportSitemaps(
      rows,
      options({ format: 'txt', limits: { maxUrls: 2, maxBytes: 52428800, maxSitemaps: 50000 } }),
    );
    expect(byCount.files.map((f) => [f.name, f.urls])).toEqual([
      ['sitemap-1.txt', 2],
      ['sitemap-2.txt', 2],
      ['sitemap-3.txt', 1],
      ['sitemap-index.xml', 3],
    ]);
    expect(text(byCount.files[3]!.data)).toContain('<loc>https://example.com/sitemap-3.txt</loc>');
    const line = bytes('https://example.com/p/000000\n');
    const byBytes = exportSitemaps(
      rows,
      options({ format: 'txt', limits: { maxUrls: 50000, maxBytes: 2 * line, maxSitemaps: 50000 } }),
    );
    expect(byBytes.files.filter((f) => f.kind === 'sitemap').map((f) => f.data.length)).toEqual([
      2 * line,
      2 * line,
      line,
    ]);
  });
});

describe('index splitting', () => {
  it('splits the index at maxSitemaps and lists every index in robots.txt', () => {
    const r = exportSitemaps(locRows(7), options({ limits: { maxUrls: 1, maxBytes: 52428800, maxSitemaps: 3 } }));
    const indexes = r.files.filter((f) => f.kind === 'index');
    expect(indexes.map((f) => [f.name, f.urls])).toEqual([
      ['sitemap-index-1.xml', 3],
      ['sitemap-index-2.xml', 3],
      ['sitemap-index-3.xml', 1],
    ]);
    expect(locs(text(indexes[2]!.data))).toEqual(['https://example.com/sitemap-7.xml']);
    expect(r.robotsTxt).toBe(
      'Sitemap: https://example.com/sitemap-index-1.xml\nSitemap: https://example.com/sitemap-index-2.xml\nSitemap: https://example.com/sitemap-index-3.xml\n',
    );
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['too-many-sitemaps', 'info']]);
  });
});

describe('planExport', () => {
  it('predicts the names, counts and exact sizes of an export', () => {
    const rows = rowsOf(
      Array.from({ length: 300 }, (_, i) => ({
        loc: `https://example.com/ü/${i}`,
        lastmod: '2024-01-01',
        ext: i % 7 ? [] : [image('https://example.com/i.png')],
      })),
    );
    for (const over of [{}, { gzip: true }, { format: 'txt' as const }, { index: 'always' as const }]) {
      const opts = options({ ...over, limits: { maxUrls: 120, maxBytes: 9000, maxSitemaps: 4 } });
      const planned = planExport(rows, opts);
      const done = exportSitemaps(rows, opts).files.map(({ name, urls, rawBytes, kind }) => ({
        name,
        urls,
        rawBytes,
        kind,
      }));
      expect(planned).toEqual(done);
    }
  });
});

describe('splitting news sitemaps', () => {
  /** A complete `<news:news>` entry. */
  const news = (i: number) =>
    ext('news', 'news', {}, [
      ext('news', 'publication', {}, [ext('news', 'name', {}, ['The Daily']), ext('news', 'language', {}, ['en'])]),
      ext('news', 'publication_date', {}, ['2024-05-06']),
      ext('news', 'title', {}, [`Story ${i}`]),
    ]);

  it('cuts a file at 1,000 news entries, whatever the URL limit, and lets plain URLs fill the rest', () => {
    const entries = Array.from({ length: 2600 }, (_, i) => ({
      loc: `https://example.com/n/${i}`,
      ext: i < 2500 ? [news(i)] : [],
    }));
    const rows = rowsOf(entries);
    const r = exportSitemaps(rows, options());
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.map((f) => f.urls)).toEqual([1000, 1000, 600]);
    expect(sitemaps.map((f) => count(text(f.data), '<news:news>'))).toEqual([1000, 1000, 500]);
    expect(
      planExport(rows, options())
        .filter((f) => f.kind === 'sitemap')
        .map((f) => f.urls),
    ).toEqual([1000, 1000, 600]);
    expect(r.files.some((f) => f.kind === 'index')).toBe(true);
  });

  it('keeps 1,000 news entries among 40,000 URLs in one file', () => {
    const entries = Array.from({ length: 40_000 }, (_, i) => ({
      loc: `https://example.com/p/${i}`,
      ext: i % 40 === 0 ? [news(i)] : [],
    }));
    const r = exportSitemaps(rowsOf(entries), options());
    expect(r.files.map((f) => f.urls)).toEqual([40_000]);
  });
});
