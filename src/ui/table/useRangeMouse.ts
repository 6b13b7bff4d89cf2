import { useEffect, useRef, type Dispatch, type MouseEvent, type RefObject, type SetStateAction } from 'react';
import type { CellAt } from './grid-range';
import { cellOf } from './cell-dom';

export interface RangeMouse {
  /** The focused cell: Shift+click extends the range from it. */
  focus: CellAt;
  setFocus: (cell: CellAt) => void;
  setRangeAnchor: Dispatch<SetStateAction<CellAt | null>>;
  /** Set to move the DOM focus to the focused cell after the next render. */
  focusWanted: RefObject<boolean>;
  editingRef: RefObject<unknown>;
}

/**
 * Cell ranges by mouse, as in a spreadsheet: press and drag over cells, or
 * Shift+click. Handlers for the rows' container, not for each cell, so rows
 * stay cheap to draw. Controls inside cells (checkbox, buttons, the editor)
 * keep their own clicks.
 */
export function useRangeMouse({ focus, setFocus, setRangeAnchor, focusWanted, editingRef }: RangeMouse) {
  const start = useRef<CellAt | null>(null);
  const moveTo = (cell: CellAt, anchor: SetStateAction<CellAt | null>) => {
    setRangeAnchor(anchor);
    setFocus(cell);
    focusWanted.current = true;
  };
  useEffect(() => {
    const up = () => {
      start.current = null;
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const onMouseDown = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.altKey || editingRef.current !== null) return;
    if ((e.target as HTMLElement).closest('input, button, select, textarea')) return;
    const cell = cellOf(e.target);
    if (!cell) return;
    // No text selection while sweeping cells; the grid moves the focus itself.
    e.preventDefault();
    start.current = e.shiftKey ? null : cell;
    moveTo(cell, e.shiftKey ? (a) => a ?? focus : null);
  };

  const onMouseOver = (e: MouseEvent<HTMLElement>) => {
    const from = start.current;
    if (!from) return;
    if ((e.buttons & 1) === 0) {
      start.current = null;
      return;
    }
    const cell = cellOf(e.target);
    if (cell) moveTo(cell, from.pos === cell.pos && from.col === cell.col ? null : from);
  };

  return { onMouseDown, onMouseOver };
}
