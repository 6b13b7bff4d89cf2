/**
 * Sorting a view of up to millions of rows by one column, without a
 * comparator callback per pair: a JS comparator on a million strings that
 * share a long prefix (`https://shop.example.com/category-…`) costs 20
 * million calls each walking ~40 characters — 4 s in Chromium. Instead:
 *
 * - dictionary columns (changefreq, priority) and small numbers (file,
 *   problem count) are counting-sorted by the rank of their few distinct
 *   values: linear and stable;
 * - free text (loc, lastmod) is sorted by multikey quicksort (Bentley and
 *   Sedgewick), which looks at each character position once per partition
 *   and so never re-reads a shared prefix, reading characters straight from
 *   the column's chunk strings.
 *
 * Every sort is stable: rows with equal values keep their order, whichever
 * the direction, and empty values go last in either direction.
 */
import { DictColumn, type StringColumn } from '../columns';

export type SortDirection = 'asc' | 'desc';

/** Sorts `view` (row positions) in place by the text of `column`. */
export function sortByText(view: Uint32Array, column: StringColumn, dir: SortDirection, numeric = false): void {
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
  multikeySort(part, column, dir);
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

/** Partitions at most this small are finished by insertion sort. */
const SMALL = 16;

/**
 * Multikey quicksort over row positions, on a cached key of several
 * characters per element that moves with it: reading a row's characters
 * means a cache miss into its chunk string (measured 100–200 ns at random
 * across a million rows, against a few ns in sequence), so each element
 * reads its value once per key width, not once per character.
 *
 * Characters are UTF-16 code units (the order of JS `<` on strings), packed
 * as `unit + 1` with 0 for "past the end", so a prefix sorts before longer
 * values: two numbers of six characters each when every value is Latin-1,
 * else of three. For 'desc' the key is mirrored. Rows whose values are
 * equal end sorted by position.
 */
function multikeySort(a: Uint32Array, column: StringColumn, dir: SortDirection): void {
  const n = a.length;
  if (n < 2) return;
  let rowCount = 0;
  for (let k = 0; k < n; k++) if ((a[k] as number) >= rowCount) rowCount = (a[k] as number) + 1;
  // Per row: the string holding its value, where the value starts, and its length.
  // Filled by push: `new Array(n)` of a million would be a slow dictionary-mode array in V8.
  const text: string[] = [];
  for (let i = 0; i < rowCount; i++) text.push('');
  const start = new Uint32Array(rowCount);
  const len = new Uint32Array(rowCount);
  let lastText = '';
  let narrow = true;
  for (let k = 0; k < n; k++) {
    const i = a[k] as number;
    const t = column.rawText(i);
    const from = column.rawStart(i);
    text[i] = t;
    start[i] = from;
    len[i] = column.rawEnd(i) - from;
    // Values of a chunk share its string: each string is tested once in a run of them.
    if (t !== lastText) {
      lastText = t;
      if (narrow && WIDE_UNIT.test(t)) narrow = false;
    }
  }
  const width = narrow ? 6 : 3;
  const span = 2 * width;
  const base = narrow ? 256 : 65537;
  const mirror = base ** width - 1;
  const desc = dir === 'desc';

  /** Characters depth..depth+width-1 of row i as one number (exact: below 2^53). */
  const word = (i: number, depth: number): number => {
    const t = text[i] as string;
    const from = (start[i] as number) + depth;
    const avail = (len[i] as number) - depth;
    let key = 0;
    for (let w = 0; w < width; w++) key = key * base + (w < avail ? t.charCodeAt(from + w) + 1 : 0);
    return desc ? mirror - key : key;
  };
  /** Full comparison from a depth, for equal keys in the small partitions. */
  const compareFrom = (x: number, y: number, depth: number): number => {
    for (let d = depth; ; d += width) {
      const kx = word(x, d);
      const ky = word(y, d);
      if (kx !== ky) return kx - ky;
      if ((len[x] as number) < d + width) return x - y;
    }
  };

  // The prefix every value shares is skipped at once.
  const first = a[0] as number;
  const f = text[first] as string;
  const sf = start[first] as number;
  let lcp = len[first] as number;
  for (let k = 1; k < n && lcp > 0; k++) {
    const i = a[k] as number;
    const t = text[i] as string;
    const si = start[i] as number;
    let d = 0;
    const max = Math.min(lcp, len[i] as number);
    while (d < max && t.charCodeAt(si + d) === f.charCodeAt(sf + d)) d++;
    lcp = d;
  }

  const hiKey = new Float64Array(n);
  const loKey = new Float64Array(n);
  const load = (from: number, to: number, depth: number) => {
    for (let k = from; k < to; k++) {
      const i = a[k] as number;
      hiKey[k] = word(i, depth);
      loKey[k] = word(i, depth + width);
    }
  };
  const swap = (x: number, y: number) => {
    const v = a[x] as number;
    a[x] = a[y] as number;
    a[y] = v;
    const h = hiKey[x] as number;
    hiKey[x] = hiKey[y] as number;
    hiKey[y] = h;
    const l = loKey[x] as number;
    loKey[x] = loKey[y] as number;
    loKey[y] = l;
  };
  /** Key at slot x minus key at slot y, by sign. */
  const cmpSlots = (x: number, y: number): number => (hiKey[x] as number) - (hiKey[y] as number) || (loKey[x] as number) - (loKey[y] as number);

  load(0, n, lcp);
  // Explicit stack of (lo, hi, depth): sorted prefixes can be long, recursion could be deep.
  const stack: number[] = [0, n, lcp];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    const size = hi - lo;
    if (size <= SMALL) {
      for (let p = lo + 1; p < hi; p++) {
        let q = p;
        while (q > lo) {
          let c = cmpSlots(q - 1, q);
          if (c === 0) {
            // Equal keys: equal values when they end within the key, else the rest decides.
            c = (len[a[q] as number] as number) < depth + span ? 0 : compareFrom(a[q - 1] as number, a[q] as number, depth + span);
            if (c === 0) c = (a[q - 1] as number) - (a[q] as number);
          }
          if (c <= 0) break;
          swap(q - 1, q);
          q--;
        }
      }
      continue;
    }
    // Median of three slots as the pivot, copied out since the partition moves it.
    const mid = lo + (size >> 1);
    const last = hi - 1;
    const m = cmpSlots(lo, mid) < 0
      ? cmpSlots(mid, last) < 0 ? mid : cmpSlots(lo, last) < 0 ? last : lo
      : cmpSlots(lo, last) < 0 ? lo : cmpSlots(mid, last) < 0 ? last : mid;
    const ph = hiKey[m] as number;
    const pl = loKey[m] as number;
    // Three-way partition: [lo, lt) < pivot, [lt, gt) = pivot, [gt, hi) > pivot.
    let lt = lo;
    let gt = hi;
    let p = lo;
    while (p < gt) {
      const kh = hiKey[p] as number;
      const kl = loKey[p] as number;
      if (kh < ph || (kh === ph && kl < pl)) {
        swap(p, lt);
        lt++;
        p++;
      } else if (kh > ph || kl > pl) {
        gt--;
        swap(p, gt);
      } else p++;
    }
    if (gt < hi) stack.push(gt, hi, depth);
    if (lt > lo) stack.push(lo, lt, depth);
    if ((len[a[lt] as number] as number) < depth + span) {
      // The key reached the end of the values: they are equal; positions ascending keeps the sort stable.
      a.subarray(lt, gt).sort();
    } else {
      load(lt, gt, depth + span);
      stack.push(lt, gt, depth + span);
    }
  }
}

/** A code unit that does not fit in a byte once shifted by one. */
const WIDE_UNIT = /[\u00ff-\uffff]/;

