import { beat } from '../base/beat';
import { hashRange } from '../text/hash';
import type { UrlRows } from '../rows/rows';
import type { BeforeLocs } from './before-locs';
import { extEqual } from './ext-compare';

/** The kinds of difference between two versions of a sitemap set. */
export type DiffKind = 'added' | 'removed' | 'changed';

/** The fields whose change makes a URL "changed" (loc is the key, so it never changes). */
export type DiffField = 'lastmod' | 'changefreq' | 'priority' | 'ext';

export const DIFF_FIELDS: readonly DiffField[] = ['lastmod', 'changefreq', 'priority', 'ext'];

/** Bits of {@link RowsDiff.fields}. */
const DIFF_FIELD_BIT: Record<DiffField, number> = { lastmod: 1, changefreq: 2, priority: 4, ext: 8 };

/**
 * Values of {@link RowsDiff.kind}, one per current ("after") row. Only the
 * first entry of a loc is compared; later entries with the same loc are
 * `repeat`, so every count is of distinct URLs and a filter by kind shows
 * exactly as many rows as the count says.
 */
export const ROW_DIFF = { unchanged: 0, added: 1, changed: 2, repeat: 3, noLoc: 4 } as const;

export interface DiffCounts {
  /** Distinct URLs only in the after rows. */
  added: number;
  /** Distinct URLs only in the before rows. */
  removed: number;
  /** Distinct URLs in both whose first entries differ in some field. */
  changed: number;
  unchanged: number;
  /** Changed URLs per field (a URL can count under several). */
  fields: Record<DiffField, number>;
  /** Entries repeating an earlier entry's loc, on each side. */
  beforeRepeats: number;
  afterRepeats: number;
  /** Entries without a loc on each side (not URLs: never compared). */
  beforeNoLoc: number;
  afterNoLoc: number;
}

/**
 * The differences between the before rows and the after rows, in columns:
 * typed arrays indexed by after position, and position lists, never an
 * object per row (a million-row diff costs about 10 bytes a row).
 */
export interface RowsDiff {
  /** Per after row, a {@link ROW_DIFF} value. */
  kind: Uint8Array;
  /** Per after row, the {@link DIFF_FIELD_BIT}s that differ (changed rows only). */
  fields: Uint8Array;
  /** Per after row, the before position of the same loc's first entry; -1 when none (or not compared). */
  match: Int32Array;
  /** After positions of the added URLs, ascending. */
  added: Uint32Array;
  /** After positions of the changed URLs, ascending. */
  changed: Uint32Array;
  /** Before positions of the removed URLs (their first entries), ascending. */
  removed: Uint32Array;
  counts: DiffCounts;
}

/**
 * Compares the after rows with an indexed before set by loc (exact string: a
 * changed scheme, host, case or trailing slash is another URL, as it is for
 * a search engine). One open-addressing hash table holds the before URLs and
 * the after-only ones, so each after row costs one hash and one probe, and
 * no string is sliced: ranges of the column chunks are compared in place.
 * Fields compare as written (`2024-01-01` and `2024-01-01T00:00:00Z` differ:
 * the file changed); extensions compare by meaning (see {@link extEqual}).
 */
export function diffRows(before: BeforeLocs, after: UrlRows): RowsDiff {
  const pass = new DiffRowsPass(before, after);
  // A million rows take a second or more: a beat a slice (core/beat.ts).
  while (!pass.step(DIFF_SLICE)) beat(DIFF_SLICE);
  return pass.finish();
}

/** Rows compared between two beats by {@link diffRows}. */
const DIFF_SLICE = 16_384;

/**
 * {@link diffRows} a slice of after rows at a time, so that the worker can
 * answer what the user waits for between slices. Neither set may change
 * between the first step and `finish` (start a new pass).
 */
export class DiffRowsPass {
  // After-only locs (added ones, usually few) in a table of their own that
  // grows as needed, so the before table is probed read-only and reused.
  private added: Int32Array<ArrayBuffer> = new Int32Array(32);
  private addedMask = 15;
  private addedUsed = 0;
  private readonly kind: Uint8Array;
  private readonly fields: Uint8Array;
  private readonly match: Int32Array;
  private readonly matched: Uint8Array;
  private readonly counts: DiffCounts;
  private next = 0;

  constructor(
    private readonly before: BeforeLocs,
    private readonly after: UrlRows,
  ) {
    const n = after.length;
    this.kind = new Uint8Array(n);
    this.fields = new Uint8Array(n);
    this.match = new Int32Array(n).fill(-1);
    this.matched = new Uint8Array(before.rows.length);
    this.counts = {
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 0,
      fields: { lastmod: 0, changefreq: 0, priority: 0, ext: 0 },
      beforeRepeats: before.repeats,
      afterRepeats: 0,
      beforeNoLoc: before.noLoc,
      afterNoLoc: 0,
    };
  }

