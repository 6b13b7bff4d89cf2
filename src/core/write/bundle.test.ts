import { gunzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bundleZip } from './bundle';
import { exportSitemaps } from './export';
import { image, options, rowsOf, sameBytes, text } from './test-helpers';

const rows = rowsOf(
  Array.from({ length: 500 }, (_, i) => ({
    loc: `https://example.com/ü/${i}?a=1&b=2`,
    lastmod: '2024-01-02',
    priority: '0.5',
    ext: i % 3 ? [] : [image(`https://example.com/${i}.png`)],
  })),
);
const limits = { maxUrls: 200, maxBytes: 52428800, maxSitemaps: 50000 };

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('gzip', () => {
  it('gunzips to exactly the bytes of the uncompressed export', () => {
    const plain = exportSitemaps(rows, options({ limits }));
    const gz = exportSitemaps(rows, options({ limits, gzip: true }));
    expect(gz.files.map((f) => f.name)).toEqual([
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    for (let i = 0; i < 3; i++) {
      const g = gz.files[i]!;
      const p = plain.files[i]!;
      expect(g.data[0]).toBe(0x1f);
      expect(g.data[1]).toBe(0x8b);
      expect(sameBytes(gunzipSync(g.data), p.data)).toBe(true);
      expect(g.rawBytes).toBe(p.data.length);
      expect(g.data.length).toBeLessThan(p.data.length);
    }
  });

  it('writes no timestamp in the gzip header', () => {
    const gz = exportSitemaps(rows, options({ gzip: true }));
    expect([...gz.files[0]!.data.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
  });
});

describe('determinism', () => {
  it('gives identical bytes for the same rows and options, zip included', () => {
    for (const gzip of [false, true]) {
      const a = exportSitemaps(rows, options({ limits, gzip }));
      const b = exportSitemaps(rows, options({ limits, gzip }));
      expect(b.files.map((f) => [f.name, f.urls, f.rawBytes, f.kind])).toEqual(
        a.files.map((f) => [f.name, f.urls, f.rawBytes, f.kind]),
      );
      for (const [i, f] of b.files.entries()) expect(sameBytes(f.data, a.files[i]?.data)).toBe(true);
      expect(b.robotsTxt).toBe(a.robotsTxt);
      expect(sameBytes(bundleZip(b), bundleZip(a))).toBe(true);
    }
  });
});

describe('bundleZip', () => {
  it('holds every file and robots.txt, storing gzipped members as they are', () => {
    const r = exportSitemaps(rows, options({ limits, gzip: true }));
    const zip = bundleZip(r);
    const members = unzipSync(zip);
    expect(Object.keys(members)).toEqual([...r.files.map((f) => f.name), 'robots.txt']);
    for (const f of r.files) expect(sameBytes(members[f.name], f.data)).toBe(true);
    expect(text(members['robots.txt']!)).toBe('Sitemap: https://example.com/sitemap-index.xml.gz\n');
    // Stored, not deflated again: the gzip bytes appear verbatim in the zip.
    expect(indexOf(zip, r.files[0]!.data)).toBeGreaterThan(0);
  });

  it('deflates plain members', () => {
    const r = exportSitemaps(rows, options({ limits }));
    const zip = bundleZip(r);
    expect(sameBytes(unzipSync(zip)['sitemap-1.xml'], r.files[0]!.data)).toBe(true);
    expect(zip.length).toBeLessThan(r.files.reduce((n, f) => n + f.data.length, 0));
  });
});
