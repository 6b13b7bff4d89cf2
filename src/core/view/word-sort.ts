/**
 * Sorting a group of records small enough to sit in the cache, for the byte
 * sort (text-bytes.ts): records are `WINDOW_WORDS` words at consecutive
 * places of one array; only their indices move.
 *
 * Why the platform's sort here (profiled on the benchmark's 1,000,000 locs):
 * an MSD radix partition of a group of 20,000 walks 16,384 buckets and
 * recurses into thousands of buckets of a few records, each with its own
 * count, prefix sum and bucket walk: 40 % of the sort's time. Instead the 48
 * bits of every record from the first bit where the group differs (found by
 * ORing its differences, so a shared `product-` costs a read) are packed
 * above the record's 16-bit index into one 64-bit number, and a
 * BigUint64Array of them is sorted by the platform's numeric sort (native,
 * no comparator called): stable through the index, and 48 bits (six
 * characters) tell nearly every loc of a group apart at once. Runs still
 * equal go on 48 bits further the same way.
 */
import { WINDOW_WORDS } from './text-words';

/** Runs this small are insertion-sorted; larger ones sorted natively. */
const INSERTION_MAX = 12;
/** Bits of a record a native sort orders by: the rest of the 64-bit number is the record's index. */
const KEY_BITS = 48;
/** Bits in a window's record. */
const RECORD_BITS = WINDOW_WORDS * 32;
/** The largest group: its indices fit the 16 bits below the key. */
export const LOCAL_LIMIT = 1 << 16;

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

/** Sorts records [lo, hi) of `keys` (WINDOW_WORDS words each, at most LOCAL_LIMIT of them) by index, stably. */
export class LocalSorter {
  /** One 64-bit number per record while sorting: [2e] holds the key's low 16 bits above the index, [2e + 1] its high 32 bits. */
  private readonly pairs: Uint32Array;
  private readonly numbers: BigUint64Array;
  private readonly out: Uint32Array;
  private keys: Uint32Array = new Uint32Array(0);
  private base = 0;
  private readonly ties: number[] = [];

  constructor(max: number) {
    const buffer = new ArrayBuffer(Math.max(1, max) * 8);
    this.pairs = new Uint32Array(buffer);
    this.numbers = new BigUint64Array(buffer);
    this.out = new Uint32Array(max);
  }

  /**
   * Sorts records [lo, hi) of `keys`, which agree before word `w` and on its
   * bits from `below` up (`known`: the bits below where they differ, or -1
   * to find them): writes `from[lo, hi)` (the slots of the records) in
   * their order to `to[lo, hi)`, and leaves the records as they were. Calls
   * `onTie` with each range of places whose records are equal over every word.
   */
  sort(
    keys: Uint32Array,
    from: Uint32Array,
    to: Uint32Array,
    lo: number,
    hi: number,
    w: number,
    below: number,
    known: number,
    onTie: (lo: number, hi: number) => void,
  ): void {
    const m = hi - lo;
    this.keys = keys;
    this.base = lo;
    const pairs = this.pairs;
    for (let j = 0; j < m; j++) pairs[2 * j] = j;
    this.ties.length = 0;
    // The first bit that may differ: known's highest, or the one below the bits known to agree.
    const bit = known > 0 ? w * 32 + Math.clz32(known) : known === 0 ? (w + 1) * 32 : w * 32 + 32 - below;
    this.run(0, m, bit);
    const out = this.out;
    for (let e = 0; e < m; e++) out[e] = from[lo + ((pairs[2 * e] as number) & 0xffff)] as number;
    to.set(out.subarray(0, m), lo);
    const ties = this.ties;
    for (let t = 0; t < ties.length; t += 2) onTie(lo + (ties[t] as number), lo + (ties[t + 1] as number));
  }

  /** Word `v` of record `j` (0 past the window). */
  private word(j: number, v: number): number {
    return v < WINDOW_WORDS ? (this.keys[(this.base + j) * WINDOW_WORDS + v] as number) : 0;
  }

