import { ArenaOffsets } from './arena-offsets';
import { checkInsert, maxOf, oversized, TRIM_SLACK } from './typed-arrays';
import {
  badSnapshot,
  INITIAL_CAPACITY,
  isCount,
  isStrings,
  type ColumnSnapshot,
  type StringColumn,
} from './string-column';

/** The share of a shared chunk its values must use for it to be kept whole (see endShared). */
const KEEP_SHARED = 0.5;

/** A single value's chunk number in the saved form. */
const SAVED_SINGLE = 0xffffffff;

/** Values joined per chunk: big enough to amortise, small enough to keep slices young. */
const CHUNK_VALUES = 8192;

/** An arena column: for values that differ from row to row (loc, lastmod). */
export class ArenaColumn implements StringColumn {
  length = 0;
  /** Counts the changes of values and rows: an order of the values kept beside the column (text-order.ts) holds while it stands. */
  revision = 0;
  private chunks: string[] = [];
  private at = new ArenaOffsets(INITIAL_CAPACITY);
  private pending: string[] = [];
  private pendingFrom = 0;
  /** Values set one by one (edits), kept whole; their rows' chunk is `at.single`. */
  private singles = new Map<number, string>();
  /** The first row of the chunk begun by {@link beginShared}. */
  private sharedFrom = 0;
  /**
   * The columns reading these same offset arrays ({@link snapshot}'s copies
   * and their origin), or null when this column owns its arrays alone.
   */
  private sharers: WeakRef<ArenaColumn>[] | null = null;

  get(i: number): string {
    const at = this.at;
    const c = at.chunk[i] as number;
    if (c === at.single) return this.singles.get(i) ?? '';
    if (c >= this.chunks.length) return this.pending[i - this.pendingFrom] ?? '';
    const s = at.start[i] as number;
    return (this.chunks[c] as string).slice(s, s + (at.len[i] as number));
  }

  rawText(i: number): string {
    const c = this.at.chunk[i] as number;
    if (c < this.chunks.length) return this.chunks[c] as string;
    return this.get(i);
  }

  rawStart(i: number): number {
    return (this.at.chunk[i] as number) < this.chunks.length ? (this.at.start[i] as number) : 0;
  }

  rawEnd(i: number): number {
    return (this.at.chunk[i] as number) < this.chunks.length ? this.at.end(i) : this.get(i).length;
  }

  set(i: number, value: string): void {
    if (i >= this.length) throw new RangeError(`no row at ${i}`);
    this.revision++;
    const single = this.at.single;
    if ((this.at.chunk[i] as number) >= this.chunks.length && this.at.chunk[i] !== single) {
      this.pending[i - this.pendingFrom] = value;
      return;
    }
    if (this.at.chunk[i] !== single) {
      // The row is about to leave the shared arrays: its sharers keep what they read.
      const others = this.others();
      if (others.length > 0) {
        const before = this.get(i);
        for (const o of others) if (i < o.length) o.singles.set(i, before);
      }
    }
    this.at.chunk[i] = single;
    this.singles.set(i, value);
  }

  push(value: string): void {
    const i = this.length;
    this.revision++;
    this.claimTail();
    if (i === this.at.capacity) this.grow(i * 2);
    if (this.pending.length === 0) this.pendingFrom = i;
    this.at.fitChunk(this.chunks.length);
    this.at.chunk[i] = this.chunks.length;
    this.pending.push(value);
    this.length = i + 1;
    if (this.pending.length >= CHUNK_VALUES) this.seal();
  }

  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void {
    if (count === 0) return;
    this.revision++;
    // Pending values belong to earlier rows: their chunk comes first.
    this.seal();
    this.claimTail();
    const first = this.length;
    if (first + count > this.at.capacity) this.grow(Math.max(first + count, this.at.capacity * 2));
    const chunkNo = this.chunks.length;
    const at = this.at;
    let s = 0;
    for (let k = 0; k < count; k++) {
      const e = ends[from + k] as number;
      at.put(first + k, chunkNo, s, e);
      s = e;
    }
    this.chunks.push(text);
    this.length = first + count;
  }

  /**
   * Starts a chunk that is `text` itself, whose values are then added as
   * ranges of it ({@link pushRange}) with no string made per value; ended by
   * {@link endShared}. Nothing else may be pushed in between.
   */
  beginShared(text: string): void {
    this.seal();
    this.claimTail();
    this.chunks.push(text);
    this.sharedFrom = this.length;
  }

  /** Appends `text[start, end)` of the chunk begun by {@link beginShared}. */
  pushRange(start: number, end: number): void {
    const i = this.length;
    this.revision++;
    if (i === this.at.capacity) this.grow(i * 2);
    this.at.put(i, this.chunks.length - 1, start, end);
    this.length = i + 1;
  }

