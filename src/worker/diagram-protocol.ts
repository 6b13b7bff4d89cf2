/*
 * The messages of the diagram view: its levels (cut to a few boxes each,
 * built in the worker), a branch moved or renamed with its preview, and the
 * redirect map of the session's loc changes.
 */
import type { BranchEdit } from '../core/edit/move-branch';
import type { DiagramAsk } from '../core/view/diagram-levels';
import type { RedirectFormat } from '../core/write/redirect-map';
import type { BulkOutcome } from './protocol';

export type DiagramRequest =
  /** The levels asked for, by one pass over the rows; the answer is a Map from key to TreeChildren. */
  | { type: 'diagram-levels'; id: number; asks: DiagramAsk[] }
  /** What a branch edit would change, with its first `limit` changes; the answer is a BranchPreview. */
  | { type: 'branch-preview'; id: number; edit: BranchEdit; limit: number }
  /** Applies a branch edit as one undo step; the answer is a BranchOutcome. */
  | { type: 'branch-edit'; id: number; edit: BranchEdit; siteUrl?: string }
  /** The redirect map of the loc changes that can be undone now; the answer is a RedirectDownload. */
  | { type: 'redirect-map'; id: number; format: RedirectFormat };

/** What a branch edit would do: the new key, the rows it changes, the first changes, and what to warn of. */
export interface BranchPreview {
  /** Why it cannot be done; then nothing else is set. */
  error: string | null;
  from: string;
  to: string;
  affected: number;
  /** Changed rows whose loc would become unusable (missing, relative, another scheme, white space). */
  breaking: number;
  /** Changed rows whose new loc another row already has: they would become duplicates. */
  collisions: number;
  samples: { row: number; before: string; after: string }[];
}

export interface BranchOutcome extends BulkOutcome {
  /** The branch's new key (what the table and the diagram show next). */
  to: string;
}

/** A redirect map as the page saves it. */
export interface RedirectDownload {
  fileName: string;
  mimeType: string;
  text: string;
  /** Redirects in it. */
  count: number;
}
