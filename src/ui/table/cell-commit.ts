import type { UrlField } from '../../core/rows/types';
import { EDIT_REDRAWN, markEdit } from '../../store/edit-marks';
import { editedRow, sameRow } from '../../store/edited-row';
import type { RowView } from '../../worker/protocol';
import type { RowCache } from './row-cache';
import { fixPriority } from '../../core/rules/priority/priority-fixes';
import { msg } from '../../i18n/translator';
import type { Notice } from '../../store/jobs-slice';

/**
 * A priority typed or pasted with a decimal comma (`0,8`, as Turkish and
 * Serbian write it) as the protocol writes it (`0.8`), as the CSV reader and
 * Fix all read it; null when the value has no such comma (it is kept as typed).
 */
export function withDecimalPoint(field: UrlField, value: string): string | null {
  return field === 'priority' ? fixPriority(value) : null;
}

/** The notice that says a comma became a point: nothing is changed unsaid. */
export function decimalPointNotice(typed: string, written: string, count = 1): Notice {
  return { kind: 'info', text: msg('priority.decimalPoint', { count, typed, written }) };
}

/** The store's editCell: the row as re-checked, or null when the edit failed. */
export type EditCell = (rowId: number, field: UrlField, value: string) => Promise<RowView | null>;

/**
 * Writes a committed cell: the row is drawn at once with the typed value and
 * its problems re-checked in the page where the field's rules allow
 * (editedRow), so the frame after the keystroke shows it; the edit's answer
 * (re-checked by the worker, duplicates and all) is drawn only when it
 * differs from what the table holds by then; a failed edit puts the row back
 * as it was.
 */
export async function saveCell(
  cache: RowCache,
  editCell: EditCell,
  pos: number,
  rowId: number,
  field: UrlField,
  value: string,
): Promise<void> {
  const before = cache.get(pos);
  if (before?.id === rowId) cache.put(pos, editedRow(before, field, value));
  const row = await editCell(rowId, field, value);
  if (row) {
    // The same row again would cost a render of the grid for nothing, in the frame after this one.
    if (!sameRow(cache.get(pos), row)) {
      cache.put(pos, row);
      markEdit(EDIT_REDRAWN);
    }
  } else if (before?.id === rowId) cache.put(pos, before);
}
