import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CUT_OFF, gunzipCapped } from '../core/read/inflate';
import { gunzipSync as zlibGunzip } from 'node:zlib';
import { gzipChunkSize, nodeGunzip, nodeGzip, nodeGzipAsync } from './node-gzip';

const data = new TextEncoder().encode(`<urlset>${'<url><loc>https://e.com/1</loc></url>\n'.repeat(5000)}</urlset>`);
const gz = gzipSync(data);

describe('nodeGunzip answers like the portable gunzip', () => {
  it('inflates a good stream', () => {
    expect(nodeGunzip(gz, 1e6)).toEqual({ data, capped: false });
    expect(nodeGunzip(nodeGzip(data), 1e6).data).toEqual(data);
  });

  it("hands back a plain Uint8Array over zlib's output, not a Buffer (whose slice does not copy)", () => {
    const out = nodeGunzip(gz, 1e6).data;
    expect(Object.getPrototypeOf(out)).toBe(Uint8Array.prototype);
    expect(out.length).toBe(data.length);
  });

  it('reports truncation and keeps what came before', () => {
    const cut = gz.slice(0, gz.length >> 1);
    const node = nodeGunzip(cut, 1e6);
    expect(node.failure).toBe(gunzipCapped(cut, 1e6).failure);
    // What the first half's complete deflate blocks hold: the same bytes the portable path keeps, from the start of the file.
    expect(node.data.length).toBe(85_960);
    expect(node.data).toEqual(data.subarray(0, 85_960));
    expect(node.data).toEqual(gunzipCapped(cut, 1e6).data);
  });

  it('reports a CRC mismatch and keeps what was inflated, as the page and the streaming path keep it', () => {
    const bad = gz.slice();
    bad[bad.length - 8] = (bad[bad.length - 8] as number) ^ 1;
    // zlib gives nothing back with its error: `check` read 0 URLs where `stream` and the page read them all.
    expect(nodeGunzip(bad, 1e6)).toEqual({
      data,
      capped: false,
      failure: 'the gzip CRC check failed: the data is corrupt',
    });
    expect(nodeGunzip(bad, 1e6)).toEqual(gunzipCapped(bad, 1e6));
  });

  it('says a wrong size as a wrong size, not as a wrong CRC', () => {
    const bad = gz.slice();
    bad[bad.length - 3] = (bad[bad.length - 3] as number) ^ 1;
    expect(nodeGunzip(bad, 1e6)).toEqual({
      data,
      capped: false,
      failure: 'the gzip size check failed: the data is corrupt',
    });
  });

  it('says where a cut-off stream ends, and marks it', () => {
    const cut = gz.slice(0, gz.length >> 1);
    expect(nodeGunzip(cut, 1e6)).toMatchObject({ capped: false, cutOff: true, failure: CUT_OFF });
  });

  it('stops at the cap', () => {
    const bomb = gzipSync(new Uint8Array(5e6));
    expect(nodeGunzip(bomb, 1e6)).toMatchObject({ capped: true, failure: gunzipCapped(bomb, 1e6).failure });
  });
});

describe('nodeGzipAsync', () => {
  it("gives the bytes zlib's gzipSync gives at level 6, in one output chunk for a sitemap", async () => {
    const gzAsync = await nodeGzipAsync(data);
    expect(new Uint8Array(zlibGunzip(gzAsync))).toEqual(data);
    expect(gzAsync).toEqual(nodeGzip(data));
    expect(gzipChunkSize(data.length)).toBe(Math.ceil(data.length / 4) + 65536);
    expect(gzAsync.length).toBeLessThan(gzipChunkSize(data.length));
  });

  it('still gzips right what does not fit one chunk (random bytes)', async () => {
    const noise = new Uint8Array(400_000);
    // xorshift32: bytes deflate cannot shrink.
    let x = 2463534242;
    for (let i = 0; i < noise.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = x & 0xff;
    }
    const gzAsync = await nodeGzipAsync(noise);
    expect(gzAsync.length).toBeGreaterThan(gzipChunkSize(noise.length));
    expect(new Uint8Array(zlibGunzip(gzAsync))).toEqual(noise);
  });
});
