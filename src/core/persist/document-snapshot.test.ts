import { describe, expect, it } from 'vitest';
import { ArenaColumn, DictColumn, columnFromSnapshot } from '../rows/string-columns';
import { UrlRows } from '../rows/rows';
import { emptySet, type SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';
import { restoreSet, snapshotSet, SNAPSHOT_VERSION, type DocumentSnapshot } from './document-snapshot';
import { listOf } from '../../../fixtures/helpers';

const IMAGE: ExtElement = {
  ns: 'http://www.google.com/schemas/sitemap-image/1.1',
  prefix: 'image',
  name: 'image',
  attrs: [],
  children: [
    {
      ns: 'http://www.google.com/schemas/sitemap-image/1.1',
      prefix: 'image',
      name: 'loc',
      attrs: [],
      children: ['https://example.com/a.png'],
    },
  ],
};

/** A set of `n` rows with every kind of value a column can hold: chunked, edited (singles), pending, dict, ext. */
function bigSet(n: number): SitemapSet {
  const set = emptySet();
  set.files.push({ name: 'a.xml', kind: 'urlset', count: n, bytes: 123, encoding: 'utf-8', compression: null });
  set.sitemaps.push({ file: 0, loc: 'https://example.com/s.xml', lastmod: '', line: 2, column: 3, child: -1 });
  set.problems.push({ code: 'xml-malformed', severity: 'error', message: 'broken', file: 'a.xml', line: 9, column: 1 });
  const freq = ['', 'daily', 'weekly', 'Monthly'];
  for (let i = 0; i < n; i++) {
    set.rows.pushValues(
      `https://example.com/p/${i}`,
      i % 3 === 0 ? '' : `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      freq[i % 4] as string,
      i % 5 === 0 ? '0.5' : '',
      i % 997 === 0 ? [IMAGE] : undefined,
      0,
      i + 2,
      3,
      i % 7 === 0 ? 1 : 0,
    );
  }
  set.rows.seal();
  // Edited values (kept whole, outside the chunks), removed rows, rows put back, and unsealed pushes.
  for (let i = 0; i < n; i += 101) set.rows.loc.set(i, `https://example.com/edited/${i}?ü=✓`);
  set.rows.lastmod.set(1, '2025-12-31T23:59:59Z');
  set.rows.priority.set(2, '0.9');
  set.rows.removeAt([5, 6, 7]);
  set.rows.pushValues('https://example.com/pending', '', 'hourly', '1.0', [IMAGE], 0, 1, 1, 0);
  return set;
}

function expectSameRows(a: UrlRows, b: UrlRows): void {
  expect(b.length).toBe(a.length);
  for (let i = 0; i < a.length; i++) {
    if (
      a.id[i] !== b.id[i] ||
      a.loc.get(i) !== b.loc.get(i) ||
      a.lastmod.get(i) !== b.lastmod.get(i) ||
      a.changefreq.get(i) !== b.changefreq.get(i) ||
      a.priority.get(i) !== b.priority.get(i) ||
      a.file[i] !== b.file[i] ||
      a.line[i] !== b.line[i] ||
      a.column[i] !== b.column[i] ||
      a.readFlags[i] !== b.readFlags[i] ||
      JSON.stringify(a.ext[i]) !== JSON.stringify(b.ext[i])
    ) {
      expect({ row: i, ...b.get(i), id: b.id[i] }).toEqual({ row: i, ...a.get(i), id: a.id[i] });
    }
  }
}

describe('document snapshot', () => {
  it('round-trips 100,000 rows exactly through a structured clone (as IndexedDB stores them)', () => {
    const set = bigSet(100_000);
    let t = performance.now();
    const snapshot = snapshotSet(set, 'https://example.com/', 1234);
    const tSnap = performance.now() - t;
    t = performance.now();
    const stored = structuredClone(snapshot);
    const tClone = performance.now() - t;
    t = performance.now();
    const back = restoreSet(stored);
    const tRestore = performance.now() - t;
    console.info(
      `100,000 rows: snapshot ${tSnap.toFixed(1)} ms, structured clone ${tClone.toFixed(1)} ms, restore ${tRestore.toFixed(1)} ms`,
    );

    expect(stored.version).toBe(SNAPSHOT_VERSION);
    expect(stored.siteUrl).toBe('https://example.com/');
    expect(back.files).toEqual(set.files);
    expect(back.sitemaps).toEqual(set.sitemaps);
    expect(back.problems).toEqual(set.problems);
    expectSameRows(set.rows, back.rows);
    // The columns go as a few big strings, not a string per row.
    expect(stored.rows.loc.kind === 'arena' && stored.rows.loc.chunks.length).toBeLessThan(30);
  });

  it('keeps ids going: a row added after a restore gets a new id, and edits still work', () => {
    const set = bigSet(2000);
    const back = restoreSet(structuredClone(snapshotSet(set, '', 1)));
    const maxId = Math.max(...back.rows.id.subarray(0, back.rows.length));
    const at = back.rows.push({
      loc: 'https://example.com/new',
      lastmod: '',
      changefreq: 'daily',
      priority: '',
      ext: [],
    });
    expect(back.rows.id[at]).toBe(maxId + 1);
    back.rows.loc.set(0, 'https://example.com/changed');
    back.rows.changefreq.set(1, 'yearly');
    back.rows.removeAt([2]);
    expect(back.rows.get(0).loc).toBe('https://example.com/changed');
    expect(back.rows.get(1).changefreq).toBe('yearly');
    expect(back.rows.get(back.rows.length - 1)).toMatchObject({ loc: 'https://example.com/new', changefreq: 'daily' });
  });

  it('a snapshot is a copy: later edits to the rows do not reach it', () => {
    const set = bigSet(100);
    const snapshot = snapshotSet(set, '', 1);
    set.rows.loc.set(0, 'https://example.com/later');
    set.rows.priority.set(0, '0.1');
    set.files[0]!.name = 'renamed.xml';
    const back = restoreSet(snapshot);
    expect(back.rows.get(0).loc).toBe('https://example.com/edited/0?ü=✓');
    expect(back.rows.get(0).priority).toBe('0.5');
    expect(back.files[0]!.name).toBe('a.xml');
  });

  it('an empty set round-trips', () => {
    const back = restoreSet(structuredClone(snapshotSet(emptySet(), '', 1)));
    expect(back.rows.length).toBe(0);
    back.rows.push({ loc: 'https://example.com/', lastmod: '', changefreq: '', priority: '', ext: [] });
    expect(back.rows.id[0]).toBe(1);
  });

  it('refuses a snapshot of another version or one that does not hold together', () => {
    const good = snapshotSet(bigSet(50), '', 1);
    expect(() => restoreSet({ ...good, version: 99 })).toThrow(/another version/);
    const damaged = (patch: (s: DocumentSnapshot) => void) => {
      const s = structuredClone(good);
      patch(s);
      return () => restoreSet(s);
    };
    expect(
      damaged((s) => {
        s.rows.length = 51;
      }),
    ).toThrow(RangeError);
    expect(
      damaged((s) => {
        if (s.rows.loc.kind === 'arena') s.rows.loc.end[3] = 1e9;
      }),
    ).toThrow(/outside its chunk/);
    expect(
      damaged((s) => {
        if (s.rows.changefreq.kind === 'dict') s.rows.changefreq.codes[0] = 77;
      }),
    ).toThrow(/unknown value/);
    expect(
      damaged((s) => {
        s.rows.extAt = new Uint32Array([500]);
      }),
    ).toThrow(RangeError);
    expect(
      damaged((s) => {
        (s.rows as unknown as Record<string, unknown>).id = [1, 2];
      }),
    ).toThrow(RangeError);
  });
});

describe('column snapshots', () => {
  it('an arena column keeps chunked, edited and pending values', () => {
    const col = new ArenaColumn();
    for (let i = 0; i < 20_000; i++) col.push(`v${i}`);
    col.set(3, 'edited');
    col.push('pending');
    const back = columnFromSnapshot(structuredClone(col.toSnapshot()));
    expect(listOf(back)).toEqual(listOf(col));
    back.set(3, 'again');
    back.push('more');
    expect(back.get(3)).toBe('again');
    expect(back.get(20_001)).toBe('more');
    expect(col.get(3)).toBe('edited');
  });

  it('a dict column keeps its values and codes', () => {
    const col = new DictColumn();
    for (const v of ['', 'daily', 'weekly', 'daily', 'Daily']) col.push(v);
    const back = columnFromSnapshot(structuredClone(col.toSnapshot()));
    expect(listOf(back)).toEqual(['', 'daily', 'weekly', 'daily', 'Daily']);
    back.push('weekly');
    back.push('never');
    expect(listOf(back).slice(5)).toEqual(['weekly', 'never']);
  });
});
