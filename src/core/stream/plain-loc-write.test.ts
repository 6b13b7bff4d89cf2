import { describe, expect, it } from 'vitest';
import { bytesOf } from '../../../fixtures/helpers';
import { importFiles, type InputFile } from '../read/import-files';
import { exportSitemaps } from '../write/export';
import type { ExportOptions } from '../write/options';
import { streamPath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');
const decoder = new TextDecoder();

/**
 * Locs on both sides of the copy of plain bytes (row-checker.ts
 * `copyPlainLoc`): clean ones, and those that must be escaped (`&`, `'`),
 * trimmed, percent-encoded or are not ASCII, which the writer's own paths
 * handle. Enough of them that each chunk's loc text is read as bytes;
 * a few that are not ASCII make one chunk's locs all go the writer's way.
 */
const LOCS = [
  (i: number) => `https://shop.example.com/p/${i}`,
  (i: number) => `https://shop.example.com/p/${i}?a=1&amp;b=2`,
  (i: number) => `https://shop.example.com/p/${i}/it&apos;s`,
  (i: number) => ` https://shop.example.com/p/${i}/padded `,
  (i: number) => `https://shop.example.com/p/${i}/a b`,
  (i: number) => `https://shop.example.com/p/${i}/"q"`,
];

function urlset(n: number): InputFile {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let i = 0; i < n; i++) {
    const loc =
      i >= 700 && i < 705
        ? `https://shop.example.com/p/${i}/café`
        : (LOCS[i % LOCS.length] as (i: number) => string)(i);
    xml += `<url><loc>${loc}</loc><lastmod>2024-05-0${1 + (i % 9)}</lastmod></url>\n`;
  }
  return { name: 'shop.xml', bytes: bytesOf(xml + '</urlset>\n') };
}

const OUT: ExportOptions = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  limits: { maxUrls: 400, maxBytes: 50_000, maxSitemaps: 50 },
  schemaLocation: false,
  lastmodForm: 'as-is',
  siteUrl: 'https://shop.example.com/',
  now,
};

describe('the streaming writer copies plain locs from the check’s bytes', () => {
  const input = [urlset(1400)];

  it('writes the files the export writes, byte for byte, with every repair counted', () => {
    const expected = exportSitemaps(importFiles(input).rows, OUT);
    const { out, report } = streamPath(input, { now, siteUrl: OUT.siteUrl, chunkChars: 20_000, write: OUT }, 4096);
    expect(out.map((f) => f.name)).toEqual(expected.files.map((f) => f.name));
    expect(out).toEqual(expected.files);
    expect(report.written?.problems).toEqual(expected.problems);
    expect(report.written?.urls).toBe(1400);
    const first = decoder.decode(out[0]?.data);
    expect(first).toContain('<loc>https://shop.example.com/p/0</loc>');
    expect(first).toContain('<loc>https://shop.example.com/p/1?a=1&amp;b=2</loc>');
    expect(first).toContain('<loc>https://shop.example.com/p/2/it&apos;s</loc>');
    expect(first).toContain('<loc>https://shop.example.com/p/3/padded</loc>');
  });

  it('writes the fixed locs, not the bytes checked before the fixes, with --fix', () => {
    const { out, report } = streamPath(
      input,
      { now, siteUrl: OUT.siteUrl, chunkChars: 20_000, write: OUT, fix: true },
      4096,
    );
    const text = out
      .filter((f) => f.kind === 'sitemap')
      .map((f) => decoder.decode(f.data))
      .join('');
    expect(report.written?.urls).toBe(1400);
    // The padded loc trimmed, the space and quotes percent-encoded by the fixes; each written once.
    expect(text).toContain('<loc>https://shop.example.com/p/3/padded</loc>');
    expect(text).toContain('<loc>https://shop.example.com/p/4/a%20b</loc>');
    expect(text).toContain('<loc>https://shop.example.com/p/5/%22q%22</loc>');
    expect(text).toContain('<loc>https://shop.example.com/p/700/caf%C3%A9</loc>');
    expect(text.split('<loc>').length - 1).toBe(1400);
  });
});
