/**
 * The fast path of sorting a view by a text column (radixSortText): a
 * most-significant-digit radix sort over packed words (text-words.ts), for
 * values whose code units all fit a byte (nearly every loc).
 *
 * Why this shape (profiled on the benchmark's 1,000,000 locs): the sort
 * before it spent its time reading characters (the shared prefix, then
 * twelve characters a level, each a `charCodeAt`) and moving three words
 * with each row at every radix pass. Here the shared prefix is skipped,
 * the next 32 characters of every value are read once, in row order, as a
 * record of eight words. A partition takes the digit (about log2 of the
 * group's size, up to 16 bits) just below where its group agrees, found by
 * ORing the group's differences, so bytes the whole group shares (a host, a
 * `category-` path) cost a read, never a pass that moves anything. Groups
 * larger than the cache move their records with each stable counting pass,
 * so the next pass reads its bucket in order; smaller ones are sorted by
 * index where they lie, by the platform's numeric sort of packed keys
 * (word-sort.ts). Values still equal after the 32
 * characters are read again further on; values that are equal keep the
 * order they came in (row order, see sortByText), whichever the direction.
 */
import type { SortDirection } from './sort-direction';
import type { RawRanges } from '../rows/raw-range';
import { WINDOW_WORDS, WordWindow } from './text-words';
import { DigitTables, digitBits, LOCAL_LIMIT, LocalSorter } from './word-sort';

/** Groups this small are sorted by index where their records sit (1 MB of words: in a core's cache); larger ones move their records. */
const LOCAL_MAX = Math.min(32768, LOCAL_LIMIT);

/**
 * Sorts `a` (ascending rows, each a non-empty value of `source`) by their
 * values, in place and stably, when every code unit it must compare is
 * below U+00FF; returns false, `a` untouched, when one is not. Given
 * `ties`, adds to it each range [lo, hi) of places (in no set order) whose
 * values are equal.
 */
export function sortByBytes(a: Uint32Array, source: RawRanges, dir: SortDirection, ties?: number[]): boolean {
  const n = a.length;
  if (n < 2) return true;
  const window = new WordWindow(a, source, dir === 'desc');
  let depth = window.readFirst();
  if (window.wide) return false;
  const sorter = new RecordSorter(window.words, n);
  const perm = sorter.perm;
  const span = WINDOW_WORDS * 4;
  let groups: number[] = [0, n];
  for (;;) {
    const next: number[] = [];
    // A group equal over the whole window goes on, unless its values ended inside it (then they are equal).
    const onTie = (lo: number, hi: number): void => {
      const i = a[perm[lo] as number] as number;
      if (source.rawEnd(i) - source.rawStart(i) - depth >= span) next.push(lo, hi);
      else ties?.push(lo, hi);
    };
    for (let g = 0; g < groups.length; g += 2) sorter.sort(groups[g] as number, groups[g + 1] as number, onTie);
    if (next.length === 0) break;
    // The next window of each value still tied, read in row order into the record at its place.
    depth += span;
    const marks = new Uint8Array(n);
    const place = new Uint32Array(n);
    for (let g = 0; g < next.length; g += 2) {
      for (let p = next[g] as number; p < (next[g + 1] as number); p++) {
        marks[perm[p] as number] = 1;
        place[perm[p] as number] = p;
      }
    }
    window.read(marks, depth, 0, place);
    if (window.wide) return false;
    groups = next;
  }
  const byRow = a.slice();
  for (let p = 0; p < n; p++) a[p] = byRow[perm[p] as number] as number;
  return true;
}

/**
 * The partitions of groups too large for the cache: records (the words, and
 * the slot in `perm`) move with each stable counting pass, so every pass
 * reads its group in order and the buckets it leaves lie together. A pass
 * moves a group's records between the two copies of its places, the
 * original and a spare, and a sorted group's slots end in `perm`.
 */
