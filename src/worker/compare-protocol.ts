/*
 * The messages of the Compare feature: the page loads a "before" set into the
 * worker, which keeps it beside the document and answers with counts and
 * small windows of differences, never a copy of either set.
 */
import type { DiffItem } from '../core/compare/diff-items';
import type { DiffCounts, DiffKind } from '../core/compare/diff-rows';
import type { SourceFile } from '../core/types';

export type CompareRequest =
  /** Reads files as the before set and compares; the answer is a CompareSummary. */
  | { type: 'compare-load'; id: number; files: File[] }
  /** The comparison with the current rows (recomputed if they changed); null when there is none. */
  | { type: 'compare-summary'; id: number }
  /** Differences `start` to `end` (exclusive) of one kind; the answer is a CompareWindow. */
  | { type: 'compare-items'; id: number; kind: DiffKind; start: number; end: number }
  /** The differences as CSV bytes; the answer is a CompareDownload. */
  | { type: 'compare-csv'; id: number }
  /** Forgets the before set. */
  | { type: 'compare-clear'; id: number };

/** What the Compare panel shows: the before files and the counts (see DiffCounts). */
export interface CompareSummary extends Pick<DiffCounts, 'added' | 'removed' | 'changed' | 'unchanged' | 'fields' | 'beforeRepeats' | 'afterRepeats'> {
  /** The before files as read (names, kinds, counts). */
  files: SourceFile[];
  /** Entries in the before set. */
  beforeUrls: number;
  /** Problems found while reading the before files (their messages are for `check`). */
  beforeProblems: number;
}

export interface CompareWindow {
  /** Differences of the kind in all. */
  total: number;
  items: DiffItem[];
}

export interface CompareDownload {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}
