import type { CSSProperties } from 'react';
import type { GridColumn, GridFeatures, GridSlot } from './grid-model';
import type { Table } from '@tanstack/react-table';

/*
 * Pinned columns are `position: sticky` at their offset from the grid's left
 * edge. The offsets are CSS variables set once on the grid, so resizing a
 * column re-renders the header, not every row drawn.
 */

const styles = new Map<string, CSSProperties>();

/** The inline style of a pinned column's cells (one stable object per column), else undefined. */
export function pinStyle(column: GridColumn): CSSProperties | undefined {
  if (!column.getIsPinned()) return undefined;
  let style = styles.get(column.id);
  if (!style) {
    style = { left: `var(${leftVar(column.id)})` };
    styles.set(column.id, style);
  }
  return style;
}

/** The classes a pinned column's cells add: the last one casts the edge shadow. */
export function pinClass(column: GridColumn): string {
  if (!column.getIsPinned()) return '';
  return column.getIsLastColumn('start') ? ' ut-pinned ut-pinned-last' : ' ut-pinned';
}

function leftVar(id: string): string {
  return `--ut-left-${id}`;
}

/** The grid's CSS variables: its column template, its least width and the pinned columns' offsets. */
export function gridVars(columns: readonly GridColumn[]): Record<string, string> {
  const vars: Record<string, string> = {};
  let total = 0;
  const tracks: string[] = [];
  for (const column of columns) {
    const size = column.getSize();
    // Where a row in its sweep form (GridRow's LoadingRow) starts its loc.
    if (column.id === 'loc') vars['--ut-loc-start'] = `${total}px`;
    tracks.push(`${size}px`);
    total += size;
    if (column.getIsPinned()) vars[leftVar(column.id)] = `${column.getStart('start')}px`;
  }
  // What the columns leave of a wide window stays empty, at the end.
  tracks.push('minmax(0, 1fr)');
  vars['--ut-columns'] = tracks.join(' ');
  vars['--ut-min-width'] = `${total}px`;
  return vars;
}

/**
 * The visible columns in the order drawn: the pinned ones first, as TanStack
 * orders headers and cells (its visible leaf columns follow the column order
 * alone, so a column unpinned from the middle would get another's width).
 */
export function drawnColumns(table: Table<GridFeatures, GridSlot>): GridColumn[] {
  return [
    ...table.getStartVisibleLeafColumns(),
    ...table.getCenterVisibleLeafColumns(),
    ...table.getEndVisibleLeafColumns(),
  ];
}

/**
 * On the scroller once it is scrolled sideways: only then are the pinned
 * cells sticky (table.css). Unscrolled they sit where sticky would put them,
 * and ~90 sticky cells were ~70 of the page's compositor layers, each one
 * layerized, committed and painted again on every scrolled frame.
 */
const SCROLLED_SIDEWAYS = 'ut-scrolled-x';

/** Marks the scroller scrolled sideways or not, set in the scroll event, before the frame paints: a class toggled by React would show the pinned cells scrolled away for a frame. */
export function markScrolledSideways(scroller: HTMLElement): void {
  scroller.classList.toggle(SCROLLED_SIDEWAYS, scroller.scrollLeft > 0);
}
