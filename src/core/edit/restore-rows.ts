import type { RowsData } from '../rows/row-forms';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';

/**
 * Rows taken out of a set with everything needed to put them back exactly:
 * values, extension elements, origin, read flags, stable id, and the position
 * each had. Kept in columns (one array per field, typed where numeric), so
 * 100,000 removed rows cost their strings plus about 30 B each, not 100,000
 * objects.
 */
export interface TakenRows extends RowsData {
  /** Positions the rows had, ascending: where {@link restoreRows} puts them back. */
  positions: readonly number[];
  ids: Uint32Array;
  file: Uint32Array;
  line: Uint32Array;
  column: Uint32Array;
  readFlags: Uint8Array;
}

/** Removes the rows with these ids (those not found are ignored) and returns them, for undo. */
export function takeRows(set: SitemapSet, ids: Iterable<number>): TakenRows {
  const rows = set.rows;
  const wanted = new Set(ids);
  const positions: number[] = [];
  for (let i = 0; i < rows.length && positions.length < wanted.size; i++)
    if (wanted.has(rows.id[i] as number)) positions.push(i);
  const taken = copyRows(set, positions);
  rows.removeAt(positions);
  return taken;
}

/** The rows at these ascending positions, copied out of the set (nothing is removed). */
export function copyRows(set: SitemapSet, positions: readonly number[]): TakenRows {
  const rows = set.rows;
  const k = positions.length;
  const ids = new Uint32Array(k);
  const loc: string[] = [];
  const lastmod: string[] = [];
  const changefreq: string[] = [];
  const priority: string[] = [];
  const ext: (ExtElement[] | undefined)[] = [];
  const file = new Uint32Array(k);
  const line = new Uint32Array(k);
  const column = new Uint32Array(k);
  const readFlags = new Uint8Array(k);
  for (let j = 0; j < k; j++) {
    const p = positions[j] as number;
    ids[j] = rows.id[p] as number;
    loc.push(rows.loc.get(p));
    lastmod.push(rows.lastmod.get(p));
    changefreq.push(rows.changefreq.get(p));
    priority.push(rows.priority.get(p));
    ext.push(rows.ext[p]);
    file[j] = rows.file[p] as number;
    line[j] = rows.line[p] as number;
    column[j] = rows.column[p] as number;
    readFlags[j] = rows.readFlags[p] as number;
  }
  const taken: TakenRows = {
    positions: positions.slice(),
    ids,
    loc,
    lastmod,
    changefreq,
    priority,
    ext,
    file,
    line,
    column,
    readFlags,
  };
  // The rows' plans go with them (and come back with them on undo); none when no row has one.
  if (rows.plan.size > 0) taken.plan = Array.from(ids, (id) => rows.plan.get(id));
  return taken;
}

/**
 * Puts taken rows back at their positions with their ids. Exact when the set
 * is as it was just after they were taken (undo unwinds in order); throws
 * when one of their ids is back already.
 */
export function restoreRows(set: SitemapSet, taken: TakenRows): void {
  if (taken.positions.length === 0) return;
  const back = new Set(taken.ids);
  for (let i = 0; i < set.rows.length; i++) {
    if (back.has(set.rows.id[i] as number)) throw new Error(`restoreRows: row ${set.rows.id[i]} is there already`);
  }
  set.rows.insertAt(taken.positions, taken);
  set.rows.seal();
}
