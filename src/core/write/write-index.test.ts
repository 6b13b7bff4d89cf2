import { NO_ORIGIN_REASON } from './origin';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportSitemaps } from './export';
import { cleanBaseName } from './names';
import { options, rowsOf, text } from './test-helpers';

const rows3 = rowsOf([
  { loc: 'https://example.com/a' },
  { loc: 'https://example.com/b' },
  { loc: 'https://example.com/c' },
]);
const split = { maxUrls: 1, maxBytes: 52428800, maxSitemaps: 50000 };

describe('sitemap index', () => {
  it('gives each sitemap the newest lastmod of its rows (compared as instants), the export time only when none has one', () => {
    const rows = rowsOf([
      { loc: 'https://example.com/a', lastmod: '2024-03-05T01:00:00Z' },
      // Earlier as text, later as an instant (04:30 UTC).
      { loc: 'https://example.com/b', lastmod: '2024-03-04T23:30:00-05:00' },
      { loc: 'https://example.com/c' },
      { loc: 'https://example.com/d', lastmod: 'last Tuesday' },
      { loc: 'https://example.com/e', lastmod: '2023-12' },
      { loc: 'https://example.com/f', lastmod: '2023-11-30' },
    ]);
    const lastmods = (form: 'as-is' | 'date') => {
      const r = exportSitemaps(
        rows,
        options({ siteUrl: 'https://example.com/', limits: { ...split, maxUrls: 2 }, lastmodForm: form }),
      );
      return [...text(r.files.find((f) => f.kind === 'index')!.data).matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map(
        (m) => m[1],
      );
    };
    // The third sitemap's year-month is completed for the schema, as in the sitemap itself.
    expect(lastmods('as-is')).toEqual(['2024-03-04T23:30:00-05:00', '2024-05-06T07:08:09+00:00', '2023-12-01']);
    expect(lastmods('date')).toEqual(['2024-03-04', '2024-05-06T07:08:09+00:00', '2023-12-01']);
  });

  it('lists siteUrl + each file name, with the export time as lastmod when no row has one', () => {
    const r = exportSitemaps(rows3, options({ siteUrl: 'https://example.com/maps', limits: split }));
    const index = r.files.find((f) => f.kind === 'index')!;
    expect(index.name).toBe('sitemap-index.xml');
    expect(text(index.data)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        [1, 2, 3]
          .map(
            (n) =>
              `  <sitemap>\n    <loc>https://example.com/maps/sitemap-${n}.xml</loc>\n    <lastmod>2024-05-06T07:08:09+00:00</lastmod>\n  </sitemap>\n`,
          )
          .join('') +
        '</sitemapindex>\n',
    );
    expect(r.robotsTxt).toBe('Sitemap: https://example.com/maps/sitemap-index.xml\n');
  });

  it('names gzipped files .xml.gz, in the index and in robots.txt', () => {
    const r = exportSitemaps(rows3, options({ gzip: true, limits: split, baseName: 'shop' }));
    expect(r.files.map((f) => f.name)).toEqual([
      'shop-1.xml.gz',
      'shop-2.xml.gz',
      'shop-3.xml.gz',
      'shop-index.xml.gz',
    ]);
    const plain = exportSitemaps(rows3, options({ gzip: false, limits: split, baseName: 'shop' }));
    const gunzipped = text(gunzipSync(r.files[3]!.data));
    expect(gunzipped).toContain('<loc>https://example.com/shop-2.xml.gz</loc>');
    expect(gunzipped).toBe(text(plain.files[3]!.data).replace(/\.xml</g, '.xml.gz<'));
    expect(r.robotsTxt).toBe('Sitemap: https://example.com/shop-index.xml.gz\n');
  });

  it("writes an index for a single sitemap when index is 'always'", () => {
    const r = exportSitemaps(
      rowsOf([{ loc: 'https://example.com/a' }]),
      options({ index: 'always', schemaLocation: true }),
    );
    expect(r.files.map((f) => [f.name, f.kind, f.urls])).toEqual([
      ['sitemap.xml', 'sitemap', 1],
      ['sitemap-index.xml', 'index', 1],
    ]);
    expect(text(r.files[1]!.data)).toContain(
      'xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/siteindex.xsd"',
    );
    expect(text(r.files[1]!.data)).toContain('<loc>https://example.com/sitemap.xml</loc>');
    expect(r.robotsTxt).toBe('Sitemap: https://example.com/sitemap-index.xml\n');
  });

  it('refuses a multi-file export, writing nothing relative, when the Site URL is missing or not absolute', () => {
    for (const siteUrl of ['', 'example.com']) {
      const r = exportSitemaps(rows3, options({ siteUrl, limits: split }));
      expect(r.refused).toBe(NO_ORIGIN_REASON);
      expect(r.files).toEqual([]);
      expect(r.robotsTxt).toBe('');
    }
  });

  it('writes a single file without an origin, but no relative robots.txt line', () => {
    const r = exportSitemaps(rows3, options({ siteUrl: '' }));
    expect(r.refused).toBeUndefined();
    expect(r.files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(r.robotsTxt).toBe('');
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['loc-not-absolute', 'info']]);
  });
});

describe('cleanBaseName', () => {
  it('defaults, trims, and drops a typed extension and path separators', () => {
    expect(cleanBaseName(undefined)).toBe('sitemap');
    expect(cleanBaseName('  ')).toBe('sitemap');
    expect(cleanBaseName('news.xml.gz')).toBe('news');
    expect(cleanBaseName('a/b')).toBe('a-b');
  });
});