  /**
   * Ends the shared chunk: kept whole when its values use at least half of
   * it, else cut down to them, so a few values do not keep a big text alive.
   */
  endShared(): void {
    const c = this.chunks.length - 1;
    const text = this.chunks[c] as string;
    const o = this.at;
    let used = 0;
    for (let i = this.sharedFrom; i < this.length; i++) used += o.len[i] as number;
    if (used >= text.length * KEEP_SHARED) return;
    const parts: string[] = [];
    let at = 0;
    for (let i = this.sharedFrom; i < this.length; i++) {
      parts.push(text.slice(o.start[i], o.end(i)));
      o.start[i] = at;
      at += o.len[i] as number;
    }
    this.chunks[c] = parts.join('');
  }

  appendColumn(from: StringColumn): void {
    if (!(from instanceof ArenaColumn)) {
      for (let i = 0; i < from.length; i++) this.push(from.get(i));
      return;
    }
    from.seal();
    this.seal();
    this.revision++;
    this.claimTail();
    const first = this.length;
    const count = from.length;
    if (first + count > this.at.capacity) this.grow(first + count);
    // The chunks are shared, not copied: strings never change.
    const base = this.chunks.length;
    for (const c of from.chunks) this.chunks.push(c);
    const at = this.at;
    const theirs = from.at;
    at.fitChunk(this.chunks.length);
    at.fitLen(maxOf(theirs.len));
    const single = at.single;
    const their = theirs.single;
    for (let k = 0; k < count; k++) {
      const c = theirs.chunk[k] as number;
      at.chunk[first + k] = c === their ? single : c + base;
    }
    at.start.set(theirs.start.subarray(0, count), first);
    at.len.set(theirs.len.subarray(0, count), first);
    for (const [i, v] of from.singles) this.singles.set(first + i, v);
    this.length = first + count;
  }

  seal(): void {
    const values = this.pending;
    if (values.length > 0) {
      let at = 0;
      for (let k = 0; k < values.length; k++) {
        const v = values[k] as string;
        this.at.span(this.pendingFrom + k, at, at + v.length);
        at += v.length;
      }
      this.chunks.push(values.join(''));
      this.pending = [];
    }
    if (this.singles.size >= CHUNK_VALUES) this.foldSingles();
  }

  trim(): void {
    this.seal();
    if (oversized(this.at.capacity, this.length)) this.grow(this.length + TRIM_SLACK);
  }

  /**
   * Moves the values set one by one into chunks of their own, in row order.
   * A bulk change sets a value per row: left as a million separate strings
   * they would cost the heap and the garbage collector what chunks avoid,
   * and be cloned one by one at every save. Only with nothing pending, whose
   * rows hold the number of the chunk they will get.
   */
  private foldSingles(): void {
    this.ownArrays();
    const rows = Uint32Array.from(this.singles.keys()).sort();
    for (let from = 0; from < rows.length; from += CHUNK_VALUES) {
      const chunkNo = this.chunks.length;
      const values: string[] = [];
      let at = 0;
      for (let k = from; k < Math.min(rows.length, from + CHUNK_VALUES); k++) {
        const i = rows[k] as number;
        const v = this.singles.get(i) ?? '';
        this.at.put(i, chunkNo, at, at + v.length);
        at += v.length;
        values.push(v);
      }
      this.chunks.push(values.join(''));
    }
    this.singles = new Map();
  }

  /**
   * Copy on write: the copy reads this column's offset arrays until one of
   * the two changes rows in place. A row set on either side is first handed
   * to the other as its own value (see {@link set}); a change of many rows
   * (removal, insertion, folding) gives the changing side its own arrays. The
   * check keeps a copy of loc beside the rows (check-state.ts): 12 bytes a row
   * held twice, at a million rows, until now.
   */
  snapshot(): ArenaColumn {
    this.seal();
    const copy = new ArenaColumn();
    copy.length = this.length;
    copy.chunks = this.chunks.slice();
    copy.at = this.at;
    copy.singles = new Map(this.singles);
    this.sharers ??= [new WeakRef<ArenaColumn>(this)];
    this.sharers.push(new WeakRef(copy));
    copy.sharers = this.sharers;
    return copy;
  }

  /** The other live columns that read this column's offset arrays. */
  private others(): ArenaColumn[] {
    const group = this.sharers;
    if (!group) return [];
    const out: ArenaColumn[] = [];
    for (let k = group.length - 1; k >= 0; k--) {
      const c = (group[k] as WeakRef<ArenaColumn>).deref();
      if (!c) group.splice(k, 1);
      else if (c !== this) out.push(c);
    }
    if (out.length === 0) this.sharers = null;
    return out;
  }

