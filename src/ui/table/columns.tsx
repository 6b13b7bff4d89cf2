import {
  createColumnHelper,
  type CellContext,
  type CellData,
  type Column,
  type HeaderContext,
} from '@tanstack/react-table';
import { ChangefreqEditor, ExtButton, LocText, ProblemBadges, SelectBox, TextEditor } from './cells';
import { columnLabel, type GridColumnMeta, type GridFeatures, type GridSlot } from './grid-model';
import { useWords } from '../i18n/words';
import { readableUrl } from '../../core/view/readable-url';
import { problemText } from '../../i18n/problem-text';

const helper = createColumnHelper<GridFeatures, GridSlot>();

/** A header that sorts the view (in the worker) by its column: ascending, descending, then as imported. */
function SortButton<V extends CellData>({ column }: { column: Column<GridFeatures, GridSlot, V> }) {
  const dir = column.getIsSorted();
  const words = useWords();
  return (
    <button type="button" className="ut-sort" onClick={column.getToggleSortingHandler()}>
      {columnLabel(column.columnDef.meta as GridColumnMeta, words)}
      <span className="ut-sort-mark" aria-hidden="true">
        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
      </span>
    </button>
  );
}

/**
 * TanStack's cell for every column: the column's own `meta.draw`, which the
 * grid's rows call straight, without a TanStack cell object per drawn cell.
 */
const drawCell = <V extends CellData>({ row, column, table }: CellContext<GridFeatures, GridSlot, V>) =>
  column.columnDef.meta!.draw(row.original, table.options.meta!.actions, column.getSize());

const sortHeader = <V extends CellData>({ column }: HeaderContext<GridFeatures, GridSlot, V>) => (
  <SortButton column={column} />
);

/**
 * loc's header also names the origin every drawn loc shares, which the cells
 * then leave out of sight (screen readers still read it in each cell).
 */
function LocHeader<V extends CellData>({ column, table }: HeaderContext<GridFeatures, GridSlot, V>) {
  const origin = table.options.data[0]?.origin ?? null;
  const words = useWords();
  return (
    <>
      <SortButton column={column} />
      {origin !== null && (
        <span
          className="ut-head-origin"
          data-testid="shared-origin"
          title={words.t('table.everyUrlOn', { origin })}
          aria-hidden="true"
        >
          {origin}
        </span>
      )}
    </>
  );
}

function SelectHeader() {
  return <span className="visually-hidden">{useWords().t('column.select')}</span>;
}

/** The row's number, grouped as the page's language writes numbers. */
function RowNumber({ pos }: { pos: number }) {
  return useWords().n(pos + 1);
}

/*
 * Every column's header, cell, editor and size live here; the grid draws
 * whatever these say. Widths are px (the defaults of the rem-based layout at
 * 15 px); loc takes what the others leave until the user sizes it.
 */
