import type { RowView } from '../../worker/protocol';

/** A rectangle of cells: view positions `top`..`bottom` and visible column indexes `left`..`right`, inclusive. */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface CellAt {
  pos: number;
  col: number;
}

/** The range between a Shift+arrow anchor and the focused cell (the focused cell alone without an anchor). */
export function rangeOf(anchor: CellAt | null, focus: CellAt): CellRange {
  const a = anchor ?? focus;
  return {
    top: Math.min(a.pos, focus.pos),
    bottom: Math.max(a.pos, focus.pos),
    left: Math.min(a.col, focus.col),
    right: Math.max(a.col, focus.col),
  };
}

/** What a column copies of a row: its whole value, not what the cell draws. */
export interface CopyColumn {
  label: string;
  copy: (row: RowView, pos: number) => string;
}

/**
 * Rows as tab-separated values, the form spreadsheets paste: one line per
 * row, a value holding a tab, a line break or a quote in double quotes (RFC
 * 4180 style, as Excel and LibreOffice write them). With `header`, a first
 * line of the column labels.
 */
export function toTsv(
  rows: readonly { pos: number; row: RowView }[],
  columns: readonly CopyColumn[],
  header: boolean,
): string {
  const lines = rows.map(({ pos, row }) => columns.map((c) => tsvValue(c.copy(row, pos))).join('\t'));
  if (header) lines.unshift(columns.map((c) => tsvValue(c.label)).join('\t'));
  return lines.join('\n');
}

function tsvValue(value: string): string {
  return /[\t\n\r"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
