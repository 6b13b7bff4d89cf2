/**
 * Sorting a view of up to millions of rows by one column, without a
 * comparator callback per pair: a JS comparator on a million strings that
 * share a long prefix (`https://shop.example.com/category-…`) costs 20
 * million calls each walking ~40 characters — 4 s in Chromium. Instead:
 *
 * - dictionary columns (changefreq, priority) and small numbers (file,
 *   problem count) are counting-sorted by the rank of their few distinct
 *   values: linear and stable;
 * - free text (loc) is sorted by a most-significant-digit radix sort over
 *   its characters after the prefix all values share, read once as packed
 *   words from the column's chunk strings in row order (text-bytes.ts), or
 *   twelve characters a level when a value holds one past U+00FE
 *   (text-radix.ts);
 * - lastmod (a dictionary of many values) sorts its distinct values that
 *   way, once each and kept until the column gains one (dict-ranks.ts),
 *   then counting-sorts the rows by their value's rank.
 *
 * A whole column's text order is kept until the column changes
 * (text-order.ts): sorting by it again, the other way or over a filtered
 * view costs a pass.
 *
 * Every sort is stable: rows with equal values keep their order, whichever
 * the direction, and empty values go last in either direction.
 */
import { ArenaColumn } from '../rows/arena-column';
import { beat } from '../base/beat';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import { DictColumn, type StringColumn } from '../rows/string-columns';
import { cachedRanks, dictRanks } from './dict-ranks';
import type { SortDirection } from './sort-direction';
import { radixSortText } from './text-radix';
import { keepTextOrder, sortFromKept } from './text-order';

/** Sorts `view` (row positions) in place by the text of `column`. */
export function sortByText(view: Uint32Array, column: StringColumn, dir: SortDirection, numeric = false): void {
  // Ties end in the order they come in: row order, as the comparator sort breaks them.
  let ascending = true;
  for (let k = 1; k < view.length && ascending; k++) ascending = (view[k - 1] as number) < (view[k] as number);
  if (!ascending) view.sort();
  // A sort of a million rows is a few passes of a second or so in all: a beat a pass (core/beat.ts).
  beat(view.length);
  if (column instanceof DictColumn) {
    sortByDictionary(view, column, dir, numeric);
    return;
  }
  // Most rows of a view in one sort of its distinct values (half as many as rows, for the benchmark's lastmods),
  // and any view once they are ranked: a filtered view sorted again at each keystroke.
  if (column instanceof ArenaDictColumn && (view.length * 2 >= column.distinctCount || cachedRanks(column))) {
    sortByCodes(view, column, dir);
    return;
  }
  // Sorted already since the column last changed: the kept order, in a pass (text-order.ts).
  if (column instanceof ArenaColumn && sortFromKept(view, column, dir)) return;
  // Empty values are set aside and appended in row order.
  let filled = 0;
  const empty: number[] = [];
  for (let k = 0; k < view.length; k++) {
    const i = view[k] as number;
    if (column.rawEnd(i) > column.rawStart(i)) view[filled++] = i;
    else empty.push(i);
  }
  const part = view.subarray(0, filled);
  const whole = column instanceof ArenaColumn && view.length === column.length;
  const ties: number[] | undefined = whole ? [] : undefined;
  radixSortText(part, column, dir, column.length, ties);
  if (whole && ties) keepTextOrder(column, dir, part, ties, empty);
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
  beat(view.length);
  if (dir === 'desc') for (let k = 0; k < ranks.length; k++) ranks[k] = max - (ranks[k] as number);
  countingSort(view, ranks, max + 1);
}

/**
 * Sorts by a whole number per row (a crawl's depth, inlinks: up to 9 digits),
 * stable, rows without one last in either direction: a least-significant-digit
 * radix sort of the 32-bit keys, four passes of a byte, whatever the values.
 */
export function sortByNumber(
  view: Uint32Array,
  valueOf: (row: number) => number | undefined,
  dir: SortDirection,
): void {
  const NONE = 0xffffffff;
  let keys: Uint32Array = new Uint32Array(view.length);
  for (let k = 0; k < view.length; k++) {
    const v = valueOf(view[k] as number);
    // Below NONE either way: a missing value sorts last ascending and descending.
    keys[k] = v === undefined ? NONE : dir === 'asc' ? Math.min(v, NONE - 1) : NONE - 1 - Math.min(v, NONE - 1);
  }
  beat(view.length);
  let from: Uint32Array = view;
  let to: Uint32Array = new Uint32Array(view.length);
  let toKeys: Uint32Array = new Uint32Array(view.length);
  const counts = new Uint32Array(257);
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let k = 0; k < keys.length; k++) (counts[(((keys[k] as number) >>> shift) & 255) + 1] as number)++;
    for (let b = 0; b < 256; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k] as number;
      const b = (key >>> shift) & 255;
      const at = counts[b] as number;
      counts[b] = at + 1;
      to[at] = from[k] as number;
      toKeys[at] = key;
    }
    [from, to] = [to, from];
    [keys, toKeys] = [toKeys, keys];
  }
  // Four passes: the sorted positions are back in the first buffer, `view` itself.
  if (from !== view) view.set(from);
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

/**
 * Sorts by an ArenaDictColumn's distinct values: every value is ranked once
 * and kept while the column gains none (see dict-ranks.ts), then the rows
 * are counting-sorted by their value's rank. Equal values share a number,
 * so rows with equal values keep row order; '' ranks last.
 */
function sortByCodes(view: Uint32Array, column: ArenaDictColumn, dir: SortDirection): void {
  const rank = dictRanks(column);
  const last = column.distinctCount - 1;
  const ranks = new Uint32Array(view.length);
  for (let k = 0; k < view.length; k++) {
    const c = column.codeAt(view[k] as number);
    ranks[k] = c === 0 ? last : dir === 'asc' ? (rank[c] as number) : last - 1 - (rank[c] as number);
  }
  countingSort(view, ranks, last + 1);
}
