import { memo, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { RowView } from '../../worker/protocol';
import { formatNumber } from '../format';
import { COLUMNS, type Column } from './columns';

/** The one cell being edited. */
export interface CellDraft {
  col: number;
  draft: string;
  /** Where the caret goes when the editor opens: a typed first character keeps it at the end. */
  caret: 'all' | 'end';
}

export type CommitMove = 'stay' | 'next' | 'prev' | 'none';

/** What rows call back; one stable object for every row, so rows re-render only when their own props change. */
export interface RowActions {
  toggleSelect: (pos: number, id: number, shift: boolean) => void;
  startEdit: (pos: number, col: number) => void;
  setDraft: (draft: string) => void;
  commit: (move: CommitMove) => void;
  cancel: () => void;
  /** Opens the row's details panel (its extensions, hreflang alternates to edit). */
  openDetails: (rowId: number) => void;
}

export interface GridRowProps {
  pos: number;
  row: RowView | undefined;
  /** The row shown is from the view before the last change, until the fresh one arrives. */
  stale: boolean;
  /** px from the body's top. */
  top: number;
  selected: boolean;
  /** The focused cell's column when it is in this row, else -1. */
  focusCol: number;
  /** The column of the grid's one tab stop when it is in this row, else -1. */
  tabCol: number;
  editing: CellDraft | null;
  actions: RowActions;
}

const MAX_BADGES = 3;

export const GridRow = memo(function GridRow({ pos, row, stale, top, selected, focusCol, tabCol, editing, actions }: GridRowProps) {
  const worst = row ? worstSeverity(row) : null;
  const className = ['ut-row', worst && `ut-row-${worst}`, selected && 'ut-selected', !row && 'ut-loading'].filter(Boolean).join(' ');
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
    >
      {COLUMNS.map((column, col) => (
        <div
          key={column.id}
          role="gridcell"
          aria-colindex={col + 1}
          aria-readonly={column.field ? undefined : true}
          className={`ut-cell ut-col-${column.id}${focusCol === col ? ' ut-focused' : ''}${editing?.col === col ? ' ut-editing' : ''}`}
          tabIndex={tabCol === col ? 0 : -1}
          data-cell={`${pos}:${col}`}
          title={row ? titleOf(column, row) : undefined}
          onDoubleClick={column.field ? () => actions.startEdit(pos, col) : undefined}
          onClick={row && column.id !== 'select' ? (e) => {
            // Ctrl/Cmd+click toggles a row, Shift+click selects a range, as in a file manager.
            if (!(e.ctrlKey || e.metaKey || e.shiftKey) || editing) return;
            e.preventDefault();
            actions.toggleSelect(pos, row.id, e.shiftKey);
          } : undefined}
        >
          {editing?.col === col ? (
            <CellEditor column={column} editing={editing} actions={actions} rowNumber={pos + 1} />
          ) : (
            <CellContent column={column} row={row} pos={pos} selected={selected} actions={actions} />
          )}
        </div>
      ))}
    </div>
  );
});

function CellContent({ column, row, pos, selected, actions }: { column: Column; row: RowView | undefined; pos: number; selected: boolean; actions: RowActions }) {
  if (column.id === 'index') return <>{formatNumber(pos + 1)}</>;
  if (!row) return column.id === 'loc' ? <span className="ut-placeholder" aria-label="Loading">…</span> : null;
  switch (column.id) {
    case 'select':
      return (
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          aria-label={`Select row ${pos + 1}`}
          onChange={noop}
          onClick={(e: MouseEvent<HTMLInputElement>) => actions.toggleSelect(pos, row.id, e.shiftKey)}
        />
      );
    case 'loc':
    case 'lastmod':
    case 'changefreq':
    case 'priority':
      // Text, never a link: an imported `javascript:` loc must not become clickable.
      return <>{row[column.id]}</>;
    case 'ext':
      // A button on every row: a row without extensions can still get hreflang alternates.
      return (
        <button
          type="button"
          tabIndex={-1}
          className={`ut-ext-button${row.ext > 0 ? '' : ' ut-ext-none'}`}
          aria-label={`Details of row ${pos + 1}${row.ext > 0 ? `: ${row.extSummary}` : ': no extensions'}`}
          onClick={() => actions.openDetails(row.id)}
        >
          {row.ext > 0 ? formatNumber(row.ext) : '+'}
        </button>
      );
    case 'file':
      return <>{row.file}</>;
    case 'problems':
      return <ProblemBadges row={row} />;
    default:
      return null;
  }
}

function ProblemBadges({ row }: { row: RowView }) {
  if (row.problems.length === 0) return null;
  const shown = row.problems.slice(0, MAX_BADGES);
  return (
    <span className="ut-badges">
      {shown.map((p, i) => (
        <span key={i} className={`ut-badge ut-badge-${p.severity}`} data-code={p.code}>
          {p.code}
        </span>
      ))}
      {row.problems.length > MAX_BADGES && <span className="ut-more">+{row.problems.length - MAX_BADGES}</span>}
    </span>
  );
}

function CellEditor({ column, editing, actions, rowNumber }: { column: Column; editing: CellDraft; actions: RowActions; rowNumber: number }) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = editing.caret;
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    if (caret === 'all') input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
    // Only when the editor opens.
  }, [caret]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The grid's own keys (arrows, Delete) must not act while typing.
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.commit('stay');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      actions.commit(e.shiftKey ? 'prev' : 'next');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      actions.cancel();
    }
  };

  return (
    <input
      ref={ref}
      className="ut-editor"
      aria-label={`${column.label} of row ${rowNumber}`}
      value={editing.draft}
      spellCheck={false}
      autoComplete="off"
      list={column.id === 'changefreq' ? CHANGEFREQ_LIST_ID : undefined}
      onChange={(e) => actions.setDraft(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => actions.commit('none')}
      onDoubleClick={(e) => e.stopPropagation()}
    />
  );
}

export const CHANGEFREQ_LIST_ID = 'ut-changefreq-values';

function titleOf(column: Column, row: RowView): string | undefined {
  switch (column.id) {
    case 'loc':
    case 'lastmod':
      return row[column.id] || undefined;
    case 'ext':
      return row.extSummary || undefined;
    case 'file':
      return row.file;
    case 'problems':
      return row.problems.length > 0 ? row.problems.map((p) => `${p.code}: ${p.message}`).join('\n') : undefined;
    default:
      return undefined;
  }
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

function noop(): void {}
