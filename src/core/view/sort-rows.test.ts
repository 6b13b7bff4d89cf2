import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import { ArenaColumn, DictColumn, type StringColumn } from '../rows/string-columns';
import { sortByRank, sortByText } from './sort-rows';

/** The obvious comparator sort: what the fast sorts must agree with. */
function reference(values: string[], view: number[], dir: 'asc' | 'desc', numeric: boolean): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...view].sort((a, b) => {
    const x = values[a] as string;
    const y = values[b] as string;
    if (x === y) return a - b;
    if (x === '') return 1;
    if (y === '') return -1;
    if (numeric) {
      const d = Number(x) - Number(y);
      if (d === d && d !== 0) return sign * d;
    }
    return sign * (x < y ? -1 : 1);
  });
}

function arena(values: string[], edited: number[] = []): ArenaColumn {
  const c = new ArenaColumn();
  values.forEach((v, i) => c.push(edited.includes(i) ? 'placeholder' : v));
  c.seal();
  // Values set one by one live outside the chunks: the sort must read them too.
  for (const i of edited) c.set(i, values[i] as string);
  return c;
}

function dict(values: string[]): DictColumn {
  const c = new DictColumn();
  for (const v of values) c.push(v);
  return c;
}

function arenaDict(values: string[], edited: number[] = []): ArenaDictColumn {
  const c = new ArenaDictColumn();
  values.forEach((v, i) => c.push(edited.includes(i) ? 'placeholder' : v));
  for (const i of edited) c.set(i, values[i] as string);
  return c;
}

function sorted(column: StringColumn, view: number[], dir: 'asc' | 'desc', numeric = false): number[] {
  const v = Uint32Array.from(view);
  sortByText(v, column, dir, numeric);
  return [...v];
}

