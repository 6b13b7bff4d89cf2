import { useCallback, useMemo } from 'react';
import {
  functionalUpdate,
  useTable,
  type ColumnSizingState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { SortKey, ViewQuery } from '../../core/view/query';
import { useAppStore } from '../../store/app-store';
import { drawnOrder, fitPrefs, moveColumn, moveColumnTo, type ColumnPrefs } from './column-prefs';
import { COLUMN_IDS, COLUMNS, DEFAULT_PINNED } from './columns';
import { GRID_FEATURES, type GridSlot, type RowActions } from './grid-model';

export interface GridTableInput {
  /** The rows drawn. */
  data: GridSlot[];
  /** The grid's inner width in px: the fill column takes what the others leave of it. */
  width: number;
  sort: ViewQuery['sort'];
  onSort: (sort: ViewQuery['sort']) => void;
  actions: RowActions;
}

/** What the Columns menu changes besides TanStack's own column APIs. */
export interface LayoutCommands {
  /** Every column id as drawn (pinned ones first), hidden ones included. */
  order: readonly string[];
  wrap: boolean;
  setWrap: (wrap: boolean) => void;
  move: (id: string, step: -1 | 1) => void;
  /** False when `move` would do nothing (an end, or the pinned columns' edge). */
  canMove: (id: string, step: -1 | 1) => boolean;
  /** A header dragged onto another's: it takes that column's place. */
  moveTo: (id: string, target: string) => void;
  /** False when `moveTo` would do nothing (the same column, or across the pinned columns' edge). */
  canMoveTo: (id: string, target: string) => boolean;
  reset: () => void;
}

const BY_ID = new Map(COLUMNS.map((c) => [c.id as string, c]));
const FILL_ID = COLUMNS.find((c) => c.meta?.fill)?.id as string | undefined;
/** The least share of the grid's width the fill column takes. */
const FILL_SHARE = 0.55;

/**
 * TanStack Table in manual mode over the rows drawn: it owns the column model
 * (sizes, resizing, visibility, order, pinning), kept in the store's settings;
 * the sort it shows is the worker's (`manualSorting`), changed through `onSort`.
 */
export function useGridTable({ data, width, sort, onSort, actions }: GridTableInput) {
  const stored = useAppStore((s) => s.columnLayout);
  const setColumnLayout = useAppStore((s) => s.setColumnLayout);
  const prefs = useMemo(() => fitPrefs(stored, COLUMN_IDS, DEFAULT_PINNED), [stored]);
  const crawl = useAppStore((s) => s.summary?.coverage ?? null);
  // A crawl's column the set has no data for is hidden, whatever the layout says; shown by default when it has.
  const visibility = useMemo(() => {
    const absent = { depth: !crawl?.depth, inlinks: !crawl?.inlinks };
    const out = { ...prefs.visibility };
    for (const [id, off] of Object.entries(absent)) if (off) out[id] = false;
    return out;
  }, [prefs.visibility, crawl?.depth, crawl?.inlinks]);
  // A change that changes nothing leaves the store (and its storage) alone.
  const setPrefs = useCallback(
    (change: (p: ColumnPrefs) => ColumnPrefs) =>
      setColumnLayout((current) => {
        const fitted = fitPrefs(current, COLUMN_IDS, DEFAULT_PINNED);
        const next = change(fitted);
        return next === fitted ? current : next;
      }),
    [setColumnLayout],
  );

  const fillWidth = useMemo(() => {
    if (!FILL_ID) return 0;
    let others = 0;
    for (const id of COLUMN_IDS) {
      if (id !== FILL_ID && visibility[id] !== false) others += prefs.sizing[id] ?? BY_ID.get(id)?.size ?? 0;
    }
    const fill = BY_ID.get(FILL_ID);
    // At least about half the grid: the end of a URL tells it from its
    // neighbours, and the columns that do not fit scroll sideways past the pinned ones.
    return Math.max(fill?.minSize ?? 0, fill?.size ?? 0, Math.floor(width - others), Math.floor(width * FILL_SHARE));
  }, [prefs.sizing, visibility, width]);

  const columnSizing = useMemo<ColumnSizingState>(
    () => (FILL_ID && prefs.sizing[FILL_ID] === undefined ? { ...prefs.sizing, [FILL_ID]: fillWidth } : prefs.sizing),
    [prefs.sizing, fillWidth],
  );
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.key, desc: sort.dir === 'desc' }] : []), [sort]);
  const columnPinning = useMemo(() => ({ start: prefs.pinned, end: [] }), [prefs.pinned]);
  const meta = useMemo(() => ({ actions }), [actions]);

  const table = useTable(
    {
      features: GRID_FEATURES,
      columns: COLUMNS,
      data,
      getRowId: (slot) => String(slot.pos),
      meta,
      manualSorting: true,
      enableMultiSort: false,
      sortDescFirst: false,
      columnResizeMode: 'onChange',
      state: { columnSizing, columnVisibility: visibility, columnOrder: prefs.order, columnPinning, sorting },
      onColumnSizingChange: (updater: Updater<ColumnSizingState>) =>
        setPrefs((p) => {
          const next = functionalUpdate(updater, columnSizing);
          // Only the widths the user changed are kept: the fill column keeps filling until it is sized itself.
          const sizing: ColumnSizingState = { ...p.sizing };
          for (const [id, px] of Object.entries(next))
            if (px !== columnSizing[id] || id in p.sizing) sizing[id] = Math.round(px);
          return { ...p, sizing };
        }),
      onColumnVisibilityChange: (updater) =>
        setPrefs((p) => ({ ...p, visibility: onlyHidden(functionalUpdate(updater, p.visibility)) })),
      onColumnOrderChange: (updater) => setPrefs((p) => ({ ...p, order: functionalUpdate(updater, p.order) })),
      onColumnPinningChange: (updater) =>
        setPrefs((p) => ({ ...p, pinned: functionalUpdate(updater, { start: p.pinned, end: [] }).start })),
      onSortingChange: (updater) => {
        const first = functionalUpdate(updater, sorting)[0];
        onSort(first ? { key: first.id as SortKey, dir: first.desc ? 'desc' : 'asc' } : null);
      },
    },
    (state) => state,
  );

  const layout = useMemo<LayoutCommands>(
    () => ({
      order: drawnOrder(prefs),
      wrap: prefs.wrap,
      setWrap: (wrap) => setPrefs((p) => ({ ...p, wrap })),
      move: (id, step) => setPrefs((p) => moveColumn(p, id, step)),
      canMove: (id, step) => moveColumn(prefs, id, step) !== prefs,
      moveTo: (id, target) => setPrefs((p) => moveColumnTo(p, id, target)),
      canMoveTo: (id, target) => moveColumnTo(prefs, id, target) !== prefs,
      reset: () => setColumnLayout(null),
    }),
    [prefs, setPrefs, setColumnLayout],
  );
  return { table, layout };
}

function onlyHidden(visibility: Record<string, boolean>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [id, shown] of Object.entries(visibility)) if (!shown) out[id] = false;
  return out;
}
