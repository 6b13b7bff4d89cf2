/**
 * Columns of strings for a million rows.
 *
 * Why not `string[]`: a value cut out of a file's text keeps the whole text
 * alive in V8 (a sliced string points at its parent), and making a million
 * separate strings costs both the copies and the garbage collector's work of
 * moving every one of them out of the young generation. Measured on 1,000,000
 * URLs in Node 20: about a second of 4 spent in scavenges and re-copies.
 * Instead, values are appended to a pending list that is joined into one
 * string ("chunk") every few thousand values; a row holds the chunk's number
 * and the value's offsets. The short-lived slices die young, the chunks are
 * born in large-object space and never move. Reading a value slices it again.
 */

/*
 * Over 400 lines on purpose: ArenaColumn and DictColumn are the two halves
 * of one contract (StringColumn, its snapshots and their validation) and are
 * read side by side. The typed-array steps they share are in typed-arrays.ts;
 * the file is to be renamed for what it is (string storage) at this round's
 * merge, when the two classes can take a file each without a conflict.
 */
import { checkInsert, compact, copyInto, fill, spread } from './typed-arrays';

export { checkInsert, compact, spread } from './typed-arrays';

export interface StringColumn {
  readonly length: number;
  get(i: number): string;
  /**
   * Value `i` as a range of a larger string, for hot loops: reading characters
   * of a sliced string goes through its parent on every access (measured 3–5×
   * slower than the flat chunk), so hashing and comparing use the chunk itself.
   */
  rawText(i: number): string;
  rawStart(i: number): number;
  rawEnd(i: number): number;
  set(i: number, value: string): void;
  push(value: string): void;
  /**
   * Appends `count` values given joined in one text: value k ends at
   * `ends[from + k]` and starts where the one before it ended (0 for the
   * first). The byte reader decodes a batch of values at once and hands the
   * text over whole, with no string per value.
   */
  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void;
  /** Removes the rows at the given positions (ascending), closing the gaps. */
  removeAt(positions: readonly number[]): void;
  /**
   * Inserts `values[k]` so that it ends up at `positions[k]` (final positions,
   * strictly ascending): the inverse of {@link removeAt}, for undo.
   */
  insertAt(positions: readonly number[], values: readonly string[]): void;
  /** Makes every pushed value durable (joins the pending values). */
  seal(): void;
  /** A copy that later changes to this column do not affect; cheap (offsets, not characters). */
  snapshot(): StringColumn;
  /** The column as it is stored, for saving (structured-clonable; see {@link columnFromSnapshot}). */
  toSnapshot(): ColumnSnapshot;
  toArray(): string[];
}

/**
 * A column in its stored form, as plain data (strings and typed arrays) that
 * IndexedDB clones fast: the few big chunk strings and the offsets, not one
 * string per row. Typed arrays are copies cut to `length`.
 */
export type ColumnSnapshot =
  | {
      kind: 'arena';
      length: number;
      chunks: string[];
      chunk: Uint32Array;
      start: Uint32Array;
      end: Uint32Array;
      /** Rows whose value was set one by one, and those values. */
      singleAt: Uint32Array;
      singles: string[];
    }
  | { kind: 'dict'; length: number; codes: Uint32Array; values: string[] };

/**
 * Rebuilds a column from {@link StringColumn.toSnapshot}. Throws a RangeError
 * when the data does not hold together (a damaged or foreign saved copy), so
 * a bad save can never yield rows that read out of bounds.
 */
export function columnFromSnapshot(s: ColumnSnapshot): StringColumn {
  return s.kind === 'arena' ? ArenaColumn.fromSnapshot(s) : DictColumn.fromSnapshot(s);
}

function badSnapshot(why: string): never {
  throw new RangeError(`The saved column is damaged: ${why}.`);
}

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

function isStrings(a: unknown): a is string[] {
  return Array.isArray(a) && a.every((v) => typeof v === 'string');
}

/** Values joined per chunk: big enough to amortise, small enough to keep slices young. */
const CHUNK_VALUES = 8192;
const INITIAL_CAPACITY = 1024;

/** An arena column: for values that differ from row to row (loc, lastmod). */
export class ArenaColumn implements StringColumn {
  length = 0;
  private chunks: string[] = [];
  private chunk = new Uint32Array(INITIAL_CAPACITY);
  private start = new Uint32Array(INITIAL_CAPACITY);
  private end = new Uint32Array(INITIAL_CAPACITY);
  private pending: string[] = [];
  private pendingFrom = 0;
  /** Chunk number of values set one by one (edits), which are kept whole. */
  private static readonly SINGLE = 0xffffffff;
  private singles = new Map<number, string>();

  get(i: number): string {
    const c = this.chunk[i] as number;
    if (c === ArenaColumn.SINGLE) return this.singles.get(i) ?? '';
    if (c >= this.chunks.length) return this.pending[i - this.pendingFrom] ?? '';
    return (this.chunks[c] as string).slice(this.start[i], this.end[i]);
  }