class RecordSorter {
  /** The slot whose record is at each place, once its group is sorted. */
  readonly perm: Uint32Array;
  private spareKeys: Uint32Array | null = null;
  private sparePerm: Uint32Array | null = null;
  private readonly local: LocalSorter;
  private readonly tables = new DigitTables();

  constructor(
    private readonly keys: Uint32Array,
    n: number,
  ) {
    this.perm = new Uint32Array(n);
    for (let k = 0; k < n; k++) this.perm[k] = k;
    this.local = new LocalSorter(Math.min(n, LOCAL_MAX));
  }

  /** Sorts places [lo, hi), whose values agree up to the window. */
  sort(lo: number, hi: number, onTie: (lo: number, hi: number) => void): void {
    const m = hi - lo;
    if (m > LOCAL_MAX) {
      this.spareKeys ??= new Uint32Array(this.keys.length);
      this.sparePerm ??= new Uint32Array(this.perm.length);
    }
    this.partition(this.keys, this.perm, lo, hi, 0, 32, 0, -1, onTie);
  }

  /** Sorts places [lo, hi) of `keys` and `perm` (the original copy or the spare; see sort for the rest). */
  // recursion-ok: each level sorts on bits further into the key window (WINDOW_WORDS words of 32
  // bits), so it goes 256 levels deep at most, whatever the input
  private partition(
    keys: Uint32Array,
    perm: Uint32Array,
    lo: number,
    hi: number,
    w: number,
    below: number,
    level: number,
    known: number,
    onTie: (lo: number, hi: number) => void,
  ): void {
    const m = hi - lo;
    if (m <= LOCAL_MAX) {
      this.local.sort(keys, perm, this.perm, lo, hi, w, below, known, onTie);
      return;
    }
    let diff = known;
    while (diff <= 0) {
      if (diff === 0) {
        if (++w === WINDOW_WORDS) {
          if (perm !== this.perm) this.perm.set(perm.subarray(lo, hi), lo);
          onTie(lo, hi);
          return;
        }
        below = 32;
      }
      const first = keys[lo * WINDOW_WORDS + w] as number;
      diff = 0;
      for (let k = lo + 1; k < hi; k++) diff |= (keys[k * WINDOW_WORDS + w] as number) ^ first;
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
    for (let k = lo; k < hi; k++) (counts[(((keys[k * WINDOW_WORDS + w] as number) >>> shift) & mask) + 1] as number)++;
    for (let b = 0; b < buckets; b++) {
      counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
      diffs[b] = -1;
    }
    const toKeys = keys === this.keys ? (this.spareKeys as Uint32Array) : this.keys;
    const toPerm = perm === this.perm ? (this.sparePerm as Uint32Array) : this.perm;
    for (let k = lo; k < hi; k++) {
      const o = k * WINDOW_WORDS;
      const key = keys[o + w] as number;
      const b = (key >>> shift) & mask;
      const p = lo + (counts[b] as number);
      counts[b] = (counts[b] as number) + 1;
      toPerm[p] = perm[k] as number;
      const q = p * WINDOW_WORDS;
      // Words before w agree over the group and are read no more: only the rest move.
      for (let v = w; v < WINDOW_WORDS; v++) toKeys[q + v] = keys[o + v] as number;
      const d = diffs[b] as number;
      if (d < 0) {
        firsts[b] = key;
        diffs[b] = 0;
      } else diffs[b] = d | (key ^ (firsts[b] as number));
    }
    // counts[b] is now where bucket b ends.
    const low = (1 << shift) - 1;
    let start = 0;
    for (let b = 0; b < buckets; b++) {
      const end = counts[b] as number;
      if (end - start > 1)
        this.partition(toKeys, toPerm, lo + start, lo + end, w, shift, level + 1, (diffs[b] as number) & low, onTie);
      else if (end - start === 1 && toPerm !== this.perm) this.perm[lo + start] = toPerm[lo + start] as number;
      start = end;
    }
  }
}
