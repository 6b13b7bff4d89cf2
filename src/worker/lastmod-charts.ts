/*
 * The lastmod chart of the rows the table shows, as a pass to run a slice at
 * a time, with the last charts kept per filter until the document changes.
 */
import type { CheckResult } from '../core/check/check-result';
import type { SitemapSet } from '../core/read/sitemap-set';
import { lastmodChart, type LastmodChart } from '../core/view/lastmod-chart';
import { LastmodHistogramPass } from '../core/view/lastmod-histogram';
import { queryRows, type ViewQuery } from '../core/view/query';
import type { SlicedPass } from './api';

/** Lastmod charts kept per document revision: a few filters toggled back and forth. */
const MAX_CHARTS = 8;

/** What the charts need of the session. */
export interface ChartHost {
  set(): SitemapSet;
  result(): CheckResult;
  query(): ViewQuery;
  view(): Uint32Array;
  /** Each row's kind in the comparison, when the view filters by it. */
  rowKinds(): Uint8Array | undefined;
  /** Moves with every change of the document or the comparison (not of the view). */
  revision(): string;
}

export class LastmodCharts {
  /** Lastmod charts by document revision and filter. */
  private readonly charts = new Map<string, LastmodChart>();

  constructor(private readonly host: ChartHost) {}

  /**
   * The chart as a pass (while the document and the view stay as they are).
   * The last chart of each filter is kept until the document changes:
   * clearing a filter, or choosing one again, costs no pass over the rows (a
   * pass at a million rows competes with what the user does next for this
   * machine's two cores). A month chosen in the chart filters the table, not
   * the chart: the chart keeps every month of the rest of the filter.
   */
  pass(now = new Date()): SlicedPass<LastmodChart> {
    const set = this.host.set();
    const result = this.host.result();
    const query = this.host.query();
    const revision = this.host.revision();
    // The order of the rows does not change what the chart counts; a month chosen in it does not either.
    const key = `${revision}:${JSON.stringify({ ...query, sort: null, lastmodPeriod: '' })}`;
    const cached = this.charts.get(key);
    if (cached) return { step: () => true, finish: () => cached };
    const positions = query.lastmodPeriod
      ? queryRows(
          set,
          result,
          { ...query, lastmodPeriod: '', sort: null },
          query.diffKind ? this.host.rowKinds() : undefined,
        )
      : this.host.view();
    const histogram = new LastmodHistogramPass(set.rows, result, positions);
    return {
      step: (rows) => histogram.step(rows),
      finish: () => {
        const chart = lastmodChart(histogram.finish(), now);
        // Charts of an older document are of no use: the key starts with its revision.
        for (const k of this.charts.keys()) if (!k.startsWith(`${revision}:`)) this.charts.delete(k);
        if (this.charts.size >= MAX_CHARTS) this.charts.delete(this.charts.keys().next().value as string);
        this.charts.set(key, chart);
        return chart;
      },
    };
  }
}