  rawText(i: number): string {
    const c = this.chunk[i] as number;
    if (c < this.chunks.length) return this.chunks[c] as string;
    return this.get(i);
  }

  rawStart(i: number): number {
    return (this.chunk[i] as number) < this.chunks.length ? (this.start[i] as number) : 0;
  }

  rawEnd(i: number): number {
    return (this.chunk[i] as number) < this.chunks.length ? (this.end[i] as number) : this.get(i).length;
  }

  set(i: number, value: string): void {
    if (i >= this.length) throw new RangeError(`no row at ${i}`);
    if (this.chunk[i] as number >= this.chunks.length && this.chunk[i] !== ArenaColumn.SINGLE) {
      this.pending[i - this.pendingFrom] = value;
      return;
    }
    this.chunk[i] = ArenaColumn.SINGLE;
    this.singles.set(i, value);
  }

  push(value: string): void {
    const i = this.length;
    if (i === this.chunk.length) this.grow(i * 2);
    if (this.pending.length === 0) this.pendingFrom = i;
    this.chunk[i] = this.chunks.length;
    this.pending.push(value);
    this.length = i + 1;
    if (this.pending.length >= CHUNK_VALUES) this.seal();
  }

  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void {
    if (count === 0) return;
    // Pending values belong to earlier rows: their chunk comes first.
    this.seal();
    const first = this.length;
    if (first + count > this.chunk.length) this.grow(Math.max(first + count, this.chunk.length * 2));
    const chunkNo = this.chunks.length;
    let s = 0;
    for (let k = 0; k < count; k++) {
      const i = first + k;
      const e = ends[from + k] as number;
      this.chunk[i] = chunkNo;
      this.start[i] = s;
      this.end[i] = e;
      s = e;
    }
    this.chunks.push(text);
    this.length = first + count;
  }

  seal(): void {
    const values = this.pending;
    if (values.length > 0) {
      let at = 0;
      for (let k = 0; k < values.length; k++) {
        const i = this.pendingFrom + k;
        this.start[i] = at;
        at += (values[k] as string).length;
        this.end[i] = at;
      }
      this.chunks.push(values.join(''));
      this.pending = [];
    }
    if (this.singles.size >= CHUNK_VALUES) this.foldSingles();
  }

  /**
   * Moves the values set one by one into chunks of their own, in row order.
   * A bulk change sets a value per row: left as a million separate strings
   * they would cost the heap and the garbage collector what chunks avoid,
   * and be cloned one by one at every save. Only with nothing pending, whose
   * rows hold the number of the chunk they will get.
   */
  private foldSingles(): void {
    const rows = Uint32Array.from(this.singles.keys()).sort();
    for (let from = 0; from < rows.length; from += CHUNK_VALUES) {
      const chunkNo = this.chunks.length;
      const values: string[] = [];
      let at = 0;
      for (let k = from; k < Math.min(rows.length, from + CHUNK_VALUES); k++) {
        const i = rows[k] as number;
        const v = this.singles.get(i) ?? '';
        this.chunk[i] = chunkNo;
        this.start[i] = at;
        at += v.length;
        this.end[i] = at;
        values.push(v);
      }
      this.chunks.push(values.join(''));
    }
    this.singles = new Map();
  }

  snapshot(): ArenaColumn {
    this.seal();
    const copy = new ArenaColumn();
    copy.length = this.length;
    copy.chunks = this.chunks.slice();
    copy.chunk = this.chunk.slice(0, Math.max(this.length, 1));
    copy.start = this.start.slice(0, Math.max(this.length, 1));
    copy.end = this.end.slice(0, Math.max(this.length, 1));
    copy.singles = new Map(this.singles);
    return copy;
  }

  toSnapshot(): ColumnSnapshot {
    this.seal();
    const n = this.length;
    const singleAt = new Uint32Array(this.singles.size);
    const singles: string[] = [];
    let k = 0;
    for (const [i, v] of this.singles) {
      singleAt[k++] = i;
      singles.push(v);
    }
    return {
      kind: 'arena', length: n, chunks: this.chunks.slice(),
      chunk: this.chunk.slice(0, n), start: this.start.slice(0, n), end: this.end.slice(0, n),
      singleAt, singles,
    };
  }