  /** Leaves the sharers, with copies of the arrays when they are still read by another column. */
  private ownArrays(): void {
    if (this.others().length === 0) return;
    this.leave();
    this.at = this.at.resized(this.at.capacity);
  }

  private leave(): void {
    const group = this.sharers;
    if (!group) return;
    const k = group.findIndex((r) => r.deref() === this);
    if (k >= 0) group.splice(k, 1);
    this.sharers = null;
  }

  /** Before writing rows past the end: a longer sharer has rows there, so this one takes its own arrays. */
  private claimTail(): void {
    if (this.sharers && this.others().some((o) => o.length > this.length)) this.ownArrays();
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
    return { kind: 'arena', length: n, chunks: this.chunks.slice(), ...this.at.saved(n), singleAt, singles };
  }

  static fromSnapshot(s: Extract<ColumnSnapshot, { kind: 'arena' }>): ArenaColumn {
    const n = s.length;
    if (!isCount(n)) badSnapshot('no length');
    if (!isStrings(s.chunks)) badSnapshot('chunks are not text');
    for (const a of [s.chunk, s.start, s.end, s.singleAt])
      if (!(a instanceof Uint32Array)) badSnapshot('offsets are missing');
    if (s.chunk.length < n || s.start.length < n || s.end.length < n) badSnapshot('fewer offsets than rows');
    if (!isStrings(s.singles) || s.singles.length !== s.singleAt.length)
      badSnapshot('edited values do not match their rows');
    const col = new ArenaColumn();
    const singleAt = new Set<number>();
    for (let k = 0; k < s.singleAt.length; k++) {
      const i = s.singleAt[k] as number;
      if (i >= n || s.chunk[i] !== SAVED_SINGLE) badSnapshot(`edited value for row ${i} is not marked`);
      col.singles.set(i, s.singles[k] as string);
      singleAt.add(i);
    }
    for (let i = 0; i < n; i++) {
      const c = s.chunk[i] as number;
      if (c === SAVED_SINGLE) {
        if (!singleAt.has(i)) badSnapshot(`row ${i} has no edited value`);
        continue;
      }
      const text = s.chunks[c];
      if (text === undefined || (s.start[i] as number) > (s.end[i] as number) || (s.end[i] as number) > text.length) {
        badSnapshot(`row ${i} points outside its chunk`);
      }
    }
    col.at = ArenaOffsets.fromSaved(Math.max(n, INITIAL_CAPACITY), n, s.chunk, s.start, s.end);
    col.chunks = s.chunks.slice();
    col.length = n;
    return col;
  }

  removeAt(positions: readonly number[]): void {
    if (positions.length === 0) return;
    this.revision++;
    this.seal();
    this.ownArrays();
    const singles = new Map<number, string>();
    const at = this.at;
    const single = at.single;
    let out = 0;
    let k = 0;
    for (let i = 0; i < this.length; i++) {
      if (k < positions.length && positions[k] === i) {
        k++;
        continue;
      }
      at.move(out, i);
      if (at.chunk[i] === single) singles.set(out, this.singles.get(i) ?? '');
      out++;
    }
    this.singles = singles;
    this.length = out;
  }

  insertAt(positions: readonly number[], values: readonly string[]): void {
    const n = checkInsert(this.length, positions, values);
    if (n === this.length) return;
    this.revision++;
    this.seal();
    this.ownArrays();
    if (n > this.at.capacity) this.grow(Math.max(n, this.at.capacity * 2));
    // The inserted values get a chunk of their own, like any pushed values.
    const chunkNo = this.chunks.length;
    this.chunks.push(values.join(''));
    const o = this.at;
    o.fitChunk(chunkNo);
    const single = o.single;
    const singles = new Map<number, string>();
    let src = this.length - 1;
    let k = positions.length - 1;
    let at = this.chunks[chunkNo]?.length ?? 0;
    for (let out = n - 1; out >= 0; out--) {
      if (k >= 0 && positions[k] === out) {
        const v = values[k] as string;
        o.put(out, chunkNo, at - v.length, at);
        at -= v.length;
        k--;
        continue;
      }
      o.move(out, src);
      if (o.chunk[src] === single) singles.set(out, this.singles.get(src) ?? '');
      src--;
    }
    this.singles = singles;
    this.length = n;
  }

  private grow(capacity: number): void {
    // New arrays: whoever shared the old ones keeps them.
    this.leave();
    this.at = this.at.resized(capacity);
  }
}
