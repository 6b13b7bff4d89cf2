import {
  ArenaColumn,
  DictColumn,
  checkInsert,
  columnFromSnapshot,
  compact,
  spread,
  type StringColumn,
} from './string-columns';
import { ArenaDictColumn } from './arena-dict-column';
import { PlanColumn } from '../plan/plan-column';
import { checkRowsSnapshot, damaged, type RowBatch, type RowsData, type RowsSnapshot } from './row-forms';
import type { ExtElement, UrlField } from './types';
import {
  growArray,
  maxIn,
  withoutPositions,
  maxOf,
  oversized,
  resized,
  TRIM_SLACK,
  widened,
  type UintArray,
} from './typed-arrays';

/**
 * One `<url>` entry as a plain object: the form for tests, the CLI and the
 * few rows a view shows. Bulk work reads the columns of {@link UrlRows}.
 */
export interface UrlEntry {
  loc: string;
  /** '' when absent; otherwise the raw value as read (checked, not normalised). */
  lastmod: string;
  changefreq: string;
  priority: string;
  /** Extension and unknown elements, in source order; empty when none. */
  ext: ExtElement[];
}

/** Bits of {@link UrlRows.readFlags}: defects seen while reading an entry. */
export const READ_FLAG = {
  duplicateLoc: 1,
  duplicateLastmod: 2,
  duplicateChangefreq: 4,
  duplicatePriority: 8,
  /** An element outside the protocol and the known extensions (kept in ext). */
  unknownTag: 16,
} as const;

export const DUPLICATE_FLAG: Record<UrlField, number> = {
  loc: READ_FLAG.duplicateLoc,
  lastmod: READ_FLAG.duplicateLastmod,
  changefreq: READ_FLAG.duplicateChangefreq,
  priority: READ_FLAG.duplicatePriority,
};

/** Where a row came from, for located messages. */
export interface RowOrigin {
  /** Index into the set's files. */
  file: number;
  /** 1-based line and column of the entry's start tag (0 when not from a file). */
  line: number;
  column: number;
}

const INITIAL_CAPACITY = 1024;

/**
 * The rows of a sitemap set in columns. A million rows as objects cost about
 * 410 B each on V8; here a row costs its loc and lastmod characters plus
 * about 45 B (see columns.ts). Every row has a stable `id`, assigned once at
 * insertion, that problems, selections and history use.
 */
export class UrlRows {
  length = 0;
  private nextId = 1;
  id = new Uint32Array(INITIAL_CAPACITY);
  readonly loc: StringColumn = new ArenaColumn();
  /** Dates repeat: each distinct one stored once (see arena-dict-column.ts). */
  readonly lastmod: StringColumn = new ArenaDictColumn();
  readonly changefreq: StringColumn = new DictColumn();
  readonly priority: StringColumn = new DictColumn();
  /**
   * Sparse: undefined for a row without extension elements, and the array
   * holds nothing for them (it may be shorter than the rows): a slot per row
   * cost 4–6 B at a million rows of plain sitemaps. Read it by position only.
   */
  ext: (ExtElement[] | undefined)[] = [];
  /**
   * As narrow as the values allow, widened when one does not fit (see
   * typed-arrays.ts `widened`): 32 bits for a zip of 100,000 members, or the
   * columns of a one-line file. Write them through {@link setOrigin}.
   */
  file: UintArray = new Uint8Array(INITIAL_CAPACITY);
  line: UintArray = new Uint16Array(INITIAL_CAPACITY);
  column: UintArray = new Uint8Array(INITIAL_CAPACITY);
  readFlags = new Uint8Array(INITIAL_CAPACITY);
  /** The board's plan of each page (status, notes, colour, owner, title), by row id: sparse. */
  readonly plan = new PlanColumn();

