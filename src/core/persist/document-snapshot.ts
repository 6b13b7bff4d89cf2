/*
 * The whole document as plain data to save in the browser (IndexedDB) and
 * read back after a reload or a crash. The rows go in their columnar form
 * (a few big strings and typed arrays), which the structured clone copies in
 * bulk: saving 100,000 rows does not make 100,000 objects.
 */
import { UrlRows } from '../rows/rows';
import { type RowsSnapshot } from '../rows/row-forms';
import type { SitemapSet } from '../read/sitemap-set';
import type { IndexEntry, SourceFile } from '../rows/types';
import type { Problem } from '../rules/problem';
import type { OpenedFrom } from '../live/opened-from';

/** Bumped whenever the stored shape changes; an older save is then not read. */
export const SNAPSHOT_VERSION = 1;

export interface DocumentSnapshot {
  version: number;
  /** When it was taken, in ms since the epoch. */
  savedAt: number;
  /** The Site URL the rows were checked against ('' when none). */
  siteUrl: string;
  files: SourceFile[];
  sitemaps: IndexEntry[];
  /** File-level problems found while reading. */
  problems: Problem[];
  rows: RowsSnapshot;
  /**
   * The undo history saved with the rows (the worker's entries, newest last;
   * see worker/history.ts), so it survives a reload. Missing in older saves.
   */
  history?: SavedHistory;
  /** The "before" set of a comparison, saved as a document of its own. Missing when there is none. */
  compare?: DocumentSnapshot;
  /** The live URLs the set was opened from (Open URL); missing when it was read from files. */
  openedFrom?: OpenedFrom[];
}

/** Undo and redo steps as data: what can be undone (oldest first) and what can be redone (next last). */
export interface SavedHistory {
  done: unknown[];
  undone: unknown[];
}

/** The set as data to store. The typed arrays and lists are copies: later edits do not reach it. */
export function snapshotSet(set: SitemapSet, siteUrl: string, savedAt: number): DocumentSnapshot {
  return {
    version: SNAPSHOT_VERSION,
    savedAt,
    siteUrl,
    files: set.files.map((f) => ({ ...f })),
    sitemaps: set.sitemaps.map((s) => ({ ...s })),
    problems: set.problems.map((p) => ({ ...p })),
    rows: set.rows.toSnapshot(),
  };
}

/**
 * The set saved by {@link snapshotSet}. Throws a RangeError for a snapshot of
 * another version or one that does not hold together.
 */
export function restoreSet(snapshot: DocumentSnapshot): SitemapSet {
  if (typeof snapshot !== 'object' || snapshot === null) throw new RangeError('The saved work is not a document.');
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new RangeError(`The saved work is of another version (${String(snapshot.version)}) and cannot be read.`);
  }
  if (!Array.isArray(snapshot.files) || !Array.isArray(snapshot.sitemaps) || !Array.isArray(snapshot.problems)) {
    throw new RangeError('The saved work is damaged: its file list is missing.');
  }
  return {
    rows: UrlRows.fromSnapshot(snapshot.rows),
    files: snapshot.files,
    sitemaps: snapshot.sitemaps,
    problems: snapshot.problems,
  };
}
