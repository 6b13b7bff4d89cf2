import { gzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { importFiles } from '../core/read/import-files';
import * as inflate from '../core/read/inflate';
import { CUT_OFF, gunzipCapped } from '../core/read/inflate';
import { gunzipFrom, gunzipNative, preinflate } from './native-gunzip';

const xml = new TextEncoder().encode(
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
);

describe('native gunzip', () => {
  it('inflates a whole gzip stream', async () => {
    expect(await gunzipNative(gzipSync(xml), 1e6)).toEqual({ data: xml });
  });

  it('gives up on a truncated stream and a corrupt CRC, and says when the output passes the cap', async () => {
    const gz = gzipSync(xml);
    expect(await gunzipNative(gz.subarray(0, gz.length - 10), 1e6)).toBeNull();
    const corrupt = gz.slice();
    corrupt[corrupt.length - 8] = (corrupt[corrupt.length - 8] as number) ^ 0xff;
    expect(await gunzipNative(corrupt, 1e6)).toBeNull();
    expect(await gunzipNative(gzipSync(new Uint8Array(5000)), 4999)).toEqual({ capped: true });
  });

  it('hands the core what it inflated and leaves failures to the portable path and its message', async () => {
    const good = { name: 'a.xml.gz', bytes: gzipSync(xml) };
    const cut = { name: 'b.xml.gz', bytes: good.bytes.subarray(0, good.bytes.length - 12) };
    const plain = { name: 'c.xml', bytes: xml };
    const pre = await preinflate([good, cut, plain], 1e6);
    expect(pre.get(good.bytes)).toEqual({ data: xml, capped: false });
    expect(pre.has(cut.bytes)).toBe(false);
    expect(pre.has(plain.bytes)).toBe(false);
    const gunzip = gunzipFrom(pre);
    expect(gunzip(good.bytes, 1e6)).toEqual({ data: xml, capped: false });
    expect(gunzip(cut.bytes, 1e6)).toEqual(gunzipCapped(cut.bytes, 1e6));
    expect(gunzip(cut.bytes, 1e6).failure).toBe(CUT_OFF);
  });

  it('stops a bomb at the cap with the cap message, and inflates it once: the portable path never runs', async () => {
    const cap = 1 << 20;
    const bomb = { name: 'bomb.xml.gz', bytes: gzipSync(new Uint8Array(cap * 3)) };
    const heard: number[] = [];
    const pre = await preinflate([bomb], cap, (bytes) => heard.push(bytes));
    // What was inflated, as it was: the page's progress while the bomb is inflated, never past the cap.
    expect(heard.length).toBeGreaterThan(0);
    expect(Math.max(...heard)).toBeLessThanOrEqual(cap);
    const portable = vi.spyOn(inflate, 'gunzipCapped');
    expect(gunzipFrom(pre)(bomb.bytes, cap)).toEqual({
      data: new Uint8Array(0),
      capped: true,
      failure: 'decompressed size exceeds the cap of 1 MiB: stopped (a compression bomb?)',
    });
    expect(portable).not.toHaveBeenCalled();
    const set = importFiles([bomb], { maxDecompressedBytes: cap, gunzip: gunzipFrom(pre) });
    expect(set.problems.map((p) => [p.code, p.message])).toEqual([
      [
        'compression',
        'bomb.xml.gz: decompressed size exceeds the cap of 1 MiB: stopped (a compression bomb?) (Search Console: "Compression error")',
      ],
    ]);
    expect(portable).not.toHaveBeenCalled();
    portable.mockRestore();
  });
});
