import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { restoreSet, snapshotSet } from '../core/persist/document-snapshot';
import { importFiles } from '../core/read/import-files';
import { rowBuffers } from './row-buffers';

describe('rowBuffers', () => {
  it('lists every buffer of the rows once; handed over, the rows come back the same and the sender keeps none', () => {
    const set = importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }, { name: 'list.txt', bytes: new TextEncoder().encode('https://example.com/a\nhttps://example.com/b\n') }]);
    set.rows.loc.set(0, 'https://example.com/edited');
    const snapshot = snapshotSet(set, '', 0);
    const buffers = rowBuffers(snapshot.rows);
    // id, extAt, file, line, column, readFlags; loc and lastmod 4 each (chunk, start, end, singleAt); changefreq and priority 1 each.
    expect(buffers.length).toBe(6 + 4 + 4 + 1 + 1);
    expect(new Set(buffers).size).toBe(buffers.length);
    const moved = structuredClone(snapshot, { transfer: buffers });
    expect(snapshot.rows.id.byteLength).toBe(0);
    expect(restoreSet(moved).rows.toArray()).toEqual(set.rows.toArray());
    expect(restoreSet(moved).rows.loc.get(0)).toBe('https://example.com/edited');
  });
});
