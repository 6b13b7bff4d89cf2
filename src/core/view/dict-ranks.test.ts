import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import { cachedRanks, dictRanks } from './dict-ranks';
import { sortByText } from './sort-rows';

function column(values: string[]): ArenaDictColumn {
  const c = new ArenaDictColumn();
  for (const v of values) c.push(v);
  return c;
}

function sorted(c: ArenaDictColumn, view: number[], dir: 'asc' | 'desc'): number[] {
  const v = Uint32Array.from(view);
  sortByText(v, c, dir);
  return [...v];
}

describe('dictRanks', () => {
  it('ranks every distinct value in ascending order, empty last, and keeps them while the column gains no value', () => {
    const c = column(['2024-05-01', '', '2023-01-01', '2024-05-01', '2024-05-01T10:00:00Z', '2023-12-31']);
    // Numbers: '' 0, '2024-05-01' 1, '2023-01-01' 2, '2024-05-01T10:00:00Z' 3, '2023-12-31' 4.
    expect(cachedRanks(c)).toBeNull();
    expect([...dictRanks(c)]).toEqual([4, 2, 0, 3, 1]);
    expect(cachedRanks(c)).toBe(dictRanks(c));
    c.set(1, '2023-12-31');
    expect(cachedRanks(c)).toBe(dictRanks(c));
    c.set(1, '2022-06-30');
    expect(cachedRanks(c)).toBeNull();
    expect([...dictRanks(c)]).toEqual([5, 3, 1, 4, 2, 0]);
  });

  it('sorts a few rows of many values through the kept ranks exactly as row by row, after edits too', () => {
    const values: string[] = [];
    for (let i = 0; i < 3000; i++)
      values.push(
        i % 40 === 0
          ? ''
          : `2024-${String(1 + (i % 12)).padStart(2, '0')}-01T${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00Z`,
      );
    const c = column(values);
    const few = [7, 0, 40, 13, 25, 1, 2999, 1200];
    const byRow = { asc: sorted(c, few, 'asc'), desc: sorted(c, few, 'desc') };
    expect(cachedRanks(c)).toBeNull();
    expect(byRow.asc).toEqual([1, 25, 13, 7, 2999, 0, 40, 1200]);
    expect(byRow.desc).toEqual([2999, 7, 13, 25, 1, 0, 40, 1200]);
    sorted(
      c,
      values.map((_, i) => i),
      'asc',
    );
    expect(cachedRanks(c)).not.toBeNull();
    expect(sorted(c, few, 'asc')).toEqual(byRow.asc);
    expect(sorted(c, few, 'desc')).toEqual(byRow.desc);
    // A new value ranks again; a value no row held any more comes back with its rank.
    const old = c.get(13);
    c.set(13, '2030-01-01');
    expect(cachedRanks(c)).toBeNull();
    sorted(
      c,
      values.map((_, i) => i),
      'asc',
    );
    c.set(7, old);
    expect(cachedRanks(c)).not.toBeNull();
    expect(sorted(c, few, 'asc')).toEqual([1, 25, 7, 2999, 13, 0, 40, 1200]);
    expect(sorted(c, few, 'desc')).toEqual([13, 2999, 7, 25, 1, 0, 40, 1200]);
  });
});
