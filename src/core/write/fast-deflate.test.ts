import { gunzipSync as fflateGunzip, inflateSync } from 'fflate';
import { deflateRawSync, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../fixtures/helpers';
import { crc32 } from '../text/crc32';
import { deflateRaw, fastGzip } from './fast-deflate';
import { deflatedMember } from './gzip-member';
import { sameBytes } from './test-helpers';

const ascii = (s: string) => new TextEncoder().encode(s);

/** Bytes from a fixed seed: incompressible, the same every run. */
function noise(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = 0x12345678;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A sitemap of `n` entries much like an export's: the cases the deflate is tuned for, over many blocks. */
function sitemap(n: number): Uint8Array {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `  <url>\n    <loc>https://www.example.com/products/item-${(i * 7919) % 100003}?ref=${i % 17}</loc>\n    <lastmod>2024-0${1 + (i % 9)}-1${i % 10}</lastmod>\n  </url>\n`,
    );
  parts.push('</urlset>\n');
  return ascii(parts.join(''));
}

const CASES: [string, Uint8Array][] = [
  ['nothing', new Uint8Array(0)],
  ['one byte', Uint8Array.of(0x41)],
  ['three bytes', ascii('abc')],
  ['a long run (distance 1, matches of 258)', ascii('a'.repeat(100_000))],
  ['every byte value', Uint8Array.from({ length: 256 * 4 }, (_, i) => i & 0xff)],
  ['incompressible noise, larger than the first guess of the output', noise(300_000)],
  ['a fixture sitemap', fixture('basic-urlset.xml')],
  ['a 40,000-entry sitemap (several blocks)', sitemap(40_000)],
];

describe('deflateRaw', () => {
  for (const [name, data] of CASES) {
    it(`round-trips ${name} through zlib and fflate`, () => {
      const raw = deflateRaw(data);
      // sameBytes, not toEqual: vitest compares megabytes element by element far too slowly.
      expect(sameBytes(new Uint8Array(inflateRawSync(raw)), data)).toBe(true);
      expect(sameBytes(inflateSync(raw), data)).toBe(true);
    });
  }

  it('gives the same bytes every time', () => {
    const data = sitemap(5000);
    expect(sameBytes(deflateRaw(data), deflateRaw(data))).toBe(true);
  });

  it('compresses sitemap XML to within 1.4× zlib level 6 (a trade for speed), and grows noise by under 1 %', () => {
    const data = sitemap(40_000);
    const zlib6 = deflateRawSync(data, { level: 6 }).length;
    expect(deflateRaw(data).length).toBeLessThan(1.4 * zlib6);
    expect(deflateRaw(noise(300_000)).length).toBeLessThan(303_000);
  });
});

describe('fastGzip', () => {
  it('writes a gzip header with no name and mtime 0, and the CRC-32 and size in its trailer', () => {
    const data = sitemap(1000);
    const gz = fastGzip(data);
    expect([...gz.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    const view = new DataView(gz.buffer, gz.byteOffset, gz.length);
    expect(view.getUint32(gz.length - 8, true)).toBe(crc32(data));
    expect(view.getUint32(gz.length - 4, true)).toBe(data.length);
    expect(sameBytes(new Uint8Array(gunzipSync(gz)), data)).toBe(true);
    expect(sameBytes(fflateGunzip(gz), data)).toBe(true);
  });

  it('is a gzip the zip can cut its deflated member from', () => {
    const data = sitemap(1000);
    const member = deflatedMember('sitemap.xml', fastGzip(data), data.length);
    expect(member.crc).toBe(crc32(data));
    expect(sameBytes(new Uint8Array(inflateRawSync(member.data)), data)).toBe(true);
  });

  for (const [name, data] of CASES.slice(0, 6)) {
    it(`round-trips ${name}`, () => {
      expect(sameBytes(new Uint8Array(gunzipSync(fastGzip(data))), data)).toBe(true);
    });
  }
});
