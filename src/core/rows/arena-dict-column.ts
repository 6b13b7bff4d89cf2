import { ArenaColumn, checkInsert, compact, spread, type ColumnSnapshot, type StringColumn } from './string-columns';
import { hashRange } from '../text/hash';
import { DictTable } from './arena-dict-table';
import { maxOf, oversized, resized, TRIM_SLACK, widened, type UintArray } from './typed-arrays';
import { dictSnapshotValues, pickValues, type ArenaDictSnapshot } from './arena-dict-snapshot';

const INITIAL_CAPACITY = 1024;

/**
 * A dictionary column for values that repeat but are not few: lastmod. Real
 * sitemaps stamp many URLs with the same date (a build time, a day), so each
 * distinct value is stored once and a row holds its number (4 bytes), and
 * the check judges each distinct value once (see {@link codeAt}).
 *
 * Why not {@link DictColumn}: a generated sitemap can have as many distinct
 * datetimes as rows, and a `Map` of strings costs some 60 bytes a value; here
 * the distinct values live in an {@link ArenaColumn} (a few big strings and
 * offsets) and are found through an open-addressing table of their numbers.
 */
export class ArenaDictColumn implements StringColumn {
  length = 0;
  /** One byte a row while there are at most 255 distinct values (real sitemaps' few dates), widened past them. */
  private codes: UintArray = new Uint8Array(INITIAL_CAPACITY);
  /** The largest number {@link codes} holds. */
  private codeLimit = 0xff;
  /** Distinct value by number; number 0 is ''. */
  private values = new ArenaColumn();
  /** Finds the values by their hashes (see arena-dict-table.ts). */
  private table = new DictTable(this.values);

  constructor() {
    this.values.push('');
    this.table.insert(0, hashRange('', 0, 0));
  }

  get(i: number): string {
    return this.values.get(this.codes[i] as number);
  }

  /** The number of row `i`'s value (0 for ''): equal values, equal numbers. */
  codeAt(i: number): number {
    return this.codes[i] as number;
  }

  /** How many distinct values the column has held (some may no longer be used). */
  get distinctCount(): number {
    return this.values.length;
  }

  /** The bytes of the lookup table of the distinct values: its slots, and their hashes while kept. */
  get tableBytes(): number {
    return this.table.bytes;
  }

  /** Distinct value number `code`. */
  valueOf(code: number): string {
    return this.values.get(code);
  }

  /** Distinct value number `code` as a range of a chunk string (rawText, rawStart, rawEnd by number, not by row). */
  valueText(code: number): string {
    return this.values.rawText(code);
  }

  valueStart(code: number): number {
    return this.values.rawStart(code);
  }

  valueEnd(code: number): number {
    return this.values.rawEnd(code);
  }

  rawText(i: number): string {
    return this.values.rawText(this.codes[i] as number);
  }

  rawStart(i: number): number {
    return this.values.rawStart(this.codes[i] as number);
  }

  rawEnd(i: number): number {
    return this.values.rawEnd(this.codes[i] as number);
  }

  set(i: number, value: string): void {
    if (i >= this.length) throw new RangeError(`no row at ${i}`);
    const c = this.code(value, 0, value.length);
    this.fitCode(c);
    this.codes[i] = c;
  }

  push(value: string): void {
    this.pushCode(this.code(value, 0, value.length));
  }

  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void {
    this.table.bulk(count);
    // New values stay ranges of the batch's text: a slice and a join per value cost an eighth of the import.
    this.values.beginShared(text);
    let s = 0;
    for (let k = 0; k < count; k++) {
      const e = ends[from + k] as number;
      this.pushCode(this.code(text, s, e, true));
      s = e;
    }
    this.values.endShared();
  }

  appendColumn(from: StringColumn): void {
    const first = this.length;
    const count = from.length;
    this.table.bulk(count);
    if (first + count > this.codes.length) this.codes = resized(this.codes, first + count);
    if (from instanceof ArenaDictColumn) {
      // Each distinct value is looked up once; the rows are renumbered.
      const remap = this.adoptValues(from);
      this.fitCode(this.values.length - 1);
      for (let k = 0; k < count; k++) this.codes[first + k] = remap[from.codes[k] as number] as number;
      this.length = first + count;
      return;
    }
    if (from instanceof ArenaColumn) {
      this.appendArena(from, count);
      return;
    }
    for (let i = 0; i < count; i++) this.pushCode(this.code(from.rawText(i), from.rawStart(i), from.rawEnd(i)));
  }

  /**
   * A saved dictionary comes back as an arena column whose equal values share
   * one range of a chunk (see {@link toSnapshot}): each range is looked up
   * once, its rows then take its number. Measured on the 500,000 rows a
   * parse helper hands over: 670 ms hashing every row, a few dozen this way.
   */
  private appendArena(from: ArenaColumn, count: number): void {
    const seen = new Map<string, Map<number, number>>();
    for (let i = 0; i < count; i++) {
      const text = from.rawText(i);
      const start = from.rawStart(i);
      const end = from.rawEnd(i);
      let byStart = seen.get(text);
      if (!byStart) seen.set(text, (byStart = new Map()));
      let c = byStart.get(start);
      // Same chunk, same start and same length: the same characters.
      if (c === undefined || this.values.rawEnd(c) - this.values.rawStart(c) !== end - start) {
        c = this.code(text, start, end);
        byStart.set(start, c);
      }
      this.pushCode(c);
    }
  }

