import { ArenaColumn } from './arena-column';
import { badSnapshot, isCount, type ColumnSnapshot } from './string-column';
import type { UintArray } from './typed-arrays';

/**
 * An {@link ArenaDictColumn} as one worker hands it to another: its distinct
 * values once, their hashes, and a number per row. A save spells out every
 * row's range instead (ArenaDictColumn.toSnapshot), which the other side
 * must then look up row by row. Measured in Chromium on 1,000,000 URLs (the
 * helper's 500,000 rows, load 11–12, one run each): the whole merge took
 * 845 ms that way, 252 ms this way. Never saved: only the import's hand-over
 * makes and reads it.
 */
export interface ArenaDictSnapshot {
  kind: 'arena-dict';
  length: number;
  /** Per row, the number of its value (at least `length` of them). */
  codes: UintArray;
  /** The distinct values by number, number 0 being ''. */
  values: Extract<ColumnSnapshot, { kind: 'arena' }>;
  /** Per distinct value, its hash (hashRange). */
  hashes: Int32Array;
}

/**
 * The distinct values of a hand-over, once it is found to hold together
 * (throws a RangeError otherwise): every row's number names a value, and
 * each value has its hash.
 */
export function dictSnapshotValues(s: ArenaDictSnapshot): ArenaColumn {
  const n = s.length;
  if (!isCount(n)) badSnapshot('no length');
  const codes = s.codes;
  if (
    !(codes instanceof Uint8Array || codes instanceof Uint16Array || codes instanceof Uint32Array) ||
    codes.length < n
  )
    badSnapshot('fewer numbers than rows');
  const values = ArenaColumn.fromSnapshot(s.values);
  const m = values.length;
  if (m === 0 || values.get(0) !== '') badSnapshot('the empty value is missing');
  if (!(s.hashes instanceof Int32Array) || s.hashes.length < m) badSnapshot('fewer hashes than values');
  for (let i = 0; i < n; i++) if ((codes[i] as number) >= m) badSnapshot(`row ${i} names no value`);
  return values;
}

/** Values `picked` of `values` (no edited ones), in that order, as a column sharing its chunks. */
export function pickValues(values: ArenaColumn, picked: Uint32Array): ArenaColumn {
  const s = values.toSnapshot();
  if (s.kind !== 'arena' || s.singles.length > 0) throw new Error('distinct values are only ever pushed');
  const pick = (a: Uint32Array) => {
    const out = new Uint32Array(picked.length);
    for (let k = 0; k < picked.length; k++) out[k] = a[picked[k] as number] as number;
    return out;
  };
  return ArenaColumn.fromSnapshot({
    ...s,
    length: picked.length,
    chunk: pick(s.chunk),
    start: pick(s.start),
    end: pick(s.end),
  });
}
