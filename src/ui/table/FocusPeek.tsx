import { useLayoutEffect, useRef, type RefObject } from 'react';
import { cellElement } from './cell-dom';
import type { CellAt } from './grid-range';
import { readableUrl } from '../../core/view/readable-url';
import { metaOf, type GridColumn } from './grid-model';
import type { RowView } from '../../worker/protocol';

/**
 * The whole value of the focused cell, shown over the rows just below it when
 * the cell draws it shortened (hover has the title). Visual only: the cell's
 * own text already holds the whole URL for screen readers.
 */
export function FocusPeek({
  scrollerRef,
  cell: at,
  text,
}: {
  scrollerRef: RefObject<HTMLDivElement | null>;
  cell: CellAt;
  text: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // After every render: the grid re-renders on each scroll, and the cell moves with it.
  useLayoutEffect(() => {
    const peek = ref.current;
    const scroller = scrollerRef.current;
    const grid = scroller?.parentElement;
    if (!peek || !scroller || !grid) return;
    const cell = cellElement(scroller, at);
    const shortened =
      !!cell &&
      [...cell.children].some(
        (part) => !part.classList.contains('visually-hidden') && part.scrollWidth > part.clientWidth,
      );
    if (!cell || !shortened) {
      peek.hidden = true;
      return;
    }
    const c = cell.getBoundingClientRect();
    const g = grid.getBoundingClientRect();
    peek.hidden = false;
    peek.style.left = `${Math.max(0, c.left - g.left)}px`;
    peek.style.minWidth = `${c.width}px`;
    peek.style.maxWidth = `${Math.max(c.width, g.right - c.left - 4)}px`;
    const below = c.bottom - g.top;
    peek.style.top = `${below + peek.offsetHeight > g.height ? c.top - g.top - peek.offsetHeight : below}px`;
  });
  if (text === null) return null;
  return (
    <div ref={ref} className="ut-peek" aria-hidden="true" data-testid="cell-peek" hidden>
      {text}
    </div>
  );
}

/** What the peek shows for the focused cell: a loc's whole URL, readable; null for any other column. */
export function peekedUrl(column: GridColumn | undefined, row: RowView | undefined): string | null {
  if (!column || metaOf(column).field !== 'loc') return null;
  return readableUrl(row?.loc ?? '') || null;
}