  seal(): void {
    this.values.seal();
  }

  /** After a bulk add: the room kept for more given back (see DictTable.trim). */
  trim(): void {
    this.values.trim();
    if (oversized(this.codes.length, this.length)) this.codes = resized(this.codes, this.length + TRIM_SLACK);
    this.table.trim();
  }

  snapshot(): ArenaDictColumn {
    this.seal();
    const copy = new ArenaDictColumn();
    copy.length = this.length;
    copy.codes = this.codes.slice(0, Math.max(this.length, 1));
    copy.codeLimit = this.codeLimit;
    copy.values = this.values.snapshot();
    copy.table = this.table.copy(copy.values);
    return copy;
  }

  /**
   * Saved as an arena column whose rows point at the distinct values' chunks
   * (the form saves already have, and cut into pieces: the values are never
   * cloned one string each); restored as an {@link ArenaColumn}.
   */
  toSnapshot(): ColumnSnapshot {
    const v = this.values.toSnapshot();
    if (v.kind !== 'arena' || v.singles.length > 0) throw new Error('distinct values are only ever pushed');
    const n = this.length;
    const chunk = new Uint32Array(n);
    const start = new Uint32Array(n);
    const end = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const c = this.codes[i] as number;
      chunk[i] = v.chunk[c] as number;
      start[i] = v.start[c] as number;
      end[i] = v.end[c] as number;
    }
    return { kind: 'arena', length: n, chunks: v.chunks, chunk, start, end, singleAt: new Uint32Array(0), singles: [] };
  }

  /** The column as one worker hands it to another (see {@link ArenaDictSnapshot}). */
  toDictSnapshot(): ArenaDictSnapshot {
    const values = this.values.toSnapshot();
    if (values.kind !== 'arena' || values.singles.length > 0) throw new Error('distinct values are only ever pushed');
    const hashes = this.table.hashes?.slice(0, values.length) ?? this.table.hashesOf(values.length);
    return { kind: 'arena-dict', length: this.length, codes: this.codes.slice(0, this.length), values, hashes };
  }

  /** A column from {@link toDictSnapshot} (its table built from the hashes); throws a RangeError when it does not hold together. */
  static fromDictSnapshot(s: ArenaDictSnapshot): ArenaDictColumn {
    const col = new ArenaDictColumn();
    col.values = dictSnapshotValues(s);
    col.codes = resized(s.codes, Math.max(s.length, INITIAL_CAPACITY));
    col.codeLimit = maxOf(col.codes);
    col.length = s.length;
    col.table = DictTable.ofHashes(col.values, s.hashes.slice());
    return col;
  }

  removeAt(positions: readonly number[]): void {
    this.length = compact(this.codes, this.length, positions);
  }

  insertAt(positions: readonly number[], values: readonly string[]): void {
    const n = checkInsert(this.length, positions, values);
    this.table.bulk(positions.length);
    if (n > this.codes.length) this.codes = resized(this.codes, Math.max(n, this.codes.length * 2));
    spread(this.codes, this.length, positions);
    for (let k = 0; k < positions.length; k++) {
      const v = values[k] as string;
      const c = this.code(v, 0, v.length);
      this.fitCode(c);
      this.codes[positions[k] as number] = c;
    }
    this.length = n;
  }

  private pushCode(c: number): void {
    const i = this.length;
    if (i === this.codes.length) this.codes = resized(this.codes, i * 2);
    if (c > this.codeLimit) this.fitCode(c);
    this.codes[i] = c;
    this.length = i + 1;
  }

  /** The number of `text[start, end)`, given one if it is new (a range of the shared chunk when `shared`). */
  private code(text: string, start: number, end: number, shared = false): number {
    if (start === end) return 0;
    const h = hashRange(text, start, end);
    const found = this.table.find(text, start, end, h, this.values.length);
    if (found >= 0) return found;
    const c = this.values.length;
    if (shared) this.values.pushRange(start, end);
    // A copy: the value may be a slice that would keep a whole batch alive.
    else this.values.push(start === 0 && end === text.length ? text : text.slice(start, end));
    this.table.insert(c, h);
    return c;
  }

  /** Takes in `from`'s values new here, sharing its chunks; gives each of its numbers the number here. */
  private adoptValues(from: ArenaDictColumn): Uint32Array {
    const theirs = from.values;
    const m = theirs.length;
    const base = this.values.length;
    const theirHashes = from.table.hashes ?? from.table.hashesOf(m);
    const hashes = this.table.reserve(base + m);
    const remap = new Uint32Array(m);
    const picked = new Uint32Array(m);
    let added = 0;
    for (let c = 1; c < m; c++) {
      const h = theirHashes[c] as number;
      let code = this.table.find(theirs.rawText(c), theirs.rawStart(c), theirs.rawEnd(c), h, base);
      if (code < 0) {
        code = base + added;
        picked[added++] = c;
        hashes[code] = h;
        this.table.place(code, h);
      }
      remap[c] = code;
    }
    if (added > 0) this.values.appendColumn(pickValues(theirs, picked.subarray(0, added)));
    return remap;
  }

  /** Widens the row codes so that `c` fits. */
  private fitCode(c: number): void {
    if (c <= this.codeLimit) return;
    this.codes = widened(this.codes, c);
    this.codeLimit = maxOf(this.codes);
  }
}
