/*
 * What a change to the rows is, as data: the cells, read flags and extension
 * elements it changed (before and after), enough to apply it and to undo it.
 * Protocol data shared by the fixes, the edits, the worker's undo history and
 * the CLI.
 */
import type { UrlRows } from './rows';
import type { PlanFields } from '../plan/plan-fields';
import type { ExtElement, IndexEntry, UrlField } from './types';

/** One cell changed by a fix or an edit: enough to apply it and to undo it. */
export interface CellChange {
  /** Stable row id. */
  row: number;
  field: UrlField;
  before: string;
  after: string;
}

/**
 * One field of a sitemap index's `<sitemap>` entry changed by a fix or an
 * edit (a relative child loc made absolute), undoable like a cell.
 */
export interface IndexChange {
  /** The entry's position in `SitemapSet.sitemaps` (entries are never added or removed after reading). */
  entry: number;
  field: 'loc' | 'lastmod';
  before: string;
  after: string;
}

/** A row's extension elements replaced by a fix (ext-invalid: children put in schema order). */
export interface ExtChange {
  row: number;
  before: ExtElement[] | undefined;
  after: ExtElement[] | undefined;
}

/** A change of a row's read flags (duplicate-tag fixed), undoable like a cell. */
export interface FlagChange {
  row: number;
  before: number;
  after: number;
}

/** A row's plan (the board's status, notes, colour, owner, title) changed: undefined is no plan. */
export interface PlanChange {
  row: number;
  before: PlanFields | undefined;
  after: PlanFields | undefined;
}

/**
 * Applies or undoes plan changes, like {@link applyChanges}: by row id, so
 * no position is looked up; a change to a row that is gone throws.
 */
export function applyPlanChanges(
  rows: UrlRows,
  changes: readonly PlanChange[],
  direction: 'forward' | 'backward',
): void {
  if (changes.length === 0) return;
  const present = positionsOfIds(
    rows,
    changes.map((c) => c.row),
  );
  const ordered = direction === 'forward' ? changes : [...changes].reverse();
  for (const c of ordered) {
    positionOf(present, c.row);
    rows.plan.set(c.row, direction === 'forward' ? c.after : c.before);
  }
}

/** Positions of rows by id, in one pass (ids not found are absent). */
export function positionsOfIds(rows: UrlRows, ids: Iterable<number>): Map<number, number> {
  const wanted = new Set(ids);
  const out = new Map<number, number>();
  for (let i = 0; i < rows.length && out.size < wanted.size; i++) {
    const id = rows.id[i] ?? 0;
    if (wanted.has(id)) out.set(id, i);
  }
  return out;
}

function positionOf(positions: Map<number, number>, id: number): number {
  const p = positions.get(id);
  // A change to a row that is gone would silently break undo: fail loudly instead.
  if (p === undefined) throw new Error(`applyChanges: no row with id ${id}`);
  return p;
}

/**
 * Applies cell changes to the rows (forward: `after`), or undoes them
 * (backward: `before`, in reverse order so several changes of one cell
 * unwind correctly). Throws when a change names a row that is not there.
 */
export function applyChanges(rows: UrlRows, changes: readonly CellChange[], direction: 'forward' | 'backward'): void {
  const positions = positionsOfIds(
    rows,
    changes.map((c) => c.row),
  );
  if (direction === 'forward') {
    for (const c of changes) rows.columnOf(c.field).set(positionOf(positions, c.row), c.after);
  } else {
    for (let k = changes.length - 1; k >= 0; k--) {
      const c = changes[k] as CellChange;
      rows.columnOf(c.field).set(positionOf(positions, c.row), c.before);
    }
  }
}

/** Applies or undoes read-flag changes, like {@link applyChanges}. */
export function applyFlagChanges(
  rows: UrlRows,
  changes: readonly FlagChange[],
  direction: 'forward' | 'backward',
): void {
  const positions = positionsOfIds(
    rows,
    changes.map((c) => c.row),
  );
  const ordered = direction === 'forward' ? changes : [...changes].reverse();
  for (const c of ordered) rows.readFlags[positionOf(positions, c.row)] = direction === 'forward' ? c.after : c.before;
}

/** Applies or undoes extension changes, like {@link applyChanges}. */
export function applyExtChanges(rows: UrlRows, changes: readonly ExtChange[], direction: 'forward' | 'backward'): void {
  const positions = positionsOfIds(
    rows,
    changes.map((c) => c.row),
  );
  const ordered = direction === 'forward' ? changes : [...changes].reverse();
  for (const c of ordered) rows.ext[positionOf(positions, c.row)] = direction === 'forward' ? c.after : c.before;
}

/**
 * Applies or undoes changes of index entries, like {@link applyChanges};
 * throws when an entry is not there or does not hold the value the change
 * starts from (the entries are no longer what the history describes).
 */
export function applyIndexChanges(
  entries: IndexEntry[],
  changes: readonly IndexChange[],
  direction: 'forward' | 'backward',
): void {
  const ordered = direction === 'forward' ? changes : [...changes].reverse();
  for (const c of ordered) {
    const e = entries[c.entry];
    const from = direction === 'forward' ? c.before : c.after;
    if (!e || e[c.field] !== from) throw new Error(`applyIndexChanges: index entry ${c.entry} is not as recorded`);
    e[c.field] = direction === 'forward' ? c.after : c.before;
  }
}
