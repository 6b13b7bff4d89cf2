import { describe, expect, it } from 'vitest';
import { snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';
import { importFiles } from '../core/read/import-files';
import { cutSnapshot, joinSnapshot, type PieceRef } from './snapshot-pieces';

/** What a piece holds: a column's chunk strings, a typed array's place, or extension elements. */
const placeOf = (p: PieceRef) => ('column' in p ? p.column : 'array' in p ? p.array : 'ext');

function documentOf(urls: number): DocumentSnapshot {
  const entries: string[] = [];
  for (let i = 0; i < urls; i++)
    entries.push(
      `<url><loc>https://example.com/page/${i}</loc><lastmod>2024-01-${String((i % 28) + 1).padStart(2, '0')}</lastmod></url>`,
    );
  const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`;
  const set = importFiles([{ name: 'a.xml', bytes: new TextEncoder().encode(xml) }]);
  return snapshotSet(set, 'https://example.com/', 1);
}

/** A document whose every row lists `alternates` hreflang alternates. */
function documentWithAlternates(urls: number, alternates: number): DocumentSnapshot {
  const entries: string[] = [];
  for (let i = 0; i < urls; i++) {
    const links: string[] = [];
    for (let a = 0; a < alternates; a++)
      links.push(`<xhtml:link rel="alternate" hreflang="l${a}" href="https://example.com/l${a}/page/${i}"/>`);
    entries.push(`<url><loc>https://example.com/page/${i}</loc>${links.join('')}</url>`);
  }
  const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>`;
  const set = importFiles([{ name: 'a.xml', bytes: new TextEncoder().encode(xml) }]);
  return snapshotSet(set, 'https://example.com/', 1);
}

describe('cutSnapshot and joinSnapshot', () => {
  it('cut the extension elements into pieces of about the number asked, and join them back equal', () => {
    // Left whole, a million alternates were one IndexedDB value of 264 MB: over Chromium's limit, the save failed.
    const snapshot = { ...documentWithAlternates(3_000, 5), compare: documentWithAlternates(1_000, 2) };
    const { skeleton, pieces } = cutSnapshot(snapshot, 100_000, 64 * 1024, 1_000);
    expect(skeleton.rows.ext).toEqual([]);
    expect(skeleton.compare?.rows.ext).toEqual([]);
    const extRefs = skeleton.pieces?.filter((p) => 'ext' in p) ?? [];
    // 1,000 elements: 200 rows of 5 a piece, then 500 rows of 2 for the before set.
    expect(extRefs).toEqual([
      ...Array.from({ length: 15 }, () => ({ ext: 200 })),
      { ext: 500, of: 'compare' },
      { ext: 500, of: 'compare' },
    ]);
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);

    const at = skeleton.pieces!.findIndex((p) => 'ext' in p);
    const short = pieces.map((p, k) => (k === at ? (p as unknown[]).slice(1) : p));
    expect(() => joinSnapshot(skeleton, short)).toThrow(/damaged/);
    const notLists = pieces.map((p, k) => (k === at ? (p as unknown[]).map(() => 'x') : p));
    expect(() => joinSnapshot(skeleton, notLists)).toThrow(/damaged/);
  });

  it('cut the loc and lastmod chunk strings into pieces of about the size asked, and join them back equal', () => {
    const snapshot = documentOf(30_000);
    const { skeleton, pieces } = cutSnapshot(snapshot, 100_000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces)
      if (Array.isArray(piece)) expect(piece.reduce((n, s) => n + s.length, 0)).toBeLessThan(100_000 + 300_000);
    expect(skeleton.rows.loc.kind === 'arena' && skeleton.rows.loc.chunks).toEqual([]);
    expect(skeleton.rows.lastmod.kind === 'arena' && skeleton.rows.lastmod.chunks).toEqual([]);
    expect(skeleton.pieces?.map(placeOf)).toContain('lastmod');
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);
  });

  it('cut the before set of a comparison too, and join each piece back to its own set', () => {
    const snapshot = { ...documentOf(8_000), compare: documentOf(6_000) };
    const { skeleton, pieces } = cutSnapshot(snapshot, 50_000);
    expect(skeleton.compare?.rows.loc.kind === 'arena' && skeleton.compare.rows.loc.chunks).toEqual([]);
    const ofCompare = skeleton.pieces?.filter((p) => p.of === 'compare') ?? [];
    expect(ofCompare.map(placeOf)).toEqual(expect.arrayContaining(['loc', 'lastmod']));
    expect(skeleton.pieces?.filter((p) => p.of === undefined).length).toBeGreaterThan(1);
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);
    const { compare: _dropped, ...withoutCompare } = skeleton;
    expect(() => joinSnapshot(withoutCompare, pieces)).toThrow(/does not fit/);
  });

  it('put each big typed array in a piece of its own, the skeleton keeping none, and join them back equal', () => {
    const snapshot = { ...documentOf(20_000), compare: documentOf(3_000) };
    const { skeleton, pieces } = cutSnapshot(snapshot, 100_000, 64 * 1024);
    // 20,000 rows × 4 B = 80,000 B: over the bound; the before set's 12,000 B are not.
    expect(skeleton.pieces?.filter((p) => 'array' in p).map((p) => (p as { array: string }).array)).toEqual([
      'id',
      'loc.chunk',
      'loc.start',
      'loc.end',
      'lastmod.chunk',
      'lastmod.start',
      'lastmod.end',
      'changefreq.codes',
      'priority.codes',
      'file',
      'line',
      'column',
    ]);
    expect(skeleton.rows.id).toBeNull();
    expect(skeleton.rows.loc.kind === 'arena' && skeleton.rows.loc.start).toBeNull();
    // readFlags (1 B a row) and the before set's arrays are small: they stay in the skeleton.
    expect(skeleton.rows.readFlags).toEqual(snapshot.rows.readFlags);
    expect(skeleton.compare?.rows.id).toEqual(snapshot.compare.rows.id);
    const arrays = pieces.filter((p) => !Array.isArray(p));
    expect(arrays.map((a) => (a as Uint32Array).length)).toEqual(Array(12).fill(20_000));
    const cloned = structuredClone(skeleton);
    expect(joinSnapshot(cloned, structuredClone(pieces))).toEqual(snapshot);
  });

  it('refuse a typed array piece with no place, or a place already filled', () => {
    const { skeleton, pieces } = cutSnapshot(documentOf(20_000), 100_000, 64 * 1024);
    const at = skeleton.pieces!.findIndex((p) => 'array' in p);
    const moved = (array: string) => ({
      ...skeleton,
      pieces: skeleton.pieces!.map((p, k) => (k === at ? { array } : p)),
    });
    expect(() => joinSnapshot(moved('readFlags'), pieces)).toThrow(/does not fit/);
    expect(() => joinSnapshot(moved('loc.nowhere.deeper'), pieces)).toThrow(/does not fit/);
    expect(() => joinSnapshot(moved('nothing.start'), pieces)).toThrow(/does not fit/);
    expect(() =>
      joinSnapshot(
        skeleton,
        pieces.map((p, k) => (k === at ? ['text'] : p)),
      ),
    ).toThrow(/damaged/);
    expect(() =>
      joinSnapshot(
        { ...skeleton, pieces: skeleton.pieces!.map((p, k) => (k === at ? (null as unknown as PieceRef) : p)) },
        pieces,
      ),
    ).toThrow(RangeError);
  });

  it('read a save of the earlier shape, its typed arrays still in the skeleton and only strings in pieces', () => {
    const snapshot = documentOf(20_000);
    const { skeleton, pieces } = cutSnapshot(snapshot, 100_000, Infinity);
    expect(skeleton.pieces?.every((p) => 'column' in p)).toBe(true);
    expect(skeleton.rows.id).toEqual(snapshot.rows.id);
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);
  });

  it('take a document saved whole as it is', () => {
    const snapshot = documentOf(10);
    expect(joinSnapshot(snapshot, [])).toEqual(snapshot);
  });

  it('refuse pieces that do not fit the skeleton', () => {
    const { skeleton, pieces } = cutSnapshot(documentOf(5_000), 10_000);
    expect(() => joinSnapshot(skeleton, pieces.slice(1))).toThrow(RangeError);
    expect(() => joinSnapshot(skeleton, [[1, 2], ...pieces.slice(1)])).toThrow(/damaged/);
    expect(() => joinSnapshot(skeleton, [undefined, ...pieces.slice(1)])).toThrow(/damaged/);
  });
});