  /** Appends a row and returns its position. */
  push(entry: UrlEntry, origin: RowOrigin = { file: 0, line: 0, column: 0 }, readFlags = 0): number {
    return this.pushValues(
      entry.loc,
      entry.lastmod,
      entry.changefreq,
      entry.priority,
      entry.ext,
      origin.file,
      origin.line,
      origin.column,
      readFlags,
    );
  }

  /** {@link push} without the objects: readers call it once per entry of a million. */
  pushValues(
    loc: string,
    lastmod: string,
    changefreq: string,
    priority: string,
    ext: ExtElement[] | undefined,
    file: number,
    line: number,
    column: number,
    readFlags: number,
  ): number {
    const i = this.length;
    if (i === this.id.length) this.grow(i * 2);
    this.fit(file, line, column);
    this.id[i] = this.nextId++;
    this.loc.push(loc);
    this.lastmod.push(lastmod);
    this.changefreq.push(changefreq);
    this.priority.push(priority);
    if (ext && ext.length > 0) this.ext[i] = ext;
    this.file[i] = file;
    this.line[i] = line;
    this.column[i] = column;
    this.readFlags[i] = readFlags;
    this.length = i + 1;
    return i;
  }

  /** Appends a batch of rows without a string per value (the byte reader's rows). */
  pushBatch(b: RowBatch): void {
    const first = this.length;
    const n = first + b.count;
    if (n > this.id.length) this.grow(Math.max(n, this.id.length * 2));
    this.fit(b.file, maxIn(b.line, b.from, b.count), maxIn(b.column, b.from, b.count));
    this.loc.pushJoined(b.locText, b.locEnds, b.from, b.count);
    this.lastmod.pushJoined(b.lastmodText, b.lastmodEnds, b.from, b.count);
    DictColumn.pushNumbered(this.changefreq, b.changefreq, b.from, b.count, b.shortValues);
    DictColumn.pushNumbered(this.priority, b.priority, b.from, b.count, b.shortValues);
    // Whole ranges copied, not a store per row and column: the origin columns are of three widths.
    const ids = this.id;
    let id = this.nextId;
    for (let i = first; i < n; i++) ids[i] = id++;
    this.nextId = id;
    const to = b.from + b.count;
    this.file.fill(b.file, first, n);
    this.line.set(b.line.subarray(b.from, to), first);
    this.column.set(b.column.subarray(b.from, to), first);
    this.readFlags.set(b.readFlags.subarray(b.from, to), first);
    const ext = b.ext;
    // Sparse, and most often empty: read only up to its length.
    if (ext !== undefined) {
      for (let r = b.from, end = Math.min(to, ext.length); r < end; r++) {
        const e = ext[r];
        if (e && e.length > 0) this.ext[first + r - b.from] = e;
      }
    }
    this.length = n;
  }

  /**
   * Appends every row of `more` (left as it was), with new ids, their file
   * numbers moved up by `fileOffset`: merging two imports column by column,
   * with no string or object per row. Sized exactly: a merge ends an import.
   */
  append(more: UrlRows, fileOffset: number): void {
    const first = this.length;
    const count = more.length;
    const n = first + count;
    if (n > this.id.length) this.grow(n);
    this.fit(maxIn(more.file, 0, count) + fileOffset, maxIn(more.line, 0, count), maxIn(more.column, 0, count));
    for (const field of ['loc', 'lastmod', 'changefreq', 'priority'] as const) this[field].appendColumn(more[field]);
    for (let k = 0; k < count; k++) {
      this.id[first + k] = this.nextId++;
      this.file[first + k] = (more.file[k] as number) + fileOffset;
    }
    more.ext.forEach((e, k) => {
      if (e) this.ext[first + k] = e;
    });
    for (let k = 0; more.plan.size > 0 && k < count; k++)
      this.plan.set(this.id[first + k] as number, more.plan.get(more.id[k] as number));
    this.line.set(more.line.subarray(0, count), first);
    this.column.set(more.column.subarray(0, count), first);
    this.readFlags.set(more.readFlags.subarray(0, count), first);
    this.length = n;
  }

