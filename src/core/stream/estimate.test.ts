import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateDataSet } from '../../../bench/generate';
import { bytesOf } from '../../../fixtures/helpers';
import { estimateUrls } from './estimate';

const HEAD = 256 * 1024;
const xml = (generateDataSet(50_000).files[0] as { xml: Uint8Array }).xml;
const sample = (name: string, bytes: Uint8Array) => ({ name, size: bytes.length, head: bytes.subarray(0, HEAD) });

describe('estimateUrls', () => {
  it('counts exactly what a file read whole holds: <loc>s of a urlset, lines of a text file, none of an index', () => {
    const small = bytesOf(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b</loc></url></urlset>',
    );
    const text = bytesOf('https://e.com/a\nhttps://e.com/b\nhttps://e.com/c');
    const index = bytesOf(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.com/s.xml</loc></sitemap></sitemapindex>',
    );
    expect(estimateUrls([sample('a.xml', small), sample('b.txt', text), sample('i.xml', index)])).toEqual({
      urls: 5,
      bytes: small.length + text.length + index.length,
      exact: true,
    });
  });

  it('scales the head of a large file to its size, within 2%', () => {
    const e = estimateUrls([sample('big.xml', xml)]);
    expect(e.exact).toBe(false);
    expect(Math.abs(e.urls - 50_000) / 50_000).toBeLessThan(0.02);
    expect(e.bytes).toBe(xml.length);
  });

  it('reads the compression ratio of a gzip or zip from its inflated head, within 10%', () => {
    const gz = gzipSync(xml, { level: 6 });
    expect(gz.length).toBeGreaterThan(HEAD);
    for (const e of [
      estimateUrls([sample('big.xml.gz', gz)]),
      estimateUrls([sample('big.zip', zipSync({ 'big.xml': xml }))]),
    ]) {
      expect(e.exact).toBe(false);
      expect(Math.abs(e.urls - 50_000) / 50_000).toBeLessThan(0.1);
      expect(Math.abs(e.bytes - xml.length) / xml.length).toBeLessThan(0.1);
    }
  });
});

describe('estimateUrls on compression bombs', () => {
  it('estimates a zip of 8 members of 16 MiB of padding, no URL in them, as 0 URLs, by the real content', () => {
    const padding = new Uint8Array(16 * 1024 * 1024).fill(0x20);
    padding.set(bytesOf('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'));
    const members: Record<string, Uint8Array> = {};
    for (let i = 0; i < 8; i++) members[`s${i}.xml`] = padding;
    const bomb = zipSync(members, { level: 9 });
    // A head shorter than the file, as for the 8 × 250 MiB bomb of the issue (offered as "about 11.6 M URLs").
    expect(bomb.length).toBeGreaterThan(64 * 1024);
    const e = estimateUrls([{ name: 'bomb.zip', size: bomb.length, head: bomb.subarray(0, 64 * 1024) }]);
    expect(e).toMatchObject({ urls: 0, exact: false });
    // The ratio comes from the real inflate of the head: about 1,000:1 for padding.
    expect(e.bytes).toBeGreaterThan(bomb.length * 500);
  });

  it('still falls back to the usual entry size when the head inflates to almost nothing', () => {
    const tiny = bytesOf('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const e = estimateUrls([{ name: 'cut.xml', size: 180_000, head: tiny }]);
    expect(e).toEqual({ urls: 1_000, bytes: 180_000, exact: false });
  });
});
