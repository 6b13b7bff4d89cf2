/*
 * One step of the undo history: the change itself, never a copy of the rows.
 * Built once by the change that makes it (entryOf), applied forward on redo
 * and backward on undo (applyEntry).
 */
import { restoreRows, takeRows, type TakenRows } from '../edit/restore-rows';
import type { SitemapSet } from '../read/sitemap-set';
import {
  applyChanges,
  applyExtChanges,
  applyFlagChanges,
  applyIndexChanges,
  applyPlanChanges,
  type CellChange,
  type ExtChange,
  type FlagChange,
  type IndexChange,
  type PlanChange,
} from '../rows/changes';

export interface HistoryEntry {
  /** What the change did, in words: "Fix all lastmod-format (12 cells)". */
  label: string;
  cells: CellChange[];
  flags: FlagChange[];
  exts: ExtChange[];
  /** Plans of rows changed (the board's status, notes…); absent in entries that change none, and in older saves. */
  plans?: PlanChange[];
  /** Sitemap index entries changed (a relative child loc made absolute); absent when none, and in older saves. */
  index?: IndexChange[];
  /** Rows the change removed, with their data, ids and positions: put back on undo. */
  removed?: TakenRows;
  /** Rows the change added, as they were added: taken out on undo, put back on redo. */
  added?: TakenRows;
}

/** Cells and rows an entry holds: its cost in memory, roughly 100 B each plus the text. */
export function weightOf(entry: Omit<HistoryEntry, 'label'>): number {
  return (
    entry.cells.length +
    entry.flags.length +
    entry.exts.length +
    (entry.plans?.length ?? 0) +
    (entry.index?.length ?? 0) +
    (entry.removed?.ids.length ?? 0) +
    (entry.added?.ids.length ?? 0)
  );
}

/** Whether an entry changes plans only (no cell, flag, extension or row): nothing to re-check after it. */
export function isPlanOnly(e: HistoryEntry): boolean {
  return (e.plans?.length ?? 0) > 0 && weightOf({ ...e, plans: undefined }) === 0;
}

/** "(12 cells, 3 rows removed)": what an entry changed, for its label. */
function sizeOf(entry: Omit<HistoryEntry, 'label'>): string {
  const parts: string[] = [];
  const cells = entry.cells.length + entry.flags.length + entry.exts.length + (entry.plans?.length ?? 0);
  if (cells > 0) parts.push(`${cells.toLocaleString('en-US')} ${cells === 1 ? 'cell' : 'cells'}`);
  const index = entry.index?.length ?? 0;
  if (index > 0) parts.push(`${index.toLocaleString('en-US')} index ${index === 1 ? 'entry' : 'entries'}`);
  const removed = entry.removed?.ids.length ?? 0;
  if (removed > 0) parts.push(`${removed.toLocaleString('en-US')} ${removed === 1 ? 'row' : 'rows'} removed`);
  const added = entry.added?.ids.length ?? 0;
  if (added > 0) parts.push(`${added.toLocaleString('en-US')} ${added === 1 ? 'row' : 'rows'} added`);
  return parts.length > 0 ? `(${parts.join(', ')})` : '';
}

/** What a change did, before its label: any of its parts may be left out. */
export type EntryParts = Partial<Omit<HistoryEntry, 'label'>>;

/**
 * A history entry for a change: its parts, and the label with what it
 * changed appended unless `sized` is false ("Set lastmod to 2024-01-01 (12 cells)").
 */
export function entryOf(label: string, parts: EntryParts, sized = true): HistoryEntry {
  const entry: HistoryEntry = { label: '', cells: parts.cells ?? [], flags: parts.flags ?? [], exts: parts.exts ?? [] };
  if (parts.removed) entry.removed = parts.removed;
  if (parts.added) entry.added = parts.added;
  if (parts.plans && parts.plans.length > 0) entry.plans = parts.plans;
  if (parts.index && parts.index.length > 0) entry.index = parts.index;
  entry.label = (sized ? `${label} ${sizeOf(entry)}` : label).trim();
  return entry;
}

/**
 * Applies a history entry forward (as the change did: rows added, cells set,
 * rows removed) or backward (the exact reverse). The rows an entry adds or
 * removes are taken again at each step, so each redo or undo puts back
 * exactly what the previous one took out.
 */
export function applyEntry(set: SitemapSet, entry: HistoryEntry, direction: 'forward' | 'backward'): void {
  if (direction === 'forward') {
    if (entry.added) restoreRows(set, entry.added);
    applyChanges(set.rows, entry.cells, 'forward');
    applyFlagChanges(set.rows, entry.flags, 'forward');
    applyExtChanges(set.rows, entry.exts, 'forward');
    applyPlanChanges(set.rows, entry.plans ?? [], 'forward');
    applyIndexChanges(set.sitemaps, entry.index ?? [], 'forward');
    if (entry.removed) entry.removed = takeRows(set, entry.removed.ids);
  } else {
    if (entry.removed) restoreRows(set, entry.removed);
    applyIndexChanges(set.sitemaps, entry.index ?? [], 'backward');
    applyPlanChanges(set.rows, entry.plans ?? [], 'backward');
    applyExtChanges(set.rows, entry.exts, 'backward');
    applyFlagChanges(set.rows, entry.flags, 'backward');
    applyChanges(set.rows, entry.cells, 'backward');
    if (entry.added) entry.added = takeRows(set, entry.added.ids);
  }
  set.rows.seal();
}
