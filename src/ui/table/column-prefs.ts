/*
 * How the user laid out the grid's columns (widths, hidden ones, order, pinned
 * ones, wrapped URLs), kept in localStorage so a reload finds it as it was.
 * Stored values are checked against the columns that exist: a column renamed
 * or removed in a later version, or a hand-edited value, falls back to the
 * default instead of breaking the grid.
 */

export interface ColumnPrefs {
  /** Width in px of the columns the user resized; the others take their default. */
  sizing: Record<string, number>;
  /** false for a hidden column. */
  visibility: Record<string, boolean>;
  /** Every column id, in the order drawn (pinned ones are drawn first whatever their place here). */
  order: string[];
  /** Column ids pinned to the start, in order. */
  pinned: string[];
  /** URLs wrap over two lines instead of being shortened. */
  wrap: boolean;
}

export const COLUMN_PREFS_KEY = 'sitemap-editor:columns';

/** Widths outside this range are not taken from storage. */
export const MIN_COLUMN_PX = 24;
export const MAX_COLUMN_PX = 4000;

/** The layout with nothing stored. */
export function defaultPrefs(ids: readonly string[], pinned: readonly string[]): ColumnPrefs {
  return { sizing: {}, visibility: {}, order: [...ids], pinned: [...pinned], wrap: false };
}

/** Reads stored prefs (a JSON string or null), keeping only what fits the columns `ids`. */
export function parsePrefs(raw: string | null, ids: readonly string[], pinned: readonly string[]): ColumnPrefs {
  const out = defaultPrefs(ids, pinned);
  if (raw === null) return out;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof value !== 'object' || value === null) return out;
  const v = value as Partial<Record<keyof ColumnPrefs, unknown>>;
  const known = new Set(ids);
  if (isRecord(v.sizing)) {
    for (const [id, px] of Object.entries(v.sizing)) {
      if (known.has(id) && typeof px === 'number' && Number.isFinite(px) && px >= MIN_COLUMN_PX && px <= MAX_COLUMN_PX) out.sizing[id] = Math.round(px);
    }
  }
  if (isRecord(v.visibility)) {
    for (const [id, shown] of Object.entries(v.visibility)) if (known.has(id) && shown === false) out.visibility[id] = false;
  }
  if (Array.isArray(v.order)) {
    const order = unique(v.order.filter((id): id is string => typeof id === 'string' && known.has(id)));
    // Columns added since the order was stored go at the end.
    out.order = [...order, ...ids.filter((id) => !order.includes(id))];
  }
  if (Array.isArray(v.pinned)) out.pinned = unique(v.pinned.filter((id): id is string => typeof id === 'string' && known.has(id)));
  if (typeof v.wrap === 'boolean') out.wrap = v.wrap;
  return out;
}

/** Reads the prefs from storage; storage that is missing or refuses gives the defaults. */
export function loadPrefs(ids: readonly string[], pinned: readonly string[]): ColumnPrefs {
  try {
    return parsePrefs(window.localStorage.getItem(COLUMN_PREFS_KEY), ids, pinned);
  } catch {
    return defaultPrefs(ids, pinned);
  }
}

/** Writes the prefs; a full or refused storage keeps them for the session only. */
export function savePrefs(prefs: ColumnPrefs): void {
  try {
    window.localStorage.setItem(COLUMN_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Nothing to do but keep working.
  }
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
  return pinned ? { ...prefs, pinned: swap(prefs.pinned, id, neighbour) } : { ...prefs, order: swap(prefs.order, id, neighbour) };
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

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
