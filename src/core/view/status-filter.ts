import type { UrlRows } from '../rows/rows';
import { statusKey } from '../plan/plan-fields';

/** `status:planned`, `status:"to remove"` in the table's filter text (at its start or after a space). */
const STATUS_TOKEN = /(^|\s)status:(?:"([^"]*)"|(\S*))/i;

/**
 * The table's filter text without its `status:` word, and the status it asks
 * for in its compared form (see statusKey: `status:live` is ''); null when
 * the text names none.
 */
export function splitStatusFilter(text: string): { text: string; status: string | null } {
  const m = STATUS_TOKEN.exec(text);
  if (!m) return { text, status: null };
  const rest = (text.slice(0, m.index) + (m[1] ?? '') + text.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();
  return { text: rest, status: statusKey(m[2] ?? m[3] ?? '') };
}

/**
 * Whether the row at a position has a status (as {@link statusKey} compares
 * them; '' is Live, which every row without a plan is). The plans are few:
 * the ids that match (or, for Live, that do not) are gathered once.
 */
export function statusMatcher(rows: UrlRows, status: string): (i: number) => boolean {
  const ids = new Set<number>();
  for (const [id, plan] of rows.plan.entries())
    if ((statusKey(plan.status) === status) !== (status === '')) ids.add(id);
  const ofRow = rows.id;
  return status === '' ? (i) => !ids.has(ofRow[i] as number) : (i) => ids.has(ofRow[i] as number);
}
