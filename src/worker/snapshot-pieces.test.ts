import { describe, expect, it } from 'vitest';
import { snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';
import { importFiles } from '../core/read/import-files';
import { cutSnapshot, joinSnapshot } from './snapshot-pieces';

function documentOf(urls: number): DocumentSnapshot {
  const entries: string[] = [];
  for (let i = 0; i < urls; i++) entries.push(`<url><loc>https://example.com/page/${i}</loc><lastmod>2024-01-${String((i % 28) + 1).padStart(2, '0')}</lastmod></url>`);
  const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`;
  const set = importFiles([{ name: 'a.xml', bytes: new TextEncoder().encode(xml) }]);
  return snapshotSet(set, 'https://example.com/', 1);
}

describe('cutSnapshot and joinSnapshot', () => {
  it('cut the loc and lastmod chunk strings into pieces of about the size asked, and join them back equal', () => {
    const snapshot = documentOf(30_000);
    const { skeleton, pieces } = cutSnapshot(snapshot, 100_000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.reduce((n, s) => n + s.length, 0)).toBeLessThan(100_000 + 300_000);
    expect(skeleton.rows.loc.kind === 'arena' && skeleton.rows.loc.chunks).toEqual([]);
    expect(skeleton.rows.lastmod.kind === 'arena' && skeleton.rows.lastmod.chunks).toEqual([]);
    expect(skeleton.pieces?.map((p) => p.column)).toContain('lastmod');
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);
  });

  it('cut the before set of a comparison too, and join each piece back to its own set', () => {
    const snapshot = { ...documentOf(8_000), compare: documentOf(6_000) };
    const { skeleton, pieces } = cutSnapshot(snapshot, 50_000);
    expect(skeleton.compare?.rows.loc.kind === 'arena' && skeleton.compare.rows.loc.chunks).toEqual([]);
    const ofCompare = skeleton.pieces?.filter((p) => p.of === 'compare') ?? [];
    expect(ofCompare.map((p) => p.column)).toEqual(expect.arrayContaining(['loc', 'lastmod']));
    expect(skeleton.pieces?.filter((p) => p.of === undefined).length).toBeGreaterThan(1);
    expect(joinSnapshot(structuredClone(skeleton), structuredClone(pieces))).toEqual(snapshot);
    const { compare: _dropped, ...withoutCompare } = skeleton;
    expect(() => joinSnapshot(withoutCompare, pieces)).toThrow(/does not fit/);
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