  /** Sorts places [a, b), whose records agree on their first `bit` bits. */
  // recursion-ok: each level goes KEY_BITS further into a record of RECORD_BITS, a fixed number of levels
  private run(a: number, b: number, bit: number): void {
    if (b - a <= INSERTION_MAX) {
      this.insertion(a, b, bit >>> 5);
      return;
    }
    const pairs = this.pairs;
    bit = this.firstDifference(a, b, bit);
    if (bit >= RECORD_BITS) {
      this.ties.push(a, b);
      return;
    }
    const k = bit >>> 5;
    const o = bit & 31;
    for (let e = a; e < b; e++) {
      const j = (pairs[2 * e] as number) & 0xffff;
      const w0 = this.word(j, k);
      const w1 = this.word(j, k + 1);
      let high = w0;
      let low = w1;
      if (o !== 0) {
        high = (w0 << o) | (w1 >>> (32 - o));
        low = (w1 << o) | (this.word(j, k + 2) >>> (32 - o));
      }
      pairs[2 * e + 1] = high >>> 0;
      pairs[2 * e] = (((low >>> 16) << 16) | j) >>> 0;
    }
    this.numbers.subarray(a, b).sort();
    // Each run of equal keys goes on past them.
    let r = a;
    while (r < b) {
      const high = pairs[2 * r + 1] as number;
      const low = (pairs[2 * r] as number) >>> 16;
      let s = r + 1;
      while (s < b && pairs[2 * s + 1] === high && (pairs[2 * s] as number) >>> 16 === low) s++;
      if (s - r > 1) this.run(r, s, bit + KEY_BITS);
      r = s;
    }
  }

  /** The first bit from `bit` on where records at places [a, b) differ (RECORD_BITS if none). */
  private firstDifference(a: number, b: number, bit: number): number {
    const pairs = this.pairs;
    const j0 = (pairs[2 * a] as number) & 0xffff;
    for (let v = bit >>> 5; v < WINDOW_WORDS; v++) {
      const first = this.word(j0, v);
      let diff = 0;
      for (let e = a + 1; e < b; e++) diff |= this.word((pairs[2 * e] as number) & 0xffff, v) ^ first;
      // Bits before `bit` agree already.
      if (v === bit >>> 5 && (bit & 31) !== 0) diff &= 0xffffffff >>> (bit & 31);
      if (diff !== 0) return v * 32 + Math.clz32(diff);
    }
    return RECORD_BITS;
  }

  /** Stable insertion sort of places [a, b) by words v on; then each run equal over every word is a tie. */
  private insertion(a: number, b: number, v: number): void {
    const pairs = this.pairs;
    for (let e = a + 1; e < b; e++) {
      const j = (pairs[2 * e] as number) & 0xffff;
      let p = e - 1;
      while (p >= a && this.compare((pairs[2 * p] as number) & 0xffff, j, v) > 0) {
        pairs[2 * (p + 1)] = pairs[2 * p] as number;
        p--;
      }
      pairs[2 * (p + 1)] = j;
    }
    let r = a;
    while (r < b) {
      let s = r + 1;
      while (s < b && this.compare((pairs[2 * r] as number) & 0xffff, (pairs[2 * s] as number) & 0xffff, v) === 0) s++;
      if (s - r > 1) this.ties.push(r, s);
      r = s;
    }
  }

  /** Record x's words against record y's, from word v on (unsigned). */
  private compare(x: number, y: number, v: number): number {
    const keys = this.keys;
    const ox = (this.base + x) * WINDOW_WORDS;
    const oy = (this.base + y) * WINDOW_WORDS;
    for (; v < WINDOW_WORDS; v++) {
      const d = (keys[ox + v] as number) - (keys[oy + v] as number);
      if (d !== 0) return d;
    }
    return 0;
  }
}
