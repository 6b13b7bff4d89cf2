/**
 * The radix sort behind sorting a view by a text column (see sortByText).
 *
 * Why this shape (profiled on the benchmark's 1,000,000 locs in Node 20):
 * the cost of sorting strings this size is reading their characters, and a
 * level of an MSD radix sort costs a read of every row still tied. Each level
 * therefore reads as much as it can at once: twelve characters of a row as
 * three 32-bit words, so a loc that differs from its neighbours after 30
 * characters is placed in three levels rather than eight. Words are read in
 * row order into tables by row while most rows are tied (the chunk strings
 * then stream through the cache; read in sorted order each read misses), and
 * each tied group is then sorted by its rows' words, stably: by LSD radix
 * passes for large groups (a pass where the whole group agrees is skipped),
 * by the platform's sort of packed numbers, a word at a time, for small ones.
 *
 * Characters are UTF-16 code units (the order of JS `<` on strings), packed
 * as `unit + 1` with 0 for "past the end", so a prefix sorts before longer
 * values; for 'desc' each word is mirrored. Rows whose values are equal stay
 * in the order they came in (row order, see sortByText), whichever the
 * direction.
 */
import { beat } from '../base/beat';
import type { RawRanges } from '../rows/raw-range';
import type { SortDirection } from './sort-direction';
import { sortByBytes } from './text-bytes';

/** Words read per level. */
const WORDS = 3;
/** Groups at least this large are radix-sorted; smaller ones by a comparator. */
const RADIX_MIN = 2048;
/** Slots packed below a word in a small group's sort key; RADIX_MIN must stay under it. */
const SLOT_SCALE = 2 ** 21;
/** Groups this small are insertion-sorted. */
const INSERTION_MAX = 24;

/**
 * Sorts `a` (ascending numbers below `count`, each a non-empty value of
 * `source`) by their values, in place and stably. Given `ties`, adds to it
 * each range [lo, hi) of places whose values are equal (in no set order).
 */
export function radixSortText(
  a: Uint32Array,
  source: RawRanges,
  dir: SortDirection,
  count: number,
  ties?: number[],
): void {
  if (a.length < 2) return;
  // Nearly always: every code unit compared fits a byte (see text-bytes.ts).
  if (sortByBytes(a, source, dir, ties)) return;
  const byRow = a.slice();
  const lcp = sharedPrefix(a, source);
  // Four characters a word, until a code unit of U+00FF or above shows up: then again, one a word.
  if (!sortByWords(a, byRow, source, dir, lcp, true, count)) {
    a.set(byRow);
    sortByWords(a, byRow, source, dir, lcp, false, count);
  }
  if (ties) equalRuns(a, source, ties);
}

/** Adds each run of places in sorted `a` whose values are equal to `ties` (the rare wide values' path: a slice per value). */
function equalRuns(a: Uint32Array, source: RawRanges, ties: number[]): void {
  const value = (k: number): string => {
    const i = a[k] as number;
    return source.rawText(i).slice(source.rawStart(i), source.rawEnd(i));
  };
  let r = 0;
  let first = value(0);
  for (let k = 1; k <= a.length; k++) {
    const v = k < a.length ? value(k) : null;
    if (v === first) continue;
    if (k - r > 1) ties.push(r, k);
    r = k;
    first = v as string;
  }
}

/** The length of the prefix every value of `a` shares. */
function sharedPrefix(a: Uint32Array, source: RawRanges): number {
  const first = a[0] as number;
  const ft = source.rawText(first);
  const fs = source.rawStart(first);
  let lcp = source.rawEnd(first) - fs;
  let prefix = ft.slice(fs, fs + lcp);
  for (let k = 1; k < a.length && lcp > 0; k++) {
    const i = a[k] as number;
    const t = source.rawText(i);
    const si = source.rawStart(i);
    const len = source.rawEnd(i) - si;
    // The common case, natively: the value starts with the prefix so far.
    if (len >= lcp && t.startsWith(prefix, si)) continue;
    let d = 0;
    const max = Math.min(lcp, len);
    while (d < max && t.charCodeAt(si + d) === prefix.charCodeAt(d)) d++;
    lcp = d;
    prefix = prefix.slice(0, lcp);
  }
  return lcp;
}

/**
 * The levels of {@link radixSortText}. With `narrow`, a word packs four
 * code units of a byte each; it returns false as soon as it reads a wider
 * one (the order would be wrong), leaving `a` to be sorted again.
 *
 * Words are kept twice: by row (`byRowWords`, written as rows are read in
 * row order) and by slot (`keys`, three a slot, gathered once a level and
 * moved with their rows). Sorting a group reads only the latter, in order:
 * gathering a row's words at every pass instead missed the cache at each
 * read (1.4 s of 2 at a million locs, measured).
 */
