import { memo, useState, type MouseEvent, type PointerEvent } from 'react';
import type { RowView } from '../../worker/protocol';
import { columnLabel, type CellDraft, type GridSlot, type RowActions } from './grid-model';
import { useWords } from '../i18n/words';
import type { CellSpec } from './cell-specs';
import { cellOf } from './cell-dom';
import { readableUrl } from '../../core/view/readable-url';

export interface GridRowProps {
  slot: GridSlot;
  /** The visible columns in the order drawn (pinned first); a new array whenever the user changes which, their order, pinning or widths. */
  layout: readonly CellSpec[];
  /** The row shown is from the view before the last change, until the fresh one arrives. */
  stale: boolean;
  /** A dragged scrollbar is sweeping past: the row is drawn in its sweep form (useSweep). */
  sweep: boolean;
  /** px from the body's top. */
  top: number;
  /** The focused cell's column when it is in this row, else -1. */
  focusCol: number;
  /** The cell range's columns when it takes in this row (first × 1000 + last: a number, so the memo compares it), else -1. */
  rangeCols: number;
  /** The column of the grid's one tab stop when it is in this row, else -1. */
  tabCol: number;
  editing: CellDraft | null;
  actions: RowActions;
}

/**
 * One row of the grid. Every cell is drawn by its column's definition
 * (`meta.draw`, called straight: no TanStack row or cell objects are built
 * per drawn row and frame); the row only adds the grid's roles, focus and
 * selection. Re-rendered only when its own slot or props change.
 */
export const GridRow = memo(function GridRow({
  slot,
  layout,
  stale,
  sweep,
  top,
  focusCol,
  rangeCols,
  tabCol,
  editing,
  actions,
}: GridRowProps) {
  const { pos, row, selected } = slot;
  // The column whose cell the pointer is over: only that cell (and the focused one) gets a title, built when pointed at, not for every cell of every row drawn.
  const [titleCol, setTitleCol] = useState(-1);
  const words = useWords();
  const worst = row ? worstSeverity(row) : null;
  const className = ['ut-row', worst && `ut-row-${worst}`, selected && 'ut-selected', !row && 'ut-loading']
    .filter(Boolean)
    .join(' ');
  if ((!row || sweep) && focusCol < 0 && tabCol < 0 && !editing) {
    // As the loc cell draws it: the origin every drawn row shares is shown in the header, kept here for screen readers only.
    const shown = row && readableUrl(row.loc);
    // A homepage without its slash is all origin: it keeps it in sight.
    const shared =
      shown !== undefined && slot.origin !== null && shown.startsWith(slot.origin) && shown !== slot.origin
        ? slot.origin
        : '';
    return <LoadingRow pos={pos} top={top} loc={shown?.slice(shared.length)} origin={shared} />;
  }
  // One handler of each kind on the row, not one per cell: fewer props for React to set on every row that scrolls into view.
  const colOf = (e: MouseEvent | PointerEvent) => cellOf(e.target)?.col ?? -1;
  const onPointerOver = (e: PointerEvent) => {
    const col = colOf(e);
    if (col !== titleCol) setTitleCol(col);
  };
  const onClick = (e: MouseEvent) => {
    const col = colOf(e);
    // Ctrl/Cmd+click toggles a row, as in a file manager; Shift+click extends the cell range (the grid's mouse handlers).
    if (!row || col < 0 || layout[col]?.id === 'select' || !(e.ctrlKey || e.metaKey) || editing) return;
    e.preventDefault();
    actions.toggleSelect(pos, row.id, false);
  };
  const onDoubleClick = (e: MouseEvent) => {
    const col = colOf(e);
    if (col >= 0 && layout[col]?.meta.field) actions.startEdit(pos, col);
  };
  return (
    <div
      role="row"
      aria-rowindex={pos + 1}
      aria-selected={selected}
      aria-busy={row ? undefined : true}
      className={className}
      style={{ transform: `translateY(${top}px)` }}
      data-pos={pos}
      data-row-id={row?.id}
      data-stale={row && stale ? true : undefined}
      onPointerOver={onPointerOver}
      onPointerLeave={() => setTitleCol(-1)}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
    >
      {layout.map((spec, col) => {
        const meta = spec.meta;
        const Editor = editing?.col === col ? meta.editor : undefined;
        const inRange = rangeCols >= 0 && col >= Math.floor(rangeCols / 1000) && col <= rangeCols % 1000;
        return (
          <div
            key={spec.id}
            role="gridcell"
            aria-colindex={col + 1}
            aria-readonly={meta.field ? undefined : true}
            aria-selected={inRange || undefined}
            className={`${spec.className}${focusCol === col ? ' ut-focused' : ''}${inRange ? ' ut-in-range' : ''}${Editor ? ' ut-editing' : ''}`}
            style={spec.style}
            tabIndex={tabCol === col ? 0 : -1}
            title={row && (titleCol === col || focusCol === col) ? meta.title?.(row, words) : undefined}
          >
            {Editor && editing ? (
              <Editor
                label={words.t('grid.editLabel', { label: columnLabel(meta, words), row: pos + 1 })}
                editing={editing}
                actions={actions}
              />
            ) : (
              meta.draw(slot, actions, spec.size)
            )}
          </div>
        );
      })}
    </div>
  );
}, sameRow);

/**
 * A row whose data is still on its way, as one empty cell across the row:
 * a dragged scrollbar passes a window of them every frame, and each frame
 * restyled every cell of every such row (230 elements a frame at 19 rows,
 * traced). A row holding the focus or the tab stop keeps its cells, so focus
 * never falls out of the grid while its data loads.
 *
 * In a sweep a row whose data is here is the same element, the same
 * classes, with its loc as the cell's text, under the loc column: arriving
 * rows then change a text in place, where drawing them whole built, styled
 * and laid out ~18 elements a row, and took them down again a frame later.
 */
function LoadingRow({
  pos,
  top,
  loc,
  origin = '',
}: {
  pos: number;
  top: number;
  loc?: string | undefined;
  origin?: string;
}) {
  const here = loc !== undefined;
  return (
    <div
      role="row"
      aria-rowindex={pos + 1}
      aria-busy={here ? undefined : true}
      className="ut-row ut-loading"
      style={{ transform: `translateY(${top}px)` }}
      data-pos={pos}
    >
      <div role="gridcell" aria-colindex={1} aria-readonly className="ut-cell ut-loading-cell" tabIndex={-1}>
        {origin !== '' && <span className="ut-origin visually-hidden">{origin}</span>}
        {loc}
      </div>
    </div>
  );
}

/** Equal props, compared one by one (React's default would do the same, this says which matter). */
function sameRow(a: GridRowProps, b: GridRowProps): boolean {
  return (
    a.slot === b.slot &&
    a.layout === b.layout &&
    a.stale === b.stale &&
    a.sweep === b.sweep &&
    a.top === b.top &&
    a.focusCol === b.focusCol &&
    a.rangeCols === b.rangeCols &&
    a.tabCol === b.tabCol &&
    a.editing === b.editing &&
    a.actions === b.actions
  );
}

function worstSeverity(row: RowView): 'error' | 'warning' | 'info' | null {
  let worst: 'error' | 'warning' | 'info' | null = null;
  for (const p of row.problems) {
    if (p.severity === 'error') return 'error';
    if (p.severity === 'warning') worst = 'warning';
    else if (!worst) worst = 'info';
  }
  return worst;
}
