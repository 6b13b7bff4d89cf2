import { useId } from 'react';
import { useMenuPanel } from './useMenuPanel';
import { columnLabel, metaOf } from './grid-model';
import type { LayoutCommands, useGridTable } from './useGridTable';
import { useWords } from '../i18n/words';

type GridTable = ReturnType<typeof useGridTable>['table'];

/** The Columns button and its panel: show or hide each column, move it, pin it; wrap long URLs; back to the defaults. */
export function ColumnsMenu({ table, layout }: { table: GridTable; layout: LayoutCommands }) {
  const { open, setOpen, rootRef, buttonRef, onKeyDown } = useMenuPanel();
  const id = useId();
  const words = useWords();

  const columns = layout.order.map((columnId) => table.getColumn(columnId)).filter((c) => c !== undefined);
  return (
    <div className="ut-columns" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="button button-small"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {words.t('columns.button')}
      </button>
      {open && (
        <div id={`${id}-panel`} className="ut-columns-panel" role="group" aria-label={words.t('columns.panel')}>
          <ul className="ut-columns-list">
            {columns.map((column) => {
              const label = columnLabel(metaOf(column), words);
              const pinned = column.getIsPinned() !== false;
              return (
                <li key={column.id}>
                  <label className="ut-columns-name">
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={(e) => column.toggleVisibility(e.target.checked)}
                    />
                    {label}
                  </label>
                  <button
                    type="button"
                    className={`ut-columns-pin${pinned ? ' ut-on' : ''}`}
                    aria-pressed={pinned}
                    aria-label={words.t('columns.pinLabel', { label })}
                    title={words.t(pinned ? 'columns.pinned' : 'columns.pinLeft')}
                    onClick={() => column.pin(pinned ? false : 'start')}
                  >
                    {/* "Pin" either way, as its name says (axe: label-content-name-mismatch); pressed shows it is on. */}
                    {words.t('columns.pin')}
                  </button>
                  <button
                    type="button"
                    className="ut-columns-move"
                    aria-label={words.t('columns.moveLeft', { label })}
                    disabled={!layout.canMove(column.id, -1)}
                    onClick={() => layout.move(column.id, -1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="ut-columns-move"
                    aria-label={words.t('columns.moveRight', { label })}
                    disabled={!layout.canMove(column.id, 1)}
                    onClick={() => layout.move(column.id, 1)}
                  >
                    →
                  </button>
                </li>
              );
            })}
          </ul>
          <label className="ut-columns-wrap">
            <input type="checkbox" checked={layout.wrap} onChange={(e) => layout.setWrap(e.target.checked)} />
            {words.t('columns.wrap')}
          </label>
          <button type="button" className="button button-small" onClick={layout.reset}>
            {words.t('columns.reset')}
          </button>
        </div>
      )}
    </div>
  );
}
