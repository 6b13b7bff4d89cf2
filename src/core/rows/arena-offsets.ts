import { maxOf, widened, type UintArray } from './typed-arrays';

/**
 * Where each row's value of an {@link ArenaColumn} lies: its chunk's number,
 * its start in the chunk and its length, each as narrow as the values allow.
 * Chunks are few (one per 8,192 values) and values short (a loc of 60 to 200
 * characters, a date of 10 to 25): 2 + 4 + 1 bytes a row where three 32-bit
 * arrays took 12; a longer value or a 65,535th chunk widens its array once
 * (typed-arrays.ts `widened`).
 */
export class ArenaOffsets {
  chunk: Uint16Array | Uint32Array;
  start: Uint32Array;
  len: UintArray;
  /** The chunk number that marks a value set one by one: the largest {@link chunk} holds. */
  single: number;
  /** The longest value {@link len} holds. */
  private longest: number;

  constructor(capacity: number, chunk?: Uint16Array | Uint32Array, start?: Uint32Array, len?: UintArray) {
    this.chunk = chunk ?? new Uint16Array(capacity);
    this.start = start ?? new Uint32Array(capacity);
    this.len = len ?? new Uint8Array(capacity);
    this.single = maxOf(this.chunk);
    this.longest = maxOf(this.len);
  }

  get capacity(): number {
    return this.start.length;
  }

  end(i: number): number {
    return (this.start[i] as number) + (this.len[i] as number);
  }

  /** Widens the chunk numbers so that `c` fits below the mark of a single value. */
  fitChunk(c: number): void {
    if (c < this.single) return;
    const next = new Uint32Array(this.chunk.length);
    const old = this.single;
    for (let i = 0; i < next.length; i++) {
      const v = this.chunk[i] as number;
      next[i] = v === old ? 0xffffffff : v;
    }
    this.chunk = next;
    this.single = 0xffffffff;
  }

  /** Widens the lengths so that `n` fits. */
  fitLen(n: number): void {
    if (n <= this.longest) return;
    this.len = widened(this.len, n);
    this.longest = maxOf(this.len);
  }

  /** Row `i` is `[start, end)` of chunk `c`. */
  put(i: number, c: number, start: number, end: number): void {
    this.fitChunk(c);
    this.fitLen(end - start);
    this.chunk[i] = c;
    this.start[i] = start;
    this.len[i] = end - start;
  }

  /** Row `i` is `[start, end)` of the chunk it already names. */
  span(i: number, start: number, end: number): void {
    this.fitLen(end - start);
    this.start[i] = start;
    this.len[i] = end - start;
  }

  /** Row `to` takes row `from`'s place (removal, insertion). */
  move(to: number, from: number): void {
    this.chunk[to] = this.chunk[from] as number;
    this.start[to] = this.start[from] as number;
    this.len[to] = this.len[from] as number;
  }

  /** A copy of `capacity` rows (the first ones kept). */
  resized(capacity: number): ArenaOffsets {
    const keep = Math.min(capacity, this.capacity);
    const chunk = new (this.chunk.constructor as new (n: number) => Uint16Array | Uint32Array)(capacity);
    const len = new (this.len.constructor as new (n: number) => UintArray)(capacity);
    const start = new Uint32Array(capacity);
    chunk.set(this.chunk.subarray(0, keep));
    start.set(this.start.subarray(0, keep));
    len.set(this.len.subarray(0, keep));
    return new ArenaOffsets(capacity, chunk, start, len);
  }

  /** The first `n` rows in the saved form, three 32-bit arrays (chunk, start, end), a single value's chunk 0xffffffff. */
  saved(n: number): { chunk: Uint32Array; start: Uint32Array; end: Uint32Array } {
    const chunk = new Uint32Array(n);
    const end = new Uint32Array(n);
    const single = this.single;
    for (let i = 0; i < n; i++) {
      const c = this.chunk[i] as number;
      chunk[i] = c === single ? 0xffffffff : c;
      end[i] = (this.start[i] as number) + (this.len[i] as number);
    }
    return { chunk, start: this.start.slice(0, n), end };
  }

  /** Offsets from {@link saved}'s form (already checked), with room for `capacity` rows. */
  static fromSaved(
    capacity: number,
    n: number,
    chunk: Uint32Array,
    start: Uint32Array,
    end: Uint32Array,
  ): ArenaOffsets {
    const o = new ArenaOffsets(capacity);
    let maxChunk = 0;
    let maxLen = 0;
    for (let i = 0; i < n; i++) {
      const c = chunk[i] as number;
      if (c !== 0xffffffff && c > maxChunk) maxChunk = c;
      if (c !== 0xffffffff) maxLen = Math.max(maxLen, (end[i] as number) - (start[i] as number));
    }
    o.fitChunk(maxChunk);
    o.fitLen(maxLen);
    const single = o.single;
    for (let i = 0; i < n; i++) {
      const c = chunk[i] as number;
      if (c === 0xffffffff) {
        o.chunk[i] = single;
        continue;
      }
      o.chunk[i] = c;
      o.start[i] = start[i] as number;
      o.len[i] = (end[i] as number) - (start[i] as number);
    }
    return o;
  }
}
