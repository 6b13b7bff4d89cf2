import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../rows/string-columns';
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
    const values = [
      'https://A.example/Color=Navy',
      'https://b.example/colo',
      'r=navy',
      'https://c.example/?color=navy&x',
      '',
    ];
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
      fc.property(
        fc.array(value, { maxLength: 40 }),
        fc.string({ unit: fc.constantFrom('a', 'b', '/'), minLength: 1, maxLength: 3 }),
        fc.nat(),
        (values, text, seed) => {
          const m = containsMatcher(
            column(
              values,
              values.map((_, i) => i).filter((i) => (i + seed) % 5 === 0),
            ),
            text,
          );
          const order = values.map((_, i) => i).sort((x, y) => ((x * 31 + seed) % 7) - ((y * 31 + seed) % 7));
          const got = new Map(order.map((i) => [i, m.matches(i)]));
          expect(values.map((_, i) => got.get(i))).toEqual(naive(values, text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('searches ASCII text in the chunk as it is, ignoring only ASCII case', () => {
    const values = [
      'https://a.example/?COLOR=NAVY',
      'https://a.example/?color=nav',
      'y=navy',
      'color=navycolor=navy',
      'Kelvin/\u212a',
      'ſ',
      'c[olor',
      'C{OLOR',
    ];
    const m = containsMatcher(column(values), 'color=navy');
    expect(values.map((_, i) => m.matches(i))).toEqual([true, false, false, true, false, false, false, false]);
    // '[' and '{' are not '{' and '[' in another case, nor is 'ſ' an 's'.
    const bracket = containsMatcher(column(values), 'c[olor');
    expect(values.map((_, i) => bracket.matches(i))).toEqual([false, false, false, false, false, false, true, false]);
    const s = containsMatcher(column(values), 's');
    expect(values.map((_, i) => s.matches(i))).toEqual([true, true, false, false, false, false, false, false]);
  });

  it('finds the Kelvin sign as k, as lowercasing does, and İ as i', () => {
    const values = ['ok', 'o\u212a', 'x', 'İx', 'ix'];
    const k = containsMatcher(column(values), 'ok');
    expect(values.map((_, i) => k.matches(i))).toEqual([true, true, false, false, false]);
    const ix = containsMatcher(column(values), 'ix');
    expect(values.map((_, i) => ix.matches(i))).toEqual(naive(values, 'ix'));
    expect(values.map((_, i) => ix.matches(i))).toEqual([false, false, false, false, true]);
  });

  it('relies on no other character lowercasing to ASCII', () => {
    const toAscii: number[] = [];
    for (let c = 0x80; c <= 0xffff; c++) {
      const lower = String.fromCharCode(c).toLowerCase();
      if ([...lower].some((ch) => ch.charCodeAt(0) < 0x80)) toAscii.push(c);
    }
    expect(toAscii).toEqual([0x130, 0x212a]);
  });

  it('agrees with lowercasing each value for longer ASCII text, in any order of rows', () => {
    const value = fc.string({
      unit: fc.constantFrom('c', 'O', 'o', 'l', '=', 'N', 'a', 'v', 'y', 'K', '\u212a', 'é', '/'),
      maxLength: 14,
    });
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 40 }),
        fc.string({ unit: fc.constantFrom('c', 'o', 'l', '=', 'n', 'a', 'v', 'y', 'k'), minLength: 1, maxLength: 5 }),
        fc.nat(),
        (values, text, seed) => {
          const m = containsMatcher(
            column(
              values,
              values.map((_, i) => i).filter((i) => (i + seed) % 7 === 0),
            ),
            text,
          );
          const order = values.map((_, i) => i).sort((x, y) => ((x * 31 + seed) % 5) - ((y * 31 + seed) % 5));
          const got = new Map(order.map((i) => [i, m.matches(i)]));
          expect(values.map((_, i) => got.get(i))).toEqual(naive(values, text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
