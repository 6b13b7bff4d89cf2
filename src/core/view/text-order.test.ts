import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../rows/string-columns';
import { sortByText } from './sort-rows';
import { sortFromKept } from './text-order';

/** The comparator sort the kept order must agree with: code units, ties in row order, empties last, 'desc' mirrored. */
function reference(values: string[], view: number[], dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...view].sort((a, b) => {
    const x = values[a] as string;
    const y = values[b] as string;
    if (x === y) return a - b;
    if (x === '') return 1;
    if (y === '') return -1;
    return sign * (x < y ? -1 : 1);
  });
}

function column(values: string[]): ArenaColumn {
  const c = new ArenaColumn();
  for (const v of values) c.push(v);
  c.seal();
  return c;
}

const rows = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const sorted = (c: ArenaColumn, view: number[], dir: 'asc' | 'desc'): number[] => {
  const v = Uint32Array.from(view);
  sortByText(v, c, dir);
  return [...v];
};
/** The kept order's answer alone, or null when there is none. */
const fromKept = (c: ArenaColumn, view: number[], dir: 'asc' | 'desc'): number[] | null => {
  const v = Uint32Array.from(view);
  return sortFromKept(v, c, dir) ? [...v] : null;
};

const LOCS = [
  'https://x.example/b',
  '',
  'https://x.example/a',
  'https://x.example/b',
  'https://x.example/',
  'https://x.example/c',
  '',
  'https://x.example/a',
  'https://x.example/b',
];

describe('the kept text order', () => {
  it('is kept by a sort of the whole column and gives both directions, equal values in row order and empties last', () => {
    const c = column(LOCS);
    expect(fromKept(c, rows(9), 'asc')).toBeNull();
    expect(sorted(c, rows(9), 'asc')).toEqual([4, 2, 7, 0, 3, 8, 5, 1, 6]);
    expect(fromKept(c, rows(9), 'asc')).toEqual([4, 2, 7, 0, 3, 8, 5, 1, 6]);
    expect(fromKept(c, rows(9), 'desc')).toEqual([5, 0, 3, 8, 2, 7, 4, 1, 6]);
    expect(fromKept(c, rows(9), 'desc')).toEqual(reference(LOCS, rows(9), 'desc'));
  });

  it('is kept by a descending sort too, and gives the ascending order from it', () => {
    const c = column(LOCS);
    expect(sorted(c, rows(9), 'desc')).toEqual([5, 0, 3, 8, 2, 7, 4, 1, 6]);
    expect(fromKept(c, rows(9), 'asc')).toEqual([4, 2, 7, 0, 3, 8, 5, 1, 6]);
  });

  it('sorts a filtered view from the whole order, and a filtered sort keeps none', () => {
    const c = column(LOCS);
    expect(sorted(c, [0, 1, 2, 3], 'asc')).toEqual([2, 0, 3, 1]);
    expect(fromKept(c, [0, 1, 2, 3], 'asc')).toBeNull();
    sorted(c, rows(9), 'asc');
    expect(fromKept(c, [8, 6, 3, 2, 0], 'asc')).toEqual([2, 0, 3, 8, 6]);
    expect(fromKept(c, [8, 6, 3, 2, 0], 'desc')).toEqual([0, 3, 8, 2, 6]);
  });

  it('is dropped by an edit (set), a removal or an insertion (undo), an added row (import, merge) and a replace', () => {
    const change: [string, (c: ArenaColumn, values: string[]) => void][] = [
      [
        'set',
        (c, v) => {
          c.set(2, 'https://x.example/z');
          v[2] = 'https://x.example/z';
        },
      ],
      [
        'removeAt',
        (c, v) => {
          c.removeAt([0, 4]);
          v.splice(4, 1);
          v.splice(0, 1);
        },
      ],
      [
        'insertAt',
        (c, v) => {
          c.insertAt([1], ['https://x.example/0']);
          v.splice(1, 0, 'https://x.example/0');
        },
      ],
      [
        'push',
        (c, v) => {
          c.push('https://x.example/aa');
          v.push('https://x.example/aa');
        },
      ],
      [
        'appendColumn',
        (c, v) => {
          c.appendColumn(column(['https://x.example/ab', '']));
          v.push('https://x.example/ab', '');
        },
      ],
      [
        'replace',
        (c, v) => {
          for (let i = 0; i < v.length; i++)
            if (v[i] !== '') {
              v[i] = (v[i] as string).replace('x.', 'y.');
              c.set(i, v[i] as string);
            }
        },
      ],
    ];
    for (const [name, apply] of change) {
      const values = [...LOCS];
      const c = column(values);
      sorted(c, rows(values.length), 'asc');
      apply(c, values);
      expect(fromKept(c, rows(c.length), 'asc'), name).toBeNull();
      expect(sorted(c, rows(c.length), 'asc'), name).toEqual(reference(values, rows(values.length), 'asc'));
      expect(fromKept(c, rows(c.length), 'desc'), name).toEqual(reference(values, rows(values.length), 'desc'));
    }
  });

  it('agrees with the comparator sort for any values, any first direction and any filtered view after it', () => {
    const value = fc.oneof(
      fc.constantFrom('', 'a', 'ab', 'https://x.example/', 'https://x.example/a', '\u0100', '\u00e9'),
      fc.string({ maxLength: 40, unit: fc.constantFrom('a', 'b', '/', 'A', '\u00e9', '\u0101') }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 80 }), fc.boolean(), fc.nat(), (values, asc, seed) => {
        const c = column(values);
        const all = rows(values.length);
        expect(sorted(c, all, asc ? 'asc' : 'desc')).toEqual(reference(values, all, asc ? 'asc' : 'desc'));
        const view = all.filter((i) => (i * 7 + seed) % 3 !== 0);
        for (const dir of ['asc', 'desc'] as const) {
          expect(fromKept(c, all, dir)).toEqual(reference(values, all, dir));
          expect(fromKept(c, view, dir)).toEqual(reference(values, view, dir));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the ties of values equal past the first window, and of a group past the cache, through a flip', () => {
    const tail = 'same/'.repeat(12);
    const values = rows(40_000).map((i) => `https://x.example/${i % 3 ? 'p' : 'q'}${tail}${(i * 7919) % 9000}`);
    const c = column(values);
    expect(sorted(c, rows(values.length), 'desc')).toEqual(reference(values, rows(values.length), 'desc'));
    const asc = fromKept(c, rows(values.length), 'asc') as number[];
    expect(asc).toEqual(reference(values, rows(values.length), 'asc'));
    // The p's come first, from p + tail + '1' (rows 4679, 13679, 22679, 31679, in row order), then p + tail + '10' (rows 1790 … 37790).
    expect(asc.slice(0, 5)).toEqual([4679, 13679, 22679, 31679, 1790]);
    // Descending, the same run ends the view, still in row order.
    expect((fromKept(c, rows(values.length), 'desc') as number[]).slice(-5)).toEqual([
      37790, 4679, 13679, 22679, 31679,
    ]);
  });
});
