/**
 * Sorting a group of records small enough to sit in the cache, for the byte
 * sort (text-bytes.ts): records are `WINDOW_WORDS` words at consecutive
 * places of one array; only their indices move. A partition takes the
 * digit just below where its group agrees, found by ORing the group's
 * differences, so bytes a whole group shares cost one read, never a pass
 * that moves anything; each partition is a stable counting pass, and the
 * differences of each bucket below its digit are gathered in the same
 * pass, so the bucket's own partition starts without a pass to find them.
 */
import { WINDOW_WORDS } from './text-words';

/** Groups this small are insertion-sorted. */
const INSERTION_MAX = 16;

/** Per recursion level: bucket counts, each bucket's first key and the bits where its keys differ (-1 while empty). */
export class DigitTables {
  readonly counts: Uint32Array[] = [];
  readonly firsts: Uint32Array[] = [];
  readonly diffs: Int32Array[] = [];

  /** The tables of `level`, with room for `buckets` buckets. */
  at(level: number, buckets: number): void {
    const c = this.counts[level];
    if (c && c.length > buckets) return;
    this.counts[level] = new Uint32Array(buckets + 1);
    this.firsts[level] = new Uint32Array(buckets + 1);
    this.diffs[level] = new Int32Array(buckets + 1);
  }
}

/** The digit width for a group of `m`: about log2(m) bits, 4 to 16, so a pass never walks many more buckets than it has keys. */
export function digitBits(m: number): number {
  return Math.min(16, Math.max(4, 31 - Math.clz32(m)));
}

/** Sorts records [lo, hi) of `keys` (WINDOW_WORDS words each) by index, stably. */
export class LocalSorter {
  private idx: Uint32Array;
  private spare: Uint32Array;
  private out: Uint32Array;
  private keys: Uint32Array = new Uint32Array(0);
  private base = 0;
  private readonly tables = new DigitTables();
  private readonly ties: number[] = [];

  constructor(max: number) {
    this.idx = new Uint32Array(max);
    this.spare = new Uint32Array(max);
    this.out = new Uint32Array(max);
  }

  /**
   * Sorts records [lo, hi) of `keys`, which agree before word `w` and on its
   * bits from `below` up (`known`: the bits below where they differ, or -1
   * to find them): writes `from[lo, hi)` (the slots of the records) in
   * their order to `to[lo, hi)`, and leaves the records as they were. Calls
   * `onTie` with each range of places whose records are equal over every word.
   */
  sort(keys: Uint32Array, from: Uint32Array, to: Uint32Array, lo: number, hi: number, w: number, below: number, known: number, onTie: (lo: number, hi: number) => void): void {
    const m = hi - lo;
    this.keys = keys;
    this.base = lo;
    const idx = this.idx;
    for (let j = 0; j < m; j++) idx[j] = j;
    this.ties.length = 0;
    this.partition(0, m, w, below, 0, known);
    const out = this.out;
    for (let j = 0; j < m; j++) out[j] = from[lo + (idx[j] as number)] as number;
    to.set(out.subarray(0, m), lo);
    const ties = this.ties;
    for (let t = 0; t < ties.length; t += 2) onTie(lo + (ties[t] as number), lo + (ties[t + 1] as number));
  }

  private key(j: number, w: number): number {
    return this.keys[(this.base + j) * WINDOW_WORDS + w] as number;
  }

  private partition(lo: number, hi: number, w: number, below: number, level: number, known: number): void {
    const m = hi - lo;
    if (m <= INSERTION_MAX) {
      this.insertion(lo, hi, w);
      return;
    }
    const { idx, keys } = this;
    const base = this.base;
    let diff = known;
    while (diff <= 0) {
      if (diff === 0) {
        if (++w === WINDOW_WORDS) {
          this.ties.push(lo, hi);
          return;
        }
        below = 32;
      }
      const first = this.key(idx[lo] as number, w);
      diff = 0;
      for (let k = lo + 1; k < hi; k++) diff |= (keys[(base + (idx[k] as number)) * WINDOW_WORDS + w] as number) ^ first;
      diff = (below < 32 ? diff & ((1 << below) - 1) : diff) >>> 0;
    }
    const bits = digitBits(m);
    const shift = Math.max(0, 32 - Math.clz32(diff) - bits);
    const mask = (1 << bits) - 1;
    const buckets = 1 << bits;
    this.tables.at(level, buckets);
    const counts = this.tables.counts[level] as Uint32Array;
    const firsts = this.tables.firsts[level] as Uint32Array;
    const diffs = this.tables.diffs[level] as Int32Array;
    counts.fill(0, 0, buckets + 1);
    for (let k = lo; k < hi; k++) (counts[(((keys[(base + (idx[k] as number)) * WINDOW_WORDS + w] as number) >>> shift) & mask) + 1] as number)++;
    for (let b = 0; b < buckets; b++) {
      counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
      diffs[b] = -1;
    }
    const spare = this.spare;
    for (let k = lo; k < hi; k++) {
      const j = idx[k] as number;
      const key = keys[(base + j) * WINDOW_WORDS + w] as number;
      const b = (key >>> shift) & mask;
      spare[lo + (counts[b] as number)] = j;
      counts[b] = (counts[b] as number) + 1;
      const d = diffs[b] as number;
      if (d < 0) {
        firsts[b] = key;
        diffs[b] = 0;
      } else diffs[b] = d | (key ^ (firsts[b] as number));
    }
    idx.set(spare.subarray(lo, hi), lo);
    // counts[b] is now where bucket b ends.
    const low = (1 << shift) - 1;
    let start = 0;
    for (let b = 0; b < buckets; b++) {
      const end = counts[b] as number;
      if (end - start > 1) this.partition(lo + start, lo + end, w, shift, level + 1, (diffs[b] as number) & low);
      start = end;
    }
  }

  /** Stable insertion sort of idx[lo, hi) by words w on; then each run equal over every word is a tie. */
  private insertion(lo: number, hi: number, w: number): void {
    const idx = this.idx;
    for (let k = lo + 1; k < hi; k++) {
      const j = idx[k] as number;
      let p = k - 1;
      while (p >= lo && this.compare(idx[p] as number, j, w) > 0) {
        idx[p + 1] = idx[p] as number;
        p--;
      }
      idx[p + 1] = j;
    }
    let r = lo;
    while (r < hi) {
      let e = r + 1;
      while (e < hi && this.compare(idx[r] as number, idx[e] as number, w) === 0) e++;
      if (e - r > 1) this.ties.push(r, e);
      r = e;
    }
  }

  /** Record x's words against record y's, from word w on (unsigned). */
  private compare(x: number, y: number, w: number): number {
    const keys = this.keys;
    const ox = (this.base + x) * WINDOW_WORDS;
    const oy = (this.base + y) * WINDOW_WORDS;
    for (let v = w; v < WINDOW_WORDS; v++) {
      const d = (keys[ox + v] as number) - (keys[oy + v] as number);
      if (d !== 0) return d;
    }
    return 0;
  }
}
