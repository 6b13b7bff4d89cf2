import { describe, expect, it } from 'vitest';
import { fixture, listOf } from '../../fixtures/helpers';
import { restoreSet, snapshotSet } from '../core/persist/document-snapshot';
import { ownChecks } from '../core/check/own-checks';
import { importFiles } from '../core/read/import-files';
import { handOverSet } from './hand-over-set';
import { rowBuffers } from './row-buffers';

describe('rowBuffers', () => {
  it('lists every buffer of the rows once; handed over, the rows come back the same and the sender keeps none', () => {
    const set = importFiles([
      { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
      { name: 'list.txt', bytes: new TextEncoder().encode('https://example.com/a\nhttps://example.com/b\n') },
    ]);
    set.rows.loc.set(0, 'https://example.com/edited');
    const snapshot = snapshotSet(set, '', 0);
    const buffers = rowBuffers(snapshot.rows);
    // id, extAt, file, line, column, readFlags; loc and lastmod 4 each (chunk, start, end, singleAt); changefreq and priority 1 each.
    expect(buffers.length).toBe(6 + 4 + 4 + 1 + 1);
    expect(new Set(buffers).size).toBe(buffers.length);
    const moved = structuredClone(snapshot, { transfer: buffers });
    expect(snapshot.rows.id.byteLength).toBe(0);
    expect(listOf(restoreSet(moved).rows)).toEqual(listOf(set.rows));
    expect(restoreSet(moved).rows.loc.get(0)).toBe('https://example.com/edited');
  });

  it("leaves the set whole once the hand-over's buffers are gone: the parse helper checks its rows after posting them", () => {
    const dated = Array.from(
      { length: 3000 },
      (_, i) =>
        `<url><loc>https://example.com/p/${i}</loc><lastmod>${i % 2 ? '2024-01-02' : `2023-05-01T00:00:${String(i).padStart(5, '0')}Z`}</lastmod><priority>0.${i % 9}</priority></url>`,
    );
    const bytes = new TextEncoder().encode(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${dated.join('\n')}</urlset>`,
    );
    const set = importFiles([
      { name: 'a.xml', bytes },
      { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
    ]);
    const rows = listOf(set.rows);
    const own = ownChecks(set.rows, 'https://example.com/', Date.UTC(2025, 0, 1));
    const snapshot = handOverSet(set);
    const moved = structuredClone(snapshot, { transfer: rowBuffers(snapshot.rows) });
    expect(snapshot.rows.id.byteLength).toBe(0);
    expect(listOf(set.rows)).toEqual(rows);
    expect(ownChecks(set.rows, 'https://example.com/', Date.UTC(2025, 0, 1))).toEqual(own);
    expect(listOf(restoreSet(moved).rows)).toEqual(rows);
  });
});
