/*
 * User-timing marks on the edit's path, for the browser benchmark
 * (bench/browser/page-steps.ts), which says from them what holds an edit
 * back. Only the latest of each name is kept: a long session must not pile
 * up one entry per edit.
 */

/** The worker's answer to an edit reached the page. */
export const EDIT_ANSWERED = 'sitemap-editor:edit-answered';
/** The answer differed from the row the page had drawn (editedRow), which was drawn again. */
export const EDIT_REDRAWN = 'sitemap-editor:edit-redrawn';

export function markEdit(name: typeof EDIT_ANSWERED | typeof EDIT_REDRAWN): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}
