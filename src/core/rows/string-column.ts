/**
 * Columns of strings for a million rows.
 *
 * Why not `string[]`: a value cut out of a file's text keeps the whole text
 * alive in V8 (a sliced string points at its parent), and making a million
 * separate strings costs both the copies and the garbage collector's work of
 * moving every one of them out of the young generation. Measured on 1,000,000
 * URLs in Node 20: about a second of 4 spent in scavenges and re-copies.
 * Instead, values are appended to a pending list that is joined into one
 * string ("chunk") every few thousand values; a row holds the chunk's number
 * and the value's offsets. The short-lived slices die young, the chunks are
 * born in large-object space and never move. Reading a value slices it again.
 */

export interface StringColumn {
  readonly length: number;
  get(i: number): string;
  /**
   * Value `i` as a range of a larger string, for hot loops: reading characters
   * of a sliced string goes through its parent on every access (measured 3–5×
   * slower than the flat chunk), so hashing and comparing use the chunk itself.
   */
  rawText(i: number): string;
  rawStart(i: number): number;
  rawEnd(i: number): number;
  set(i: number, value: string): void;
  push(value: string): void;
  /**
   * Appends `count` values given joined in one text: value k ends at
   * `ends[from + k]` and starts where the one before it ended (0 for the
   * first). The byte reader decodes a batch of values at once and hands the
   * text over whole, with no string per value.
   */
  pushJoined(text: string, ends: ArrayLike<number>, from: number, count: number): void;
  /**
   * Appends every value of `from` (another column, left as it was) after this
   * column's: merging two imports. Columns of the same kind move their
   * stored form (chunks, offsets, numbers) without a string per value.
   */
  appendColumn(from: StringColumn): void;
  /** Removes the rows at the given positions (ascending), closing the gaps. */
  removeAt(positions: readonly number[]): void;
  /**
   * Inserts `values[k]` so that it ends up at `positions[k]` (final positions,
   * strictly ascending): the inverse of {@link removeAt}, for undo.
   */
  insertAt(positions: readonly number[], values: readonly string[]): void;
  /** Makes every pushed value durable (joins the pending values). */
  seal(): void;
  /**
   * Seals and gives back the room kept for more rows (arrays grow by
   * doubling: up to half of them unused). An import ends with it.
   */
  trim(): void;
  /** A copy that later changes to this column do not affect; cheap (offsets, not characters). */
  snapshot(): StringColumn;
  /** The column as it is stored, for saving (structured-clonable; see {@link columnFromSnapshot}). */
  toSnapshot(): ColumnSnapshot;
}

/**
 * A column in its stored form, as plain data (strings and typed arrays) that
 * IndexedDB clones fast: the few big chunk strings and the offsets, not one
 * string per row. Typed arrays are copies cut to `length`.
 */
export type ColumnSnapshot =
  | {
      kind: 'arena';
      length: number;
      chunks: string[];
      chunk: Uint32Array;
      start: Uint32Array;
      end: Uint32Array;
      /** Rows whose value was set one by one, and those values. */
      singleAt: Uint32Array;
      singles: string[];
    }
  | { kind: 'dict'; length: number; codes: Uint32Array; values: string[] };

/** Capacity a fresh column starts with (rows). */
export const INITIAL_CAPACITY = 1024;

/** Refuses a saved column that does not hold together. */
export function badSnapshot(why: string): never {
  throw new RangeError(`The saved column is damaged: ${why}.`);
}

export function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

export function isStrings(a: unknown): a is string[] {
  return Array.isArray(a) && a.every((v) => typeof v === 'string');
}
