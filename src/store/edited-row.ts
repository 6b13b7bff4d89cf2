import { recheckField } from '../core/check/field-recheck';
import type { UrlField } from '../core/rows/types';
import type { RowView } from '../worker/protocol';

/**
 * A row as the worker will answer an edit of it: the new value, and its
 * problems re-checked where the field's rules need no other row (lastmod,
 * changefreq, priority); a loc keeps its old problems until the answer. The
 * table draws it in the frame after the keystroke: the worker's answer only
 * runs after that frame (Chromium defers a page's tasks behind the frame
 * after input), and is drawn instead only when it differs (sameRow).
 */
export function editedRow(row: RowView, field: UrlField, value: string): RowView {
  const problems = recheckField(row.problems, field, value);
  return { ...row, [field]: value, problems: problems ?? row.problems };
}

/** True when two rows draw alike: same values, same problems in the same order. */
export function sameRow(a: RowView | undefined, b: RowView): boolean {
  if (
    !a ||
    a.id !== b.id ||
    a.loc !== b.loc ||
    a.lastmod !== b.lastmod ||
    a.changefreq !== b.changefreq ||
    a.priority !== b.priority
  )
    return false;
  if (a.ext !== b.ext || a.extSummary !== b.extSummary || a.file !== b.file || a.problems.length !== b.problems.length)
    return false;
  return a.problems.every((p, i) => {
    const q = b.problems[i];
    return q !== undefined && p.code === q.code && p.severity === q.severity && p.message === q.message;
  });
}
