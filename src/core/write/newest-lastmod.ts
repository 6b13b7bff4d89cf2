import { lastmodTime } from '../rules/lastmod/lastmod-fixes';
import type { StringColumn } from '../rows/string-column';
import { codedColumn, type CodedColumn } from './code-pieces';
import { formatLastmod, type LastmodForm } from './lastmod-form';

/**
 * The newest lastmod of each sitemap written, for its index entry. Google
 * reads an index's `<lastmod>` as when that sitemap last changed, that is
 * its newest page's lastmod; the export time says only when the file was
 * made, so it is the fallback for a sitemap none of whose rows has one.
 */
export class NewestLastmods {
  private readonly times: number[] = [];
  private readonly values: string[] = [];
  /** The time of each value number of the column {@link noteRow} reads, NaN until read: each distinct value is parsed once. */
  private codeTimes = new Float64Array(0);
  private coded: CodedColumn | null = null;
  /** Per file, the `YYYYMMDD` before which a row's date cannot hold its newest time, whatever its zone and time. */
  private readonly skipBefore: number[] = [];
  private codedOf: StringColumn | null = null;

  /**
   * {@link note} of row `i` of `col`, the lastmod column: each distinct
   * value is read as a date once, when the column numbers its values.
   */
  noteRow(file: number, col: StringColumn, i: number): void {
    if (col !== this.codedOf) {
      this.codedOf = col;
      this.coded = codedColumn(col);
      this.codeTimes = new Float64Array(0);
    }
    const coded = this.coded;
    if (coded === null) {
      this.note(file, col.get(i));
      return;
    }
    // Most rows are older than the newest so far by days: their date alone says so.
    const day = leadingDay(col.rawText(i), col.rawStart(i), col.rawEnd(i));
    if (day >= 0 && day < (this.skipBefore[file] ?? -1)) return;
    const c = coded.codeAt(i);
    if (c >= this.codeTimes.length) this.growTimes(c);
    let t = this.codeTimes[c] as number;
    if (t !== t) {
      const v = col.get(i);
      t = v === '' ? -Infinity : lastmodTime(v);
      this.codeTimes[c] = t;
    }
    if (t === -Infinity) return;
    if (!(t <= (this.times[file] ?? -Infinity))) {
      this.times[file] = t;
      this.values[file] = col.get(i);
      this.skipBefore[file] = dayKey(new Date(t - SKIP_MARGIN_MS));
    }
  }

  private growTimes(c: number): void {
    let n = Math.max(1024, this.codeTimes.length * 2);
    while (n <= c) n *= 2;
    const next = new Float64Array(n).fill(NaN);
    next.set(this.codeTimes);
    this.codeTimes = next;
  }

  /** Notes the lastmod of a row written into sitemap `file` (0-based, in writing order). */
  note(file: number, lastmod: string): void {
    if (lastmod === '') return;
    const t = lastmodTime(lastmod);
    // A value no date can be read from (the checker reports it) is never the index's.
    if (t === -Infinity) return;
    if (!(t <= (this.times[file] ?? -Infinity))) {
      this.times[file] = t;
      this.values[file] = lastmod;
    }
  }

  /**
   * The index `<lastmod>` of sitemap `file`: its newest row lastmod, written
   * in the export's lastmod form and completed for the schema as the rows'
   * are, or `fallback` when none of its rows has a readable one.
   */
  valueFor(file: number, form: LastmodForm, fallback: string): string {
    const v = this.values[file];
    return v === undefined ? fallback : formatLastmod(v.trim(), form);
  }
}

/** Two days: a value's instant lies within 14 hours of its date's day, either way. */
const SKIP_MARGIN_MS = 2 * 86_400_000;

/** `YYYYMMDD` of an instant's UTC date. */
function dayKey(d: Date): number {
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** `YYYYMMDD` of a value that starts with `YYYY-MM-DD` (as written, no zone applied), else -1. */
function leadingDay(text: string, s: number, e: number): number {
  if (e - s < 10 || text.charCodeAt(s + 4) !== 0x2d || text.charCodeAt(s + 7) !== 0x2d) return -1;
  let key = 0;
  for (const k of DATE_DIGITS) {
    const d = text.charCodeAt(s + k) - 0x30;
    if (d < 0 || d > 9) return -1;
    key = key * 10 + d;
  }
  return key;
}

const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];
