/*
 * The grid's one component holding focus, range, editing and the window
 * together, which its keyboard, mouse and clipboard handlers all read; the
 * handlers themselves live beside it (grid-keys, grid-nav, grid-copy,
 * grid-paste, useRangeMouse, useRevealRow, useScrollAndFocus, useAddUrl),
 * and where rows go in row-placement and grid-rows.
 */
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import { BulkBar } from '../bulk/BulkBar';
import type { ViewQuery } from '../../core/view/query';
import { appStore, useAppStore } from '../../store/app-store';
import { ChangefreqList } from './ChangefreqList';
import { ColumnsMenu } from './ColumnsMenu';
import { metaOf, type CellDraft, type CommitMove, type Editing, type GridColumn, type RowActions } from './grid-model';
import { gridRows } from './grid-rows';
import { cellSpecs } from './cell-specs';
import { HeaderRow } from './HeaderRow';
import { drawnColumns, gridVars, markScrolledSideways } from './pinning';
import { RowCache } from './row-cache';
import { RowKeys } from './row-keys';
import { ROW_HEIGHT, ROW_HEIGHT_WRAPPED, rowWindow, scrollMap } from './scroll-map';
import { RowCommands, TableToolbar } from './TableToolbar';
import { useGridSlots } from './useGridSlots';
import { useGridTable } from './useGridTable';
import { useStableActions } from './useStableActions';
import { useRowFetch } from './useRowFetch';
import { useSweep } from './useSweep';
import { FocusPeek, peekedUrl } from './FocusPeek';
import { EmptyView } from './EmptyView';
import { useRevealRow } from './useRevealRow';
import { useAddUrl } from './useAddUrl';
import { BASE_SPAN, drawnPositions, OVERSCAN, placeRows } from './row-placement';
import { useScrollAndFocus } from './useScrollAndFocus';
import { copyRange } from './grid-copy';
import { rangeOf, type CellAt } from './grid-range';
import { useScrollerSize } from './useScrollerSize';
import { clamp, nextEditable } from './grid-nav';
import { fillDown, pasteText } from './grid-paste';
import { GridConfirm, type Confirmation } from './GridConfirm';
import { useRangeMouse } from './useRangeMouse';
import { cellElement, cellOf } from './cell-dom';
import { decimalPointNotice, saveCell, withDecimalPoint } from './cell-commit';
import { toggleRowSelection } from './grid-select';
import { onGridKey } from './grid-keys';
import './table.css';
import { useWords } from '../i18n/words';

/** Every URL of the set in one virtualized, editable grid, with its filters. */
export function UrlTable() {
  const hasSet = useAppStore((s) => s.summary !== null);
  return hasSet ? <UrlGrid /> : null;
}

