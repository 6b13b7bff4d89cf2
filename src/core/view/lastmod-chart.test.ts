import { describe, expect, it } from 'vitest';
import { lastmodChart } from './lastmod-chart';
import type { LastmodHistogram, MonthCount } from './lastmod-histogram';

const NOW = new Date('2026-05-15T12:00:00Z');

function histogram(months: MonthCount[], rest: Partial<LastmodHistogram> = {}): LastmodHistogram {
  const dated = months.reduce((s, m) => s + m.count, 0);
  return {
    rows: dated,
    months,
    yearOnly: 0,
    missing: 0,
    invalid: 0,
    future: 0,
    topDay: null,
    identical: null,
    ...rest,
  };
}

describe('lastmodChart', () => {
  it('draws a bar per month from the oldest to the newest, empty months included', () => {
    const chart = lastmodChart(
      histogram(
        [
          { month: '2026-02', count: 1 },
          { month: '2026-04', count: 87 },
          { month: '2026-06', count: 12 },
        ],
        { rows: 103, missing: 2, invalid: 1, future: 12 },
      ),
      NOW,
    );
    expect(chart.unit).toBe('month');
    expect(chart.bars.map((b) => [b.period, b.count, b.future, b.stale])).toEqual([
      ['2026-02', 1, false, false],
      ['2026-03', 0, false, false],
      ['2026-04', 87, false, false],
      ['2026-05', 0, false, false],
      ['2026-06', 12, true, false],
    ]);
    expect(chart.summary).toBe('lastmod from 2026-02 to 2026-06; 87% in 2026-04; 1 invalid, 2 without lastmod');
    expect(chart.findings).toEqual([{ kind: 'future', text: '12 lastmods are in the future (lastmod-future).' }]);
  });

  it('draws years when the months would not fit, the oldest years in one bar when even they would not', () => {
    const months = [
      { month: '1999-12', count: 1 },
      { month: '2019-03', count: 4 },
      { month: '2019-07', count: 6 },
      { month: '2026-01', count: 20 },
    ];
    const byYear = lastmodChart(histogram(months), NOW);
    expect(byYear.unit).toBe('year');
    expect(byYear.bars).toHaveLength(2026 - 1999 + 1);
    expect(byYear.bars[0]).toEqual({ period: '1999', label: '1999', count: 1, future: false, stale: true });
    expect(byYear.bars.find((b) => b.period === '2019')).toEqual({
      period: '2019',
      label: '2019',
      count: 10,
      future: false,
      stale: true,
    });
    // 2021 is the stale line's year (2021-05): not wholly before it.
    expect(byYear.bars.find((b) => b.period === '2021')?.stale).toBe(false);

    const cut = lastmodChart(histogram(months), NOW, 5);
    expect(cut.bars.map((b) => [b.period, b.label, b.count])).toEqual([
      [null, 'before 2023', 11],
      ['2023', '2023', 0],
      ['2024', '2024', 0],
      ['2025', '2025', 0],
      ['2026', '2026', 20],
    ]);
    expect(cut.summary).toBe('lastmod from 1999-12 to 2026-01; 65% in 2026-01');
  });

  it('calls out every lastmod being the same, over enough rows', () => {
    const same = histogram([{ month: '2026-05', count: 40 }], {
      identical: '2026-05-14T03:00:00Z',
      topDay: { day: '2026-05-14', count: 40 },
    });
    expect(lastmodChart(same, NOW).findings).toEqual([
      {
        kind: 'identical',
        text: "All 40 lastmods are the same (2026-05-14T03:00:00Z): a time stamped at export tells search engines nothing, and they learn to ignore the sitemap's lastmods.",
      },
    ]);
    expect(lastmodChart(same, NOW).summary).toBe('lastmod all in 2026-05');
    // Three pages updated on one day is no pattern.
    const few = histogram([{ month: '2026-05', count: 3 }], {
      identical: '2026-05-14',
      topDay: { day: '2026-05-14', count: 3 },
    });
    expect(lastmodChart(few, NOW).findings).toEqual([]);
  });

  it('calls out most lastmods on one day, only when over half are', () => {
    const months = [
      { month: '2025-11', count: 4 },
      { month: '2026-05', count: 16 },
    ];
    const most = lastmodChart(histogram(months, { topDay: { day: '2026-05-14', count: 11 } }), NOW);
    expect(most.findings).toEqual([
      {
        kind: 'same-day',
        text: '55% of lastmods (11) are on 2026-05-14: likely when the sitemap was generated, not when the pages changed.',
      },
    ]);
    expect(lastmodChart(histogram(months, { topDay: { day: '2026-05-14', count: 10 } }), NOW).findings).toEqual([]);
  });

  it('calls out a sitemap whose newest lastmod is over a year old, else the lastmods over five years old', () => {
    const old = lastmodChart(
      histogram([
        { month: '2019-03', count: 2 },
        { month: '2025-04', count: 5 },
      ]),
      NOW,
    );
    expect(old.findings).toEqual([
      {
        kind: 'not-updated',
        text: 'The newest lastmod is from 2025-04, over a year ago: is the sitemap still being generated?',
      },
    ]);
    const stale = lastmodChart(
      histogram([
        { month: '2019-03', count: 2 },
        { month: '2021-04', count: 1 },
        { month: '2021-05', count: 9 },
        { month: '2026-04', count: 5 },
      ]),
      NOW,
    );
    expect(stale.findings).toEqual([{ kind: 'stale', text: '3 lastmods are over 5 years old (before 2021-05).' }]);
    expect(stale.unit).toBe('year');
  });

  it('says so when nothing can be charted', () => {
    expect(lastmodChart(histogram([]), NOW)).toEqual({
      histogram: histogram([]),
      unit: 'month',
      bars: [],
      summary: 'No URLs to chart',
      findings: [],
    });
    const none = lastmodChart(histogram([], { rows: 1_234, missing: 1_230, invalid: 3, yearOnly: 1 }), NOW);
    expect(none.summary).toBe('No lastmod with a month; 1 with a year only, 3 invalid, 1,230 without lastmod');
    expect(none.bars).toEqual([]);
  });

  it('never rounds a part up to all or down to none', () => {
    const chart = lastmodChart(
      histogram([
        { month: '2026-01', count: 1 },
        { month: '2026-02', count: 999 },
      ]),
      NOW,
    );
    expect(chart.summary).toBe('lastmod from 2026-01 to 2026-02; 99% in 2026-02');
    const tiny = lastmodChart(
      histogram([
        { month: '2026-01', count: 999 },
        { month: '2026-02', count: 1 },
      ]),
      NOW,
    );
    expect(tiny.summary).toBe('lastmod from 2026-01 to 2026-02; 99% in 2026-01');
  });
});

describe('lastmodChart with a stray date far in the future', () => {
  it('keeps the axis on the real months and gives the future one bar', () => {
    const chart = lastmodChart(
      histogram(
        [
          { month: '2025-11', count: 40 },
          { month: '2026-01', count: 59 },
          { month: '2099-01', count: 1 },
        ],
        { rows: 100, future: 1 },
      ),
      NOW,
    );
    expect(chart.unit).toBe('month');
    expect(chart.bars.map((b) => [b.label, b.count, b.future])).toEqual([
      ['2025-11', 40, false],
      ['2025-12', 0, false],
      ['2026-01', 59, false],
      ['2099-01', 1, true],
    ]);
  });
});
