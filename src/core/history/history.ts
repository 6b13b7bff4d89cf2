/*
 * The undo history (the worker holds one beside the rows). An entry is the change itself, not a copy of the
 * rows: the cells it changed (before and after), the read flags and extension
 * elements it changed, and the whole rows it added or removed (which are the
 * only rows it keeps). Undo applies an entry backward, redo forward; a new
 * change after an undo drops what could have been redone.
 */
import type { SavedHistory } from '../persist/document-snapshot';
import { weightOf, type HistoryEntry } from './entry';

/** What the toolbar's Undo and Redo buttons need: whether each can run, and what it would do. */
export interface HistoryState {
  canUndo: boolean;
  /** "Fix all lastmod-format (12 cells)"; null when there is nothing to undo. */
  undoLabel: string | null;
  canRedo: boolean;
  redoLabel: string | null;
}

/** At most this many changes can be undone; the oldest are forgotten first. */
export const MAX_HISTORY_ENTRIES = 200;
/**
 * And at most this many changed cells and rows over all entries, so a series
 * of bulk changes over a million rows cannot fill the memory (the latest
 * change is always kept, however big).
 */
export const MAX_HISTORY_WEIGHT = 5_000_000;

/**
 * At most this many changed cells and rows of history are saved with the
 * document (the steps nearest to now first): about 10 MB at most, so a
 * series of bulk changes over a million rows does not make every save huge.
 */
export const MAX_SAVED_HISTORY_WEIGHT = 100_000;

export class History {
  private done: HistoryEntry[] = [];
  private undone: HistoryEntry[] = [];
  private weight = 0;

  /** Records a new change: what was undone can no longer be redone. */
  record(entry: HistoryEntry): void {
    this.done.push(entry);
    this.weight += weightOf(entry);
    for (const e of this.undone) this.weight -= weightOf(e);
    this.undone = [];
    while (this.done.length > 1 && (this.done.length > MAX_HISTORY_ENTRIES || this.weight > MAX_HISTORY_WEIGHT)) {
      this.weight -= weightOf(this.done.shift() as HistoryEntry);
    }
  }

  nextUndo(): HistoryEntry | undefined {
    return this.done[this.done.length - 1];
  }

  nextRedo(): HistoryEntry | undefined {
    return this.undone[this.undone.length - 1];
  }

  /** The next undo was applied: it becomes the next redo. */
  undid(): void {
    const e = this.done.pop();
    if (e) this.undone.push(e);
  }

  /** The next redo was applied: it becomes the next undo. */
  redid(): void {
    const e = this.undone.pop();
    if (e) this.done.push(e);
  }

  clear(): void {
    this.done = [];
    this.undone = [];
    this.weight = 0;
  }

  /** The entries that can be undone, oldest first (the redirect map reads their loc changes). */
  entries(): readonly HistoryEntry[] {
    return this.done;
  }

  /** Entries that can be undone and redone, and their total weight (for tests and diagnostics). */
  get size(): { undo: number; redo: number; weight: number } {
    return { undo: this.done.length, redo: this.undone.length, weight: this.weight };
  }

  /**
   * The steps to save with the document, within `maxWeight` cells and rows:
   * the next undo first, then the next redo, and so on outward; the steps
   * farthest from now are left out first. Each entry is copied (undo and redo
   * replace an entry's rows, and the save is written a moment later).
   */
  toSaved(maxWeight = MAX_SAVED_HISTORY_WEIGHT): SavedHistory {
    const done: HistoryEntry[] = [];
    const undone: HistoryEntry[] = [];
    let weight = 0;
    let d = this.done.length - 1;
    let u = this.undone.length - 1;
    while (d >= 0 || u >= 0) {
      const fromDone = d >= 0 && (u < 0 || this.done.length - 1 - d <= this.undone.length - 1 - u);
      const entry = (fromDone ? this.done[d] : this.undone[u]) as HistoryEntry;
      weight += weightOf(entry);
      if (weight > maxWeight) break;
      if (fromDone) {
        done.unshift({ ...entry });
        d--;
      } else {
        undone.unshift({ ...entry });
        u--;
      }
    }
    return { done, undone };
  }

  /**
   * Takes in saved steps (a restored document's). Steps that do not look like
   * entries are a damaged or foreign save: the history then starts empty.
   * Returns whether the saved steps were taken.
   */
  load(saved: SavedHistory | undefined): boolean {
    this.clear();
    if (!saved || !Array.isArray(saved.done) || !Array.isArray(saved.undone)) return false;
    if (![...saved.done, ...saved.undone].every(isEntry)) return false;
    this.done = saved.done as HistoryEntry[];
    this.undone = saved.undone as HistoryEntry[];
    for (const e of [...this.done, ...this.undone]) this.weight += weightOf(e);
    return true;
  }

  state(): HistoryState {
    const u = this.nextUndo();
    const r = this.nextRedo();
    return { canUndo: !!u, undoLabel: u?.label ?? null, canRedo: !!r, redoLabel: r?.label ?? null };
  }
}

function isEntry(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const entry = e as Partial<HistoryEntry>;
  const taken = (t: unknown) =>
    t === undefined ||
    (typeof t === 'object' &&
      t !== null &&
      (t as { ids?: unknown }).ids instanceof Uint32Array &&
      Array.isArray((t as { positions?: unknown }).positions));
  return (
    typeof entry.label === 'string' &&
    Array.isArray(entry.cells) &&
    Array.isArray(entry.flags) &&
    Array.isArray(entry.exts) &&
    (entry.plans === undefined || Array.isArray(entry.plans)) &&
    (entry.index === undefined || Array.isArray(entry.index)) &&
    taken(entry.removed) &&
    taken(entry.added)
  );
}
