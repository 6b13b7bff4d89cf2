/*
 * The messages of the Compare feature: the page loads a "before" set into the
 * worker, which keeps it beside the document and answers with counts and
 * small windows of differences, never a copy of either set.
 */
import type { DiffItem } from '../core/compare/diff-items';
import type { DiffCounts } from '../core/compare/diff-rows';
import type { SourceFile } from '../core/rows/types';

/** What the Compare panel shows: the before files and the counts (see DiffCounts). */
export interface CompareSummary extends Pick<
  DiffCounts,
  'added' | 'removed' | 'changed' | 'unchanged' | 'fields' | 'beforeRepeats' | 'afterRepeats'
> {
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
