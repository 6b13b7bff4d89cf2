import { describe, expect, it } from 'vitest';
import { corpusFile, hasShared, importText } from '../../../fixtures/helpers';
import { alternateLink } from '../edit/hreflang-edit';
import { UrlRows } from '../rows/rows';
import { exportSitemaps, planExport } from './export';
import { count, image, options, rowsOf, text } from './test-helpers';

const limits = (maxBytes: number) => ({ maxUrls: 50000, maxBytes, maxSitemaps: 50000 });
const enc = new TextEncoder();

/** Rows whose weight is mostly their extensions: ten alternates each, with non-ASCII URLs (3 bytes a character). */
function alternateRows(n: number): UrlRows {
  return rowsOf(
    Array.from({ length: n }, (_, i) => {
      const loc = `https://example.com/p/${i}`;
      const ext = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'ja', 'zh-Hant'].map((lang) =>
        alternateLink(lang, `https://example.com/${lang}/страница-${i}`),
      );
      return { loc, ext };
    }),
  );
}

describe('the byte-size split counts extension weight', () => {
  it('cuts files of rows with hreflang alternates at the byte limit, exactly as planned, each declaring xhtml', () => {
    const rows = alternateRows(40);
    const max = 12_000;
    const r = exportSitemaps(rows, options({ limits: limits(max) }));
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    // Without their alternates the 40 rows are ~2 KB: one file. With them, several.
    expect(
      exportSitemaps(
        rowsOf(Array.from({ length: 40 }, (_, i) => ({ loc: `https://example.com/p/${i}` }))),
        options({ limits: limits(max) }),
      ).files,
    ).toHaveLength(1);
    expect(sitemaps.length).toBeGreaterThan(3);
    expect(sitemaps.reduce((n, f) => n + f.urls, 0)).toBe(40);
    const planned = planExport(rows, options({ limits: limits(max) }));
    expect(planned.map((f) => f.rawBytes)).toEqual(r.files.map((f) => f.data.length));
    for (const f of sitemaps) {
      expect(f.data.length).toBeLessThanOrEqual(max);
      const xml = text(f.data);
      expect(count(xml, 'xmlns:xhtml="http://www.w3.org/1999/xhtml"')).toBe(1);
      expect(count(xml, '<xhtml:link ')).toBe(f.urls * 10);
    }
    // Each file but the last is full: the next file's first entry would not have fitted in it.
    const firstEntry = (xml: string) => / {2}<url>\n[\s\S]*?<\/url>\n/.exec(xml)?.[0] ?? '';
    sitemaps.slice(0, -1).forEach((f, k) => {
      const next = enc.encode(firstEntry(text(sitemaps[k + 1]!.data))).length;
      expect(next).toBeGreaterThan(500);
      expect(f.data.length + next).toBeGreaterThan(max);
    });
  });

  it('the same holds for image entries', () => {
    const rows = rowsOf(
      Array.from({ length: 30 }, (_, i) => ({
        loc: `https://example.com/i/${i}`,
        ext: Array.from({ length: 8 }, (_, k) => image(`https://cdn.example.com/img/${i}/${k}.jpg`)),
      })),
    );
    const r = exportSitemaps(rows, options({ limits: limits(8_000) }));
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.length).toBeGreaterThan(2);
    for (const f of sitemaps) expect(f.data.length).toBeLessThanOrEqual(8_000);
    expect(sitemaps.reduce((n, f) => n + count(text(f.data), '<image:image>'), 0)).toBe(240);
  });

  it.runIf(hasShared)("a real 1 MB image sitemap (4,926 images) splits by its images' weight", () => {
    const set = importText(corpusFile('image_webflow-1MB_image-sitemap.xml'));
    const max = 300_000;
    const r = exportSitemaps(set.rows, options({ limits: limits(max) }));
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.length).toBeGreaterThanOrEqual(4);
    for (const f of sitemaps) expect(f.data.length).toBeLessThanOrEqual(max);
    expect(sitemaps.reduce((n, f) => n + f.urls, 0)).toBe(583);
    expect(sitemaps.reduce((n, f) => n + count(text(f.data), '<image:image>'), 0)).toBe(4926);
  });
});
