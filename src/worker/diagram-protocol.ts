/*
 * The messages of the diagram view: its levels (cut to a few boxes each,
 * built in the worker), a branch moved or renamed with its preview, and the
 * redirect map of the session's loc changes.
 */
import type { DiagramLevel } from '../core/view/diagram-pages';
import type { BulkOutcome } from './protocol';

/** The whole board: its levels, each branch with its page, down to the depth that fits the boxes asked for. */
export interface DiagramBoard {
  levels: Map<string, DiagramLevel>;
  /** A depth was left out (or the first level cut): the board does not hold every page. */
  cut: boolean;
}

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
  /** Redirects it leaves out, listed in its comments: the format could not hold them safely. */
  leftOut: number;
}
