/*
 * A saved document cut into pieces for IndexedDB. Writing one record clones
 * it whole on the worker's thread: at a million rows that is some 100 MB of
 * chunk strings and 0.2–0.4 s in which the worker answers nothing (a sort
 * clicked just after an import waited for it). In pieces of a few megabytes,
 * written one after another, the worker answers between them.
 */
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import type { RowsSnapshot } from '../core/rows/row-forms';

/** Characters of chunk strings per piece: about 4–8 MB to clone, some 10–30 ms. */
export const PIECE_CHARS = 2_000_000;

/**
 * Typed arrays of at least this many bytes go in a piece of their own: the
 * skeleton held them all (some 36 MB at a million rows), and its one put
 * cloned them in one task of 180 ms (1M rows, load 7.6). One array is a copy
 * of a few MB, a few ms.
 */
export const PIECE_ARRAY_BYTES = 64 * 1024;

/**
 * Extension elements (alternates, images…) per piece, counted at the top of
 * each row's list: some 4 MB to clone. Left in the skeleton, a million
 * alternates were one value of 264 MB, over IndexedDB's limit for one value
 * in Chromium (133 MB: the save failed), and one clone of 4–5 s in which the
 * worker answered nothing.
 */
export const PIECE_EXT_ELEMENTS = 20_000;

/** The columns whose chunk strings are cut out (the others are small). */
const CUT_COLUMNS = ['loc', 'lastmod'] as const;
type CutColumn = (typeof CUT_COLUMNS)[number];

/** Where a piece goes: chunk strings of a column, a typed array of the rows (`array`), or rows' extension elements (`ext`). */
export type PieceRef = StringsRef | ArrayRef | ExtRef;

export interface StringsRef {
  column: CutColumn;
  /** Set for a piece of the comparison's before set (`compare.rows`); the document's rows otherwise. */
  of?: 'compare';
  /** How many chunk strings the piece holds, in order. */
  count: number;
}

export interface ArrayRef {
  /** The typed array's place in the rows: a field (`id`) or a column's field (`loc.start`). */
  array: string;
  of?: 'compare';
}

export interface ExtRef {
  /** The extension element lists of `count` rows that have any, in the order of `extAt`. */
  ext: number;
  of?: 'compare';
}

/** A piece as written: chunk strings, one typed array, or extension element lists. */
export type Piece = string[] | ArrayBufferView | RowsSnapshot['ext'];

/** The document without the cut-out chunk strings, and where they went. */
export type SkeletonSnapshot = DocumentSnapshot & { pieces?: PieceRef[] };

export interface CutSnapshot {
  skeleton: SkeletonSnapshot;
  /** The chunk strings and typed arrays, in the order of `skeleton.pieces`. */
  pieces: Piece[];
}

/** Cuts the big chunk strings out of a snapshot (and of its before set), in pieces of about {@link PIECE_CHARS} characters. */
export function cutSnapshot(
  snapshot: DocumentSnapshot,
  pieceChars = PIECE_CHARS,
  arrayBytes = PIECE_ARRAY_BYTES,
  extElements = PIECE_EXT_ELEMENTS,
): CutSnapshot {
  const refs: PieceRef[] = [];
  const pieces: Piece[] = [];
  const cut = (source: RowsSnapshot, of: PieceRef['of']) =>
    cutExt(
      cutArrays(cutRows(source, of, pieceChars, refs, pieces), of, arrayBytes, refs, pieces),
      of,
      extElements,
      refs,
      pieces,
    );
  const rows = cut(snapshot.rows, undefined);
  const compareRows = snapshot.compare && cut(snapshot.compare.rows, 'compare');
  const compare = snapshot.compare && compareRows && { ...snapshot.compare, rows: compareRows };
  return { skeleton: { ...snapshot, rows, ...(compare ? { compare } : {}), pieces: refs }, pieces };
}

/** Takes the big typed arrays out of the rows (fields and columns' fields), leaving null in their place. */
function cutArrays(
  source: RowsSnapshot,
  of: PieceRef['of'],
  arrayBytes: number,
  refs: PieceRef[],
  pieces: Piece[],
): RowsSnapshot {
  const rows: Record<string, unknown> = { ...source };
  const take = (holder: Record<string, unknown>, key: string, path: string) => {
    const value = holder[key];
    if (!ArrayBuffer.isView(value) || value.byteLength < arrayBytes) return;
    refs.push(of ? { array: path, of } : { array: path });
    pieces.push(value);
    holder[key] = null;
  };
  for (const key of Object.keys(rows)) {
    const value = rows[key];
    if (ArrayBuffer.isView(value)) take(rows, key, key);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const column: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      rows[key] = column;
      for (const field of Object.keys(column)) take(column, field, `${key}.${field}`);
    }
  }
  return rows as unknown as RowsSnapshot;
}

