import { monthName, slotOfMonth, type LastmodHistogram } from './lastmod-histogram';

/** One bar of the lastmod chart: a month or a year, or the years before the chart's start. */
export interface LastmodBar {
  /** What a click filters the table to ('2024-05' or '2024'); null for the bar of earlier years. */
  period: string | null;
  /** What the axis shows: '2024-05', '2024', or 'before 1990'. */
  label: string;
  count: number;
  /** The bar lies after the present month (or year). */
  future: boolean;
  /** The bar lies before the stale line ({@link STALE_YEARS} before the present month). */
  stale: boolean;
}

/** A quiet mistake the chart calls out; `kind` is a stable name for tests and styling. */
interface LastmodFinding {
  kind: 'identical' | 'same-day' | 'not-updated' | 'stale' | 'future';
  text: string;
}

/** What the chart beside the structure tree shows, built in the worker. */
export interface LastmodChart {
  histogram: LastmodHistogram;
  /** Bars by month when the months span at most {@link MAX_BARS}, else by year. */
  unit: 'month' | 'year';
  bars: LastmodBar[];
  /** One sentence for screen readers and the chart's caption: "lastmod from 2019-03 to 2026-11; 87% in 2026-11". */
  summary: string;
  findings: LastmodFinding[];
}

/** Bars the chart has room for beside the tree: four years of months. */
const MAX_BARS = 48;
/** Lastmods older than this are called stale. */
export const STALE_YEARS = 5;
/** A newest lastmod older than this many months suggests the sitemap is no longer generated. */
const NOT_UPDATED_MONTHS = 12;
/** Patterns (all identical, most on one day) mean something only over this many lastmods. */
const MIN_PATTERN_ROWS = 10;

/**
 * The chart of a histogram at the instant `now` (month of `now` in UTC): the
 * bars, a summary sentence and the quiet mistakes worth a word — every
 * lastmod identical, most on one day (an export time stamped on every URL),
 * a newest lastmod over a year old, lastmods over {@link STALE_YEARS} years
 * old, lastmods in the future.
 */
export function lastmodChart(histogram: LastmodHistogram, now: Date, maxBars = MAX_BARS): LastmodChart {
  const nowSlot = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const staleSlot = nowSlot - STALE_YEARS * 12;
  const { unit, bars } = barsOf(histogram, nowSlot, staleSlot, Math.max(2, maxBars));
  return { histogram, unit, bars, summary: summarize(histogram), findings: findingsOf(histogram, nowSlot, staleSlot) };
}

/**
 * When the months do not fit as months, those after the present share one
 * "future" bar at the end: a single
 * '2099-01-01' typo would otherwise stretch the axis over decades and
 * squeeze every real month into one "before" bar.
 */
function barsOf(
  h: LastmodHistogram,
  nowSlot: number,
  staleSlot: number,
  maxBars: number,
): Pick<LastmodChart, 'unit' | 'bars'> {
  const whole = axisBars(h.months, nowSlot, staleSlot, maxBars);
  const past = h.months.filter((m) => slotOfMonth(m.month) <= nowSlot);
  if (whole.unit === 'month' || past.length === 0 || past.length === h.months.length) return whole;
  const later = h.months.length - past.length;
  const future = h.months.slice(past.length).reduce((sum, m) => sum + m.count, 0);
  const axis = axisBars(past, nowSlot, staleSlot, maxBars - 1);
  const label = later === 1 ? (h.months[past.length] as { month: string }).month : 'future';
  return {
    unit: axis.unit,
    bars: [...axis.bars, { period: later === 1 ? label : null, label, count: future, future: true, stale: false }],
  };
}

