/*
 * A saved document cut into pieces for IndexedDB. Writing one record clones
 * it whole on the worker's thread: at a million rows that is some 100 MB of
 * chunk strings and 0.2–0.4 s in which the worker answers nothing (a sort
 * clicked just after an import waited for it). In pieces of a few megabytes,
 * written one after another, the worker answers between them.
 */
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import type { ColumnSnapshot } from '../core/columns';

/** Characters of chunk strings per piece: about 4–8 MB to clone, some 10–30 ms. */
export const PIECE_CHARS = 2_000_000;

/** The columns whose chunk strings are cut out (the others are small). */
const CUT_COLUMNS = ['loc', 'lastmod'] as const;
type CutColumn = (typeof CUT_COLUMNS)[number];

export interface PieceRef {
  column: CutColumn;
  /** How many chunk strings the piece holds, in order. */
  count: number;
}

/** The document without the cut-out chunk strings, and where they went. */
export type SkeletonSnapshot = DocumentSnapshot & { pieces?: PieceRef[] };

export interface CutSnapshot {
  skeleton: SkeletonSnapshot;
  /** The chunk strings, in the order of `skeleton.pieces`. */
  pieces: string[][];
}

/** Cuts the big chunk strings out of a snapshot, in pieces of about {@link PIECE_CHARS} characters. */
export function cutSnapshot(snapshot: DocumentSnapshot, pieceChars = PIECE_CHARS): CutSnapshot {
  const refs: PieceRef[] = [];
  const pieces: string[][] = [];
  const rows = { ...snapshot.rows };
  for (const column of CUT_COLUMNS) {
    const col = rows[column];
    if (col.kind !== 'arena') continue;
    let piece: string[] = [];
    let chars = 0;
    for (const chunk of col.chunks) {
      piece.push(chunk);
      chars += chunk.length;
      if (chars >= pieceChars) {
        refs.push({ column, count: piece.length });
        pieces.push(piece);
        piece = [];
        chars = 0;
      }
    }
    if (piece.length > 0) {
      refs.push({ column, count: piece.length });
      pieces.push(piece);
    }
    rows[column] = { ...col, chunks: [] };
  }
  return { skeleton: { ...snapshot, rows, pieces: refs }, pieces };
}

/**
 * Puts the pieces back. A skeleton without `pieces` is a document saved
 * whole (by an earlier version) and is returned as it is. Throws a
 * RangeError when the pieces do not match the skeleton (a damaged save).
 */
export function joinSnapshot(skeleton: SkeletonSnapshot, pieces: readonly unknown[]): DocumentSnapshot {
  const { pieces: refs, ...snapshot } = skeleton;
  if (refs === undefined) return snapshot;
  if (!Array.isArray(refs) || refs.length !== pieces.length) throw new RangeError('The saved work is damaged: parts of it are missing.');
  const rows = { ...snapshot.rows };
  const joined = new Map<CutColumn, string[]>();
  refs.forEach((ref, k) => {
    const piece = pieces[k];
    if (!CUT_COLUMNS.includes(ref.column) || !Array.isArray(piece) || piece.length !== ref.count || !piece.every((s) => typeof s === 'string')) {
      throw new RangeError('The saved work is damaged: a part of it does not fit.');
    }
    const list = joined.get(ref.column) ?? [];
    for (const s of piece as string[]) list.push(s);
    joined.set(ref.column, list);
  });
  for (const [column, chunks] of joined) {
    const col: ColumnSnapshot = rows[column];
    if (col.kind !== 'arena') throw new RangeError('The saved work is damaged: a part of it does not fit.');
    rows[column] = { ...col, chunks };
  }
  return { ...snapshot, rows };
}
