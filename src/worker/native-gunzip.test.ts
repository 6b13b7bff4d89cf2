import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gunzipCapped } from '../core/read/inflate';
import { gunzipFrom, gunzipNative, preinflate } from './native-gunzip';

const xml = new TextEncoder().encode(
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
);

describe('native gunzip', () => {
  it('inflates a whole gzip stream', async () => {
    expect(await gunzipNative(gzipSync(xml), 1e6)).toEqual(xml);
  });

  it('gives up on a truncated stream, a corrupt CRC and an output over the cap', async () => {
    const gz = gzipSync(xml);
    expect(await gunzipNative(gz.subarray(0, gz.length - 10), 1e6)).toBeNull();
    const corrupt = gz.slice();
    corrupt[corrupt.length - 8] = (corrupt[corrupt.length - 8] as number) ^ 0xff;
    expect(await gunzipNative(corrupt, 1e6)).toBeNull();
    expect(await gunzipNative(gzipSync(new Uint8Array(5000)), 4999)).toBeNull();
  });

  it('hands the core what it inflated and leaves failures to the portable path and its message', async () => {
    const good = { name: 'a.xml.gz', bytes: gzipSync(xml) };
    const cut = { name: 'b.xml.gz', bytes: good.bytes.subarray(0, good.bytes.length - 12) };
    const plain = { name: 'c.xml', bytes: xml };
    const pre = await preinflate([good, cut, plain], 1e6);
    expect(pre.get(good.bytes)).toEqual(xml);
    expect(pre.has(cut.bytes)).toBe(false);
    expect(pre.has(plain.bytes)).toBe(false);
    const gunzip = gunzipFrom(pre);
    expect(gunzip(good.bytes, 1e6)).toEqual({ data: xml, capped: false });
    expect(gunzip(cut.bytes, 1e6)).toEqual(gunzipCapped(cut.bytes, 1e6));
    expect(gunzip(cut.bytes, 1e6).failure).toMatch(/truncated|unexpected end/);
  });
});
