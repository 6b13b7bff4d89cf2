import type { UrlField } from '../../core/types';
import type { RowView } from '../../worker/protocol';
import type { RowCache } from './row-cache';

/** The store's editCell: the row as re-checked, or null when the edit failed. */
export type EditCell = (rowId: number, field: UrlField, value: string) => Promise<RowView | null>;

/**
 * Writes a committed cell: the typed value is drawn at once, the row from the
 * edit's answer (its problems re-checked) as soon as it comes, before the
 * totals follow; a failed edit puts the row back as it was.
 */
export async function saveCell(cache: RowCache, editCell: EditCell, pos: number, rowId: number, field: UrlField, value: string): Promise<void> {
  const before = cache.get(pos);
  if (before?.id === rowId) cache.put(pos, { ...before, [field]: value });
  const row = await editCell(rowId, field, value);
  if (row) cache.put(pos, row);
  else if (before?.id === rowId) cache.put(pos, before);
}
