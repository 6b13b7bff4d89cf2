import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from './arena-dict-column';
import { UrlRows } from './rows';
import { ArenaColumn, DictColumn, columnFromSnapshot, type StringColumn } from './string-columns';
import type { ExtElement } from './types';
import { listOf } from '../../../fixtures/helpers';

const KINDS: [string, () => StringColumn][] = [
  ['ArenaColumn', () => new ArenaColumn()],
  ['DictColumn', () => new DictColumn()],
  ['ArenaDictColumn', () => new ArenaDictColumn()],
  ['a restored arena column', () => columnFromSnapshot(new ArenaColumn().toSnapshot())],
];

/** A column of `kind` holding `values`: some sealed in chunks, one set by itself, the last ones pending. */
function filled(make: () => StringColumn, values: string[]): StringColumn {
  const col = make();
  values.forEach((v, i) => {
    col.push(i === 1 ? 'before' : v);
    if (i === values.length - 3) col.seal();
  });
  if (values.length > 1) col.set(1, values[1] as string);
  return col;
}

describe('appendColumn', () => {
  const left = ['https://a.example/1', 'https://a.example/é', '', 'https://a.example/1', '2024-01-01'];
  const right = ['', '2024-01-01', 'https://b.example/x', 'https://a.example/1', 'weekly', 'https://b.example/ü'];
  for (const [intoName, into] of KINDS) {
    for (const [fromName, from] of KINDS) {
      it(`${fromName} onto ${intoName}: every value after the column's own, the source left as it was`, () => {
        const col = filled(into, left);
        const more = filled(from, right);
        col.appendColumn(more);
        expect(col.length).toBe(11);
        expect(listOf(col)).toEqual([...left, ...right]);
        expect(listOf(more)).toEqual(right);
        // Still a working column: set, push, remove, insert and save.
        col.set(7, 'changed');
        col.push('last');
        col.removeAt([0]);
        col.insertAt([0], ['first']);
        const expected = ['first', ...left.slice(1), ...right.slice(0, 2), 'changed', ...right.slice(3), 'last'];
        expect(listOf(col)).toEqual(expected);
        expect(listOf(columnFromSnapshot(structuredClone(col.toSnapshot())))).toEqual(expected);
      });
    }
  }

  it('moves thousands of values across chunks, onto an empty column and onto itself copied', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `https://example.com/p-${i}`);
    const more = new ArenaColumn();
    values.forEach((v) => more.push(v));
    const col = new ArenaColumn();
    col.appendColumn(more);
    col.appendColumn(more.snapshot());
    expect(col.length).toBe(40_000);
    expect(col.get(0)).toBe(values[0]);
    expect(col.get(39_999)).toBe(values[19_999]);
    expect(listOf(col)).toEqual([...values, ...values]);
  });

  it('numbers the distinct values of a dictionary once (equal values, equal numbers)', () => {
    const col = new ArenaDictColumn();
    for (const v of ['2024-01-01', '2024-01-02']) col.push(v);
    const more = new ArenaDictColumn();
    for (const v of ['2024-01-02', '2024-01-03', '2024-01-02', '']) more.push(v);
    col.appendColumn(more);
    expect([0, 1, 2, 3, 4, 5].map((i) => col.codeAt(i))).toEqual([1, 2, 2, 3, 2, 0]);
    expect(col.distinctCount).toBe(4);
  });

  it('takes a saved dictionary (rows sharing ranges of its chunks, empty values among them) with the same values and numbers', () => {
    const saved = new ArenaDictColumn();
    const values = ['2024-01-02', '', '2024-01-03', '2024-01-02', '', '2024-01-03T10:00:00Z', '2024-01-03'];
    values.forEach((v) => saved.push(v));
    const restored = columnFromSnapshot(structuredClone(saved.toSnapshot()));
    expect(restored).toBeInstanceOf(ArenaColumn);
    const col = new ArenaDictColumn();
    col.push('2024-01-03');
    col.appendColumn(restored);
    expect(listOf(col)).toEqual(['2024-01-03', ...values]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => col.codeAt(i))).toEqual([1, 2, 0, 1, 2, 0, 3, 1]);
    expect(col.distinctCount).toBe(4);
  });
});

describe('UrlRows.append', () => {
  it('adds the rows with new ids, their files moved up, every column as it was', () => {
    const rows = new UrlRows();
    rows.push(
      { loc: 'https://a.example/', lastmod: '2024-01-01', changefreq: 'daily', priority: '0.5', ext: [] },
      { file: 0, line: 3, column: 2 },
      1,
    );
    const more = new UrlRows();
    const img: ExtElement[] = [
      {
        ns: 'http://www.google.com/schemas/sitemap-image/1.1',
        prefix: 'image',
        name: 'image',
        attrs: [],
        children: [],
      },
    ];
    more.push(
      { loc: 'https://b.example/', lastmod: '', changefreq: '', priority: '1.0', ext: [] },
      { file: 0, line: 7, column: 5 },
      0,
    );
    more.push(
      { loc: 'https://c.example/', lastmod: '2024-01-01', changefreq: 'daily', priority: '', ext: img },
      { file: 1, line: 70_000, column: 90_000 },
      16,
    );
    rows.append(more, 4);
    expect(rows.length).toBe(3);
    expect(listOf(rows).map((r) => [r.loc, r.lastmod, r.changefreq, r.priority, r.ext.length])).toEqual([
      ['https://a.example/', '2024-01-01', 'daily', '0.5', 0],
      ['https://b.example/', '', '', '1.0', 0],
      ['https://c.example/', '2024-01-01', 'daily', '', 1],
    ]);
    expect(Array.from(rows.id.subarray(0, 3))).toEqual([1, 2, 3]);
    expect([0, 1, 2].map((i) => rows.origin(i))).toEqual([
      { file: 0, line: 3, column: 2 },
      { file: 4, line: 7, column: 5 },
      { file: 5, line: 70_000, column: 90_000 },
    ]);
    expect(Array.from(rows.readFlags.subarray(0, 3))).toEqual([1, 0, 16]);
    expect(rows.ext[2]).toBe(more.ext[1]);
    // New rows after the merge get the next id.
    expect(rows.push({ loc: 'x', lastmod: '', changefreq: '', priority: '', ext: [] })).toBe(3);
    expect(rows.id[3]).toBe(4);
  });
});
