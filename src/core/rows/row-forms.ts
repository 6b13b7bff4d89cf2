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

/** Throws the RangeError of a snapshot that does not hold together. */
export function damagedRows(why: string): never {
  throw new RangeError(`The saved rows are damaged: ${why}.`);
}

/**
 * The number of rows of a snapshot that holds together (every column has
 * that many rows, the extension elements point at rows); throws a
 * RangeError saying what does not.
 */
export function checkRowsSnapshot(s: RowsSnapshot): number {
  const n = s.length;
  const bad = damagedRows;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) bad('no length');
  if (typeof s.nextId !== 'number' || !Number.isInteger(s.nextId) || s.nextId < 1) bad('no next id');
  const typed: [unknown, new (n: number) => ArrayLike<number>][] = [
    [s.id, Uint32Array],
    [s.file, s.file instanceof Uint16Array ? Uint16Array : Uint32Array],
    [s.line, Uint32Array],
    [s.column, Uint32Array],
    [s.readFlags, Uint8Array],
    [s.extAt, Uint32Array],
  ];
  for (const [a, type] of typed) if (!(a instanceof type)) bad('a column is missing');
  if (s.id.length < n || s.file.length < n || s.line.length < n || s.column.length < n || s.readFlags.length < n)
    bad('fewer values than rows');
  if (!Array.isArray(s.ext) || s.ext.length !== s.extAt.length) bad('extension elements do not match their rows');
  return n;
}
