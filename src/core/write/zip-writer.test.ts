import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync as fflateGzip, strToU8, unzipSync } from 'fflate';
import { gzipSync as zlibGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, unzipCapped } from '../read/inflate';
import { readZipDirectory } from '../read/zip-directory';
import { deflatedMember, storedMember } from './gzip-member';
import { sameBytes, text } from './test-helpers';
import { writeZip } from './zip-writer';

const xml = strToU8(
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset>' +
    '<url><loc>https://example.com/a?b=1&amp;c=2</loc></url>'.repeat(2000) +
    '</urlset>\n',
);

/** `unzip -t` (Info-ZIP) on the bytes: it checks every header, offset and CRC. */
function unzipTest(zip: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
  try {
    const file = join(dir, 'a.zip');
    writeFileSync(file, zip);
    return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('writeZip', () => {
  it('holds stored and deflated members that unzip -t, fflate and our reader all take back exactly', () => {
    const gz = zlibGzip(xml, { level: 6 });
    const zip = writeZip([
      deflatedMember('sitemap-1.xml', gz, xml.length),
      storedMember('robots.txt', strToU8('Sitemap: https://example.com/sitemap-1.xml\n')),
    ]);
    const report = unzipTest(zip);
    expect(report).toContain('testing: sitemap-1.xml            OK');
    expect(report).toContain('testing: robots.txt               OK');
    expect(report).toContain('No errors detected in compressed data');
    const members = unzipSync(zip);
    expect(Object.keys(members)).toEqual(['sitemap-1.xml', 'robots.txt']);
    expect(sameBytes(members['sitemap-1.xml'], xml)).toBe(true);
    expect(text(members['robots.txt']!)).toBe('Sitemap: https://example.com/sitemap-1.xml\n');
    const dir = readZipDirectory(zip)!;
    expect(dir.map((e) => [e.name, e.method, e.size, e.crc])).toEqual([
      ['sitemap-1.xml', 8, xml.length, crc32(xml)],
      ['robots.txt', 0, 43, crc32(strToU8('Sitemap: https://example.com/sitemap-1.xml\n'))],
    ]);
    // The deflated member is the gzip's own stream: 10 header and 8 trailer bytes fewer.
    expect(dir[0]!.compressedSize).toBe(gz.length - 18);
  });

  it('writes the DOS epoch as every member time, so the same members give the same bytes', () => {
    const zip = writeZip([storedMember('a.txt', strToU8('a'))]);
    const view = new DataView(zip.buffer);
    expect(view.getUint16(10, true)).toBe(0);
    expect(view.getUint16(12, true)).toBe(0x21);
    expect(sameBytes(writeZip([storedMember('a.txt', strToU8('a'))]), zip)).toBe(true);
    expect(zip.length).toBe(30 + 5 + 1 + 46 + 5 + 22);
  });

  it('marks a non-ASCII name as UTF-8', () => {
    const zip = writeZip([storedMember('карта.xml', strToU8('x'))]);
    expect(new DataView(zip.buffer).getUint16(6, true)).toBe(0x800);
    expect(Object.keys(unzipSync(zip))).toEqual(['карта.xml']);
  });

  it('writes an empty zip as the end record alone', () => {
    const zip = writeZip([]);
    expect([...zip]).toEqual([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
  });

  it('gives more than 65,535 members the zip64 end records with the real count', () => {
    const members = Array.from({ length: 70_000 }, (_, i) => storedMember(`s-${i}.xml`, strToU8(String(i))));
    const zip = writeZip(members);
    const view = new DataView(zip.buffer);
    const eocd = zip.length - 22;
    expect(view.getUint16(eocd + 10, true)).toBe(0xffff);
    expect(Number(view.getBigUint64(eocd - 20 - 56 + 32, true))).toBe(70_000);
    const dir = readZipDirectory(zip)!;
    expect(dir.length).toBe(70_000);
    expect(dir[69_999]!.name).toBe('s-69999.xml');
    const read = unzipCapped(zip);
    expect(read.failure).toBeUndefined();
    expect(text(read.members[12_345]!.data)).toBe('12345');
  });
});

describe('deflatedMember', () => {
  it('takes the stream and CRC of fflate and zlib gzips alike', () => {
    for (const gz of [zlibGzip(xml), fflateGzip(xml, { level: 6, mtime: 0 })]) {
      const m = deflatedMember('a.xml', gz, xml.length);
      expect([m.method, m.crc, m.size, m.data.length]).toEqual([8, crc32(xml), xml.length, gz.length - 18]);
    }
  });

  it('skips a file name in the gzip header', () => {
    const gz = fflateGzip(xml, { level: 6, mtime: 0, filename: 'x.xml' });
    const m = deflatedMember('a.xml', gz, xml.length);
    expect(m.data.length).toBe(gz.length - 18 - 6);
    expect(sameBytes(unzipSync(writeZip([m]))['a.xml'], xml)).toBe(true);
  });

  it('refuses what is not a gzip of the file', () => {
    expect(() => deflatedMember('a.xml', xml, xml.length)).toThrow('gzip of a.xml: not a deflate gzip stream');
    expect(() => deflatedMember('a.xml', zlibGzip(xml), xml.length - 1)).toThrow(
      "gzip of a.xml: its size is not the file's",
    );
  });
});