  /** The row at position `i` as an object (a copy; editing it changes nothing). */
  get(i: number): UrlEntry {
    return {
      loc: this.loc.get(i),
      lastmod: this.lastmod.get(i),
      changefreq: this.changefreq.get(i),
      priority: this.priority.get(i),
      ext: this.ext[i] ?? [],
    };
  }

  /** The column of a core field. */
  columnOf(field: UrlField): StringColumn {
    return this[field];
  }

  /** Makes every pushed value durable; readers call it at the end of a file. */
  seal(): void {
    this.loc.seal();
    this.lastmod.seal();
  }

  /**
   * Gives back the room kept for more rows (every array grows by doubling):
   * called when an import ends, it keeps up to half of each column from
   * being held for rows that never come.
   */
  trim(): void {
    for (const field of ['loc', 'lastmod', 'changefreq', 'priority'] as const) this[field].trim();
    if (oversized(this.id.length, this.length)) this.grow(this.length + TRIM_SLACK);
  }

  /** Removes the rows at the given positions (ascending); the others keep their ids. */
  removeAt(positions: readonly number[]): void {
    if (positions.length === 0) return;
    for (const field of ['loc', 'lastmod', 'changefreq', 'priority'] as const) this[field].removeAt(positions);
    this.ext = withoutPositions(this.ext, this.length, positions);
    if (this.plan.size > 0) this.plan.forget(positions.map((p) => this.id[p] as number));
    const n = this.length;
    compact(this.id, n, positions);
    compact(this.file, n, positions);
    compact(this.line, n, positions);
    compact(this.column, n, positions);
    this.length = compact(this.readFlags, n, positions);
  }

  /**
   * Puts rows back with their own ids, each at its final position (strictly
   * ascending): the inverse of {@link removeAt}, for undo. The ids must not be
   * in use (they were removed earlier); new rows never reuse them.
   */
  insertAt(positions: readonly number[], rows: RowsData): void {
    const n = checkInsert(this.length, positions, rows.ids);
    if (n === this.length) return;
    for (const field of ['loc', 'lastmod', 'changefreq', 'priority'] as const)
      this[field].insertAt(positions, rows[field]);
    if (n > this.id.length) this.grow(Math.max(n, this.id.length * 2));
    this.fit(
      maxIn(rows.file, 0, positions.length),
      maxIn(rows.line, 0, positions.length),
      maxIn(rows.column, 0, positions.length),
    );
    const old = this.length;
    for (const a of [this.id, this.file, this.line, this.column, this.readFlags]) spread(a, old, positions);
    const ext: (ExtElement[] | undefined)[] = [];
    let src = 0;
    let k = 0;
    for (let out = 0; out < n; out++) {
      if (k < positions.length && positions[k] === out) {
        const e = rows.ext[k];
        const id = rows.ids[k] as number;
        if (e && e.length > 0) ext[out] = e;
        if (rows.plan?.[k]) this.plan.set(id, rows.plan[k]);
        this.id[out] = id;
        this.file[out] = rows.file[k] as number;
        this.line[out] = rows.line[k] as number;
        this.column[out] = rows.column[k] as number;
        this.readFlags[out] = rows.readFlags[k] as number;
        if (id >= this.nextId) this.nextId = id + 1;
        k++;
      } else {
        const e = this.ext[src++];
        if (e) ext[out] = e;
      }
    }
    this.ext = ext;
    this.length = n;
  }

  /** The rows as stored data for saving: typed arrays and chunk strings, not one object per row. */
  toSnapshot(): RowsSnapshot {
    const n = this.length;
    const extAt: number[] = [];
    const ext: ExtElement[][] = [];
    for (let i = 0; i < n; i++) {
      const e = this.ext[i];
      if (e) {
        extAt.push(i);
        ext.push(e);
      }
    }
    return {
      length: n,
      nextId: this.nextId,
      id: this.id.slice(0, n),
      loc: this.loc.toSnapshot(),
      lastmod: this.lastmod.toSnapshot(),
      changefreq: this.changefreq.toSnapshot(),
      priority: this.priority.toSnapshot(),
      extAt: Uint32Array.from(extAt),
      ext,
      // Saved 32 bits wide, the form every save has had.
      file: new Uint32Array(this.file.subarray(0, n)),
      line: new Uint32Array(this.line.subarray(0, n)),
      column: new Uint32Array(this.column.subarray(0, n)),
      readFlags: this.readFlags.slice(0, n),
      plan: this.plan.toSnapshot(),
    };
  }

