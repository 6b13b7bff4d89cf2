/**
 * The ascending order of every distinct value of an ArenaDictColumn
 * (lastmod), kept beside the column until it gains a value. Ranking half a
 * million distinct lastmods is most of a sort by lastmod; a filtered view
 * sorted by it again (each keystroke of the text filter) then only
 * counting-sorts its rows by rank. A number's value never changes (values
 * are only ever added: see ArenaDictColumn), so a column holding as many
 * values as when ranked has the same order.
 */
import type { ArenaDictColumn } from '../rows/arena-dict-column';
import type { RawRanges } from '../rows/raw-range';
import { radixSortText } from './text-radix';

interface Ranked {
  distinct: number;
  /** Rank by value number, from 0; '' (number 0) ranks after every value. */
  rank: Uint32Array;
}

const ranked = new WeakMap<ArenaDictColumn, Ranked>();

/** The ranks already computed for the column as it is, or null. */
export function cachedRanks(column: ArenaDictColumn): Uint32Array | null {
  const r = ranked.get(column);
  return r && r.distinct === column.distinctCount ? r.rank : null;
}

/** Each distinct value's rank in ascending order (value numbers index it); '' ranks last, at `distinctCount - 1`. */
export function dictRanks(column: ArenaDictColumn): Uint32Array {
  const cached = cachedRanks(column);
  if (cached) return cached;
  const distinct = column.distinctCount;
  const codes = new Uint32Array(distinct - 1);
  for (let c = 1; c < distinct; c++) codes[c - 1] = c;
  const byCode: RawRanges = {
    rawText: (c) => column.valueText(c),
    rawStart: (c) => column.valueStart(c),
    rawEnd: (c) => column.valueEnd(c),
  };
  radixSortText(codes, byCode, 'asc', distinct);
  const rank = new Uint32Array(distinct);
  for (let r = 0; r < codes.length; r++) rank[codes[r] as number] = r;
  rank[0] = distinct - 1;
  ranked.set(column, { distinct, rank });
  return rank;
}
