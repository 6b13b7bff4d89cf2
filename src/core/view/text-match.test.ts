import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../string-columns';
import { containsMatcher } from './text-match';

function column(values: string[], edited: number[] = []): ArenaColumn {
  const c = new ArenaColumn();
  values.forEach((v, i) => c.push(edited.includes(i) ? 'x' : v));
  c.seal();
  for (const i of edited) c.set(i, values[i] as string);
  return c;
}

const naive = (values: string[], text: string) => values.map((v) => v.toLowerCase().includes(text));

describe('containsMatcher', () => {
  it('finds text ignoring case, never across two values', () => {
    const values = ['https://A.example/Color=Navy', 'https://b.example/colo', 'r=navy', 'https://c.example/?color=navy&x', ''];
    const m = containsMatcher(column(values), 'color=navy');
    expect(values.map((_, i) => m.matches(i))).toEqual([true, false, false, true, false]);
  });

  it('answers rows asked out of order, edited values and text whose lowercase changes length', () => {
    const values = ['İstanbul/a', 'b/a', 'a/İ', 'xa', 'a'];
    const m = containsMatcher(column(values, [3]), 'a');
    expect([4, 2, 0, 3, 1].map((i) => m.matches(i))).toEqual([true, true, true, true, true]);
    const dotted = containsMatcher(column(values), 'i̇');
    expect(values.map((_, i) => dotted.matches(i))).toEqual(naive(values, 'i̇'));
  });

  it('agrees with lowercasing each value, in any order of rows', () => {
    const value = fc.string({ unit: fc.constantFrom('a', 'B', 'ab', 'A', '/', 'İ', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', 'b', '/'), minLength: 1, maxLength: 3 }), fc.nat(), (values, text, seed) => {
        const m = containsMatcher(column(values, values.map((_, i) => i).filter((i) => (i + seed) % 5 === 0)), text);
        const order = values.map((_, i) => i).sort((x, y) => ((x * 31 + seed) % 7) - ((y * 31 + seed) % 7));
        const got = new Map(order.map((i) => [i, m.matches(i)]));
        expect(values.map((_, i) => got.get(i))).toEqual(naive(values, text));
      }),
      { numRuns: 300 },
    );
  });
});
