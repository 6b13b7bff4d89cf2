/*
 * A block of cells pasted from a spreadsheet (or copied from the grid): its
 * text read as rows of tab-separated values, laid over the grid's columns
 * from the focused cell, each value checked as the rules check an edit.
 */
import { locMask } from '../rules/loc/loc-mask';
import type { UrlField } from '../rows/types';
import { checkBulkValue, LOC_BREAKING, planPasteColumn } from './bulk';
import type { CellChange } from '../rows/changes';
import type { UrlRows } from '../rows/rows';

/**
 * Tab-separated text as rows of cells: lines end in CRLF, LF or CR; a cell
 * in double quotes may hold tabs, line breaks and doubled quotes (as Excel,
 * LibreOffice and the grid's own copy write them). The empty line a
 * spreadsheet adds at the end is dropped; values are trimmed.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && cell.trim() === '') {
      // A quoted cell: up to the lone closing quote.
      let j = i + 1;
      let value = '';
      while (j < text.length) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      cell = value;
      i = j + 1;
      continue;
    }
    if (c === '\t') endCell();
    else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else cell += c;
    i++;
  }
  // Text that does not end with a line break has one more row.
  if (cell !== '' || row.length > 0 || rows.length === 0) endRow();
  return rows;
}

/** A column the block lands on: its label, and the field it edits (none for a read-only column). */
export interface BlockTarget {
  label: string;
  field?: UrlField;
}

/** A pasted value the rules would flag: where it lands (0-based view position) and why. */
export interface InvalidCell {
  pos: number;
  field: UrlField;
  value: string;
  reason: string;
}

/** The values of one field, for consecutive view rows from the block's first. */
export interface BlockColumn {
  field: UrlField;
  values: string[];
}

export interface BlockPlan {
  columns: BlockColumn[];
  /** Rows of the block that land on the view. */
  rows: number;
  /** Rows of the block past the view's end, left out. */
  cut: number;
  /** Labels of the read-only columns the block covers, whose values are left out. */
  readOnly: string[];
  /** Columns of the block past the last column, left out. */
  extraColumns: number;
  invalid: InvalidCell[];
  /** Values written (cells that land on an editable column). */
  cells: number;
}

/** Why a value is one the rules flag in `field`, or null; '' is fine in an optional field. */
export function pastedValueProblem(field: UrlField, value: string): string | null {
  if (field !== 'loc') return checkBulkValue(field, value);
  if (value === '') return 'a URL cannot be empty.';
  return locMask(value) & LOC_BREAKING ? `"${value}" is not an absolute http(s) URL without spaces.` : null;
}

/**
 * Lays `block` over the columns `targets` (the visible columns from the
 * focused one) and the view rows from `start`: what each editable column
 * gets, what is left out, and which values the rules would flag.
 */
export function planBlock(
  block: readonly (readonly string[])[],
  targets: readonly BlockTarget[],
  start: number,
  viewCount: number,
): BlockPlan {
  const rows = Math.max(0, Math.min(block.length, viewCount - start));
  const width = block.reduce((w, r) => Math.max(w, r.length), 0);
  const columns: BlockColumn[] = [];
  const readOnly: string[] = [];
  const invalid: InvalidCell[] = [];
  for (let k = 0; k < Math.min(width, targets.length); k++) {
    const target = targets[k] as BlockTarget;
    const field = target.field;
    if (!field) {
      readOnly.push(target.label);
      continue;
    }
    const values: string[] = [];
    for (let r = 0; r < rows; r++) {
      const value = block[r]?.[k] ?? '';
      values.push(value);
      const reason = pastedValueProblem(field, value);
      if (reason) invalid.push({ pos: start + r, field, value, reason });
    }
    columns.push({ field, values });
  }
  return {
    columns,
    rows,
    cut: block.length - rows,
    readOnly,
    extraColumns: Math.max(0, width - targets.length),
    invalid,
    cells: columns.length * rows,
  };
}

/** The cell changes of a pasted block: each column's values from view position `start` down (see planPasteColumn). */
export function planPasteBlock(
  rows: UrlRows,
  view: ArrayLike<number>,
  start: number,
  columns: readonly BlockColumn[],
): CellChange[] {
  return columns.flatMap((c) => planPasteColumn(rows, view, start, c.field, c.values));
}
