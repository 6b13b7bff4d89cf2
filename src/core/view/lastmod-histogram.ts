import type { CheckResult } from '../check/check-result';
import type { UrlRows } from '../rows/rows';
import { LASTMOD_BIT } from '../rules/lastmod/lastmod-rules';

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
const UNUSABLE = LASTMOD_BIT.format | LASTMOD_BIT.invalid;

/** Months of years 0000–9999, one counter each: 480 KB, cheaper than a map at a million rows. */
const MONTH_SLOTS = 10_000 * 12;

/**
 * The lastmods of the rows at `shown` (every row when null) by month.
 * Validity comes from the check (`result.rowCodes`), so the pass reads only
 * the first seven characters of each value, in its chunk (see
 * StringColumn.rawText), and allocates nothing per row: a million rows cost a
 * few tens of milliseconds. A second pass reads the days of the fullest month.
 */
export function lastmodHistogram(
  rows: UrlRows,
  result: CheckResult,
  shown: ArrayLike<number> | null,
): LastmodHistogram {
  const pass = new LastmodHistogramPass(rows, result, shown);
  pass.step(Infinity);
  return pass.finish();
}

/**
 * {@link lastmodHistogram} a slice of rows at a time (both of its passes),
 * so that the worker can answer what the user waits for between slices.
 * The rows and check result must not change meanwhile (start a new pass).
 */
export class LastmodHistogramPass {
  /** The rows to count in row order, or null: every row, or those marked in `member`. */
  private readonly positions: ArrayLike<number> | null;
  private readonly member: Uint8Array | null;
  /** Rows looked at. */
  private readonly shown: number;
  private readonly n: number;
  private readonly slots = new Uint32Array(MONTH_SLOTS);
  private readonly days = new Uint32Array(32);
  private yearOnly = 0;
  private missing = 0;
  private invalid = 0;
  private future = 0;
  private valid = 0;
  // The first valid value, and whether every later one equals it.
  private firstText = '';
  private firstStart = 0;
  private firstEnd = 0;
  private allSame = true;
  private lo = MONTH_SLOTS;
  private hi = -1;
  /** Where each pass is: the months first, then the days of the fullest month. */
  private next = 0;
  private fullest = -2;
  private dayNext = 0;

  constructor(
    private readonly rows: UrlRows,
    private readonly result: CheckResult,
    shown: ArrayLike<number> | null,
  ) {
    const order = inRowOrder(shown, rows.length);
    this.positions = order.positions;
    this.member = order.member;
    this.n = this.positions ? this.positions.length : rows.length;
    this.shown = shown ? shown.length : rows.length;
  }

  /** Goes through up to `count` more rows; true once both passes are done. */
  step(count: number): boolean {
    let budget = count;
    if (this.next < this.n) {
      const to = Math.min(this.n, this.next + budget);
      this.countMonths(this.next, to);
      budget -= to - this.next;
      this.next = to;
      if (to < this.n) return false;
    }
    if (this.fullest === -2) this.fullest = this.fullestSlot();
    if (this.fullest < 0) return true;
    const to = Math.min(this.n, this.dayNext + budget);
    this.countDays(this.dayNext, to);
    this.dayNext = to;
    return to === this.n;
  }

  finish(): LastmodHistogram {
    const months: MonthCount[] = [];
    for (let slot = this.lo; slot <= this.hi; slot++) {
      const count = this.slots[slot] as number;
      if (count > 0) months.push({ month: monthName(slot), count });
    }
    return {
      rows: this.shown,
      months,
      yearOnly: this.yearOnly,
      missing: this.missing,
      invalid: this.invalid,
      future: this.future,
      topDay: this.fullest < 0 ? null : this.topDay(this.fullest),
      identical: this.allSame && this.valid >= 2 ? this.firstText.slice(this.firstStart, this.firstEnd) : null,
    };
  }