  static fromSnapshot(s: Extract<ColumnSnapshot, { kind: 'arena' }>): ArenaColumn {
    const n = s.length;
    if (!isCount(n)) badSnapshot('no length');
    if (!isStrings(s.chunks)) badSnapshot('chunks are not text');
    for (const a of [s.chunk, s.start, s.end, s.singleAt]) if (!(a instanceof Uint32Array)) badSnapshot('offsets are missing');
    if (s.chunk.length < n || s.start.length < n || s.end.length < n) badSnapshot('fewer offsets than rows');
    if (!isStrings(s.singles) || s.singles.length !== s.singleAt.length) badSnapshot('edited values do not match their rows');
    const col = new ArenaColumn();
    const capacity = Math.max(n, INITIAL_CAPACITY);
    col.chunk = fill(new Uint32Array(capacity), s.chunk, n);
    col.start = fill(new Uint32Array(capacity), s.start, n);
    col.end = fill(new Uint32Array(capacity), s.end, n);
    col.chunks = s.chunks.slice();
    for (let k = 0; k < s.singleAt.length; k++) {
      const i = s.singleAt[k] as number;
      if (i >= n || col.chunk[i] !== ArenaColumn.SINGLE) badSnapshot(`edited value for row ${i} is not marked`);
      col.singles.set(i, s.singles[k] as string);
    }
    for (let i = 0; i < n; i++) {
      const c = col.chunk[i] as number;
      if (c === ArenaColumn.SINGLE) {
        if (!col.singles.has(i)) badSnapshot(`row ${i} has no edited value`);
        continue;
      }
      const text = col.chunks[c];
      if (text === undefined || (col.start[i] as number) > (col.end[i] as number) || (col.end[i] as number) > text.length) {
        badSnapshot(`row ${i} points outside its chunk`);
      }
    }
    col.length = n;
    return col;
  }

  removeAt(positions: readonly number[]): void {
    if (positions.length === 0) return;
    this.seal();
    const singles = new Map<number, string>();
    let out = 0;
    let k = 0;
    for (let i = 0; i < this.length; i++) {
      if (k < positions.length && positions[k] === i) {
        k++;
        continue;
      }
      this.chunk[out] = this.chunk[i] as number;
      this.start[out] = this.start[i] as number;
      this.end[out] = this.end[i] as number;
      if (this.chunk[i] === ArenaColumn.SINGLE) singles.set(out, this.singles.get(i) ?? '');
      out++;
    }
    this.singles = singles;
    this.length = out;
  }

  insertAt(positions: readonly number[], values: readonly string[]): void {
    const n = checkInsert(this.length, positions, values);
    if (n === this.length) return;
    this.seal();
    if (n > this.chunk.length) this.grow(Math.max(n, this.chunk.length * 2));
    // The inserted values get a chunk of their own, like any pushed values.
    const chunkNo = this.chunks.length;
    this.chunks.push(values.join(''));
    const singles = new Map<number, string>();
    let src = this.length - 1;
    let k = positions.length - 1;
    let at = this.chunks[chunkNo]?.length ?? 0;
    for (let out = n - 1; out >= 0; out--) {
      if (k >= 0 && positions[k] === out) {
        const v = values[k] as string;
        this.chunk[out] = chunkNo;
        this.end[out] = at;
        at -= v.length;
        this.start[out] = at;
        k--;
        continue;
      }
      this.chunk[out] = this.chunk[src] as number;
      this.start[out] = this.start[src] as number;
      this.end[out] = this.end[src] as number;
      if (this.chunk[src] === ArenaColumn.SINGLE) singles.set(out, this.singles.get(src) ?? '');
      src--;
    }
    this.singles = singles;
    this.length = n;
  }

  toArray(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.length; i++) out.push(this.get(i));
    return out;
  }

  private grow(capacity: number): void {
    this.chunk = copyInto(this.chunk, new Uint32Array(capacity));
    this.start = copyInto(this.start, new Uint32Array(capacity));
    this.end = copyInto(this.end, new Uint32Array(capacity));
  }
}

/**
 * A dictionary column: for values drawn from a few (changefreq, priority),
 * each distinct value stored once and a row holding its number.
 */
export class DictColumn implements StringColumn {
  length = 0;
  private codes = new Uint32Array(INITIAL_CAPACITY);
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
    this.codes[i] = this.code(value);
  }

  push(value: string): void {
    const i = this.length;
    if (i === this.codes.length) this.codes = copyInto(this.codes, new Uint32Array(i * 2));
    this.codes[i] = this.code(value);
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

  seal(): void {}

  toSnapshot(): ColumnSnapshot {
    return { kind: 'dict', length: this.length, codes: this.codes.slice(0, this.length), values: this.values.slice() };
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
    col.codes = fill(new Uint32Array(Math.max(n, INITIAL_CAPACITY)), s.codes, n);
    for (let i = 0; i < n; i++) if ((col.codes[i] as number) >= col.values.length) badSnapshot(`row ${i} has an unknown value`);
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
    if (n > this.codes.length) this.codes = copyInto(this.codes, new Uint32Array(Math.max(n, this.codes.length * 2)));
    spread(this.codes, this.length, positions);
    for (let k = 0; k < positions.length; k++) this.codes[positions[k] as number] = this.code(values[k] as string);
    this.length = n;
  }

  toArray(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.length; i++) out.push(this.get(i));
    return out;
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