function sortByWords(
  a: Uint32Array,
  byRow: Uint32Array,
  source: RawRanges,
  dir: SortDirection,
  lcp: number,
  narrow: boolean,
  count: number,
): boolean {
  const n = a.length;
  const perWord = narrow ? 4 : 1;
  const span = perWord * WORDS;
  const desc = dir === 'desc';
  const byRowWords = new Uint32Array(count * WORDS);
  const keys = new Uint32Array(n * WORDS);
  const spareKeys = new Uint32Array(n * WORDS);
  const rows = a;
  const spareRows = new Uint32Array(n);
  /** 1 while a row is in a group that its next words may split. */
  const tied = new Uint8Array(count);
  let tiedCount = n;
  const counts = new Uint32Array(65537);
  const packed = new Float64Array(RADIX_MIN);
  const groupRows = new Uint32Array(RADIX_MIN);
  const groupKeys = new Uint32Array(RADIX_MIN * WORDS);
  let wide = false;

  /** Reads characters depth..depth+span-1 of row i into its three words. */
  const read = (i: number, depth: number): void => {
    const t = source.rawText(i);
    const from = source.rawStart(i) + depth;
    const avail = source.rawEnd(i) - from;
    let at = 0;
    for (let w = 0; w < WORDS; w++) {
      let key = 0;
      for (let c = 0; c < perWord; c++, at++) {
        const u = at < avail ? t.charCodeAt(from + at) + 1 : 0;
        if (narrow) {
          if (u > 0xff) wide = true;
          key = ((key << 8) | u) >>> 0;
        } else key = u;
      }
      // Mirrored, a word orders the other way round (0xffffffff - key, unsigned).
      byRowWords[i * WORDS + w] = desc ? ~key >>> 0 : key;
    }
  };

  /** Stable LSD radix sort of slots [lo, hi) by their words, least significant first; digits where the group agrees are skipped. */
  const radix = (lo: number, hi: number): void => {
    const m = hi - lo;
    const bits = m >= 65536 ? 16 : 11;
    const buckets = 1 << bits;
    const mask = buckets - 1;
    let from = lo;
    let moved = false;
    for (let w = WORDS - 1; w >= 0; w--) {
      // The bits of this word that differ within the group: only their digits need a pass.
      const current = moved ? spareKeys : keys;
      const first = current[from * WORDS + w] as number;
      let diff = 0;
      for (let k = from; k < from + m; k++) diff |= (current[k * WORDS + w] as number) ^ first;
      for (let shift = 0; shift < 32; shift += bits) {
        if (((diff >>> shift) & mask) === 0) continue;
        const base = moved ? lo : 0;
        const toRows = moved ? rows : spareRows;
        const toKeys = moved ? keys : spareKeys;
        const fromRows = moved ? spareRows : rows;
        const fromKeys = moved ? spareKeys : keys;
        counts.fill(0, 0, buckets + 1);
        for (let k = from; k < from + m; k++)
          (counts[(((fromKeys[k * WORDS + w] as number) >>> shift) & mask) + 1] as number)++;
        for (let b = 0; b < buckets; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
        for (let k = from; k < from + m; k++) {
          const o = k * WORDS;
          const b = ((fromKeys[o + w] as number) >>> shift) & mask;
          const p = base + (counts[b] as number);
          counts[b] = (counts[b] as number) + 1;
          toRows[p] = fromRows[k] as number;
          const q = p * WORDS;
          toKeys[q] = fromKeys[o] as number;
          toKeys[q + 1] = fromKeys[o + 1] as number;
          toKeys[q + 2] = fromKeys[o + 2] as number;
        }
        moved = !moved;
        from = base;
      }
    }
    if (moved) {
      rows.set(spareRows.subarray(0, m), lo);
      keys.set(spareKeys.subarray(0, m * WORDS), lo * WORDS);
    }
  };

  /**
   * Small groups: one pass of the platform's numeric sort per word that
   * differs, least significant first, each stable through the slot packed
   * below the word (word·2^21 + slot < 2^53): no comparator called per pair.
   */
  const packedSort = (lo: number, hi: number): void => {
    const m = hi - lo;
    for (let w = WORDS - 1; w >= 0; w--) {
      const first = keys[lo * WORDS + w] as number;
      let differs = false;
      for (let k = lo + 1; k < hi && !differs; k++) differs = keys[k * WORDS + w] !== first;
      if (!differs) continue;
      const order = packed.subarray(0, m);
      for (let k = 0; k < m; k++) order[k] = (keys[(lo + k) * WORDS + w] as number) * SLOT_SCALE + k;
      order.sort();
      groupRows.set(rows.subarray(lo, hi));
      groupKeys.set(keys.subarray(lo * WORDS, hi * WORDS));
      for (let k = 0; k < m; k++) {
        const slot = (order[k] as number) % SLOT_SCALE;
        rows[lo + k] = groupRows[slot] as number;
        const o = (lo + k) * WORDS;
        const g = slot * WORDS;
        keys[o] = groupKeys[g] as number;
        keys[o + 1] = groupKeys[g + 1] as number;
        keys[o + 2] = groupKeys[g + 2] as number;
      }
    }
  };

  /** Whether slot x's words order after slot y's (ties do not: the sort stays stable). */
  const after = (x: number, y: number): boolean => {
    for (let w = 0; w < WORDS; w++) {
      const d = (keys[x * WORDS + w] as number) - (keys[y * WORDS + w] as number);
      if (d !== 0) return d > 0;
    }
    return false;
  };

  /** Tiny groups (most of them once few characters are left to tell rows apart): stable, no allocation, no call per pair. */
  const insertionSort = (lo: number, hi: number): void => {
    for (let k = lo + 1; k < hi; k++) {
      if (!after(k - 1, k)) continue;
      const r = rows[k] as number;
      const k0 = keys[k * WORDS] as number;
      const k1 = keys[k * WORDS + 1] as number;
      const k2 = keys[k * WORDS + 2] as number;
      let j = k - 1;
      // Shift slot j up while it orders after the one being placed.
      do {
        rows[j + 1] = rows[j] as number;
        keys.copyWithin((j + 1) * WORDS, j * WORDS, (j + 1) * WORDS);
        j--;
      } while (j >= lo && greater(j, k0, k1, k2));
      rows[j + 1] = r;
      keys[(j + 1) * WORDS] = k0;
      keys[(j + 1) * WORDS + 1] = k1;
      keys[(j + 1) * WORDS + 2] = k2;
    }
  };
  const greater = (j: number, k0: number, k1: number, k2: number): boolean => {
    const j0 = keys[j * WORDS] as number;
    if (j0 !== k0) return j0 > k0;
    const j1 = keys[j * WORDS + 1] as number;
    if (j1 !== k1) return j1 > k1;
    return (keys[j * WORDS + 2] as number) > k2;
  };

  const same = (x: number, y: number): boolean =>
    keys[x * WORDS] === keys[y * WORDS] &&
    keys[x * WORDS + 1] === keys[y * WORDS + 1] &&
    keys[x * WORDS + 2] === keys[y * WORDS + 2];
  const lengthOf = (i: number): number => source.rawEnd(i) - source.rawStart(i);

  const untie = (lo: number, hi: number) => {
    for (let k = lo; k < hi; k++) tied[rows[k] as number] = 0;
    tiedCount -= hi - lo;
  };

  // Groups of slots [lo, hi) whose rows agree up to `depth`, as flat pairs.
  let groups: number[] = [0, n];
  for (let k = 0; k < n; k++) tied[a[k] as number] = 1;
  for (let depth = lcp; groups.length > 0; depth += span) {
    // A level reads every row still tied: a beat a level (core/beat.ts).
    beat(tiedCount);
    if (tiedCount * 16 >= n) {
      // Most rows still tied: read them in row order, where the characters stream.
      for (let k = 0; k < n; k++) {
        const i = byRow[k] as number;
        if (tied[i] === 1) read(i, depth);
      }
    } else {
      // A few left: only theirs.
      for (let g = 0; g < groups.length; g += 2) {
        for (let k = groups[g] as number; k < (groups[g + 1] as number); k++) read(rows[k] as number, depth);
      }
    }
    if (wide) return false;
    const next: number[] = [];
    for (let g = 0; g < groups.length; g += 2) {
      const lo = groups[g] as number;
      const hi = groups[g + 1] as number;
      for (let k = lo; k < hi; k++) {
        const o = (rows[k] as number) * WORDS;
        keys[k * WORDS] = byRowWords[o] as number;
        keys[k * WORDS + 1] = byRowWords[o + 1] as number;
        keys[k * WORDS + 2] = byRowWords[o + 2] as number;
      }
      if (hi - lo >= RADIX_MIN) radix(lo, hi);
      else if (hi - lo > INSERTION_MAX) packedSort(lo, hi);
      else insertionSort(lo, hi);
      // Each run of equal words is a group of its own at the next depth, unless its values ended.
      let r = lo;
      while (r < hi) {
        let e = r + 1;
        while (e < hi && same(r, e)) e++;
        if (e - r > 1 && lengthOf(rows[r] as number) >= depth + span) next.push(r, e);
        else untie(r, e);
        r = e;
      }
    }
    groups = next;
  }
  return true;
}