function UrlGrid() {
  const viewCount = useAppStore((s) => s.viewCount);
  const words = useWords();
  // Another tab owns the document: the grid reads only, and startEdit says why instead of opening the editor.
  const readOnly = useAppStore((s) => s.tabRole === 'reader');
  const rowsVersion = useAppStore((s) => s.rowsVersion);
  const query = useAppStore((s) => s.query);
  const selected = useAppStore((s) => s.selected);
  const selectAllView = useAppStore((s) => s.selectAllView);

  const [cache] = useState(() => new RowCache((start, end) => appStore.getState().fetchRows(start, end)));
  const [rowKeys] = useState(() => new RowKeys());
  // Idempotent: the rows held become stale once, when the view's version moves on.
  cache.sync(rowsVersion);
  useSyncExternalStore(cache.subscribe, cache.snapshot);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const { viewport, width: gridWidth } = useScrollerSize(scrollerRef, headRef);
  const [focus, setFocus] = useState<CellAt>({ pos: 0, col: 2 });
  const [editing, setEditingState] = useState<Editing | null>(null);
  const [sorting, setSorting] = useState(false);
  const [inGrid, setInGrid] = useState(false);
  const [rangeAnchor, setRangeAnchor] = useState<CellAt | null>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);
  // Mirrors of state that handlers must read at once, before React re-renders.
  const editingRef = useRef<Editing | null>(null);
  const focusWanted = useRef(false);
  // Focus back on the cell just edited, in view: nothing is measured to reveal it.
  const inPlace = useRef(false);
  const revealPos = useRef<number | null>(null);
  const anchor = useRef<number | null>(null);
  const baseRow = useRef(0);

  const setEditing = (next: Editing | null) => {
    editingRef.current = next;
    setEditingState(next);
  };

  const handlers = useRef<RowActions | null>(null);
  const actions = useStableActions(handlers);
  const sortHandler = useRef<(sort: ViewQuery['sort']) => void>(() => {});
  const onSortChange = useMemo(() => (sort: ViewQuery['sort']) => sortHandler.current(sort), []);
  // Wrapped URLs make every row taller, which the scroll map must know before the rows are placed.
  const [wrapped, setWrapped] = useState(false);
  const rowHeight = wrapped ? ROW_HEIGHT_WRAPPED : ROW_HEIGHT;

  const map = useMemo(() => scrollMap(viewCount, viewport, rowHeight), [viewCount, viewport, rowHeight]);
  const win = rowWindow(map, viewCount, scrollTop, viewport, OVERSCAN, rowHeight);
  const focusPos = Math.max(0, Math.min(focus.pos, viewCount - 1));

  const positions = drawnPositions(win, viewCount, [focusPos, editing?.pos]);
  const slots = useGridSlots(positions, cache, selected, selectAllView);
  const { table, layout } = useGridTable({
    data: slots,
    width: gridWidth,
    sort: query.sort,
    onSort: onSortChange,
    actions,
  });
  if (layout.wrap !== wrapped) setWrapped(layout.wrap);
  const visible = drawnColumns(table);
  const layoutKey = visible
    .map((c) => `${c.id}${c.getIsPinned() ? '*' : ''}${c.getIsLastColumn('start') ? '|' : ''}`)
    .join(',');
  // The key names all the rows draw of the columns; TanStack's array may be new for a width change alone.
  const columns = useMemo<readonly GridColumn[]>(() => visible, [layoutKey]);
  // Row elements are reused as rows scroll in and out: a scrolled frame updates them in place.
  const keys = rowKeys.keysFor(positions);
  // What the header draws, as one string: scrolling changes none of it, so the header and the grid's style are not redone per frame.
  const sizesKey = visible.map((c) => c.getSize()).join(',');
  const headKey = `${layoutKey}|${sizesKey}|${query.sort?.key}:${query.sort?.dir}|${slots[0]?.origin}|${String(table.state.columnResizing.isResizingColumn)}`;
  const style = useMemo(() => gridVars(visible), [layoutKey, sizesKey]);
  const specs = useMemo(() => cellSpecs(visible), [layoutKey, sizesKey]);

  useRowFetch(cache, win, viewCount, rowsVersion, [focusPos, editing?.pos ?? -1]);
  const sweep = useSweep(win.start, win.end - win.start);

  useScrollAndFocus({
    scrollerRef,
    query,
    map,
    viewport,
    rowHeight,
    viewCount,
    focus: { pos: focusPos, col: focus.col },
    setScrollTop,
    setFocus,
    revealPos,
    focusWanted,
    inPlace,
    editingRef,
    pinnedWidth: () => table.getStartTotalSize(),
  });

  // Shift+arrows extend a range of cells from where they started; any other move ends it.
  const moveTo = (pos: number, col: number, extend = false) => {
    if (viewCount === 0) return;
    setRangeAnchor(extend ? (a) => a ?? { pos: focusPos, col: focus.col } : null);
    const next = { pos: clamp(pos, 0, viewCount - 1), col: clamp(col, 0, columns.length - 1) };
    setFocus(next);
    focusWanted.current = true;
    revealPos.current = next.pos;
  };

  useRevealRow(columns, viewCount, moveTo);

  const fieldAt = (col: number) => {
    const column = columns[col];
    return column ? metaOf(column).field : undefined;
  };

  const startEdit = (pos: number, col: number, caret: CellDraft['caret'] = 'all', typed?: string) => {
    const field = fieldAt(col);
    const row = cache.get(pos);
    if (!field || !row) return;
    // What would be typed there could not be kept (the worker refuses it): said, with Take over.
    if (readOnly) return appStore.getState().sayReadOnly();
    setFocus({ pos, col });
    revealPos.current = pos;
    setEditing({ pos, col, rowId: row.id, original: row[field], draft: typed ?? row[field], caret });
  };

  const save = (pos: number, rowId: number, col: number, typed: string) => {
    const field = fieldAt(col);
    if (!field) return;
    const point = withDecimalPoint(field, typed);
    void saveCell(cache, appStore.getState().editCell, pos, rowId, field, point ?? typed);
    if (point !== null) appStore.setState({ notice: decimalPointNotice(typed, point) });
  };

  const backTo = ({ pos, col }: CellAt) => {
    // Scrolled away while editing: the row is brought back, as a move does.
    if (pos < win.firstVisible || pos >= win.endVisible) return moveTo(pos, col);
    setFocus((f) => (f.pos === pos && f.col === col ? f : { pos, col }));
    setRangeAnchor(null);
    // Focused now, before the editor goes: the focus never leaves the grid, and a focused input is not removed.
    const cell = scrollerRef.current && cellElement(scrollerRef.current, { pos, col });
    if (cell) cell.focus({ preventScroll: true });
    else focusWanted.current = inPlace.current = true;
  };

  const commit = (move: CommitMove) => {
    const ed = editingRef.current;
    if (!ed) return;
    setEditing(null);
    // Sent first: the worker checks the row while this thread moves the focus.
    if (ed.draft !== ed.original) save(ed.pos, ed.rowId, ed.col, ed.draft);
    if (move === 'stay') backTo(ed);
    else if (move === 'next' || move === 'prev') {
      const [pos, col] = nextEditable(columns, ed.pos, ed.col, move === 'next' ? 1 : -1, viewCount);
      moveTo(pos, col);
    }
  };

  const toggleSelect = (pos: number, id: number, shift: boolean) => toggleRowSelection(pos, id, shift, anchor);

  useLayoutEffect(() => {
    sortHandler.current = (sort) => void onSort(sort);
    handlers.current = {
      // spread-ok: a handler's own arguments, passed on
      toggleSelect: (...a) => void toggleSelect(...a),
      startEdit: (pos, col) => startEdit(pos, col),
      openDetails: (rowId) => appStore.getState().openDetails(rowId),
      setDraft: (draft) => {
        const ed = editingRef.current;
        if (ed) setEditing({ ...ed, draft });
      },
      commit,
      cancel: () => {
        const ed = editingRef.current;
        if (!ed) return;
        setEditing(null);
        backTo(ed);
      },
    };
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editingRef.current || viewCount === 0) return;
    const column = columns[focus.col];
    const meta = column ? metaOf(column) : undefined;
    onGridKey(e, {
      pos: focusPos,
      col: focus.col,
      page: Math.max(1, Math.floor(viewport / rowHeight) - 1),
      viewCount,
      columnCount: columns.length,
      meta,
      moveTo,
      startEdit,
      activate: (pos) => activateFocused(pos, meta),
      clear: (pos, col) => {
        const row = cache.get(pos);
        if (meta?.optional && meta.field && row && row[meta.field] !== '') save(pos, row.id, col, '');
      },
      fillDown: () => {
        const range = rangeOf(rangeAnchor, { pos: focusPos, col: focus.col });
        fillDown(range, columns, cache.get(range.top), setAsk, words);
      },
      selectAll: () => appStore.getState().selectView(),
    });
  };

  const activateFocused = (pos: number, meta: ReturnType<typeof metaOf> | undefined) => {
    const slot = slots.find((s) => s.pos === pos);
    if (slot && meta?.activate) meta.activate(slot, actions);
  };

  // A column or block pasted from a spreadsheet on a focused cell goes down the
  // view from that cell; the page's own paste (import URLs) must not see it.
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if (editingRef.current || (e.target as HTMLElement).closest('input')) return;
    e.preventDefault();
    e.stopPropagation();
    pasteText(e.clipboardData.getData('text/plain'), columns, focus.col, focusPos, viewCount, setAsk, words);
  };

  const mouse = useRangeMouse({
    focus: { pos: focusPos, col: focus.col },
    setFocus,
    setRangeAnchor,
    focusWanted,
    editingRef,
  });

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    setInGrid(true);
    const cell = cellOf(e.target);
    if (!cell || (cell.pos === focus.pos && cell.col === focus.col)) return;
    setFocus(cell);
    setRangeAnchor(null);
  };

  const onSort = async (sort: ViewQuery['sort']) => {
    setSorting(true);
    try {
      await appStore.getState().setQuery({ sort });
    } finally {
      setSorting(false);
    }
  };

  const addUrl = useAddUrl(columns, (pos, col, rowId) => {
    setFocus({ pos, col });
    revealPos.current = pos;
    setEditing({ pos, col, rowId, original: '', draft: '', caret: 'all' });
  });
  // The same elements while the rows scroll: React skips them and their subtrees on every scrolled frame.
  const toolbar = useMemo(() => <TableToolbar />, []);
  const bar = useMemo(
    () => (
      <>
        <BulkBar />
        <RowCommands onAdd={addUrl} />
        <ColumnsMenu table={table} layout={layout} />
      </>
    ),
    [addUrl, table, layout],
  );

  // The one tab stop: the focused cell when in view, else the same column on the first visible row.
  const tabPos = focusPos >= win.firstVisible && focusPos < win.endVisible ? focusPos : win.firstVisible;
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    setScrollTop(e.currentTarget.scrollTop);
    markScrolledSideways(e.currentTarget);
  };
  const range = rangeOf(rangeAnchor, { pos: focusPos, col: focus.col });
  const placed = placeRows(win, baseRow.current, BASE_SPAN, rowHeight, scrollTop, viewport);
  baseRow.current = placed.base;
  const { baseTop, topOf } = placed;

  return (
    <section className="panel ut" aria-labelledby="ut-title">
      <div className="ut-top">
        {/* Out of sight, not of screen readers: the count beside it says "… of N URLs", and the rows get the line. */}
        <h2 id="ut-title" className="visually-hidden">
          {words.t('totals.urls')}
        </h2>
        {toolbar}
      </div>
      <div className="ut-bar">{bar}</div>
      <div
        role="grid"
        className={`ut-grid${wrapped ? ' ut-wrap' : ''}${viewCount === 0 ? ' ut-grid-empty' : ''}`}
        aria-labelledby="ut-title"
        aria-rowcount={viewCount}
        aria-colcount={columns.length}
        aria-multiselectable="true"
        aria-readonly={readOnly || undefined}
        aria-busy={sorting || undefined}
        style={style}
      >
        <div className="ut-scroller" ref={scrollerRef} onScroll={onScroll}>
          <div role="rowgroup" className="ut-head" ref={headRef}>
            <HeaderRow table={table} layout={layout} scrollerRef={scrollerRef} drawKey={headKey} />
          </div>
          <div className="ut-body" style={{ height: map.bodyHeight }}>
            <div
              role="rowgroup"
              className="ut-rows"
              style={{ transform: `translateY(${baseTop}px)` }}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setInGrid(false)}
              onPaste={onPaste}
              onMouseDown={mouse.onMouseDown}
              onMouseOver={mouse.onMouseOver}
              onCopy={(e) => !editingRef.current && copyRange(e, range, columns, cache)}
            >
              {gridRows(
                { slots, keys, specs, cache, sweep, topOf, range: rangeAnchor ? range : null, actions },
                {
                  focusPos,
                  focusCol: focus.col,
                  tabPos,
                  editing,
                },
              )}
            </div>
          </div>
        </div>
        <FocusPeek
          scrollerRef={scrollerRef}
          cell={{ pos: focusPos, col: focus.col }}
          text={inGrid && !editing ? peekedUrl(columns[focus.col], cache.get(focusPos)) : null}
        />
      </div>
      {/* Beside the grid, not in it: a grid holds rows only (axe: aria-required-children). */}
      {viewCount === 0 && <EmptyView />}
      <GridConfirm ask={ask} onClose={() => setAsk(null)} />
      <ChangefreqList />
    </section>
  );
}
