/**
 * How the user laid out the grid's columns, kept with the other settings.
 * The store knows no column ids: it keeps a layout of the right shape, and
 * the grid (ui/table/column-prefs.ts) fits it to the columns that exist.
 */
export interface ColumnLayout {
  /** Width in px of the columns the user resized; the others take their default. */
  sizing: Record<string, number>;
  /** false for a hidden column. */
  visibility: Record<string, boolean>;
  /** Column ids in the order drawn (pinned ones are drawn first whatever their place here). Missing: the default order. */
  order?: string[];
  /** Column ids pinned to the start, in order. Missing: the default pinning ([] is none pinned). */
  pinned?: string[];
  /** URLs wrap over two lines instead of being shortened. */
  wrap: boolean;
}

/** Widths outside this range are not taken from storage. */
export const MIN_COLUMN_PX = 24;
export const MAX_COLUMN_PX = 4000;

/** Where versions before settings version 2 kept the layout, on its own. */
export const OLD_COLUMNS_KEY = 'sitemap-editor:columns';

/**
 * A stored layout of the right shape, or null (the grid's default) for
 * anything that is not an object. Within one, each part is read on its own:
 * mistyped widths, widths out of range, shown flags (only hidden ones are
 * kept), non-string and repeated ids are dropped; an order or pinned list
 * that is not a list is left out, for the grid's default.
 */
export function readColumnLayout(data: unknown): ColumnLayout | null {
  if (!isRecord(data)) return null;
  const sizing: Record<string, number> = {};
  if (isRecord(data.sizing)) {
    for (const [id, px] of Object.entries(data.sizing)) {
      if (typeof px === 'number' && Number.isFinite(px) && px >= MIN_COLUMN_PX && px <= MAX_COLUMN_PX)
        sizing[id] = Math.round(px);
    }
  }
  const visibility: Record<string, boolean> = {};
  if (isRecord(data.visibility))
    for (const [id, shown] of Object.entries(data.visibility)) if (shown === false) visibility[id] = false;
  const layout: ColumnLayout = { sizing, visibility, wrap: data.wrap === true };
  if (Array.isArray(data.order)) layout.order = ids(data.order);
  if (Array.isArray(data.pinned)) layout.pinned = ids(data.pinned);
  return layout;
}

function ids(list: unknown[]): string[] {
  return [...new Set(list.filter((id): id is string => typeof id === 'string'))];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
