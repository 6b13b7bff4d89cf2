import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf, type RowInput } from '../check/test-helpers';
import { UrlRows } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import { lastmodHistogram, LastmodHistogramPass, lastmodInPeriod, monthName, slotOfMonth } from './lastmod-histogram';
import { ALL_ROWS, queryRows } from './query';

const H = 'https://www.example.com';
const NOW = new Date('2025-01-01T00:00:00Z');

const row = (lastmod: string, k: number): RowInput => ({ loc: `${H}/p${k}`, lastmod });

function fixture(): SitemapSet {
  return setOf(
    [
      '2024-01-15',
      // Written in New York on the 31st: February in UTC, January as written.
      '2024-01-31T23:30:00-05:00',
      // Written in Athens on the 1st: January in UTC, February as written.
      '2024-02-01T00:30:00+02:00',
      '2024-03',
      '2024',
      '',
      '2024/12/31',
      // The right shape, an impossible day: in no month although it starts with 2024-02.
      '2024-02-30',
      '2024-13',
      ' 2024-01-01',
      // No zone: a warning, not an invalid date, so it is charted.
      '2024-05-01T10:00:00',
      '2030-01-01',
    ].map(row),
  );
}

describe('lastmodHistogram', () => {
  const set = fixture();
  const result = checkSet(set, { now: NOW });

  it('counts each row once: in the month it is written in, or as year only, missing or invalid', () => {
    expect(lastmodHistogram(set.rows, result, null)).toEqual({
      rows: 12,
      months: [
        { month: '2024-01', count: 2 },
        { month: '2024-02', count: 1 },
        { month: '2024-03', count: 1 },
        { month: '2024-05', count: 1 },
        { month: '2030-01', count: 1 },
      ],
      yearOnly: 1,
      missing: 1,
      invalid: 4,
      future: 1,
      // Two days of January hold one each: the earlier wins the tie.
      topDay: { day: '2024-01-15', count: 1 },
      identical: null,
    });
  });

  it('counts only the rows at the positions given (the table view)', () => {
    const h = lastmodHistogram(set.rows, result, Uint32Array.of(1, 2, 5, 6));
    expect(h.rows).toBe(4);
    expect(h.months).toEqual([
      { month: '2024-01', count: 1 },
      { month: '2024-02', count: 1 },
    ]);
    expect([h.missing, h.invalid, h.yearOnly, h.future]).toEqual([1, 1, 0, 0]);
    expect(lastmodHistogram(set.rows, result, new Uint32Array(0))).toMatchObject({
      rows: 0,
      months: [],
      topDay: null,
      identical: null,
    });
  });

  it('gives the same answer a slice of rows at a time, both passes', () => {
    for (const shown of [null, Uint32Array.of(6, 2, 5, 1, 0, 10)]) {
      const pass = new LastmodHistogramPass(set.rows, result, shown);
      let steps = 1;
      while (!pass.step(1)) steps++;
      expect(steps).toBeGreaterThan(shown ? shown.length : set.rows.length);
      expect(pass.finish()).toEqual(lastmodHistogram(set.rows, result, shown));
    }
  });

  it('counts a sorted view as the same rows in row order, and a view of every row as every row', () => {
    const all = Uint32Array.from({ length: set.rows.length }, (_, i) => i);
    const sorted = queryRows(set, result, { ...ALL_ROWS, sort: { key: 'lastmod', dir: 'desc' } });
    expect(lastmodHistogram(set.rows, result, sorted)).toEqual(lastmodHistogram(set.rows, result, null));
    expect(lastmodHistogram(set.rows, result, all)).toEqual(lastmodHistogram(set.rows, result, null));
    expect(lastmodHistogram(set.rows, result, Uint32Array.of(6, 2, 5, 1))).toEqual(
      lastmodHistogram(set.rows, result, Uint32Array.of(1, 2, 5, 6)),
    );
  });

  it('names the one value when every valid lastmod is the same, and finds the top day', () => {
    const same = setOf(['2024-05-01T10:00:00Z', '', '2024-05-01T10:00:00Z', 'bad', '2024-05-01T10:00:00Z'].map(row));
    const h = lastmodHistogram(same.rows, checkSet(same, { now: NOW }), null);
    expect(h.identical).toBe('2024-05-01T10:00:00Z');
    expect(h.months).toEqual([{ month: '2024-05', count: 3 }]);
    expect(h.topDay).toEqual({ day: '2024-05-01', count: 3 });
    expect([h.missing, h.invalid]).toEqual([1, 1]);

    // Same day, other times: not identical, but the day is the top one.
    const day = setOf(['2024-05-01T10:00:00Z', '2024-05-01T11:00:00Z', '2024-05-02', '2024-05-01'].map(row));
    const d = lastmodHistogram(day.rows, checkSet(day, { now: NOW }), null);
    expect(d.identical).toBeNull();
    expect(d.topDay).toEqual({ day: '2024-05-01', count: 3 });

    // Years alone: identical, in no month, no day.
    const years = setOf(['2019', '2019'].map(row));
    expect(lastmodHistogram(years.rows, checkSet(years, { now: NOW }), null)).toMatchObject({
      months: [],
      yearOnly: 2,
      identical: '2019',
      topDay: null,
    });
    // One value is no pattern.
    const one = setOf(['2019-04-04'].map(row));
    expect(lastmodHistogram(one.rows, checkSet(one, { now: NOW }), null).identical).toBeNull();
  });

  it('reads values edited after import (kept outside the chunks) the same way', () => {
    const edited = setOf(['2024-01-01', '2024-01-01', '2024-02-02'].map(row));
    edited.rows.lastmod.set(2, '2023-07-04T08:00:00+00:00');
    const h = lastmodHistogram(edited.rows, checkSet(edited, { now: NOW }), null);
    expect(h.months).toEqual([
      { month: '2023-07', count: 1 },
      { month: '2024-01', count: 2 },
    ]);
    expect(h.topDay).toEqual({ day: '2024-01-01', count: 2 });
  });

  it('counts 200,000 rows in one pass', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 200_000; i++) {
      const m = i % 48;
      const lastmod =
        i >= 180_000
          ? ''
          : `${2020 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      rows.pushValues(`https://big.example/p${i}`, lastmod, '', '', undefined, 0, 0, 0, 0);
    }
    rows.seal();
    const big: SitemapSet = { rows, files: [], sitemaps: [], problems: [] };
    const res = checkSet(big, { now: NOW });
    const t0 = performance.now();
    const h = lastmodHistogram(rows, res, null);
    console.info(`lastmod histogram, 200,000 rows: ${(performance.now() - t0).toFixed(0)} ms`);
    expect(h.missing).toBe(20_000);
    expect(h.months.reduce((s, m) => s + m.count, 0)).toBe(180_000);
    // 48 months of 180,000 / 48 rows each.
    expect(h.months).toHaveLength(48);
    expect(h.months[0]).toEqual({ month: '2020-01', count: 3750 });
    expect(h.months[47]).toEqual({ month: '2023-12', count: 3750 });
  });
});

