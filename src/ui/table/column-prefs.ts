/*
 * How the user laid out the grid's columns (widths, hidden ones, order, pinned
 * ones, wrapped URLs). The store keeps it among the settings, checked for its
 * shape (store/column-layout.ts); here it is fitted to the columns that
 * exist: a column renamed or removed in a later version falls back to the
 * default instead of breaking the grid.
 */
import type { ColumnLayout } from '../../store/column-layout';

export { MAX_COLUMN_PX } from '../../store/column-layout';

/** A layout fitted to the grid's columns: every part present. */
export type ColumnPrefs = Required<ColumnLayout>;

/** The layout with nothing stored. */
export function defaultPrefs(ids: readonly string[], pinned: readonly string[]): ColumnPrefs {
  return { sizing: {}, visibility: {}, order: [...ids], pinned: [...pinned], wrap: false };
}

/** The stored layout (null: none) with only what fits the columns `ids`, and the columns it lacks at the end. */
export function fitPrefs(layout: ColumnLayout | null, ids: readonly string[], pinned: readonly string[]): ColumnPrefs {
  const out = defaultPrefs(ids, pinned);
  if (layout === null) return out;
  const known = new Set(ids);
  for (const [id, px] of Object.entries(layout.sizing)) if (known.has(id)) out.sizing[id] = px;
  for (const [id, shown] of Object.entries(layout.visibility)) if (known.has(id) && !shown) out.visibility[id] = false;
  if (layout.order) {
    const order = layout.order.filter((id) => known.has(id));
    // Columns added since the order was stored go at the end.
    out.order = [...order, ...ids.filter((id) => !order.includes(id))];
  }
  if (layout.pinned) out.pinned = layout.pinned.filter((id) => known.has(id));
  out.wrap = layout.wrap;
  return out;
}

/** The columns as drawn: the pinned ones first (in pinning order), then the others in their order. */
export function drawnOrder(prefs: Pick<ColumnPrefs, 'order' | 'pinned'>): string[] {
  return [...prefs.pinned, ...prefs.order.filter((id) => !prefs.pinned.includes(id))];
}

/**
 * The prefs with column `id` moved one place left (-1) or right (+1) as
 * drawn. A pinned column moves among the pinned ones, another among the
 * others: crossing the pinned edge is pinning, not moving.
 */
export function moveColumn<T extends Pick<ColumnPrefs, 'order' | 'pinned'>>(prefs: T, id: string, step: -1 | 1): T {
  const drawn = drawnOrder(prefs);
  const neighbour = drawn[drawn.indexOf(id) + step];
  if (!drawn.includes(id) || neighbour === undefined) return prefs;
  const pinned = prefs.pinned.includes(id);
  if (pinned !== prefs.pinned.includes(neighbour)) return prefs;
  return pinned
    ? { ...prefs, pinned: swap(prefs.pinned, id, neighbour) }
    : { ...prefs, order: swap(prefs.order, id, neighbour) };
}

/**
 * The prefs with column `id` dropped on column `target` (a header dragged
 * onto another): it takes the target's place as drawn, the columns between
 * shift by one. Refused (the same prefs) across the pinned edge: the pinned
 * columns stay first.
 */
export function moveColumnTo<T extends Pick<ColumnPrefs, 'order' | 'pinned'>>(prefs: T, id: string, target: string): T {
  const drawn = drawnOrder(prefs);
  if (id === target || !drawn.includes(id) || !drawn.includes(target)) return prefs;
  const pinned = prefs.pinned.includes(id);
  if (pinned !== prefs.pinned.includes(target)) return prefs;
  const list = pinned ? prefs.pinned : prefs.order;
  const without = list.filter((c) => c !== id);
  // Moving right lands after the target, moving left before it.
  const at = without.indexOf(target) + (list.indexOf(id) < list.indexOf(target) ? 1 : 0);
  const next = [...without.slice(0, at), id, ...without.slice(at)];
  return pinned ? { ...prefs, pinned: next } : { ...prefs, order: next };
}

function swap(ids: readonly string[], a: string, b: string): string[] {
  return ids.map((id) => (id === a ? b : id === b ? a : id));
}