describe('sortByText', () => {
  it('sorts locs with a shared prefix, prefixes before longer values, empties last', () => {
    const values = [
      'https://a.example/b',
      '',
      'https://a.example/',
      'https://a.example/ab',
      'https://a.example/b',
      'https://a.example/a',
    ];
    const view = [0, 1, 2, 3, 4, 5];
    expect(sorted(arena(values), view, 'asc')).toEqual([2, 5, 3, 0, 4, 1]);
    // Descending mirrors the order but keeps equal values in row order and empties last.
    expect(sorted(arena(values), view, 'desc')).toEqual([0, 4, 3, 5, 2, 1]);
  });

  it('sorts only the rows of the view', () => {
    const values = ['d', 'c', 'b', 'a'];
    expect(sorted(arena(values), [3, 1, 0], 'asc')).toEqual([3, 1, 0]);
    expect(sorted(arena(values), [0, 2], 'desc')).toEqual([0, 2]);
  });

  it('orders priorities as numbers, then the values that are not numbers', () => {
    const values = ['0.8', '1.0', '', '0.10', 'high', '0.5', '1', '0.1'];
    const view = values.map((_, i) => i);
    // Equal numbers ('0.1', '0.10') fall back to the text, shorter first.
    expect(sorted(dict(values), view, 'asc', true)).toEqual([7, 3, 5, 0, 6, 1, 4, 2]);
    expect(sorted(dict(values), view, 'desc', true)).toEqual(reference(values, view, 'desc', true));
  });

  it('agrees with the comparator sort on any values, in both directions and column kinds', () => {
    const value = fc.oneof(
      fc.constantFrom(
        '',
        'a',
        'ab',
        'b',
        'https://x.example/',
        'https://x.example/a',
        '\u00e9',
        '\ud83d\ude00',
        '2024-01-01',
      ),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 80 }),
        fc.boolean(),
        fc.constantFrom('arena', 'dict', 'arena-dict'),
        fc.nat(),
        (values, asc, kind, seed) => {
          const dir = asc ? 'asc' : 'desc';
          const view = values.map((_, i) => i).filter((i) => (i * 7 + seed) % 5 !== 0);
          const edited = values.map((_, i) => i).filter((i) => (i + seed) % 4 === 0);
          const column =
            kind === 'dict' ? dict(values) : kind === 'arena' ? arena(values, edited) : arenaDict(values, edited);
          expect(sorted(column, view, dir)).toEqual(reference(values, view, dir, false));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('sorts large views with long shared prefixes and many equal values', () => {
    const values: string[] = [];
    for (let i = 0; i < 20_000; i++)
      values.push(`https://shop.example.com/category-${i % 37}/product-${(i * 7919) % 5000}`);
    const view = values.map((_, i) => i);
    expect(sorted(arena(values), view, 'asc')).toEqual(reference(values, view, 'asc', false));
    expect(sorted(arena(values), view, 'desc')).toEqual(reference(values, view, 'desc', false));
  });

  it('agrees with the comparator sort on large views: radix levels, ties, prefixes, any view order', () => {
    // Thousands of values over a few characters: groups big enough for the radix passes,
    // many equal values and prefixes, so every level and its stability are exercised.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.boolean(), fc.boolean(), (seed, asc, shuffled) => {
        let state = seed;
        const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const alphabet = ['a', 'b', '/', '-', '0', '1'];
        const values: string[] = [];
        for (let i = 0; i < 6000; i++) {
          let v = 'https://shop.example/';
          const len = Math.floor(next() * 14);
          for (let c = 0; c < len; c++) v += alphabet[Math.floor(next() * alphabet.length)];
          values.push(next() < 0.02 ? '' : v);
        }
        const view = values.map((_, i) => i).filter(() => next() < 0.9);
        if (shuffled) view.sort(() => next() - 0.5);
        const dir = asc ? 'asc' : 'desc';
        expect(sorted(arena(values, [3, 17]), view, dir)).toEqual(
          reference(
            values,
            [...view].sort((x, y) => x - y),
            dir,
            false,
          ),
        );
      }),
      { numRuns: 12 },
    );
  });

  it('sorts views past 65,536 rows (the widest radix passes) exactly as the comparator does', () => {
    const values: string[] = [];
    for (let i = 0; i < 70_000; i++) {
      const v = `https://shop.example.com/category-${(i * 31) % 41}/product-${(i * 7919) % 30_000}${i % 9 === 0 ? '?color=red' : ''}`;
      values.push(i % 97 === 0 ? '' : v);
    }
    const view = values.map((_, i) => i);
    for (const dir of ['asc', 'desc'] as const)
      expect(sorted(arena(values, [5, 70]), view, dir)).toEqual(reference(values, view, dir, false));
  });

  it('sorts lastmods by their distinct values, for the whole view and for a few of its rows, ties in row order', () => {
    const values: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const day = `202${i % 4}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`;
      values.push(
        i % 50 === 0
          ? ''
          : i % 2 === 0
            ? day
            : `${day}T${String(i % 24).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}:00+01:00`,
      );
    }
    const column = arenaDict(values, [2, 3]);
    const all = values.map((_, i) => i);
    // A few rows of many distinct values: sorted row by row, not through every distinct value.
    const few = all.filter((i) => i % 7 === 3);
    for (const dir of ['asc', 'desc'] as const) {
      expect(sorted(column, all, dir)).toEqual(reference(values, all, dir, false));
      expect(sorted(column, few, dir)).toEqual(reference(values, few, dir, false));
    }
    // Exact order at the head: the earliest day, its rows in row order, before its datetimes.
    expect(
      sorted(column, all, 'asc')
        .slice(0, 3)
        .map((i) => values[i]),
    ).toEqual(['2020-01-01', '2020-01-01', '2020-01-01']);
  });

  it('sorts again by whole code units when a value holds a character past Latin-1', () => {
    const values: string[] = [];
    for (let i = 0; i < 5000; i++)
      values.push(`https://x.example/${['ÿ', 'ä', 'z', 'Ā', '中', '\ud83d\ude00'][i % 6]}${i % 7}`);
    const view = values.map((_, i) => i);
    for (const dir of ['asc', 'desc'] as const) {
      expect(sorted(arena(values), view, dir)).toEqual(reference(values, view, dir, false));
    }
  });

  it('keeps long runs of equal values in row order', () => {
    const values: string[] = [];
    for (let i = 0; i < 4000; i++) values.push(`https://x.example/${'same/'.repeat(40)}${i % 3}`);
    const view = values.map((_, i) => i);
    expect(sorted(arena(values), view, 'asc')).toEqual(reference(values, view, 'asc', false));
    expect(sorted(arena(values), view, 'desc')).toEqual(reference(values, view, 'desc', false));
  });
});

describe('sortByRank', () => {
  it('is a stable sort by a small number, larger first when descending', () => {
    const rank = [2, 0, 1, 2, 0, 5];
    const view = Uint32Array.from([0, 1, 2, 3, 4, 5]);
    sortByRank(view, (i) => rank[i] as number, 'asc');
    expect([...view]).toEqual([1, 4, 2, 0, 3, 5]);
    sortByRank(view, (i) => rank[i] as number, 'desc');
    expect([...view]).toEqual([5, 0, 3, 2, 1, 4]);
  });
});
