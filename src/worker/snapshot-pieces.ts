/*
 * A saved document cut into pieces for IndexedDB. Writing one record clones
 * it whole on the worker's thread: at a million rows that is some 100 MB of
 * chunk strings and 0.2–0.4 s in which the worker answers nothing (a sort
 * clicked just after an import waited for it). In pieces of a few megabytes,
 * written one after another, the worker answers between them.
 */
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import type { ColumnSnapshot } from '../core/string-columns';
import type { RowsSnapshot } from '../core/rows';

/** Characters of chunk strings per piece: about 4–8 MB to clone, some 10–30 ms. */
export const PIECE_CHARS = 2_000_000;

/** The columns whose chunk strings are cut out (the others are small). */
const CUT_COLUMNS = ['loc', 'lastmod'] as const;
type CutColumn = (typeof CUT_COLUMNS)[number];

export interface PieceRef {
  column: CutColumn;
  /** Set for a piece of the comparison's before set (`compare.rows`); the document's rows otherwise. */
  of?: 'compare';
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

/** Cuts the big chunk strings out of a snapshot (and of its before set), in pieces of about {@link PIECE_CHARS} characters. */
export function cutSnapshot(snapshot: DocumentSnapshot, pieceChars = PIECE_CHARS): CutSnapshot {
  const refs: PieceRef[] = [];
  const pieces: string[][] = [];
  const rows = cutRows(snapshot.rows, undefined, pieceChars, refs, pieces);
  const compare = snapshot.compare && { ...snapshot.compare, rows: cutRows(snapshot.compare.rows, 'compare', pieceChars, refs, pieces) };
  return { skeleton: { ...snapshot, rows, ...(compare ? { compare } : {}), pieces: refs }, pieces };
}

function cutRows(source: RowsSnapshot, of: PieceRef['of'], pieceChars: number, refs: PieceRef[], pieces: string[][]): RowsSnapshot {
  const rows = { ...source };
  for (const column of CUT_COLUMNS) {
    const col = rows[column];
    if (col.kind !== 'arena') continue;
    let piece: string[] = [];
    let chars = 0;
    const push = () => {
      refs.push(of ? { column, of, count: piece.length } : { column, count: piece.length });
      pieces.push(piece);
    };
    for (const chunk of col.chunks) {
      piece.push(chunk);
      chars += chunk.length;
      if (chars >= pieceChars) {
        push();
        piece = [];
        chars = 0;
      }
    }
    if (piece.length > 0) push();
    rows[column] = { ...col, chunks: [] };
  }
  return rows;
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
  const damaged = () => new RangeError('The saved work is damaged: a part of it does not fit.');
  const joined = new Map<string, string[]>();
  refs.forEach((ref, k) => {
    const piece = pieces[k];
    if (!CUT_COLUMNS.includes(ref.column) || (ref.of !== undefined && ref.of !== 'compare') || !Array.isArray(piece) || piece.length !== ref.count || !piece.every((s) => typeof s === 'string')) {
      throw damaged();
    }
    const key = `${ref.of ?? ''}:${ref.column}`;
    const list = joined.get(key) ?? [];
    for (const s of piece as string[]) list.push(s);
    joined.set(key, list);
  });
  const put = (source: RowsSnapshot, of: string): RowsSnapshot => {
    const rows = { ...source };
    for (const column of CUT_COLUMNS) {
      const chunks = joined.get(`${of}:${column}`);
      if (!chunks) continue;
      const col: ColumnSnapshot = rows[column];
      if (col.kind !== 'arena') throw damaged();
      rows[column] = { ...col, chunks };
    }
    return rows;
  };
  const hasCompare = refs.some((r) => r.of === 'compare');
  if (hasCompare && !snapshot.compare) throw damaged();
  const compare = snapshot.compare && { ...snapshot.compare, rows: put(snapshot.compare.rows, 'compare') };
  return { ...snapshot, rows: put(snapshot.rows, ''), ...(compare ? { compare } : {}) };
}
