import type { ColumnSnapshot } from './string-columns';
import type { ArenaDictSnapshot } from './arena-dict-snapshot';
import type { ExtElement } from './types';

/* The forms rows travel in between the reader, the store and a save (see rows.ts). */

/** Whole rows in columns, as {@link UrlRows.insertAt} takes them back (k-th item = k-th row). */
export interface RowsData {
  ids: ArrayLike<number>;
  loc: readonly string[];
  lastmod: readonly string[];
  changefreq: readonly string[];
  priority: readonly string[];
  ext: readonly (ExtElement[] | undefined)[];
  file: ArrayLike<number>;
  line: ArrayLike<number>;
  column: ArrayLike<number>;
  readFlags: ArrayLike<number>;
}

/**
 * Rows `from` to `from + count - 1` of a batch the byte reader read: loc as a
 * joined text with end offsets (see {@link StringColumn.pushJoined}), lastmod
 * as numbered values,
 * changefreq and priority per row as numbers in `shortValues`, the rest per row.
 */
export interface RowBatch {
  from: number;
  count: number;
  locText: string;
  locEnds: ArrayLike<number>;
  /** Numbered: the file's distinct values, those first seen in this batch decoded (see {@link DistinctBatch}). */
  lastmod: DistinctBatch;
  changefreq: ArrayLike<number>;
  priority: ArrayLike<number>;
  shortValues: readonly string[];
  file: number;
  line: Uint32Array;
  column: Uint32Array;
  readFlags: Uint8Array;
  /** Sparse, by row of the batch's file: the extension elements of the rows that have any. */
  ext?: readonly (ExtElement[] | undefined)[];
}

/** {@link UrlRows} in its stored form: the columns as they are (see {@link ColumnSnapshot}). */
export interface RowsSnapshot {
  length: number;
  nextId: number;
  id: Uint32Array;
  loc: ColumnSnapshot;
  lastmod: ColumnSnapshot | ArenaDictSnapshot;
  changefreq: ColumnSnapshot;
  priority: ColumnSnapshot;
  /** Positions of the rows that have extension elements, and those elements. */
  extAt: Uint32Array;
  ext: ExtElement[][];
  /** Uint16Array in saves made before zips of over 65,535 members were read. */
  file: Uint32Array | Uint16Array;
  line: Uint32Array;
  column: Uint32Array;
  readFlags: Uint8Array;
}

/**
 * A field's values for a batch of a file's rows as numbers of the file's
 * distinct values (the byte reader's lastmod). Value `c` of `first` to
 * `end - 1` (those first seen in this batch) is `text[ends[c - 1], ends[c])`
 * (from 0 for `first`); row `r` has value `codes[r]`, which may be one of
 * an earlier batch.
 */
export interface DistinctBatch {
  text: string;
  ends: ArrayLike<number>;
  first: number;
  end: number;
  /** By value number, hashRange of its text; null when the batch's values are not all ASCII (their byte hash is not it). */
  hashes: Int32Array | null;
  codes: ArrayLike<number>;
  /**
   * By value number, the column's number for it: the column fills it for
   * `first` to `end - 1` as it takes each batch, and reads it for the rows
   * (the same array for all of a file's batches).
   */
  numbers: Uint32Array;
}
