import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppStore } from '../../store/app-store';
import type { GridColumn } from './grid-model';

/**
 * Moves the grid's focus to the row the store asks to reveal (a problem
 * chosen in the Problems panel), on the cell of the problem's field, and
 * scrolls it into view: `moveTo` is the grid's own keyboard move.
 */
export function useRevealRow(
  columns: readonly GridColumn[],
  viewCount: number,
  moveTo: (pos: number, col: number) => void,
): void {
  const reveal = useAppStore((s) => s.reveal);
  const latest = useRef({ columns, viewCount, moveTo });
  useLayoutEffect(() => {
    latest.current = { columns, viewCount, moveTo };
  });
  useEffect(() => {
    const { columns: cols, viewCount: count, moveTo: move } = latest.current;
    if (!reveal || reveal.pos >= count) return;
    const wanted = reveal.field ?? 'loc';
    const col = cols.findIndex((c) => c.id === wanted);
    move(
      reveal.pos,
      col >= 0
        ? col
        : Math.max(
            0,
            cols.findIndex((c) => c.id === 'loc'),
          ),
    );
    // Only a new ask moves the focus, not a later change of the columns.
  }, [reveal]);
}
