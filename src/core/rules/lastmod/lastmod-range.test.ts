import { describe, expect, it } from 'vitest';
import { clockOf, lastmodMask } from './w3c-datetime';
import { lastmodMaskRange } from './lastmod-range';
import { LASTMOD_BIT } from './lastmod-rules';

/** Values of the three shapes judged in place, their near misses and other shapes. */
const VALUES = [
  '2024-05-01',
  '2024-02-29',
  '2023-02-29',
  '0000-01-01',
  '2024-00-10',
  '2024-13-01',
  '2024-04-31',
  '2024-4-01x',
  '2024/05/01',
  '2024-05-01T10:20:30Z',
  '2024-05-01T24:00:00Z',
  '2024-05-01T10:60:00Z',
  '2024-05-01T10:20:60Z',
  '2024-05-01T10:20:30z',
  '2024-05-01t10:20:30Z',
  '2024-05-01T10-20:30Z',
  '2024-05-01T10:20:30X',
  '2024-05-01T1a:20:30Z',
  '2024-05-01T10:20:30+02:00',
  '2024-05-01T10:20:30-14:00',
  '2024-05-01T10:20:30+14:01',
  '2024-05-01T10:20:30+15:00',
  '2024-05-01T10:20:30+02:60',
  '2024-05-01T10:20:30+0200 ',
  '2024-05-01T10:20:30*02:00',
  '2024-05-01T10:20:30+02-00',
  '2024-05-01T10:20:30+2a:00',
  '2024-05-01T10:20:3.+02:00',
  '2024-05-01T10:20',
  '2024-05-01T10:20:30.5Z',
  '2024',
  '2024-05',
  ' 2024-05-01',
  'garbage!!!',
  '2025-01-01',
  '2025-01-02',
  '2025-01-03',
  '2024-12-29',
  '2024-12-30',
  '2025-01-01T00:00:00Z',
  '2025-01-01T00:00:01Z',
  '2024-12-31T23:59:59Z',
  '2025-01-01T01:00:01+01:00',
  '2025-01-01T00:59:59+01:00',
  '2024-12-31T23:00:01-01:00',
  '2024-12-31T22:59:59-01:00',
  '2099-12-31T23:59:59+14:00',
];

describe('lastmodMaskRange', () => {
  it('gives the bits lastmodMask gives, for values in a chunk at any offset and clocks around them', () => {
    const text = 'x' + VALUES.join('') + 'y';
    const clocks = [
      '2025-01-01T00:00:00Z',
      '2024-12-31T23:59:59.999Z',
      '2025-01-01T00:00:00.001Z',
      '2024-05-01T10:20:30Z',
      '1999-01-01T00:00:00Z',
    ].map((d) => clockOf(new Date(d)));
    for (const clock of clocks) {
      let at = 1;
      for (const v of VALUES) {
        expect([v, lastmodMaskRange(text, at, at + v.length, clock)]).toEqual([v, lastmodMask(v, clock)]);
        at += v.length;
      }
    }
  });

  it('sets lastmod-future on a value after now and nothing on a valid past one', () => {
    const clock = clockOf(new Date('2025-01-01T00:00:00Z'));
    const judge = (v: string): number => lastmodMaskRange(v, 0, v.length, clock);
    expect([
      judge('2025-01-01T00:00:01Z'),
      judge('2025-01-01T00:00:00Z'),
      judge('2025-01-03'),
      judge('2025-01-02'),
      judge('2024-05-01T10:20:30+02:00'),
    ]).toEqual([LASTMOD_BIT.future, 0, LASTMOD_BIT.future, 0, 0]);
    expect(judge('2024-13-01')).toBe(LASTMOD_BIT.invalid);
  });
});
