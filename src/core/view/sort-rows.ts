/**
 * Sorting a view of up to millions of rows by one column, without a
 * comparator callback per pair: a JS comparator on a million strings that
 * share a long prefix (`https://shop.example.com/category-…`) costs 20
 * million calls each walking ~40 characters — 4 s in Chromium. Instead:
 *
 * - dictionary columns (changefreq, priority) and small numbers (file,
 *   problem count) are counting-sorted by the rank of their few distinct
 *   values: linear and stable;
 * - free text (loc, lastmod) is sorted by a most-significant-digit radix
 *   sort, a few characters a digit, read straight from the column's chunk
 *   strings in row order (see radixSortText).
 *
 * Every sort is stable: rows with equal values keep their order, whichever
 * the direction, and empty values go last in either direction.
 */
import { DictColumn, type StringColumn } from '../string-columns';

export type SortDirection = 'asc' | 'desc';

/** Sorts `view` (row positions) in place by the text of `column`. */
export function sortByText(view: Uint32Array, column: StringColumn, dir: SortDirection, numeric = false): void {
  // Ties end in the order they come in: row order, as the comparator sort breaks them.
  let ascending = true;
  for (let k = 1; k < view.length && ascending; k++) ascending = (view[k - 1] as number) < (view[k] as number);
  if (!ascending) view.sort();
  if (column instanceof DictColumn) {
    sortByDictionary(view, column, dir, numeric);
    return;
  }
  // Empty values are set aside and appended in row order.
  let filled = 0;
  const empty: number[] = [];
  for (let k = 0; k < view.length; k++) {
    const i = view[k] as number;
    if (column.rawEnd(i) > column.rawStart(i)) view[filled++] = i;
    else empty.push(i);
  }
  const part = view.subarray(0, filled);
  radixSortText(part, column, dir);
  for (let k = 0; k < empty.length; k++) view[filled + k] = empty[k] as number;
}

/**
 * Sorts by a small non-negative integer key per row (file number, problem
 * weight), stable, `desc` putting larger keys first.
 */
export function sortByRank(view: Uint32Array, rankOf: (row: number) => number, dir: SortDirection): void {
  let max = 0;
  const ranks = new Uint32Array(view.length);
  for (let k = 0; k < view.length; k++) {
    const r = rankOf(view[k] as number);
    ranks[k] = r;
    if (r > max) max = r;
  }
  if (dir === 'desc') for (let k = 0; k < ranks.length; k++) ranks[k] = max - (ranks[k] as number);
  countingSort(view, ranks, max + 1);
}

