/*
 * The grid's keys on a focused cell (not in an editor): moves, ranges,
 * editing, fill down and select all, as in a spreadsheet. The grid
 * (UrlTable) says where the focus is and what each action does.
 */
import type { KeyboardEvent } from 'react';
import type { GridColumnMeta } from './grid-model';

/** Where the focus is, and what the grid does for each key. */
export interface GridKeyContext {
  pos: number;
  col: number;
  /** Rows in view less one: what PageUp and PageDown move. */
  page: number;
  viewCount: number;
  columnCount: number;
  /** The focused column's meta (undefined past the columns). */
  meta: GridColumnMeta | undefined;
  moveTo: (pos: number, col: number, extend?: boolean) => void;
  startEdit: (pos: number, col: number, caret?: 'all' | 'end', typed?: string) => void;
  /** Activates a cell that is no field (the row's details, the selection box). */
  activate: (pos: number) => void;
  /** Empties an optional field of the focused row. */
  clear: (pos: number, col: number) => void;
  fillDown: () => void;
  selectAll: () => void;
}

/** Handles `e` on the grid; prevents the browser's default for every key it takes. */
export function onGridKey(e: KeyboardEvent<HTMLElement>, k: GridKeyContext): void {
  const { pos, col, meta } = k;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && !e.shiftKey && !e.altKey && (e.key.toLowerCase() === 'd' || e.key.toLowerCase() === 'a')) {
    e.preventDefault();
    if (e.key.toLowerCase() === 'd') k.fillDown();
    else k.selectAll();
    return;
  }
  let handled = true;
  switch (e.key) {
    case 'ArrowUp':
      k.moveTo(pos - 1, col, e.shiftKey);
      break;
    case 'ArrowDown':
      k.moveTo(pos + 1, col, e.shiftKey);
      break;
    case 'ArrowLeft':
      k.moveTo(pos, col - 1, e.shiftKey);
      break;
    case 'ArrowRight':
      k.moveTo(pos, col + 1, e.shiftKey);
      break;
    case 'PageUp':
      k.moveTo(pos - k.page, col);
      break;
    case 'PageDown':
      k.moveTo(pos + k.page, col);
      break;
    case 'Home':
      k.moveTo(ctrl ? 0 : pos, ctrl ? col : 0);
      break;
    case 'End':
      k.moveTo(ctrl ? k.viewCount - 1 : pos, ctrl ? col : k.columnCount - 1);
      break;
    case 'Enter':
    case 'F2':
      if (meta?.field) k.startEdit(pos, col);
      else k.activate(pos);
      break;
    case ' ':
      if (!meta?.field && meta?.activate) k.activate(pos);
      else handled = false;
      break;
    case 'Delete':
    case 'Backspace':
      k.clear(pos, col);
      break;
    default:
      // Typing on a cell replaces its value, as in a spreadsheet.
      // `?` is the shortcut sheet's key (a value seldom starts with it).
      if (e.key.length === 1 && e.key !== '?' && !ctrl && !e.altKey && meta?.field) k.startEdit(pos, col, 'end', e.key);
      else handled = false;
  }
  if (handled) e.preventDefault();
}
