import { memo, useRef, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { FlexRender, type Header } from '@tanstack/react-table';
import { MAX_COLUMN_PX } from './column-prefs';
import { fitWidth } from './fit-width';
import { metaOf, type GridFeatures, type GridSlot } from './grid-model';
import { pinClass, pinStyle } from './pinning';
import type { LayoutCommands, useGridTable } from './useGridTable';

type GridTable = ReturnType<typeof useGridTable>['table'];
type GridHeader = Header<GridFeatures, GridSlot, unknown>;

/** px a resize handle moves per arrow key (Shift: more). */
const KEY_STEP = 16;
const KEY_STEP_BIG = 64;

/**
 * The grid's header row: each column's header as its definition draws it,
 * with its sort state and resize handle. Drawn again only when `drawKey`
 * (what it shows: columns, widths, sort, origin, resizing) changes, not on
 * every scrolled frame.
 */
export const HeaderRow = memo(function HeaderRow({ table, layout, scrollerRef }: { table: GridTable; layout: LayoutCommands; scrollerRef: RefObject<HTMLDivElement | null>; drawKey: string }) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const drag = useHeaderDrag(layout);
  return (
    <div role="row" className="ut-row ut-head-row">
      {headers.map((header, col) => {
        const column = header.column;
        const meta = metaOf(column);
        const dir = column.getIsSorted();
        const ariaSort = meta.sortKey ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined;
        return (
          <div
            key={header.id}
            role="columnheader"
            aria-colindex={col + 1}
            aria-sort={ariaSort}
            // The label alone: the resize handle's name must not join the header's.
            aria-label={meta.label}
            className={`ut-cell ut-col-${column.id}${pinClass(column)}${column.getIsResizing() ? ' ut-resizing' : ''}${drag.over === column.id ? ' ut-drop-target' : ''}`}
            style={pinStyle(column)}
            title="Drag to move the column"
            {...drag.handlers(column.id)}
          >
            <FlexRender header={header} />
            {column.getCanResize() && <ResizeHandle header={header} table={table} scrollerRef={scrollerRef} />}
          </div>
        );
      })}
    </div>
  );
});

/**
 * Drag to resize (TanStack's handler), double-click to fit the widest value
 * drawn, arrow keys for the keyboard. A window splitter, as ARIA names it.
 */
function ResizeHandle({ header, table, scrollerRef }: { header: GridHeader; table: GridTable; scrollerRef: RefObject<HTMLDivElement | null> }) {
  const column = header.column;
  const meta = metaOf(column);
  const ref = useRef<HTMLDivElement>(null);
  const size = column.getSize();
  const min = column.columnDef.minSize ?? 20;
  const setSize = (px: number) => table.setColumnSizing((old) => ({ ...old, [column.id]: Math.round(Math.min(MAX_COLUMN_PX, Math.max(min, px))) }));

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
      aria-label={`Resize ${meta.label}`}
      aria-valuenow={Math.round(size)}
      aria-valuemin={min}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      className="ut-resize"
      title="Drag to resize, double-click to fit"
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={fit}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/** A column's header data while dragged: its id, for the drop target. */
const DRAG_TYPE = 'application/x-sitemap-editor-column';

/**
 * Headers dragged onto each other to reorder the columns (HTML drag and
 * drop; the Columns menu's arrows are the keyboard's way). A drag that starts
 * on a resize handle resizes instead; a drop across the pinned edge is refused.
 */
function useHeaderDrag(layout: LayoutCommands) {
  const [over, setOver] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const fromHandle = useRef(false);
  const handlers = (id: string) => ({
    draggable: true,
    onMouseDown: (e: { target: EventTarget }) => {
      fromHandle.current = (e.target as HTMLElement).closest('.ut-resize') !== null;
    },
    onDragStart: (e: DragEvent<HTMLElement>) => {
      if (fromHandle.current) {
        e.preventDefault();
        return;
      }
      dragged.current = id;
      e.dataTransfer.setData(DRAG_TYPE, id);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      const from = dragged.current;
      if (!from || !layout.canMoveTo(from, id)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDragLeave: () => setOver((o) => (o === id ? null : o)),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      const from = dragged.current;
      setOver(null);
      if (from) layout.moveTo(from, id);
    },
    onDragEnd: () => {
      dragged.current = null;
      setOver(null);
    },
  });
  return { over, handlers };
}
