import type { ColumnSnapshot } from './string-columns';
import type { ArenaDictSnapshot } from './arena-dict-snapshot';
import type { ExtElement } from './types';
import type { PlanSnapshot } from '../plan/plan-column';
import type { PlanFields } from '../plan/plan-fields';

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
  /** Each row's plan (the board's status, notes…), undefined for none; absent when no row has one. */
  plan?: readonly (PlanFields | undefined)[];
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
  /** The rows' plans (the board's status, notes…); absent when none has one, and in saves made before them. */
  plan?: PlanSnapshot;
}

/** Throws the RangeError a save that does not hold together gets. */
export function damaged(why: string): never {
  throw new RangeError(`The saved rows are damaged: ${why}.`);
}

/** Checks the shape of saved rows (a length, a next id, the typed arrays with a value a row); throws {@link damaged}. */
export function checkRowsSnapshot(s: RowsSnapshot): void {
  const n = s.length;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) damaged('no length');
  if (typeof s.nextId !== 'number' || !Number.isInteger(s.nextId) || s.nextId < 1) damaged('no next id');
  const typed: [unknown, new (n: number) => ArrayLike<number>][] = [
    [s.id, Uint32Array],
    [s.file, s.file instanceof Uint16Array ? Uint16Array : Uint32Array],
    [s.line, Uint32Array],
    [s.column, Uint32Array],
    [s.readFlags, Uint8Array],
    [s.extAt, Uint32Array],
  ];
  for (const [a, type] of typed) if (!(a instanceof type)) damaged('a column is missing');
  if (s.id.length < n || s.file.length < n || s.line.length < n || s.column.length < n || s.readFlags.length < n)
    damaged('fewer values than rows');
  if (!Array.isArray(s.ext) || s.ext.length !== s.extAt.length) damaged('extension elements do not match their rows');
}
