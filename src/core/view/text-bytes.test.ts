import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../rows/string-columns';
import { sortByBytes } from './text-bytes';
import { radixSortText } from './text-radix';

/** The plain comparator sort the byte sort must agree with: UTF-16 code units (JS `<`), ties in row order, 'desc' mirrored. */
function reference(values: string[], view: number[], dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...view].sort((a, b) => {
    const x = values[a] as string;
    const y = values[b] as string;
    if (x === y) return a - b;
    return sign * (x < y ? -1 : 1);
  });
}

/** A column as the importer leaves it (sealed chunks), with some rows edited afterwards (values kept apart) and some still pending. */
function column(values: string[], edited: number[] = [], pending = 0): ArenaColumn {
  const c = new ArenaColumn();
  const sealed = Math.max(0, values.length - pending);
  for (let i = 0; i < sealed; i++) c.push(edited.includes(i) ? 'placeholder' : (values[i] as string));
  c.seal();
  for (const i of edited) if (i < sealed) c.set(i, values[i] as string);
  for (let i = sealed; i < values.length; i++) c.push(values[i] as string);
  return c;
}

function byBytes(
  values: string[],
  view: number[],
  dir: 'asc' | 'desc',
  edited: number[] = [],
  pending = 0,
): number[] | false {
  const v = Uint32Array.from(view);
  return sortByBytes(v, column(values, edited, pending), dir) ? [...v] : false;
}

const rows = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('sortByBytes', () => {
  it('orders by code unit: upper case before lower, a prefix before what extends it, control characters and Latin-1 where they fall', () => {
    const values = [
      'https://x.example/b',
      'https://x.example/B',
      'https://x.example/',
      'https://x.example/b\u0000',
      'https://x.example/\u00e9',
      'https://x.example/~',
      'https://x.example/b',
      'https://x.example/\u00fe',
      'https://x.example/\u007f',
    ];
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(values.length), dir)).toEqual(reference(values, rows(values.length), dir));
    // Exactly: '' < 'B' < 'b' (rows 0 and 6 in row order) < 'b\0' < '~' < DEL < 'é' < 'þ'.
    expect(byBytes(values, rows(values.length), 'asc')).toEqual([2, 1, 0, 6, 3, 5, 8, 4, 7]);
  });

  it('leaves the view untouched and says so when a character past U+00FE must be compared', () => {
    const values = ['https://x.example/a', 'https://x.example/\u0100', 'https://x.example/\u00ff'];
    const v = Uint32Array.from([0, 1, 2]);
    expect(sortByBytes(v, column(values), 'asc')).toBe(false);
    expect([...v]).toEqual([0, 1, 2]);
    // The caller then sorts by whole code units.
    radixSortText(v, column(values), 'asc', values.length);
    expect([...v]).toEqual([0, 2, 1]);
  });

  it('finds the shared prefix even when the sampled values share a longer one', () => {
    // Every 15th value (the sample of 1,000) shares 'https://x.example/deep/'; row 7 leaves it at 'https://x.example/d'.
    const values = rows(1000).map((i) =>
      i === 7 ? 'https://x.example/da' : `https://x.example/deep/${(i * 7919) % 1000}`,
    );
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(1000), dir)).toEqual(reference(values, rows(1000), dir));
    expect((byBytes(values, rows(1000), 'asc') as number[])[0]).toBe(7);
  });

  it('reads further windows for values equal over 32 characters, equal values in row order', () => {
    const tail = 'same/'.repeat(15);
    const values = rows(3000).map(
      (i) => `${i % 2 ? 'a' : 'b'}${tail}${['', 'x', 'xy', 'x'][i % 4]}${i % 5 === 0 ? '' : String(i % 3)}`,
    );
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(3000), dir, [4, 9])).toEqual(reference(values, rows(3000), dir));
  });

  it('sorts groups too large for the cache, tied over whole windows, as the comparator does', () => {
    // Two groups of 40,000 (past the in-cache size) equal for 40 characters after their first.
    const values = rows(80_000).map(
      (i) => `${i % 2 ? 'q' : 'p'}${'-'.repeat(40)}${(i * 7919) % 50_000}${i % 7 === 0 ? '?x' : ''}`,
    );
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(80_000), dir, [10, 20], 5)).toEqual(reference(values, rows(80_000), dir));
  });

  it('sorts a group in the cache by 48-bit keys from any bit, runs equal over them going on 48 bits further, ties in row order', () => {
    // Values agree for 0 to 9 characters after 'k', then differ in one or two characters spread over the window; many are equal.
    const values = rows(6000).map(
      (i) =>
        `k${'abcdefghi'.slice(0, i % 10)}${String.fromCharCode(33 + ((i * 37) % 90))}${'~'.repeat(i % 23)}${(i * 13) % 7}`,
    );
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(6000), dir, [3, 3000])).toEqual(reference(values, rows(6000), dir));
    // Groups equal over their first 48 bits go on from bit 55 (the last of the seventh character): those 48 end in the thirteenth.
    const spread = rows(4000).map(
      (i) => `${'ab'[i % 2]}mmmmm${'ab'[(i >> 1) % 2]}mmmmm${'p0'[(i >> 2) % 2]}${(i >> 3) % 5}`,
    );
    const asc = byBytes(spread, rows(4000), 'asc') as number[];
    expect(asc).toEqual(reference(spread, rows(4000), 'asc'));
    expect(asc.slice(0, 3).map((i) => spread[i])).toEqual(['ammmmmammmmm00', 'ammmmmammmmm00', 'ammmmmammmmm00']);
    expect(asc.slice(0, 3)).toEqual([4, 44, 84]);
    expect(byBytes(spread, rows(4000), 'desc')).toEqual(reference(spread, rows(4000), 'desc'));
  });

  it('reads a chunk that is not all ASCII a character at a time, and agrees', () => {
    const values = rows(9000).map((i) => `https://x.example/p-${(i * 31) % 4000}${i === 8500 ? '\u00e9' : ''}`);
    for (const dir of ['asc', 'desc'] as const)
      expect(byBytes(values, rows(9000), dir)).toEqual(reference(values, rows(9000), dir));
  });

  it('agrees with the comparator sort on any values below U+00FF, in both directions, for any subset of rows', () => {
    const value = fc.oneof(
      fc.constantFrom(
        '',
        'a',
        'A',
        'ab',
        'https://x.example/',
        'https://x.example/a',
        'https://x.example/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p',
        '\u00e9',
        '\u007f',
      ),
      fc.string({ maxLength: 40, unit: fc.constantFrom('a', 'b', '/', '-', 'A', '0', '\u00e9') }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 120 }), fc.boolean(), fc.nat(), (values, asc, seed) => {
        const dir = asc ? 'asc' : 'desc';
        const view = rows(values.length).filter((i) => (i * 7 + seed) % 5 !== 0);
        const edited = rows(values.length).filter((i) => (i + seed) % 6 === 0);
        expect(byBytes(values, view, dir, edited, seed % 3)).toEqual(reference(values, view, dir));
      }),
      { numRuns: 300 },
    );
  });
});
