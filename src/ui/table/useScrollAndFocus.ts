import { useEffect, useLayoutEffect, type RefObject } from 'react';
import type { ViewQuery } from '../../core/view/query';
import { cellElement } from './cell-dom';
import type { Editing } from './grid-model';
import { revealColumn } from './grid-nav';
import type { CellAt } from './grid-range';
import { scrollTopFor, type ScrollMap } from './scroll-map';

export interface ScrollAndFocus {
  scrollerRef: RefObject<HTMLDivElement | null>;
  query: ViewQuery;
  map: ScrollMap;
  viewport: number;
  rowHeight: number;
  viewCount: number;
  /** The focused cell, its row within the view. */
  focus: CellAt;
  setScrollTop: (top: number) => void;
  setFocus: (update: (f: CellAt) => CellAt) => void;
  /** A row asked to be scrolled into view after the next render. */
  revealPos: { current: number | null };
  /** DOM focus asked for the focused cell after the next render. */
  focusWanted: { current: boolean };
  /** The cell just edited, in view: nothing is measured to reveal it. */
  inPlace: { current: boolean };
  editingRef: { current: Editing | null };
  /** The pinned columns' width, which a revealed cell must clear. */
  pinnedWidth: () => number;
}

/**
 * A new filter or sort shows its first rows; after each render, a row asked
 * for is scrolled into view, then DOM focus moves to the focused cell.
 */
export function useScrollAndFocus(o: ScrollAndFocus): void {
  const { scrollerRef, query, setScrollTop, setFocus } = o;
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = 0;
    setScrollTop(0);
    setFocus((f) => ({ pos: 0, col: f.col }));
  }, [query, scrollerRef, setScrollTop, setFocus]);

  useLayoutEffect(() => {
    const scroller = o.scrollerRef.current;
    if (!scroller) return;
    if (o.revealPos.current !== null && o.revealPos.current < o.viewCount) {
      const target = scrollTopFor(o.map, o.revealPos.current, scroller.scrollTop, o.viewport, o.rowHeight);
      o.revealPos.current = null;
      if (target !== null) {
        scroller.scrollTop = target;
        o.setScrollTop(scroller.scrollTop);
      }
    }
    if (o.focusWanted.current && !o.editingRef.current) {
      const cell = cellElement(scroller, o.focus);
      if (cell) {
        o.focusWanted.current = false;
        cell.focus({ preventScroll: true });
        if (!o.inPlace.current) revealColumn(scroller, cell, o.pinnedWidth());
        o.inPlace.current = false;
      }
    }
  });
}