export const COLUMNS = helper.columns([
  helper.display({
    id: 'select',
    header: () => <SelectHeader />,
    cell: drawCell,
    size: 34,
    minSize: 34,
    enableResizing: false,
    meta: {
      label: 'Select',
      words: 'column.select',
      draw: (slot, actions) => <SelectBox slot={slot} actions={actions} />,
      activate: (slot, actions) => slot.row && actions.toggleSelect(slot.pos, slot.row.id, false),
    },
  }),
  helper.display({
    id: 'index',
    header: '#',
    cell: drawCell,
    size: 60,
    minSize: 36,
    meta: { label: '#', draw: (slot) => <RowNumber pos={slot.pos} />, copy: (_r, pos) => String(pos + 1) },
  }),
  helper.accessor((s) => s.row?.loc ?? '', {
    id: 'loc',
    header: LocHeader,
    cell: drawCell,
    size: 270,
    minSize: 120,
    meta: {
      label: 'loc',
      draw: (slot) => <LocText slot={slot} />,
      field: 'loc',
      sortKey: 'loc',
      fill: true,
      title: (r) => readableUrl(r.loc) || undefined,
      copy: (r) => r.loc,
      editor: TextEditor,
    },
  }),
  // Right after loc: what is wrong matters more than the optional fields, and stays in view on narrow screens.
  helper.accessor((s) => s.row?.problems.length ?? 0, {
    id: 'problems',
    header: sortHeader,
    cell: drawCell,
    size: 120,
    minSize: 60,
    meta: {
      label: 'problems',
      words: 'column.problems',
      draw: (slot, _actions, width) => <ProblemBadges row={slot.row} width={width} />,
      sortKey: 'problems',
      copy: (r) => r.problems.map((p) => p.code).join(' '),
      title: (r, words) =>
        r.problems.length > 0 ? r.problems.map((p) => `${p.code}: ${problemText(p, words)}`).join('\n') : undefined,
    },
  }),
  // Then the extensions count, which opens the row's details: in view without scrolling sideways.
  helper.display({
    id: 'ext',
    header: 'ext.',
    cell: drawCell,
    size: 45,
    minSize: 36,
    meta: {
      label: 'ext.',
      draw: (slot, actions) => <ExtButton slot={slot} actions={actions} />,
      title: (r) => r.extSummary || undefined,
      copy: (r) => String(r.ext),
      activate: (slot, actions) => slot.row && actions.openDetails(slot.row.id),
    },
  }),
  helper.accessor((s) => s.row?.lastmod ?? '', {
    id: 'lastmod',
    header: sortHeader,
    cell: drawCell,
    size: 190,
    minSize: 60,
    meta: {
      label: 'lastmod',
      draw: (slot) => slot.row?.lastmod,
      field: 'lastmod',
      optional: true,
      sortKey: 'lastmod',
      title: (r) => r.lastmod || undefined,
      copy: (r) => r.lastmod,
      editor: TextEditor,
    },
  }),
  helper.accessor((s) => s.row?.changefreq ?? '', {
    id: 'changefreq',
    header: sortHeader,
    cell: drawCell,
    size: 96,
    minSize: 60,
    meta: {
      label: 'changefreq',
      draw: (slot) => slot.row?.changefreq,
      field: 'changefreq',
      optional: true,
      sortKey: 'changefreq',
      copy: (r) => r.changefreq,
      editor: ChangefreqEditor,
    },
  }),
  helper.accessor((s) => s.row?.priority ?? '', {
    id: 'priority',
    header: sortHeader,
    cell: drawCell,
    size: 64,
    minSize: 48,
    meta: {
      label: 'priority',
      draw: (slot) => slot.row?.priority,
      field: 'priority',
      optional: true,
      sortKey: 'priority',
      copy: (r) => r.priority,
      editor: TextEditor,
    },
  }),
  helper.accessor((s) => s.row?.file ?? '', {
    id: 'file',
    header: sortHeader,
    cell: drawCell,
    size: 120,
    minSize: 60,
    meta: {
      label: 'source file',
      words: 'column.file',
      draw: (slot) => slot.row?.file,
      sortKey: 'file',
      title: (r) => r.file,
      copy: (r) => r.file,
    },
  }),
  ...(['depth', 'inlinks'] as const).map((what) =>
    helper.accessor((s) => s.row?.[what] ?? null, {
      id: what,
      header: sortHeader,
      cell: drawCell,
      size: what === 'depth' ? 108 : 80,
      minSize: 48,
      meta: {
        label: what === 'depth' ? 'crawl depth' : 'inlinks',
        words: what === 'depth' ? 'column.depth' : 'column.inlinks',
        // Read from the crawl export: no field, no editor.
        draw: (slot) => {
          const v = slot.row?.[what] ?? null;
          return v === null ? '' : String(v);
        },
        sortKey: what,
        copy: (r) => (r[what] === null ? '' : String(r[what])),
      },
    }),
  ),
]);

export const COLUMN_IDS: readonly string[] = COLUMNS.map((c) => c.id as string);

/** Pinned to the start unless the user unpins them: they stay put when the grid scrolls sideways. */
export const DEFAULT_PINNED: readonly string[] = ['select', 'index', 'loc'];