/** Takes the rows' extension element lists out, in pieces of about `extElements` elements, leaving none in their place. */
function cutExt(
  source: RowsSnapshot,
  of: PieceRef['of'],
  extElements: number,
  refs: PieceRef[],
  pieces: Piece[],
): RowsSnapshot {
  if (source.ext.length === 0) return source;
  let piece: RowsSnapshot['ext'] = [];
  let elements = 0;
  const push = () => {
    refs.push(of ? { ext: piece.length, of } : { ext: piece.length });
    pieces.push(piece);
  };
  for (const list of source.ext) {
    piece.push(list);
    elements += list.length;
    if (elements >= extElements) {
      push();
      piece = [];
      elements = 0;
    }
  }
  if (piece.length > 0) push();
  return { ...source, ext: [] };
}

function cutRows(
  source: RowsSnapshot,
  of: PieceRef['of'],
  pieceChars: number,
  refs: PieceRef[],
  pieces: Piece[],
): RowsSnapshot {
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
  if (!Array.isArray(refs) || refs.length !== pieces.length)
    throw new RangeError('The saved work is damaged: parts of it are missing.');
  const damaged = () => new RangeError('The saved work is damaged: a part of it does not fit.');
  const joined = new Map<string, string[]>();
  const arrays: { ref: ArrayRef; piece: unknown }[] = [];
  const exts = new Map<string, RowsSnapshot['ext']>();
  refs.forEach((ref, k) => {
    const piece = pieces[k];
    if (typeof ref !== 'object' || ref === null) throw damaged();
    if ('ext' in ref) {
      if ((ref.of !== undefined && ref.of !== 'compare') || !Array.isArray(piece) || piece.length !== ref.ext)
        throw damaged();
      const list = exts.get(ref.of ?? '') ?? [];
      for (const e of piece as RowsSnapshot['ext']) {
        if (!Array.isArray(e)) throw damaged();
        list.push(e);
      }
      exts.set(ref.of ?? '', list);
      return;
    }
    if ('array' in ref) {
      if (typeof ref.array !== 'string' || (ref.of !== undefined && ref.of !== 'compare') || !ArrayBuffer.isView(piece))
        throw damaged();
      arrays.push({ ref, piece });
      return;
    }
    if (
      !CUT_COLUMNS.includes(ref.column) ||
      (ref.of !== undefined && ref.of !== 'compare') ||
      !Array.isArray(piece) ||
      piece.length !== ref.count ||
      !piece.every((s) => typeof s === 'string')
    ) {
      throw damaged();
    }
    const key = `${ref.of ?? ''}:${ref.column}`;
    const list = joined.get(key) ?? [];
    for (const s of piece as string[]) list.push(s);
    joined.set(key, list);
  });
  const put = (source: RowsSnapshot, of: string): RowsSnapshot => {
    const rows = { ...source };
    const ext = exts.get(of);
    if (ext) {
      if (!Array.isArray(rows.ext) || rows.ext.length !== 0) throw damaged();
      rows.ext = ext;
    }
    for (const column of CUT_COLUMNS) {
      const chunks = joined.get(`${of}:${column}`);
      if (!chunks) continue;
      const col = rows[column];
      if (col.kind !== 'arena') throw damaged();
      rows[column] = { ...col, chunks };
    }
    return rows;
  };
  const hasCompare = refs.some((r) => r.of === 'compare');
  if (hasCompare && !snapshot.compare) throw damaged();
  const compare = snapshot.compare && {
    ...snapshot.compare,
    rows: putArrays(put(snapshot.compare.rows, 'compare'), arrays, 'compare', damaged),
  };
  return {
    ...snapshot,
    rows: putArrays(put(snapshot.rows, ''), arrays, undefined, damaged),
    ...(compare ? { compare } : {}),
  };
}

/** Puts the typed arrays back where {@link cutArrays} took them; a place that held no array is a damaged save. */
function putArrays(
  source: RowsSnapshot,
  arrays: { ref: ArrayRef; piece: unknown }[],
  of: PieceRef['of'],
  damaged: () => RangeError,
): RowsSnapshot {
  const rows: Record<string, unknown> = { ...source };
  for (const { ref, piece } of arrays) {
    if (ref.of !== of) continue;
    const path = ref.array.split('.');
    if (path.length === 1 && rows[ref.array] === null) rows[ref.array] = piece;
    else if (path.length === 2) {
      const [key, field] = path as [string, string];
      const column = rows[key];
      if (!column || typeof column !== 'object' || (column as Record<string, unknown>)[field] !== null) throw damaged();
      rows[key] = { ...(column as Record<string, unknown>), [field]: piece };
    } else throw damaged();
  }
  return rows as unknown as RowsSnapshot;
}
