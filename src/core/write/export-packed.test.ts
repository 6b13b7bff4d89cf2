import { gunzipSync, gzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../read/inflate';
import { readZipDirectory } from '../read/zip-directory';
import { bundleZip } from './bundle';
import { exportSitemaps } from './export';
import { exportGzipped, exportPacked } from './export-packed';
import { options, rowsOf, sameBytes, text } from './test-helpers';

const rows = rowsOf(
  Array.from({ length: 450 }, (_, i) => ({
    loc: `https://example.com/p/${i}?a=1&b=2`,
    lastmod: '2024-01-02',
    priority: '0.5',
  })),
);
const limits = { maxUrls: 200, maxBytes: 52428800, maxSitemaps: 50000 };

/** An async gzip that records what it was given and detaches it, as the browser's helper workers do. */
function recordingGzip(): { gzip: (raw: Uint8Array) => Promise<Uint8Array>; sizes: number[] } {
  const sizes: number[] = [];
  const gzip = async (raw: Uint8Array): Promise<Uint8Array> => {
    sizes.push(raw.length);
    const gz = gzipSync(raw, { level: 6, mtime: 0 });
    structuredClone(raw.buffer, { transfer: [raw.buffer] });
    return gz;
  };
  return { gzip, sizes };
}

describe('exportPacked', () => {
  it('zips plain files from their gzips: the same members, the same bytes as bundleZip', async () => {
    const plain = exportSitemaps(rows, options({ limits }));
    const { gzip, sizes } = recordingGzip();
    const packed = await exportPacked(rows, options({ limits }), gzip);
    expect(packed.result.files.map((f) => [f.name, f.urls, f.rawBytes])).toEqual(
      plain.files.map((f) => [f.name, f.urls, f.rawBytes]),
    );
    expect(sizes).toEqual(plain.files.map((f) => f.rawBytes));
    const members = unzipSync(packed.zip!);
    expect(Object.keys(members)).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-index.xml',
      'robots.txt',
    ]);
    for (const f of plain.files) expect(sameBytes(members[f.name], f.data)).toBe(true);
    expect(text(members['robots.txt']!)).toBe('Sitemap: https://example.com/sitemap-index.xml\n');
    expect(readZipDirectory(packed.zip!)!.map((e) => e.method)).toEqual([8, 8, 8, 8, 0]);
    expect(sameBytes(packed.zip!, bundleZip(plain))).toBe(true);
  });

  it('gzips every file when asked and stores the gzips in the zip as they are', async () => {
    const inline = exportSitemaps(rows, options({ limits, gzip: true }));
    const packed = await exportPacked(rows, options({ limits, gzip: true }), recordingGzip().gzip);
    expect(packed.result.files.map((f) => f.name)).toEqual([
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    for (const [i, f] of packed.result.files.entries())
      expect(sameBytes(gunzipSync(f.data), gunzipSync(inline.files[i]!.data))).toBe(true);
    const members = unzipSync(packed.zip!);
    for (const f of packed.result.files) expect(sameBytes(members[f.name], f.data)).toBe(true);
    expect(readZipDirectory(packed.zip!)!.map((e) => e.method)).toEqual([0, 0, 0, 0, 0]);
  });

  it('times its steps in order: the writing, then the wait for the compressions, then the zip', async () => {
    // The compressions come back only when released, after the writing is over.
    const held: (() => void)[] = [];
    const gzip = (raw: Uint8Array) =>
      new Promise<Uint8Array>((resolve) => held.push(() => resolve(gzipSync(raw, { level: 6, mtime: 0 }))));
    const packing = exportPacked(rows, options({ limits }), gzip);
    await Promise.resolve();
    expect(held).toHaveLength(4);
    const releasedAt = performance.now();
    for (const release of held) release();
    const { times, zip } = await packing;
    expect(readZipDirectory(zip!)!.map((e) => e.name)).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-index.xml',
      'robots.txt',
    ]);
    expect(times.start).toBeLessThanOrEqual(times.written);
    expect(times.written).toBeLessThanOrEqual(releasedAt);
    expect(times.compressed).toBeGreaterThanOrEqual(releasedAt);
    expect(times.zipped).toBeGreaterThanOrEqual(times.compressed);
  });

  it('leaves a single plain file alone: no compression, no zip', async () => {
    const { gzip, sizes } = recordingGzip();
    const packed = await exportPacked(rows, options(), gzip);
    expect(packed.zip).toBeNull();
    expect(sizes).toEqual([]);
    expect(packed.result.files.map((f) => [f.name, f.urls])).toEqual([['sitemap.xml', 450]]);
    expect(sameBytes(packed.result.files[0]!.data, exportSitemaps(rows, options()).files[0]!.data)).toBe(true);
  });

  it('gzips a single file when asked, without a zip', async () => {
    const packed = await exportPacked(rows, options({ gzip: true }), recordingGzip().gzip);
    expect(packed.zip).toBeNull();
    expect(packed.result.files[0]!.name).toBe('sitemap.xml.gz');
    expect(sameBytes(gunzipSync(packed.result.files[0]!.data), exportSitemaps(rows, options()).files[0]!.data)).toBe(
      true,
    );
  });

  it('zips a single sitemap and its index (index: always)', async () => {
    const { gzip, sizes } = recordingGzip();
    const packed = await exportPacked(rows, options({ index: 'always' }), gzip);
    expect(sizes.length).toBe(2);
    expect(Object.keys(unzipSync(packed.zip!))).toEqual(['sitemap.xml', 'sitemap-index.xml', 'robots.txt']);
  });

  it("starts the first plain file's compression as it is written when more rows than one file holds follow", async () => {
    // 25,000 rows in files of 10,000: progress comes every 10,000 rows, so the
    // progress count at each gzip call tells how far the writing had gone.
    const many = rowsOf(Array.from({ length: 25_000 }, (_, i) => ({ loc: `https://example.com/p/${i}` })));
    let progressed = 0;
    const at: number[] = [];
    const gzip = async (raw: Uint8Array): Promise<Uint8Array> => {
      at.push(progressed);
      return gzipSync(raw, { level: 6, mtime: 0 });
    };
    const opts = {
      ...options({ limits: { maxUrls: 10_000, maxBytes: 52428800, maxSitemaps: 50000 } }),
      onProgress: () => void progressed++,
    };
    const packed = await exportPacked(many, opts, gzip);
    // File 1 closes when row 10,001 comes (after the first progress), file 2
    // at row 20,001, file 3 at the end of the rows (before the last progress),
    // the index after it. Held until file 2, file 1 would give 2 first.
    expect(at).toEqual([1, 2, 2, 3]);
    const plain = exportSitemaps(
      many,
      options({ limits: { maxUrls: 10_000, maxBytes: 52428800, maxSitemaps: 50000 } }),
    );
    const members = unzipSync(packed.zip!);
    expect(Object.keys(members)).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-index.xml',
      'robots.txt',
    ]);
    for (const f of plain.files) expect(sameBytes(members[f.name], f.data)).toBe(true);
  });

  it("keeps the crc of each stored gzip right (the zip's own check)", async () => {
    const packed = await exportPacked(rows, options({ limits, gzip: true }), recordingGzip().gzip);
    const entries = readZipDirectory(packed.zip!)!;
    expect(entries.map((e) => e.crc)).toEqual([
      ...packed.result.files.map((f) => crc32(f.data)),
      crc32(new TextEncoder().encode(packed.result.robotsTxt)),
    ]);
  });

  it('rejects when a compression fails', async () => {
    await expect(
      exportPacked(rows, options({ limits, gzip: true }), () => Promise.reject(new Error('helper stopped'))),
    ).rejects.toThrow('helper stopped');
  });
});

describe('exportGzipped', () => {
  it('gzips each file as it is written, the same bytes as the inline export', async () => {
    const inline = exportSitemaps(rows, options({ limits, gzip: true }));
    const { gzip, sizes } = recordingGzip();
    const result = await exportGzipped(rows, options({ limits, gzip: true }), gzip);
    expect(result.files.map((f) => f.name)).toEqual([
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    expect(sizes).toEqual(inline.files.map((f) => f.rawBytes));
    for (const [k, f] of result.files.entries()) expect(sameBytes(f.data, inline.files[k]!.data)).toBe(true);
    expect(result.robotsTxt).toBe(inline.robotsTxt);
  });

  it('leaves the files plain and calls no gzip without the option', async () => {
    const { gzip, sizes } = recordingGzip();
    const result = await exportGzipped(rows, options({ limits }), gzip);
    expect(sizes).toEqual([]);
    const plain = exportSitemaps(rows, options({ limits }));
    for (const [k, f] of result.files.entries()) expect(sameBytes(f.data, plain.files[k]!.data)).toBe(true);
  });
});