function countingSort(view: Uint32Array, ranks: Uint32Array, buckets: number): void {
  const starts = new Uint32Array(buckets + 1);
  for (let k = 0; k < ranks.length; k++) (starts[(ranks[k] as number) + 1] as number)++;
  for (let b = 0; b < buckets; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  const out = new Uint32Array(view.length);
  for (let k = 0; k < view.length; k++) {
    const r = ranks[k] as number;
    out[starts[r] as number] = view[k] as number;
    starts[r] = (starts[r] as number) + 1;
  }
  view.set(out);
}

/** Orders the few distinct values once, then counting-sorts the rows by their value's rank. */
function sortByDictionary(view: Uint32Array, column: DictColumn, dir: SortDirection, numeric: boolean): void {
  const values = column.distinctValues();
  const order = values.map((_, c) => c).filter((c) => values[c] !== '');
  order.sort((a, b) => compareValues(values[a] as string, values[b] as string, numeric));
  if (dir === 'desc') order.reverse();
  const rankOfCode = new Uint32Array(values.length).fill(order.length); // '' ranks last
  order.forEach((code, rank) => (rankOfCode[code] = rank));
  const ranks = new Uint32Array(view.length);
  for (let k = 0; k < view.length; k++) ranks[k] = rankOfCode[column.codeAt(view[k] as number)] as number;
  countingSort(view, ranks, order.length + 1);
}

/** Numbers by value (when both are numbers and differ), else by UTF-16 code units. */
function compareValues(x: string, y: string, numeric: boolean): number {
  if (numeric) {
    const d = Number(x) - Number(y);
    if (d === d && d !== 0) return d;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Groups at least this large are radix-sorted; smaller ones by the platform's sort of packed numbers. */
const RADIX_MIN = 2048;
/** Positions within a group packed below its key (groups under RADIX_MIN): key·2^21 + slot stays under 2^53. */
const SLOT_SCALE = 2 ** 21;

/**
 * Most-significant-digit radix sort over row positions, a "digit" being the
 * next few characters of a value as one 32-bit number: four characters while
 * every character read is below U+00FF, else one.
 *
 * Why this shape (measured on 1,000,000 generated locs in Node 20): the cost
 * of sorting strings this size is reading their characters. Read in sorted
 * order, each read is a cache miss into 60 MB of chunk strings (200–300 ns);
 * read in row order they stream. So each level first computes the next
 * digit of every row still tied, in row order, into a table by row; then
 * each tied group gathers its digits from that table (4 bytes a row, which
 * stays in cache) and is sorted by them, stably: by an LSD radix pass for
 * large groups, by the platform's sort of key·2^21 + slot for smaller ones.
 * Once few rows are left tied, only theirs are read.
 *
 * Characters are UTF-16 code units (the order of JS `<` on strings), packed
 * as `unit + 1` with 0 for "past the end", so a prefix sorts before longer
 * values; for 'desc' the digit is mirrored. Rows whose values are equal
 * stay in row order, whichever the direction.
 */
function radixSortText(a: Uint32Array, column: StringColumn, dir: SortDirection): void {
  const n = a.length;
  if (n < 2) return;
  // `a` comes in row order (sortByText), so each level reads the characters in that order.
  const byRow = a.slice();
  const lcp = sharedPrefix(a, column);
  // Four characters a digit, until a code unit of U+00FF or above shows up: then again, one a digit.
  if (!sortByDigits(a, byRow, column, dir, lcp, true)) {
    a.set(byRow);
    sortByDigits(a, byRow, column, dir, lcp, false);
  }
}

/** The length of the prefix every value of the view shares. */
function sharedPrefix(a: Uint32Array, column: StringColumn): number {
  const first = a[0] as number;
  let lcp = column.rawEnd(first) - column.rawStart(first);
  let prefix = column.get(first);
  for (let k = 1; k < a.length && lcp > 0; k++) {
    const i = a[k] as number;
    const t = column.rawText(i);
    const si = column.rawStart(i);
    const len = column.rawEnd(i) - si;
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
 * The levels of {@link radixSortText}. With `narrow`, a digit packs four
 * code units of a byte each; it returns false as soon as it reads a wider
 * one (the order would be wrong), leaving `a` to be sorted again.
 */
function sortByDigits(a: Uint32Array, byRow: Uint32Array, column: StringColumn, dir: SortDirection, lcp: number, narrow: boolean): boolean {
  const n = a.length;
  const rowCount = (byRow[n - 1] as number) + 1;
  const width = narrow ? 4 : 1;
  const base = narrow ? 256 : 65537;
  const mirror = base ** width - 1;
  const desc = dir === 'desc';
  let wide = false;
  const lengthOf = (i: number): number => column.rawEnd(i) - column.rawStart(i);

  /** Characters depth..depth+width-1 of row i as one number below 2^32. */
  const digit = (i: number, depth: number): number => {
    const t = column.rawText(i);
    const from = column.rawStart(i) + depth;
    const avail = column.rawEnd(i) - from;
    let key = 0;
    for (let w = 0; w < width; w++) {
      const c = w < avail ? t.charCodeAt(from + w) + 1 : 0;
      if (c > 0xff && narrow) wide = true;
      key = key * base + c;
    }
    return desc ? mirror - key : key;
  };

  const keys = new Uint32Array(n);
  const digitOf = new Uint32Array(rowCount);
  /** 1 while a row is in a group that its next digit may split. */
  const tied = new Uint8Array(rowCount);
  let tiedCount = n;
  const spareRows = new Uint32Array(n);
  const spareKeys = new Uint32Array(n);
  const counts = new Uint32Array(65537);

  /** Stable LSD radix sort of slots [lo, hi) by `keys`, in passes of `bits` bits; passes where every key agrees are skipped. */
  const radix = (lo: number, hi: number, bits: number) => {
    const m = hi - lo;
    const buckets = 1 << bits;
    const mask = buckets - 1;
    let rows = a;
    let ks = keys;
    let from = lo;
    for (let shift = 0; shift < 32; shift += bits) {
      counts.fill(0, 0, buckets + 1);
      for (let k = from; k < from + m; k++) (counts[(((ks[k] as number) >>> shift) & mask) + 1] as number)++;
      if (counts[(((ks[from] as number) >>> shift) & mask) + 1] === m) continue;
      for (let b = 0; b < buckets; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
      const toRows = rows === a ? spareRows : a;
      const toKeys = ks === keys ? spareKeys : keys;
      const to = rows === a ? 0 : lo;
      for (let k = from; k < from + m; k++) {
        const key = ks[k] as number;
        const b = (key >>> shift) & mask;
        const p = to + (counts[b] as number);
        counts[b] = (counts[b] as number) + 1;
        toRows[p] = rows[k] as number;
        toKeys[p] = key;
      }
      rows = toRows;
      ks = toKeys;
      from = to;
    }
    if (rows !== a) {
      a.set(rows.subarray(0, m), lo);
      keys.set(ks.subarray(0, m), lo);
    }
  };

  /** Sorts slots [lo, hi) by `keys` with the platform's numeric sort, stable through the slot in the low bits. */
  const packedSort = (lo: number, hi: number) => {
    const m = hi - lo;
    const packed = new Float64Array(m);
    for (let k = 0; k < m; k++) packed[k] = (keys[lo + k] as number) * SLOT_SCALE + k;
    packed.sort();
    const rows = a.slice(lo, hi);
    for (let k = 0; k < m; k++) {
      const v = packed[k] as number;
      const slot = v % SLOT_SCALE;
      a[lo + k] = rows[slot] as number;
      keys[lo + k] = (v - slot) / SLOT_SCALE;
    }
  };

  const untie = (lo: number, hi: number) => {
    for (let k = lo; k < hi; k++) tied[a[k] as number] = 0;
    tiedCount -= hi - lo;
  };

  // Groups of slots [lo, hi) whose rows agree up to `depth`, as flat pairs.
  let groups: number[] = [0, n];
  tied.fill(1);
  for (let depth = lcp; groups.length > 0; depth += width) {
    if (tiedCount * 16 >= n) {
      // Most rows still tied: read them in row order, where the characters stream.
      for (let k = 0; k < n; k++) {
        const i = byRow[k] as number;
        if (tied[i] === 1) digitOf[i] = digit(i, depth);
      }
    } else {
      // A few left: only theirs.
      for (let g = 0; g < groups.length; g += 2) {
        for (let k = groups[g] as number; k < (groups[g + 1] as number); k++) digitOf[a[k] as number] = digit(a[k] as number, depth);
      }
    }
    if (wide) return false;
    const next: number[] = [];
    for (let g = 0; g < groups.length; g += 2) {
      const lo = groups[g] as number;
      const hi = groups[g + 1] as number;
      let min = 0xffffffff;
      let max = 0;
      for (let k = lo; k < hi; k++) {
        const key = digitOf[a[k] as number] as number;
        keys[k] = key;
        if (key < min) min = key;
        if (key > max) max = key;
      }
      if (min === max) {
        // One digit for all: equal values if they end within it, else the next digit decides.
        if (lengthOf(a[lo] as number) >= depth + width) next.push(lo, hi);
        else untie(lo, hi);
        continue;
      }
      if (hi - lo < RADIX_MIN) packedSort(lo, hi);
      else radix(lo, hi, hi - lo >= 65536 ? 16 : 11);
      // Each run of one digit is a group of its own at the next depth, unless its values ended.
      let r = lo;
      while (r < hi) {
        const key = keys[r] as number;
        let e = r + 1;
        while (e < hi && keys[e] === key) e++;
        if (e - r > 1 && lengthOf(a[r] as number) >= depth + width) next.push(r, e);
        else untie(r, e);
        r = e;
      }
    }
    groups = next;
  }
  return true;
}

