import {
  checkInsert,
  compact,
  maxOf,
  oversized,
  resized,
  spread,
  TRIM_SLACK,
  widened,
  type UintArray,
} from './typed-arrays';
import {
  badSnapshot,
  INITIAL_CAPACITY,
  isCount,
  isStrings,
  type ColumnSnapshot,
  type StringColumn,
} from './string-column';

/**
 * A dictionary column: for values drawn from a few (changefreq, priority),
 * each distinct value stored once and a row holding its number.
 */
export class DictColumn implements StringColumn {
  length = 0;
  /** One byte a row while there are at most 255 distinct values (see typed-arrays.ts `widened`). */
  private codes: UintArray = new Uint8Array(INITIAL_CAPACITY);
  private readonly values: string[] = [''];
  private readonly codeOf = new Map<string, number>([['', 0]]);
  private last = '';
  private lastCode = 0;
  private readonly recent: number[] = [];
  private nextRecent = 0;

  get(i: number): string {
    return this.values[this.codes[i] as number] as string;
  }

  /** The number of row `i`'s value in {@link distinctValues}. */
  codeAt(i: number): number {
    return this.codes[i] as number;
  }

  /** Every value the column has held, by number ('' is 0); some may no longer be used. */
  distinctValues(): readonly string[] {
    return this.values;
  }

  rawText(i: number): string {
    return this.get(i);
  }

  rawStart(): number {
    return 0;
  }

  rawEnd(i: number): number {
    return this.get(i).length;
  }

  set(i: number, value: string): void {
    if (i >= this.length) throw new RangeError(`no row at ${i}`);
    // The code first: a new value may widen the codes into a new array.
    const c = this.code(value);
    this.codes[i] = c;
  }

  push(value: string): void {
    const i = this.length;
    if (i === this.codes.length) this.codes = resized(this.codes, i * 2);
    const c = this.code(value);
    this.codes[i] = c;
    this.length = i + 1;
  }

  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void {
    let s = 0;
    for (let k = 0; k < count; k++) {
      const e = ends[from + k] as number;
      this.push(text.slice(s, e));
      s = e;
    }
  }

  /**
   * Appends to `column` the rows whose values are `values[codes[from + k]]`,
   * `k` below `count`: a dictionary column looks each number up once, any
   * other column takes the values one by one.
   */
  static pushNumbered(
    column: StringColumn,
    codes: ArrayLike<number>,
    from: number,
    count: number,
    values: readonly string[],
  ): void {
    if (column instanceof DictColumn) {
      column.pushCoded(codes, from, count, values);
      return;
    }
    for (let k = 0; k < count; k++) column.push(values[codes[from + k] as number] as string);
  }

  /**
   * Appends `count` rows whose values are given by number, `values[codes[from + k]]`:
   * each number used is looked up once.
   */
  pushCoded(codes: ArrayLike<number>, from: number, count: number, values: readonly string[]): void {
    const first = this.length;
    if (first + count > this.codes.length)
      this.codes = resized(this.codes, Math.max(first + count, this.codes.length * 2));
    const remap = new Int32Array(values.length).fill(-1);
    // The numbers first: a new value may widen the codes into a new array.
    for (let k = 0; k < count; k++) {
      const v = codes[from + k] as number;
      if ((remap[v] as number) < 0) remap[v] = this.code(values[v] as string);
    }
    const out = this.codes;
    for (let k = 0; k < count; k++) out[first + k] = remap[codes[from + k] as number] as number;
    this.length = first + count;
  }

  appendColumn(from: StringColumn): void {
    const first = this.length;
    const n = first + from.length;
    if (n > this.codes.length) this.codes = resized(this.codes, n);
    if (!(from instanceof DictColumn)) {
      for (let i = 0; i < from.length; i++) this.push(from.get(i));
      return;
    }
    // Each distinct value is looked up once; the rows are renumbered.
    const remap = Uint32Array.from(from.values, (v) => this.code(v));
    const codes = this.codes;
    for (let k = 0; k < from.length; k++) codes[first + k] = remap[from.codes[k] as number] as number;
    this.length = n;
  }

  seal(): void {}

  trim(): void {
    if (oversized(this.codes.length, this.length)) this.codes = resized(this.codes, this.length + TRIM_SLACK);
  }

  toSnapshot(): ColumnSnapshot {
    // Saved 32 bits wide, the form every save has had.
    return {
      kind: 'dict',
      length: this.length,
      codes: new Uint32Array(this.codes.subarray(0, this.length)),
      values: this.values.slice(),
    };
  }

  static fromSnapshot(s: Extract<ColumnSnapshot, { kind: 'dict' }>): DictColumn {
    const n = s.length;
    if (!isCount(n)) badSnapshot('no length');
    if (!(s.codes instanceof Uint32Array) || s.codes.length < n) badSnapshot('fewer codes than rows');
    if (!isStrings(s.values) || s.values[0] !== '') badSnapshot('values are not text');
    const col = new DictColumn();
    col.values.length = 0;
    col.codeOf.clear();
    for (const v of s.values) {
      if (col.codeOf.has(v)) badSnapshot('a value is listed twice');
      col.codeOf.set(v, col.values.length);
      col.values.push(v);
    }
    col.codes = widened(new Uint8Array(Math.max(n, INITIAL_CAPACITY)), col.values.length - 1);
    col.codes.set(s.codes.subarray(0, n));
    for (let i = 0; i < n; i++)
      if ((s.codes[i] as number) >= col.values.length) badSnapshot(`row ${i} has an unknown value`);
    col.length = n;
    return col;
  }

  snapshot(): DictColumn {
    const copy = new DictColumn();
    for (let i = 0; i < this.length; i++) copy.push(this.get(i));
    return copy;
  }

  removeAt(positions: readonly number[]): void {
    this.length = compact(this.codes, this.length, positions);
  }

  insertAt(positions: readonly number[], values: readonly string[]): void {
    const n = checkInsert(this.length, positions, values);
    if (n > this.codes.length) this.codes = resized(this.codes, Math.max(n, this.codes.length * 2));
    spread(this.codes, this.length, positions);
    for (let k = 0; k < positions.length; k++) {
      const c = this.code(values[k] as string);
      this.codes[positions[k] as number] = c;
    }
    this.length = n;
  }

  private code(value: string): number {
    if (value === this.last) return this.lastCode;
    // Values alternate among a few: a short scan of small strings beats hashing a new one.
    const recent = this.recent;
    for (let k = 0; k < recent.length; k++) {
      const c = recent[k] as number;
      if (this.values[c] === value) {
        this.last = this.values[c] as string;
        this.lastCode = c;
        return c;
      }
    }
    let c = this.codeOf.get(value);
    if (c === undefined) {
      c = this.values.length;
      if (c > maxOf(this.codes)) this.codes = widened(this.codes, c);
      // A copy: the value may be a slice that would keep a whole file's text alive.
      const copy = `${value} `.slice(0, -1);
      this.values.push(copy);
      this.codeOf.set(copy, c);
      value = copy;
    } else value = this.values[c] as string;
    this.last = value;
    this.lastCode = c;
    if (recent.length < 8) recent.push(c);
    else recent[(this.nextRecent = (this.nextRecent + 1) & 7)] = c;
    return c;
  }
}
