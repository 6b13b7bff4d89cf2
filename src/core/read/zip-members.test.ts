import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesOf, forEachReader, readFiles, urlset, listOf } from '../../../fixtures/helpers';
import { forEachZipMember, unzipCapped } from './inflate';
import { readZipDirectory } from './zip-directory';

forEachReader(() => {
  /** A zip of `n` text sitemaps of one URL each: m0.txt … m{n-1}.txt. */
  function manyMembers(n: number): Uint8Array {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < n; i++) files[`m${i}.txt`] = strToU8(`https://e.com/${i}\n`);
    return zipSync(files, { level: 6 });
  }

  describe('zips of many members', () => {
    it('reads all 100,000 members, each row attributed to its own member', () => {
      const set = readFiles([{ name: 'b.zip', bytes: manyMembers(100_000) }]);
      expect(set.problems).toEqual([]);
      expect(set.rows.length).toBe(100_000);
      expect(set.files.length).toBe(100_000);
      expect(set.files[99_999]).toMatchObject({ name: 'b.zip/m99999.txt', kind: 'text', count: 1 });
      expect(set.rows.loc.get(99_999)).toBe('https://e.com/99999');
      // Past 65,535 files a 16-bit file column wrapped: row 99,999 was said to come from member 34,463.
      expect(set.rows.file[99_999]).toBe(99_999);
      // Linear, but zipping and reading 100,000 members ran past 60 s at load 16: a limit for a hang, not a timing.
    }, 240_000);

    it('reads a directory whose 16-bit count wrapped (70,000 members written as 4,464)', () => {
      const zip = manyMembers(70_000);
      const entries = readZipDirectory(zip);
      expect(entries?.length).toBe(70_000);
      expect(entries?.[69_999]?.name).toBe('m69999.txt');
    });
  });

  describe('truncated zips', () => {
    const members = {
      'a.xml': bytesOf(urlset('<url><loc>https://e.com/a</loc></url>')),
      'b.txt': bytesOf('https://e.com/b1\nhttps://e.com/b2\n'.repeat(200)),
      'c.txt': bytesOf('https://e.com/c\n'),
    };
    const zip = zipSync(members, { level: 6 });

    it('reads the complete members found by their local headers and names the one cut off', () => {
      const directory = readZipDirectory(zip);
      const bStart = directory?.[1]?.headerAt as number;
      // Cut in the middle of b.txt's data: no central directory, c.txt gone.
      const cut = zip.subarray(0, bStart + 60);
      const { members: got, failure } = unzipCapped(cut);
      expect(got.map((m) => [m.name, m.data.length, m.failure])).toEqual([
        ['a.xml', members['a.xml'].length, undefined],
        ['b.txt', 0, 'the archive ends inside this member: it is cut off'],
      ]);
      expect(failure).toBe(
        'the archive has no central directory (it is cut off before its end?): 1 complete member read from the local headers, b.txt cut off',
      );

      const set = readFiles([{ name: 'cut.zip', bytes: cut }]);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a']);
      expect(set.problems.map((p) => `${p.code} ${p.file}: ${p.message}`)).toEqual([
        'compression cut.zip: cut.zip: the zip archive is damaged (the archive has no central directory (it is cut off before its end?): 1 complete member read from the local headers, b.txt cut off) (Search Console: "Compression error")',
        'compression cut.zip/b.txt: cut.zip/b.txt: the archive ends inside this member: it is cut off (Search Console: "Compression error")',
      ]);
    });

    it('reads every member of a zip cut inside its central directory', () => {
      const cut = zip.subarray(0, zip.length - 30);
      const { members: got, failure } = unzipCapped(cut);
      expect(got.map((m) => [m.name, m.failure])).toEqual([
        ['a.xml', undefined],
        ['b.txt', undefined],
        ['c.txt', undefined],
      ]);
      expect(failure).toBe(
        'the archive has no central directory (it is cut off before its end?): 3 complete members read from the local headers',
      );
    });

    it('reports a member whose data does not match its CRC', () => {
      // Stored (not deflated), so the flipped byte reaches the CRC check unchanged.
      const bad = zipSync({
        'a.txt': bytesOf('https://e.com/a\n'),
        'c.txt': [bytesOf('https://e.com/c\n'), { level: 0 }],
      });
      const entry = readZipDirectory(bad)?.[1];
      bad[(entry?.headerAt as number) + 30 + 'c.txt'.length + 3] = 0x21;
      const { members: got, failure } = unzipCapped(bad);
      expect(failure).toBeUndefined();
      expect(got.map((m) => [m.name, m.failure])).toEqual([
        ['a.txt', undefined],
        ['c.txt', "the member's CRC check failed: the data is corrupt"],
      ]);
    });
  });

  describe('forEachZipMember', () => {
    it('hands on each member as soon as it is inflated', () => {
      const mb = new Uint8Array(1_000_000).fill(0x20);
      const zip = zipSync({ 'a.xml': mb, 'b.xml': mb });
      const seen: [string, number][] = [];
      const { failure } = forEachZipMember(zip, (m) => seen.push([m.name, m.data.length]), 1_500_000, 2_500_000);
      expect(seen).toEqual([
        ['a.xml', 1_000_000],
        ['b.xml', 1_000_000],
      ]);
      expect(failure).toBeUndefined();
    });

    it('refuses an archive whose directory says it passes the total cap before inflating anything', () => {
      const mb = new Uint8Array(1_000_000).fill(0x20);
      const zip = zipSync({ 'a.xml': mb, 'b.xml': mb, 'c.xml': mb });
      const seen: string[] = [];
      const { failure } = forEachZipMember(zip, (m) => seen.push(m.name), 1_500_000, 2_500_000);
      expect(seen).toEqual([]);
      expect(failure).toBe(
        'the archive expands to 2.9 MiB, more than the cap of 2.4 MiB for one archive: stopped before reading it (a compression bomb?)',
      );
    });

    it('refuses a member whose directory entry says it passes the cap, without inflating it', () => {
      const zip = zipSync({ 'big.xml': new Uint8Array(2_000_000).fill(0x20), 'small.xml': new Uint8Array(10) });
      const seen: [string, string | undefined][] = [];
      forEachZipMember(zip, (m) => seen.push([m.name, m.failure]), 1_500_000, 10_000_000);
      expect(seen).toEqual([
        ['big.xml', 'decompressed size exceeds the cap of 1.4 MiB: stopped (a compression bomb?): the archive says so'],
        ['small.xml', undefined],
      ]);
    });

    it('without a central directory, hands on each member as it ends, and stops at the total cap', () => {
      const mb = new Uint8Array(1_000_000).fill(0x20);
      const zip = zipSync({ 'a.xml': mb, 'b.xml': mb, 'c.xml': mb });
      // Cut inside the central directory: the members are read from their local headers.
      const noDirectory = zip.subarray(0, zip.length - 30);
      const seen: [string, number, string | undefined][] = [];
      const { failure } = forEachZipMember(
        noDirectory,
        (m) => seen.push([m.name, m.data.length, m.failure]),
        1_500_000,
        2_500_000,
      );
      expect(seen).toEqual([
        ['a.xml', 1_000_000, undefined],
        ['b.xml', 1_000_000, undefined],
        ['c.xml', 0, 'not read: the archive passes its cap here'],
      ]);
      expect(failure).toBe(
        'the archive expands to more than the cap of 2.4 MiB for one archive: stopped (a compression bomb?)',
      );
    });
  });
});