  /** Compares up to `count` more after rows; true once every row is compared. */
  step(count: number): boolean {
    const { before, after, kind, fields, match, matched, counts } = this;
    const to = Math.min(after.length, this.next + count);
    const table = before.table;
    const wrap = table.length - 1;
    const mask = (table.length >> 1) - 1;
    const bLoc = before.rows.loc;
    const aLoc = after.loc;

    rows: for (let a = this.next; a < to; a++) {
      const start = aLoc.rawStart(a);
      const end = aLoc.rawEnd(a);
      if (end === start) {
        kind[a] = ROW_DIFF.noLoc;
        counts.afterNoLoc++;
        continue;
      }
      const h = hashRange(aLoc.rawText(a), start, end);
      // Sliced only when a hash matches: V8 compares two slices with memcmp.
      let loc: string | null = null;
      for (let s = (h & mask) << 1; table[s] !== 0; s = (s + 2) & wrap) {
        if (table[s + 1] !== h) continue;
        const b = (table[s] as number) - 1;
        if (bLoc.get(b) !== (loc ??= aLoc.get(a))) continue;
        if (matched[b]) {
          kind[a] = ROW_DIFF.repeat;
          counts.afterRepeats++;
          continue rows;
        }
        matched[b] = 1;
        match[a] = b;
        const bits = fieldDiff(before.rows, b, after, a);
        fields[a] = bits;
        if (bits === 0) {
          counts.unchanged++;
          continue rows;
        }
        kind[a] = ROW_DIFF.changed;
        counts.changed++;
        if (bits & 1) counts.fields.lastmod++;
        if (bits & 2) counts.fields.changefreq++;
        if (bits & 4) counts.fields.priority++;
        if (bits & 8) counts.fields.ext++;
        continue rows;
      }
      // Not in the before rows: added, unless an earlier after row had it.
      let s = (h & this.addedMask) << 1;
      for (; this.added[s] !== 0; s = (s + 2) & (2 * this.addedMask + 1)) {
        if (this.added[s + 1] === h && aLoc.get((this.added[s] as number) - 1) === (loc ??= aLoc.get(a))) {
          kind[a] = ROW_DIFF.repeat;
          counts.afterRepeats++;
          continue rows;
        }
      }
      this.added[s] = a + 1;
      this.added[s + 1] = h;
      kind[a] = ROW_DIFF.added;
      counts.added++;
      if (++this.addedUsed * 4 > (this.addedMask + 1) * 2) {
        this.addedMask = this.addedMask * 2 + 1;
        this.added = rehash(this.added, this.addedMask);
      }
    }
    this.next = to;
    return to === after.length;
  }

  /** The differences, once every row is compared. */
  finish(): RowsDiff {
    const { before, kind, fields, match, matched, counts } = this;
    const distinct = before.first.length;
    const removed = new Uint32Array(distinct - (counts.unchanged + counts.changed));
    let r = 0;
    for (let k = 0; k < distinct; k++) {
      const p = before.first[k] as number;
      if (!matched[p]) removed[r++] = p;
    }
    counts.removed = r;
    return {
      kind,
      fields,
      match,
      added: positionsOf(kind, ROW_DIFF.added, counts.added),
      changed: positionsOf(kind, ROW_DIFF.changed, counts.changed),
      removed,
      counts,
    };
  }
}

/** The (entry, hash) pairs of `old` placed in a new table of `mask + 1` pairs. */
function rehash(old: Int32Array, mask: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(2 * (mask + 1));
  const wrap = next.length - 1;
  for (let k = 0; k < old.length; k += 2) {
    if (old[k] === 0) continue;
    const h = old[k + 1] as number;
    let s = (h & mask) << 1;
    while (next[s] !== 0) s = (s + 2) & wrap;
    next[s] = old[k] as number;
    next[s + 1] = h;
  }
  return next;
}

/** The {@link DIFF_FIELD_BIT}s of the fields that differ between before row `b` and after row `a`. */
function fieldDiff(before: UrlRows, b: number, after: UrlRows, a: number): number {
  let bits = 0;
  if (before.lastmod.get(b) !== after.lastmod.get(a)) bits |= 1;
  if (before.changefreq.get(b) !== after.changefreq.get(a)) bits |= 2;
  if (before.priority.get(b) !== after.priority.get(a)) bits |= 4;
  const x = before.ext[b];
  const y = after.ext[a];
  if (x !== y && !extEqual(x, y)) bits |= 8;
  return bits;
}

function positionsOf(kind: Uint8Array, value: number, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let k = 0;
  for (let i = 0; i < kind.length && k < count; i++) if (kind[i] === value) out[k++] = i;
  return out;
}

/** The field names of a {@link RowsDiff.fields} value, in {@link DIFF_FIELDS} order. */
export function fieldsOf(bits: number): DiffField[] {
  return DIFF_FIELDS.filter((f) => bits & DIFF_FIELD_BIT[f]);
}
