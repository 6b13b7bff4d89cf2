import type { CheckResult } from '../check/check-set';
import { B } from '../check/row-bits';
import type { UrlRows } from '../rows';

/** Lastmods of one month ('2024-05'). */
export interface MonthCount {
  month: string;
  count: number;
}

/**
 * How the lastmods of some rows spread over time. Every row counts once, in
 * exactly one of: a month, `yearOnly`, `missing` or `invalid`.
 */
export interface LastmodHistogram {
  /** Rows looked at. */
  rows: number;
  /**
   * Months with at least one lastmod, oldest first. A lastmod counts in the
   * month it is written in: '2024-01-31T23:30:00-05:00' is January even
   * though it is February in UTC, because the site wrote its own local date
   * and that is what the table shows and a month filter matches.
   */
  months: MonthCount[];
  /** Rows whose lastmod is a year alone ('2024'): valid, but in no month. */
  yearOnly: number;
  /** Rows without a lastmod. */
  missing: number;
  /** Rows whose lastmod has a format or validity problem (lastmod-format, lastmod-invalid): in no month. */
  invalid: number;
  /** Rows whose lastmod lies in the future (lastmod-future); they count in their month too. */
  future: number;
  /**
   * The most common day of the fullest month ('2024-05-01') and how many
   * lastmods are on it; null when no lastmod there has a day. A day that holds
   * over half of the months' lastmods lies in the fullest month, so a
   * count above half is the true most common day of all.
   */
  topDay: { day: string; count: number } | null;
  /** The one value every valid lastmod has (at least two of them); null when they differ or there are fewer. */
  identical: string | null;
}

/** Rule bits that leave a lastmod out of every month. */
const UNUSABLE = B.lastmodFormat | B.lastmodInvalid;

/** Months of years 0000–9999, one counter each: 480 KB, cheaper than a map at a million rows. */
const MONTH_SLOTS = 10_000 * 12;

/**
 * The lastmods of the rows at `positions` (every row when null) by month.
 * Validity comes from the check (`result.rowCodes`), so the pass reads only
 * the first seven characters of each value, in its chunk (see
 * StringColumn.rawText), and allocates nothing per row: a million rows cost a
 * few tens of milliseconds. A second pass reads the days of the fullest month.
 */
export function lastmodHistogram(rows: UrlRows, result: CheckResult, positions: ArrayLike<number> | null): LastmodHistogram {
  const col = rows.lastmod;
  const codes = result.rowCodes;
  const n = positions ? positions.length : rows.length;
  const slots = new Uint32Array(MONTH_SLOTS);
  let yearOnly = 0;
  let missing = 0;
  let invalid = 0;
  let future = 0;
  let valid = 0;
  // The first valid value, and whether every later one equals it.
  let firstText = '';
  let firstStart = 0;
  let firstEnd = 0;
  let allSame = true;
  let lo = MONTH_SLOTS;
  let hi = -1;
  for (let k = 0; k < n; k++) {
    const i = positions ? (positions[k] as number) : k;
    const s = col.rawStart(i);
    const e = col.rawEnd(i);
    if (e === s) {
      missing++;
      continue;
    }
    const mask = codes[i] ?? 0;
    if (mask & UNUSABLE) {
      invalid++;
      continue;
    }
    const text = col.rawText(i);
    const len = e - s;
    if (len === 4) {
      yearOnly++;
    } else {
      const slot = monthSlot(text, s, len);
      // The check let it through, so it has this shape; a value it never saw (no bits yet) is left out honestly.
      if (slot < 0) {
        invalid++;
        continue;
      }
      slots[slot] = (slots[slot] as number) + 1;
      if (slot < lo) lo = slot;
      if (slot > hi) hi = slot;
    }
    if (mask & B.lastmodFuture) future++;
    if (valid === 0) {
      firstText = text;
      firstStart = s;
      firstEnd = e;
    } else if (allSame && (len !== firstEnd - firstStart || !sameRange(text, s, firstText, firstStart, len))) {
      allSame = false;
    }
    valid++;
  }
  const months: MonthCount[] = [];
  let fullest = -1;
  for (let slot = lo; slot <= hi; slot++) {
    const count = slots[slot] as number;
    if (count === 0) continue;
    months.push({ month: monthName(slot), count });
    if (fullest < 0 || count > (slots[fullest] as number)) fullest = slot;
  }
  return {
    rows: n,
    months,
    yearOnly,
    missing,
    invalid,
    future,
    topDay: fullest < 0 ? null : topDayOf(rows, result, positions, fullest),
    identical: allSame && valid >= 2 ? firstText.slice(firstStart, firstEnd) : null,
  };
}

/** The most common day of one month (by its slot) among the rows. */
function topDayOf(rows: UrlRows, result: CheckResult, positions: ArrayLike<number> | null, slot: number): LastmodHistogram['topDay'] {
  const col = rows.lastmod;
  const codes = result.rowCodes;
  const n = positions ? positions.length : rows.length;
  const days = new Uint32Array(32);
  for (let k = 0; k < n; k++) {
    const i = positions ? (positions[k] as number) : k;
    const s = col.rawStart(i);
    const len = col.rawEnd(i) - s;
    if (len < 10 || ((codes[i] ?? 0) & UNUSABLE)) continue;
    const text = col.rawText(i);
    if (monthSlot(text, s, len) !== slot) continue;
    const d = digits2(text, s + 8);
    if (d >= 1 && d <= 31) days[d] = (days[d] as number) + 1;
  }
  let best = 0;
  for (let d = 1; d <= 31; d++) if ((days[d] as number) > (days[best] as number)) best = d;
  if (best === 0) return null;
  return { day: `${monthName(slot)}-${String(best).padStart(2, '0')}`, count: days[best] as number };
}

/** year × 12 + month − 1 of a value 'YYYY-MM…' of length `len` at `s`; -1 when it is not so shaped. */
function monthSlot(text: string, s: number, len: number): number {
  if (len < 7 || text.charCodeAt(s + 4) !== 45 /* - */) return -1;
  const y1 = digits2(text, s);
  const y2 = digits2(text, s + 2);
  const m = digits2(text, s + 5);
  if (y1 < 0 || y2 < 0 || m < 1 || m > 12) return -1;
  return (y1 * 100 + y2) * 12 + m - 1;
}

function digits2(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function sameRange(text: string, s: number, other: string, o: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (text.charCodeAt(s + k) !== other.charCodeAt(o + k)) return false;
  return true;
}

/** 'YYYY-MM' of a month slot. */
export function monthName(slot: number): string {
  return `${String(Math.floor(slot / 12)).padStart(4, '0')}-${String((slot % 12) + 1).padStart(2, '0')}`;
}

/** The slot of 'YYYY-MM' (see {@link monthName}); -1 when it is not one. */
export function slotOfMonth(month: string): number {
  return month.length === 7 ? monthSlot(month, 0, 7) : -1;
}

/**
 * Whether a lastmod (the range `s`..`e` of `text`) lies in `period`, a year
 * ('2024') or a month ('2024-05'), as written (no zone is applied, as in
 * {@link LastmodHistogram.months}). The caller leaves out values with a
 * format or validity problem, which are in no period.
 */
export function lastmodInPeriod(text: string, s: number, e: number, period: string): boolean {
  const p = period.length;
  if (e - s < p || !text.startsWith(period, s)) return false;
  return e - s === p || text.charCodeAt(s + p) === 45 /* - */;
}
