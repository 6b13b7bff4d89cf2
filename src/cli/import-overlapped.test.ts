import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOf, urlset, listOf } from '../../fixtures/helpers';
import { importFiles, type InputFile } from '../core/read/import-files';
import type { SitemapSet } from '../core/read/sitemap-set';
import { importFilesOverlapped } from './import-overlapped';
import { mainAsync } from './main';
import { gunzipChunkSize, nodeGunzip, nodeGunzipAsync } from './node-gzip';

const xml = (k: number): Uint8Array =>
  bytesOf(
    urlset(
      Array.from(
        { length: 50 },
        (_, i) => `<url><loc>https://e.com/${k}/${i}</loc><lastmod>2024-01-0${1 + (i % 9)}</lastmod></url>`,
      ).join(''),
    ),
  );
const gz = (b: Uint8Array): Uint8Array => new Uint8Array(gzipSync(b));

/** What a set holds, as plain values. */
function contents(set: SitemapSet): unknown {
  return {
    locs: listOf(set.rows.loc),
    lastmods: listOf(set.rows.lastmod),
    files: set.files,
    problems: set.problems,
    sitemaps: set.sitemaps,
  };
}

const good = gz(xml(1));
const cut = good.slice(0, good.length >> 1);
const crcBad = good.slice();
crcBad[crcBad.length - 8] = (crcBad[crcBad.length - 8] as number) ^ 1;
const tail = new Uint8Array([...good, ...bytesOf('garbage\n')]);
const bomb = gz(new Uint8Array(3_000_000));

describe('importFilesOverlapped', () => {
  it('reads what importFiles reads with zlib, file for file: good, truncated, corrupt, bombed, with a tail, nested, zipped, plain', async () => {
    const inputs: InputFile[] = [
      { name: 'a.xml.gz', bytes: good },
      { name: 'b.xml', bytes: xml(2) },
      { name: 'c.xml.gz', bytes: cut },
      { name: 'd.xml.gz', bytes: crcBad },
      { name: 'e.xml.gz', bytes: bomb },
      { name: 'f.xml.gz', bytes: tail },
      { name: 'g.xml.gz.gz', bytes: gz(gz(xml(3))) },
      { name: 'h.zip', bytes: zipSync({ 'in.xml.gz': gz(xml(4)) }) },
      { name: 'i.xml.gz', bytes: gz(xml(5)) },
    ];
    const opts = { maxDecompressedBytes: 1_000_000 };
    const overlapped = await importFilesOverlapped(inputs, opts);
    const sync = importFiles(inputs, { ...opts, gunzip: nodeGunzip });
    expect(contents(overlapped)).toEqual(contents(sync));
    // Seven whole files (the one whose CRC is wrong is read as the page and the stream read it), and the
    // entries before the cut of the truncated one.
    expect(overlapped.rows.length).toBe(7 * 50 + 7);
    expect(overlapped.problems.map((p) => `${p.code}: ${p.message.replace(/ \(Search Console: .*\)$/, '')}`)).toEqual([
      'compression: c.xml.gz: the file ends early: its compressed data stops before the end, so what followed is lost; 559 bytes decompressed, 7 URLs recovered from them',
      'xml-malformed: Not well-formed XML: the file ends inside this <url> (truncated?): a value cut off is not a value, so <lastmod> "2024-01-0" is left out; the complete fields are kept',
      'compression: d.xml.gz: the gzip CRC check failed: the data is corrupt',
      'compression: e.xml.gz: decompressed size exceeds the cap of 976.6 KiB: stopped (a compression bomb?)',
      'compression: f.xml.gz: 8 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ]);
  });

  it('reports progress file by file', async () => {
    const seen: number[] = [];
    await importFilesOverlapped(
      [
        { name: 'a.xml.gz', bytes: good },
        { name: 'b.xml', bytes: xml(2) },
      ],
      { onProgress: (p) => seen.push(p.bytesDone, p.urls) },
    );
    expect(seen).toEqual([good.length, 50, good.length + xml(2).length, 100]);
  });
});

describe('nodeGunzipAsync', () => {
  it('answers what nodeGunzip answers', async () => {
    for (const bytes of [good, cut, crcBad, tail, bomb])
      expect(await nodeGunzipAsync(bytes, 1_000_000)).toEqual(nodeGunzip(bytes, 1_000_000));
  });

  it("sizes zlib's output chunk by the trailer, within the cap and 64 MiB", () => {
    expect(gunzipChunkSize(good, 1e6)).toBe(xml(1).length + 65536);
    expect(gunzipChunkSize(bomb, 1e6)).toBe(1e6 + 65536);
    expect(gunzipChunkSize(new Uint8Array(10), 1e6)).toBe(65536);
    const lying = good.slice();
    lying.set([0xff, 0xff, 0xff, 0xff], lying.length - 4);
    expect(gunzipChunkSize(lying, 2 ** 30)).toBe(64 * 1024 * 1024 + 65536);
  });
});

describe('CLI export of .xml.gz files (read overlapped)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-overlapped-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every URL of every gzipped input, and counts what was wrong with one', async () => {
    for (let k = 1; k <= 3; k++) writeFileSync(join(dir, `in-${k}.xml.gz`), k === 2 ? tail : gz(xml(k)));
    const out = join(dir, 'out');
    const lines: string[] = [];
    const code = await mainAsync(
      [
        'export',
        '--layout',
        'limits',
        ...[1, 2, 3].map((k) => join(dir, `in-${k}.xml.gz`)),
        '--site',
        'https://e.com/',
        '--out',
        out,
        '--max-urls',
        '100',
      ],
      (l) => lines.push(l),
      () => {},
    );
    // The tail after in-2's gzip data is the one error of the files read; what was written is clean.
    expect(code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['robots.txt', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-index.xml']);
    const written = ['sitemap-1.xml', 'sitemap-2.xml'].map(
      (n) => readFileSync(join(out, n), 'utf8').split('<url>').length - 1,
    );
    expect(written).toEqual([100, 50]);
    expect(readFileSync(join(out, 'sitemap-2.xml'), 'utf8')).toContain('<loc>https://e.com/3/49</loc>');
    expect(lines.at(-1)).toBe(
      '1 error in the files read is not in what was written (compression ×1): what it names was not read or not written; run "check" on the files read to list it',
    );
  });
});
