import { memo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { FlexRender, type Header } from '@tanstack/react-table';
import { MAX_COLUMN_PX } from './column-prefs';
import { fitWidth } from './fit-width';
import { columnLabel, metaOf, type GridFeatures, type GridSlot } from './grid-model';
import { useWords } from '../i18n/words';
import { pinClass, pinStyle } from './pinning';
import type { LayoutCommands, useGridTable } from './useGridTable';

type GridTable = ReturnType<typeof useGridTable>['table'];
type GridHeader = Header<GridFeatures, GridSlot, unknown>;

/** px a resize handle moves per arrow key (Shift: more). */
const KEY_STEP = 16;
const KEY_STEP_BIG = 64;

interface HeaderRowProps {
  table: GridTable;
  layout: LayoutCommands;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** What the header shows (columns, widths, sort, origin, resizing), as one string. */
  drawKey: string;
}

/**
 * The grid's header row: each column's header as its definition draws it,
 * with its sort state and resize handle. Drawn again only when `drawKey`
 * (what it shows: columns, widths, sort, origin, resizing) changes, not on
 * every scrolled frame.
 */
export const HeaderRow = memo(function HeaderRow({ table, layout, scrollerRef }: HeaderRowProps) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const drag = useHeaderDrag(layout);
  const words = useWords();
  return (
    <div role="row" className="ut-row ut-head-row">
      {headers.map((header, col) => {
        const column = header.column;
        const meta = metaOf(column);
        const dir = column.getIsSorted();
        const ariaSort = meta.sortKey
          ? dir === 'asc'
            ? 'ascending'
            : dir === 'desc'
              ? 'descending'
              : 'none'
          : undefined;
        return (
          <div
            key={header.id}
            role="columnheader"
            aria-colindex={col + 1}
            aria-sort={ariaSort}
            // The label alone: the resize handle's name must not join the header's.
            aria-label={columnLabel(meta, words)}
            className={`ut-cell ut-col-${column.id}${pinClass(column)}${column.getIsResizing() ? ' ut-resizing' : ''}${drag.over === column.id ? ' ut-drop-target' : ''}${drag.dragging === column.id ? ' ut-dragged' : ''}`}
            style={pinStyle(column)}
            title={words.t('grid.dragToMove')}
            {...drag.handlers(column.id)}
          >
            <FlexRender header={header} />
            {column.getCanResize() && <ResizeHandle header={header} table={table} scrollerRef={scrollerRef} />}
          </div>
        );
      })}
    </div>
  );
}, sameHeader);

/**
 * Equal props but the table: TanStack's React table is a new object on every
 * render of the grid (every scrolled frame), over the same table, whose state
 * the header reads when it draws; `drawKey` says when that is needed.
 */
function sameHeader(a: HeaderRowProps, b: HeaderRowProps): boolean {
  for (const key of Object.keys(a) as (keyof HeaderRowProps)[]) if (key !== 'table' && a[key] !== b[key]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

/**
 * Drag to resize (TanStack's handler), double-click to fit the widest value
 * drawn, arrow keys for the keyboard. A window splitter, as ARIA names it.
 */
function ResizeHandle({
  header,
  table,
  scrollerRef,
}: {
  header: GridHeader;
  table: GridTable;
  scrollerRef: RefObject<HTMLDivElement | null>;
}) {
  const column = header.column;
  const meta = metaOf(column);
  const words = useWords();
  const ref = useRef<HTMLDivElement>(null);
  const size = column.getSize();
  const min = column.columnDef.minSize ?? 20;
  const setSize = (px: number) =>
    table.setColumnSizing((old) => ({ ...old, [column.id]: Math.round(Math.min(MAX_COLUMN_PX, Math.max(min, px))) }));

  const fit = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const cells = scroller.querySelectorAll<HTMLElement>(`.ut-body .ut-col-${column.id}`);
    const widest = fitWidth(scroller, [...cells, ...(ref.current?.parentElement ? [ref.current.parentElement] : [])]);
    if (widest > 0) setSize(widest + 2);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP_BIG : KEY_STEP;
    if (e.key === 'ArrowLeft') setSize(size - step);
    else if (e.key === 'ArrowRight') setSize(size + step);
    else if (e.key === 'Enter') fit();
    else return;
    e.preventDefault();
  };

  const handler = header.getResizeHandler();
  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={words.t('grid.resize', { label: columnLabel(meta, words) })}
      aria-valuenow={Math.round(size)}
      aria-valuemin={min}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      className="ut-resize"
      title={words.t('grid.resizeTitle')}
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={fit}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/** px the pointer moves before a press on a header becomes a drag. */
const DRAG_START_PX = 6;

/**
 * Headers dragged onto each other to reorder the columns (the Columns
 * menu's arrows are the keyboard's way). Pointer events rather than HTML
 * drag and drop, which a press on the sort button inside does not start. A
 * press on a resize handle resizes instead; a drop across the pinned edge is
 * refused.
 */
function useHeaderDrag(layout: LayoutCommands) {
  const [over, setOver] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const onMouseDown = (id: string) => (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('.ut-resize')) return;
    const x0 = e.clientX;
    let moved = false;
    let target: string | null = null;
    const move = (ev: globalThis.MouseEvent) => {
      if (!moved && Math.abs(ev.clientX - x0) < DRAG_START_PX) return;
      if (!moved) setDragging(id);
      moved = true;
      const head = document
        .elementFromPoint(ev.clientX, ev.clientY)
        ?.closest<HTMLElement>('[role="columnheader"][data-column]');
      const at = head?.dataset.column ?? null;
      target = at !== null && layoutRef.current.canMoveTo(id, at) ? at : null;
      setOver(target);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      setOver(null);
      setDragging(null);
      if (!moved) return;
      // The click that ends a drag must not sort.
      window.addEventListener('click', (ev) => ev.stopPropagation(), { capture: true, once: true });
      if (target !== null) layoutRef.current.moveTo(id, target);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  const handlers = (id: string) => ({ 'data-column': id, onMouseDown: onMouseDown(id) });
  return { over, dragging, handlers };
}
