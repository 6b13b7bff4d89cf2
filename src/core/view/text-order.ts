/**
 * The order of every value of a text column (loc), kept beside the column
 * until the column changes (its revision: any value set, row added, removed
 * or inserted back), so that sorting it again costs a pass over the rows,
 * not a sort.
 *
 * Why: users sort by loc, flip the direction, filter and sort again; each
 * sort of a million locs reads some 50 million characters (~0.7 s), while
 * the order they give holds until an edit. The other direction is the same
 * order with its runs of equal values reversed as wholes (each run stays in
 * row order: ties keep row order in both directions), and a filtered view is
 * the kept order restricted to its rows (stable sorts of a subset agree with
 * the whole's order). Kept: 4 bytes a row, while the column lives.
 */
import type { ArenaColumn } from '../rows/arena-column';
import type { SortDirection } from './sort-direction';

interface Kept {
  revision: number;
  length: number;
  dir: SortDirection;
  /** Every row with a value, in `dir` order. */
  order: Uint32Array;
  /** The runs [lo, hi) of places in `order` whose values are equal, by lo. */
  ties: Uint32Array;
  /** The rows without a value, in row order (last in either direction). */
  empty: Uint32Array;
}

const kept = new WeakMap<ArenaColumn, Kept>();

/**
 * Keeps the order of a whole column: `order` its rows with a value, sorted
 * by `dir`; `ties` the ranges of places there whose values are equal (as
 * the sort found them, any order); `empty` the rest, in row order.
 */
export function keepTextOrder(
  column: ArenaColumn,
  dir: SortDirection,
  order: Uint32Array,
  ties: readonly number[],
  empty: readonly number[],
): void {
  const pairs: [number, number][] = [];
  for (let t = 0; t < ties.length; t += 2) pairs.push([ties[t] as number, ties[t + 1] as number]);
  pairs.sort((x, y) => x[0] - y[0]);
  kept.set(column, {
    revision: column.revision,
    length: column.length,
    dir,
    order: order.slice(),
    ties: Uint32Array.from(pairs.flat()),
    empty: Uint32Array.from(empty),
  });
}

/**
 * Writes `view` (rows of `column`, each once) in `dir` order from the kept
 * order, when the column has not changed since it was kept; returns false,
 * `view` untouched, when there is none.
 */
export function sortFromKept(view: Uint32Array, column: ArenaColumn, dir: SortDirection): boolean {
  const k = kept.get(column);
  if (!k || k.revision !== column.revision || k.length !== column.length) return false;
  const all = view.length === column.length;
  const member = all ? null : new Uint8Array(column.length);
  if (member) for (let p = 0; p < view.length; p++) member[view[p] as number] = 1;
  const { order, ties, empty } = k;
  let out = 0;
  const put = (i: number): void => {
    if (member === null || member[i] === 1) view[out++] = i;
  };
  if (dir === k.dir) {
    for (let p = 0; p < order.length; p++) put(order[p] as number);
  } else {
    // Back to front, each run of equal values front to back.
    let t = ties.length - 2;
    for (let p = order.length - 1; p >= 0; p--) {
      if (t >= 0 && p === (ties[t + 1] as number) - 1) {
        const lo = ties[t] as number;
        for (let q = lo; q <= p; q++) put(order[q] as number);
        p = lo;
        t -= 2;
      } else put(order[p] as number);
    }
  }
  for (let p = 0; p < empty.length; p++) put(empty[p] as number);
  return true;
}