describe('lastmod periods', () => {
  it('tells a year or month as written, inside a larger text', () => {
    expect(lastmodInPeriod('2024-05-01', 0, 10, '2024-05')).toBe(true);
    expect(lastmodInPeriod('2024-05', 0, 7, '2024-05')).toBe(true);
    expect(lastmodInPeriod('2024-05', 0, 7, '2024')).toBe(true);
    expect(lastmodInPeriod('2024', 0, 4, '2024')).toBe(true);
    expect(lastmodInPeriod('2024', 0, 4, '2024-05')).toBe(false);
    expect(lastmodInPeriod('2024-06-01', 0, 10, '2024-05')).toBe(false);
    expect(lastmodInPeriod('20245', 0, 5, '2024')).toBe(false);
    // The value is 2024-0 inside a chunk that goes on with 5…: it does not reach into the next value.
    expect(lastmodInPeriod('x2024-05y', 1, 5, '2024-05')).toBe(false);
    expect(lastmodInPeriod('x2024-05y', 1, 8, '2024-05')).toBe(true);
  });

  it('numbers the months and back', () => {
    expect(monthName(slotOfMonth('0987-12'))).toBe('0987-12');
    expect(slotOfMonth('2024-01') + 11).toBe(slotOfMonth('2024-12'));
    expect(['2024', '2024-13', '2024-00', '2024-5', ''].map(slotOfMonth)).toEqual([-1, -1, -1, -1, -1]);
  });

  it('filters the table to the rows a month or a year of the chart counts', () => {
    const set = fixture();
    const result = checkSet(set, { now: NOW });
    const locs = (period: string) =>
      Array.from(queryRows(set, result, { ...ALL_ROWS, lastmodPeriod: period }), (i) => set.rows.lastmod.get(i));
    for (const m of lastmodHistogram(set.rows, result, null).months) expect(locs(m.month)).toHaveLength(m.count);
    // 2024-02-30 starts with 2024-02 but is no date.
    expect(locs('2024-02')).toEqual(['2024-02-01T00:30:00+02:00']);
    expect(locs('2024')).toEqual([
      '2024-01-15',
      '2024-01-31T23:30:00-05:00',
      '2024-02-01T00:30:00+02:00',
      '2024-03',
      '2024',
      '2024-05-01T10:00:00',
    ]);
    expect(locs('2031')).toEqual([]);
    expect(queryRows(set, result, { ...ALL_ROWS, lastmodPeriod: '', prefix: H }).length).toBe(12);
  });
});
