import { recheckRows } from '../check/check-set';
import { type CheckOptions, type CheckResult } from '../check/check-result';
import type { CellChange } from '../rows/changes';
import type { UrlEntry } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import type { UrlField } from '../rows/types';

/** Position of the row with this id, or an error: an edit must never land on another row. */
export function positionOf(set: SitemapSet, id: number): number {
  const pos = set.rows.indexOfId(id);
  if (pos < 0) throw new Error(`There is no row ${id} any more.`);
  return pos;
}

/**
 * Sets one cell and re-checks that row (and the rows it shares a loc with).
 * Returns the change, for undo, or null when the value was already there.
 */
export function setCell(
  set: SitemapSet,
  result: CheckResult,
  id: number,
  field: UrlField,
  value: string,
  opts: CheckOptions,
): CellChange | null {
  const pos = positionOf(set, id);
  const column = set.rows.columnOf(field);
  const before = column.get(pos);
  if (before === value) return null;
  column.set(pos, value);
  recheckRows(set, result, [pos], opts);
  return { row: id, field, before, after: value };
}

/** Appends a row (from no file) and returns its id; the caller re-checks the set. */
export function addRow(set: SitemapSet, entry: UrlEntry): number {
  const pos = set.rows.push(entry, { file: NO_FILE, line: 0, column: 0 });
  set.rows.seal();
  return set.rows.id[pos] as number;
}

/** `file` of rows added in the editor: they come from no file. */
export const NO_FILE = 0xffff;