  /**
   * Rows from {@link toSnapshot}, with the same ids. Throws a RangeError when
   * the snapshot does not hold together (every column must have `length` rows).
   */
  static fromSnapshot(s: RowsSnapshot): UrlRows {
    checkRowsSnapshot(s);
    const n = s.length;
    const rows = new UrlRows();
    const columns = {
      loc: columnFromSnapshot(s.loc),
      lastmod:
        s.lastmod.kind === 'arena-dict' ? ArenaDictColumn.fromDictSnapshot(s.lastmod) : columnFromSnapshot(s.lastmod),
      changefreq: columnFromSnapshot(s.changefreq),
      priority: columnFromSnapshot(s.priority),
    };
    for (const c of Object.values(columns)) if (c.length !== n) damaged('a column has another number of rows');
    // The columns are readonly for users of the class; this is their one other birth.
    Object.assign(rows, columns);
    const capacity = Math.max(n, INITIAL_CAPACITY);
    rows.id = growArray(new Uint32Array(capacity), s.id.subarray(0, n));
    rows.fit(maxIn(s.file, 0, n), maxIn(s.line, 0, n), maxIn(s.column, 0, n));
    rows.file = growArray(resized(rows.file, capacity), s.file.subarray(0, n));
    rows.line = growArray(resized(rows.line, capacity), s.line.subarray(0, n));
    rows.column = growArray(resized(rows.column, capacity), s.column.subarray(0, n));
    rows.readFlags = growArray(new Uint8Array(capacity), s.readFlags.subarray(0, n));
    rows.ext = [];
    for (let k = 0; k < s.extAt.length; k++) {
      const at = s.extAt[k] as number;
      const e = s.ext[k];
      if (at >= n || !Array.isArray(e)) damaged('extension elements point outside the rows');
      rows.ext[at] = e;
    }
    let maxId = 0;
    for (let i = 0; i < n; i++) if ((rows.id[i] as number) > maxId) maxId = rows.id[i] as number;
    rows.nextId = Math.max(s.nextId, maxId + 1);
    rows.length = n;
    if (s.plan) rows.plan.load(s.plan, new Set(rows.id.subarray(0, n)));
    return rows;
  }

  /** Sets where row `i` came from (the columns widen when a value needs it). */
  setOrigin(i: number, line: number, column: number): void {
    this.fit(0, line, column);
    this.line[i] = line;
    this.column[i] = column;
  }

  /** Widens the origin columns that cannot hold these values. */
  private fit(file: number, line: number, column: number): void {
    if (file > maxOf(this.file)) this.file = widened(this.file, file);
    if (line > maxOf(this.line)) this.line = widened(this.line, line);
    if (column > maxOf(this.column)) this.column = widened(this.column, column);
  }

  origin(i: number): RowOrigin {
    return { file: this.file[i] ?? 0, line: this.line[i] ?? 0, column: this.column[i] ?? 0 };
  }

  /** Position of the row with this id, or -1. Linear: build a map for repeated use. */
  indexOfId(id: number): number {
    return this.id.subarray(0, this.length).indexOf(id);
  }

  private grow(capacity: number): void {
    this.id = growArray(new Uint32Array(capacity), this.id);
    this.file = resized(this.file, capacity);
    this.line = resized(this.line, capacity);
    this.column = resized(this.column, capacity);
    this.readFlags = growArray(new Uint8Array(capacity), this.readFlags);
  }
}
