import type { StringColumn } from '../rows/string-column';

/**
 * The bytes a value of a dictionary column is written as, with the repairs
 * writing it counts (added again at each use, as if written afresh), so that
 * each distinct value is escaped, formatted and encoded once per export
 * instead of once per row.
 */
export interface Piece {
  bytes: Uint8Array;
  trimmed: number;
  dropped: number;
  completed: number;
}

/** A column that numbers its values (DictColumn, ArenaDictColumn): equal values, equal numbers. */
export type CodedColumn = StringColumn & { codeAt(i: number): number };

/** The column as a {@link CodedColumn}, or null when it keeps no value numbers (e.g. restored from a save). */
export function codedColumn(col: StringColumn): CodedColumn | null {
  return typeof (col as Partial<CodedColumn>).codeAt === 'function' ? (col as CodedColumn) : null;
}

/** Keys past this are not kept: the table of slots grows to the largest key. */
export const MAX_KEY = 1 << 16;

/**
 * Pieces by number: the value numbers of a dictionary column, or a key
 * built from several. Past `max` pieces it keeps no more (the caller writes
 * those values the long way), so junk values with as many numbers as rows
 * cannot hold a copy of every value.
 */
export class CodePieces {
  private slots = new Int32Array(64);
  private readonly pieces: Piece[] = [];

  constructor(private readonly max: number) {}

  /** The piece of `key` (a non-negative integer below {@link MAX_KEY}), or undefined. */
  get(key: number): Piece | undefined {
    if (key >= this.slots.length) return undefined;
    const k = this.slots[key] as number;
    return k === 0 ? undefined : this.pieces[k - 1];
  }

  /** Whether {@link set} would keep another piece. */
  get full(): boolean {
    return this.pieces.length >= this.max;
  }

  /** Keeps `p` as the piece of `key` unless {@link full} or the key is past {@link MAX_KEY}. */
  set(key: number, p: Piece): void {
    if (this.full || key >= MAX_KEY) return;
    if (key >= this.slots.length) {
      let n = this.slots.length * 2;
      while (n <= key) n *= 2;
      const next = new Int32Array(n);
      next.set(this.slots);
      this.slots = next;
    }
    this.pieces.push(p);
    this.slots[key] = this.pieces.length;
  }
}

/** A core field's element, text and size, kept because the same values repeat row after row. */
export interface TextPiece {
  text: string;
  bytes: number;
  /** Characters dropped while escaping the value, counted again at each use. */
  dropped: number;
}

/** The start of a piece being written (see UrlsetWriter.mark). */
export interface Mark {
  end: number;
  trimmed: number;
  dropped: number;
  completed: number;
}
