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
 * Rows `from` to `from + count - 1` of a batch the byte reader read: loc and
 * lastmod as joined texts with end offsets (see {@link StringColumn.pushJoined}),
 * changefreq and priority per row as numbers in `shortValues`, the rest per row.
 */
export interface RowBatch {
  from: number;
  count: number;
  locText: string;
  locEnds: ArrayLike<number>;
  lastmodText: string;
  lastmodEnds: ArrayLike<number>;
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
