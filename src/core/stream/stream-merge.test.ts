import { describe, expect, it } from 'vitest';
import { fixture, NEWS_FIXTURES_DATE } from '../../../fixtures/helpers';
import { LIMITS } from '../rules/limits';
import type { ExportOptions } from '../write/options';
import { streamPath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');
const SITE = 'https://example.com/';
const OPTS: ExportOptions = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  limits: { ...LIMITS.standard },
  schemaLocation: false,
  lastmodForm: 'as-is',
  siteUrl: SITE,
  now,
};
const FIXTURE = new TextDecoder().decode(fixture('duplicates-ext.xml'));
const FILES = [{ name: 'duplicates-ext.xml', bytes: fixture('duplicates-ext.xml') }];
/**
 * The fixture with its first entry alone in the first chunk: a file's first
 * 64 Ki characters are read together (to tell what the file is), so a long
 * comment follows that entry; read in small pieces, every later entry is
 * then a chunk of its own.
 */
const SPREAD = [
  {
    name: 'duplicates-ext.xml',
    bytes: new TextEncoder().encode(FIXTURE.replace('</url>', `</url>\n<!-- ${'padding '.repeat(9000)}-->`)),
  },
];

/** The rows written, read back; `chunkChars` 1 with small pieces puts each entry in a chunk of its own. */
function written(chunkChars: number, piece = Infinity, files = FILES) {
  // The fixture's news entries must stay recent: stream --fix drops old ones (news-too-old).
  const { out, report } = streamPath(
    files,
    { now, checkDate: NEWS_FIXTURES_DATE, siteUrl: SITE, fix: true, chunkChars, write: OPTS },
    piece,
  );
  const xml = new TextDecoder().decode(out[0]?.data);
  const urls = (xml.match(/<url>[\s\S]*?<\/url>/g) ?? []).map((u) =>
    [
      /<loc>([^<]*)/.exec(u)?.[1],
      ...(u.match(/<(video:title|image:loc|xhtml:link|news:title|lastmod|priority)[^>]*>[^<]*/g) ?? []),
    ].map((v) => v?.trim()),
  );
  return { urls, report };
}

describe('stream --fix with duplicates', () => {
  it('merges the copies of one chunk as the table path does', () => {
    const { urls, report } = written(1 << 20);
    expect(urls).toEqual([
      [
        'https://example.com/videos',
        '<lastmod>2024-01-01',
        '<priority>0.4',
        '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/videos"/>',
        '<image:loc>https://example.com/two.png',
        '<video:title>One',
        '<video:title>Two',
      ],
      ['https://example.com/about'],
      ['https://example.com/news', '<news:title>Monday'],
      ['https://example.com/news', '<news:title>Tuesday'],
    ]);
    expect(report.fixes?.applied).toEqual({ 'loc-duplicate': 2 });
    expect(report.fixes?.duplicates).toMatchObject({
      merged: {
        rule: 'first',
        urls: 1,
        removed: 2,
        moved: { video: 1, image: 1, alternate: 1, news: 0, other: 0 },
        identical: 1,
        conflicts: 2,
        keptApart: [{ reason: 'news' }],
      },
      // The news copy kept apart is written as its own entry.
      writtenApart: 1,
      writtenApartElements: { news: 1, video: 0, image: 0, alternate: 0, other: 0 },
      dropped: 0,
      identical: 0,
    });
  });

  it('writes a later copy from another chunk as its own entry with only the elements not written with its URL', () => {
    const { urls, report } = written(1, 64, SPREAD);
    expect(urls).toEqual([
      ['https://example.com/videos', '<lastmod>2024-01-01', '<priority>0.4', '<video:title>One'],
      ['https://example.com/about'],
      // As in the source: a copy written apart is not reordered.
      [
        'https://example.com/videos',
        '<lastmod>2024-03-01',
        '<priority>0.8',
        '<video:title>Two',
        '<image:loc>https://example.com/two.png',
      ],
      // Its video One was written with the URL already: only its alternate is left.
      ['https://example.com/videos', '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/videos"/>'],
      ['https://example.com/news', '<news:title>Monday'],
      ['https://example.com/news', '<news:title>Tuesday'],
    ]);
    expect(report.fixes?.applied).toEqual({});
    expect(report.fixes?.duplicates).toMatchObject({
      merged: { urls: 0, removed: 0 },
      writtenApart: 3,
      writtenApartElements: { video: 1, image: 1, alternate: 1, news: 1, other: 0 },
      dropped: 0,
      identical: 1,
    });
    // What was written still has its duplicates, and says so.
    expect(report.fixes?.byCode['loc-duplicate']).toBe(5);
  });

  it('leaves out a later copy with nothing new, and counts it', () => {
    // Past the first 64 Ki characters (read together), each line is a chunk of its own.
    const text = `https://example.com/a\n${'https://example.com/x\n'.repeat(3000)}https://example.com/b\nhttps://example.com/a\n`;
    const { out, report } = streamPath(
      [{ name: 'u.txt', bytes: new TextEncoder().encode(text) }],
      { now, siteUrl: SITE, fix: true, chunkChars: 1, write: { ...OPTS, format: 'txt' } },
      4,
    );
    expect(new TextDecoder().decode(out[0]?.data)).toBe(
      'https://example.com/a\nhttps://example.com/x\nhttps://example.com/b\n',
    );
    // The first 65,536 characters hold 2,978 whole lines of 22: /a and 2,977 /x, whose 2,976 copies are
    // merged; the 23 /x after them and the last /a come once their URL was written, and are left out.
    expect(report.fixes?.applied).toEqual({ 'loc-duplicate': 3000 });
    expect(report.fixes?.duplicates).toMatchObject({
      merged: { urls: 1, removed: 2976 },
      writtenApart: 0,
      dropped: 24,
      identical: 0,
    });
  });
});