  private countMonths(from: number, to: number): void {
    const col = this.rows.lastmod;
    const codes = this.result.rowCodes;
    const positions = this.positions;
    const member = this.member;
    const slots = this.slots;
    for (let k = from; k < to; k++) {
      const i = positions ? (positions[k] as number) : k;
      if (member && member[i] === 0) continue;
      const s = col.rawStart(i);
      const e = col.rawEnd(i);
      if (e === s) {
        this.missing++;
        continue;
      }
      const mask = codes[i] ?? 0;
      if (mask & UNUSABLE) {
        this.invalid++;
        continue;
      }
      const text = col.rawText(i);
      const len = e - s;
      if (len === 4) {
        this.yearOnly++;
      } else {
        const slot = monthSlot(text, s, len);
        // The check let it through, so it has this shape; a value it never saw (no bits yet) is left out honestly.
        if (slot < 0) {
          this.invalid++;
          continue;
        }
        slots[slot] = (slots[slot] as number) + 1;
        if (slot < this.lo) this.lo = slot;
        if (slot > this.hi) this.hi = slot;
      }
      if (mask & LASTMOD_BIT.future) this.future++;
      if (this.valid === 0) {
        this.firstText = text;
        this.firstStart = s;
        this.firstEnd = e;
      } else if (
        this.allSame &&
        (len !== this.firstEnd - this.firstStart || !sameRange(text, s, this.firstText, this.firstStart, len))
      ) {
        this.allSame = false;
      }
      this.valid++;
    }
  }

  /** The slot of the month with the most lastmods (the earliest of equals), or -1. */
  private fullestSlot(): number {
    let fullest = -1;
    for (let slot = this.lo; slot <= this.hi; slot++) {
      const count = this.slots[slot] as number;
      if (count > 0 && (fullest < 0 || count > (this.slots[fullest] as number))) fullest = slot;
    }
    return fullest;
  }

  /** The days of the fullest month, among rows [from, to). */
  private countDays(from: number, to: number): void {
    const col = this.rows.lastmod;
    const codes = this.result.rowCodes;
    const positions = this.positions;
    const member = this.member;
    const days = this.days;
    for (let k = from; k < to; k++) {
      const i = positions ? (positions[k] as number) : k;
      if (member && member[i] === 0) continue;
      const s = col.rawStart(i);
      const len = col.rawEnd(i) - s;
      if (len < 10 || (codes[i] ?? 0) & UNUSABLE) continue;
      const text = col.rawText(i);
      if (monthSlot(text, s, len) !== this.fullest) continue;
      const d = digits2(text, s + 8);
      if (d >= 1 && d <= 31) days[d] = (days[d] as number) + 1;
    }
  }

  /** The most common day of the fullest month. */
  private topDay(slot: number): LastmodHistogram['topDay'] {
    const days = this.days;
    let best = 0;
    for (let d = 1; d <= 31; d++) if ((days[d] as number) > (days[best] as number)) best = d;
    if (best === 0) return null;
    return { day: `${monthName(slot)}-${String(best).padStart(2, '0')}`, count: days[best] as number };
  }
}

/**
 * The rows to count, to be read in row order: the counts do not depend on
 * the order, and rows read in order stream through memory, where a view
 * sorted by another column jumps from row to row (measured in Chromium on a
 * million rows sorted by lastmod: 470–490 ms in view order). A sorted view
 * becomes a mark per row rather than a sorted copy: marking is a few
 * milliseconds, sorting a million positions some 70, all at once.
 */
function inRowOrder(
  positions: ArrayLike<number> | null,
  rowCount: number,
): { positions: ArrayLike<number> | null; member: Uint8Array | null } {
  if (positions === null || positions.length === rowCount) return { positions: null, member: null };
  for (let k = 1; k < positions.length; k++) {
    if ((positions[k] as number) < (positions[k - 1] as number)) {
      const member = new Uint8Array(rowCount);
      for (let j = 0; j < positions.length; j++) member[positions[j] as number] = 1;
      return { positions: null, member };
    }
  }
  return { positions, member: null };
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
  return e - s === p || text.charCodeAt(s + p) === 45; /* - */
}