function axisBars(
  months: LastmodHistogram['months'],
  nowSlot: number,
  staleSlot: number,
  maxBars: number,
): Pick<LastmodChart, 'unit' | 'bars'> {
  if (months.length === 0) return { unit: 'month', bars: [] };
  const h = { months };
  const first = slotOfMonth((months[0] as { month: string }).month);
  const last = slotOfMonth((months[months.length - 1] as { month: string }).month);
  if (last - first < maxBars) {
    const counts = new Map(h.months.map((m) => [slotOfMonth(m.month), m.count]));
    const bars: LastmodBar[] = [];
    for (let slot = first; slot <= last; slot++) {
      const month = monthName(slot);
      bars.push({
        period: month,
        label: month,
        count: counts.get(slot) ?? 0,
        future: slot > nowSlot,
        stale: slot < staleSlot,
      });
    }
    return { unit: 'month', bars };
  }
  const firstYear = Math.floor(first / 12);
  const lastYear = Math.floor(last / 12);
  // Too many years for the room (a stray '1970-01-01' among this decade's dates): the oldest share one bar.
  const startYear = lastYear - firstYear < maxBars ? firstYear : lastYear - maxBars + 2;
  const nowYear = Math.floor(nowSlot / 12);
  const staleYear = Math.floor(staleSlot / 12);
  const counts = new Map<number, number>();
  let earlier = 0;
  for (const m of h.months) {
    const year = Math.floor(slotOfMonth(m.month) / 12);
    if (year < startYear) earlier += m.count;
    else counts.set(year, (counts.get(year) ?? 0) + m.count);
  }
  const bars: LastmodBar[] = [];
  if (startYear > firstYear)
    bars.push({
      period: null,
      label: `before ${pad4(startYear)}`,
      count: earlier,
      future: false,
      stale: startYear <= staleYear,
    });
  for (let year = startYear; year <= lastYear; year++) {
    bars.push({
      period: pad4(year),
      label: pad4(year),
      count: counts.get(year) ?? 0,
      future: year > nowYear,
      stale: year < staleYear,
    });
  }
  return { unit: 'year', bars };
}

function summarize(h: LastmodHistogram): string {
  const dated = h.months.reduce((sum, m) => sum + m.count, 0);
  const rest: string[] = [];
  if (h.yearOnly > 0) rest.push(`${count(h.yearOnly)} with a year only`);
  if (h.invalid > 0) rest.push(`${count(h.invalid)} invalid`);
  if (h.missing > 0) rest.push(`${count(h.missing)} without lastmod`);
  const tail = rest.length > 0 ? `; ${rest.join(', ')}` : '';
  if (dated === 0) {
    if (h.rows === 0) return 'No URLs to chart';
    return `No lastmod with a month${tail}`;
  }
  const first = (h.months[0] as { month: string }).month;
  const last = (h.months[h.months.length - 1] as { month: string }).month;
  let top = h.months[0] as { month: string; count: number };
  for (const m of h.months) if (m.count > top.count) top = m;
  const span =
    first === last
      ? `lastmod all in ${first}`
      : `lastmod from ${first} to ${last}; ${percent(top.count, dated)} in ${top.month}`;
  return `${span}${tail}`;
}

function findingsOf(h: LastmodHistogram, nowSlot: number, staleSlot: number): LastmodFinding[] {
  const out: LastmodFinding[] = [];
  const dated = h.months.reduce((sum, m) => sum + m.count, 0);
  const valid = dated + h.yearOnly;
  if (h.identical !== null && valid >= MIN_PATTERN_ROWS) {
    out.push({
      kind: 'identical',
      text: `All ${count(valid)} lastmods are the same (${h.identical}): a time stamped at export tells search engines nothing, and they learn to ignore the sitemap's lastmods.`,
    });
  } else if (h.topDay && dated >= MIN_PATTERN_ROWS && h.topDay.count * 2 > dated) {
    out.push({
      kind: 'same-day',
      text: `${percent(h.topDay.count, dated)} of lastmods (${count(h.topDay.count)}) are on ${h.topDay.day}: likely when the sitemap was generated, not when the pages changed.`,
    });
  }
  if (dated > 0) {
    const newest = slotOfMonth((h.months[h.months.length - 1] as { month: string }).month);
    let stale = 0;
    for (const m of h.months) {
      if (slotOfMonth(m.month) < staleSlot) stale += m.count;
      else break;
    }
    if (newest < nowSlot - NOT_UPDATED_MONTHS) {
      out.push({
        kind: 'not-updated',
        text: `The newest lastmod is from ${monthName(newest)}, over a year ago: is the sitemap still being generated?`,
      });
    } else if (stale > 0) {
      out.push({
        kind: 'stale',
        text: `${count(stale)} ${stale === 1 ? 'lastmod is' : 'lastmods are'} over ${STALE_YEARS} years old (before ${monthName(staleSlot)}).`,
      });
    }
  }
  if (h.future > 0) {
    out.push({
      kind: 'future',
      text: `${count(h.future)} ${h.future === 1 ? 'lastmod is' : 'lastmods are'} in the future (lastmod-future).`,
    });
  }
  return out;
}

/** "87%", never rounded up to 100% or down to 0% when it is not all or none. */
function percent(part: number, whole: number): string {
  if (part === whole) return '100%';
  const p = Math.round((part / whole) * 100);
  if (p === 0) return '<1%';
  return `${Math.min(p, 99)}%`;
}

/** A count grouped by thousands the same way whatever the locale ("1,234"). */
function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function pad4(year: number): string {
  return String(year).padStart(4, '0');
}
