/*
 * The string storage of the rows' columns (loc, lastmod, changefreq, …):
 * the StringColumn contract and its snapshots (string-column.ts), and its two
 * kinds, ArenaColumn (values that differ row to row) and DictColumn (few
 * distinct values). Importers take them from here.
 */
import { ArenaColumn } from './arena-column';
import { DictColumn } from './dict-column';
import type { ColumnSnapshot, StringColumn } from './string-column';

export { checkInsert, compact, spread } from './typed-arrays';
export type { ColumnSnapshot, StringColumn } from './string-column';
export { ArenaColumn } from './arena-column';
export { DictColumn } from './dict-column';

/**
 * Rebuilds a column from {@link StringColumn.toSnapshot}. Throws a RangeError
 * when the data does not hold together (a damaged or foreign saved copy), so
 * a bad save can never yield rows that read out of bounds.
 */
export function columnFromSnapshot(s: ColumnSnapshot): StringColumn {
  return s.kind === 'arena' ? ArenaColumn.fromSnapshot(s) : DictColumn.fromSnapshot(s);
}
