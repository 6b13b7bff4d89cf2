/*
 * The document's one owner (rows, check result, view, history) and the
 * methods that must see all four at once. Bulk edits, the details panel's
 * edits, the table's own edits, exports and the lastmod charts are out
 * (bulk-edits.ts, details-edits.ts, row-edits.ts, export-session.ts,
 * lastmod-charts.ts).
 */
import { checkSet, recheckRows } from '../core/check/check-set';
import { type CheckOptions, type CheckResult } from '../core/check/check-result';
import type { OwnChecks } from '../core/check/own-checks';
import { positionOf } from '../core/edit/commands';
import { positionsOfIds } from '../core/rows/changes';
import { applyEntry, isPlanOnly, type HistoryEntry } from '../core/history/entry';
import { History } from '../core/history/history';
import { restoreSet, snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';
import { mergeSets } from '../core/read/merge-sets';
import type { SitemapSet } from '../core/read/sitemap-set';
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import { fileStatuses, type FileStatus } from '../core/check/file-status';
import type { LastmodChart } from '../core/view/lastmod-chart';
import { DEFAULT_TREE_LIMIT, type TreeChildren } from '../core/view/tree-node';
import { BulkEdits } from './bulk-edits';
import { CompareSession } from './compare-session';
import { readOpenedFrom, sourcesAfter, type OpenedFrom } from '../core/live/opened-from';
import { Downloads } from './downloads';
import type { SlicedPass } from './api';
import { DetailsEdits } from './details-edits';
import { DiagramSession } from './diagram-session';
import { LanguagesSession } from './languages-session';
import { PlanEdits } from './plan-edits';
import { RowEdits } from './row-edits';
import { splitStatusFilter } from '../core/view/status-filter';
import { LastmodCharts } from './lastmod-charts';
import type { Changed, HistoryOutcome, RowDetails, RowView, SetSummary } from './protocol';
import { rowDetails } from './row-details';
import { rowView } from './row-view';
import { summarizeSet } from './summarize';
import { ViewRows } from './view-rows';

/**
 * The worker's one document: the rows, their check, the Site URL they are
 * checked against, and the table's view of them. Everything the page shows
 * is read from here in small pieces.
 */
export class Session {
  private set: SitemapSet | null = null;
  private result: CheckResult | null = null;
  /** The Site URL in use (setSiteUrl): worker state, kept while there is no document and across "New". */
  private opts: CheckOptions = {};
  private query: ViewQuery = ALL_ROWS;
  private view = ViewRows.EMPTY;
  /** Every change to the rows, for undo and redo: the changes only, never a copy of the rows. */
  readonly history = new History();
  /** A "before" set the rows are compared with (Compare panel, compare-session.ts). */
  readonly compare = new CompareSession(() => this.set);
  /** The live URLs the set was opened from (Open URL), saved with it. */
  private openedFrom: OpenedFrom[] = [];
  /** Set, replace, dedupe and paste over many rows (bulk-edits.ts), each one undo step. */
  readonly bulk = new BulkEdits({
    set: () => this.need(),
    result: () => this.checked(),
    view: () => this.view.array(),
    commit: (entry, check, requery) => this.commit(entry, check, requery),
  });
  /** The details panel's edits of one row's alternates, images, videos and news (details-edits.ts), one undo step each. */
  readonly details = new DetailsEdits({
    set: () => this.need(),
    commit: (entry, check, requery) => this.commit(entry, check, requery),
    details: (id) => this.rowDetails(id),
  });
  /** The diagram view's levels, branch edits (through applyCells, one undo step each) and redirect map. */
  readonly diagram = new DiagramSession({
    set: () => this.need(),
    rows: () => this.need().rows,
    result: () => this.checked(),
    applyCells: (label, changes) => this.bulk.applyCells(label, changes),
    done: () => this.history.entries(),
    revision: () => this.changes,
  });
  /** The Languages view's hreflang clusters and their two changes (languages-session.ts), one undo step each. */
  readonly languages = new LanguagesSession({
    set: () => this.need(),
    result: () => this.checked(),
    revision: () => this.changes,
    commit: (entry, check, requery) => this.commit(entry, check, requery),
  });
  /** The export's plan and files, and the table as CSV (downloads.ts). */
  readonly downloads = new Downloads({
    set: () => this.need(),
    result: () => this.checked(),
    view: () => this.view.array(),
  });
  /** The table's edits: a cell, a new row, deleted rows and the automatic fixes (row-edits.ts), one undo step each. */
  readonly edits = new RowEdits({
    set: () => this.need(),
    result: () => this.checked(),
    opts: () => this.opts,
    commit: (entry, check, requery) => this.commit(entry, check, requery),
    record: (entry) => this.history.record(entry),
    touched: () => this.touched(),
    showAtEnd: (position) => {
      this.view = this.view.appended(position);
    },
    summary: () => this.summary(),
    viewCount: () => this.view.length,
    history: () => this.history.state(),
  });
  /** The board's plans of pages (status, notes, colour, owner, title), one undo step each change. */
  readonly plans = new PlanEdits({ set: () => this.need(), commitPlans: (entry) => this.commitPlans(entry) });
  /**
   * Called after every change to the document (rows, files or the Site URL in
   * use): the one hook autosave listens to. Operations that answer with
   * {@link changed} call it for free; the others call {@link touched}.
   */
  onChange: (() => void) | null = null;
  /** Changes to the document, and its replacements. */
  private changes = 0;
  /** Views computed (a filter or sort can change what the lastmod chart counts). */
  private views = 0;
  /** The lastmod chart of the view, the last few kept (lastmod-charts.ts). */
  private readonly charts = new LastmodCharts({
    set: () => this.need(),
    result: () => this.checked(),
    query: () => this.query,
    view: () => this.view.array(),
    rowKinds: () => this.compare.rowKinds(),
    revision: () => `${this.changes}:${this.compare.generation}`,
  });

  /**
   * Moves with every change of the document, the view or the comparison: a
   * pass over the rows spread over time starts over when it moved.
   */
  get revision(): number {
    return this.changes + this.views + this.compare.generation;
  }

  /** The Site URL every check uses; undefined when none is set. */
  get siteUrl(): string | undefined {
    return this.opts.siteUrl;
  }

  /** Sets the Site URL the checks use from now on; checks the document again (the answer), null when there is none. */
  setSiteUrl(siteUrl: string): SetSummary | null {
    const next = siteUrl.trim() || undefined;
    this.opts = next ? { siteUrl: next } : {};
    if (!this.set) return null;
    return this.recheck();
  }

  /**
   * Takes in the set an import read (import-job.ts), with its rows' own checks (unused on an append). Imports are not
   * undoable: they start the history afresh (the store does the same).
   */
  importSet(fresh: SitemapSet, append: boolean, own: readonly OwnChecks[] | null = null, source?: OpenedFrom): void {
    const parts = append && this.set ? undefined : (own ?? undefined);
    this.openedFrom = sourcesAfter(this.openedFrom, source, append && this.set !== null);
    if (append && this.set) mergeSets(this.set, fresh);
    else this.set = fresh;
    this.history.clear();
    this.compare.invalidate();
    this.recheck(parts);
  }

  /** Checks every row again against the Site URL in use (with an import's own checks of its rows: see checkSet). */
  recheck(own?: readonly OwnChecks[]): SetSummary {
    this.result = checkSet(this.need(), this.opts, own);
    this.refreshView();
    this.touched();
    return this.summary();
  }

  /** Whether there is a document (imported or restored). */
  get hasDocument(): boolean {
    return this.set !== null;
  }

  /** The document as data to save, or null when there is none. */
  snapshot(savedAt: number): DocumentSnapshot | null {
    if (!this.set) return null;
    // The history and the before set go with the rows, so undo and the comparison survive a reload.
    return {
      ...snapshotSet(this.set, this.opts.siteUrl ?? '', savedAt),
      history: this.history.toSaved(),
      compare: this.compare.snapshot(savedAt),
      ...(this.openedFrom.length ? { openedFrom: this.openedFrom } : {}),
    };
  }

  /**
   * Takes in a saved document as an import does: checked, shown whole, with
   * its saved undo history and comparison, against the Site URL it was saved
   * with. Throws when the saved copy cannot be read, leaving the session as it was.
   */
  restore(snapshot: DocumentSnapshot, query: ViewQuery = ALL_ROWS): SetSummary {
    const set = restoreSet(snapshot);
    const before = snapshot.compare ? restoreSet(snapshot.compare) : null;
    this.changes++;
    this.set = set;
    this.opts = snapshot.siteUrl ? { siteUrl: snapshot.siteUrl } : {};
    this.openedFrom = readOpenedFrom(snapshot.openedFrom);
    this.result = checkSet(set, this.opts);
    this.query = query;
    this.history.load(snapshot.history);
    if (before) this.compare.loadSet(before);
    else this.compare.clear();
    this.refreshView();
    return this.summary();
  }

  /** Forgets the document ("New"); the store forgets the saved copy. The Site URL stays: it is a setting. */
  clear(): void {
    this.changes++;
    this.set = null;
    this.result = null;
    this.view = ViewRows.EMPTY;
    this.history.clear();
    this.compare.clear();
    this.openedFrom = [];
  }

  /** Tells autosave the document changed. */
  touched(): void {
    this.changes++;
    this.compare.invalidate();
    this.onChange?.();
  }

  summary(): SetSummary {
    return { ...summarizeSet(this.need(), this.checked(), this.opts, this.view.length), openedFrom: this.openedFrom };
  }

  setView(query: ViewQuery): number {
    const before = this.query;
    this.query = query;
    try {
      this.refreshView();
    } catch (err) {
      // A pattern out of its time budget: the view stays as it was, so later edits do not run it again.
      this.query = before;
      this.refreshView();
      throw err;
    }
    return this.view.length;
  }

  /** Each sitemap file's status, as in Search Console's Sitemaps report. */
  fileStatus(): FileStatus[] {
    return fileStatuses(this.need(), this.checked());
  }

  /** Where the row with this stable id is in the current view: -1 when the view does not show it, or there is no such row. */
  viewPosition(id: number): number {
    const rows = this.need().rows;
    const at = rows.id.subarray(0, rows.length).indexOf(id);
    return at < 0 ? -1 : this.view.indexOf(at);
  }

  /** The children of several branches of the structure tree, by one pass over the rows, run a slice at a time (while the document stays at this revision). */
  treeLevelsPass(paths: readonly string[]): SlicedPass<Map<string, TreeChildren>> {
    return this.diagram.levels.pass(
      paths.map((key) => ({ key, limit: DEFAULT_TREE_LIMIT })),
      false,
    );
  }

  /**
   * The lastmod chart of the rows the table shows, as a pass run a slice at a
   * time (lastmod-charts.ts keeps the last few). A month chosen in the chart
   * filters the table, not the chart: the chart keeps every month of the rest
   * of the filter, so the other bars stay there to choose.
   */
  lastmodChartPass(now = new Date()): SlicedPass<LastmodChart> {
    return this.charts.pass(now);
  }

  rows(start: number, end: number): RowView[] {
    const set = this.need();
    const result = this.checked();
    const out: RowView[] = [];
    for (let k = Math.max(0, start); k < Math.min(end, this.view.length); k++)
      out.push(rowView(set, result, this.view.at(k), this.opts));
    return out;
  }

  /** The extension data of one row (by stable id), readable, for its details panel. */
  rowDetails(id: number): RowDetails {
    const set = this.need();
    return rowDetails(set, this.checked(), positionOf(set, id), this.opts);
  }

  /** Undoes the last change; nothing happens when there is none. */
  undo(): HistoryOutcome {
    return this.step('backward');
  }

  /** Redoes the last undone change; nothing happens when there is none. */
  redo(): HistoryOutcome {
    return this.step('forward');
  }

  private step(direction: 'forward' | 'backward'): HistoryOutcome {
    const entry = direction === 'backward' ? this.history.nextUndo() : this.history.nextRedo();
    if (!entry || !this.set) return { ...this.changed(false), label: null };
    const set = this.set;
    try {
      applyEntry(set, entry, direction);
    } catch (err) {
      // The rows are no longer what the history describes: undoing more could only do harm.
      this.history.clear();
      this.result = checkSet(set, this.opts);
      this.compare.invalidate();
      this.refreshView();
      throw err;
    }
    if (direction === 'backward') this.history.undid();
    else this.history.redid();
    if (isPlanOnly(entry)) return { ...this.commitPlans(null, true), label: entry.label };
    this.recheckAfter(entry);
    return { ...this.changed(true), label: entry.label };
  }

  /** Records a change as one undo step (if any), re-checks what it touched, every row or nothing, and answers with the totals. */
  private commit(entry: HistoryEntry | null, check: 'touched' | 'full' | 'none', requery: boolean): Changed {
    if (entry) this.history.record(entry);
    if (check === 'full') this.result = checkSet(this.need(), this.opts);
    else if (check === 'touched' && entry) this.recheckAfter(entry);
    return this.changed(requery);
  }

  /**
   * Records a change of plans only. No row moved and no check changed, so
   * the levels the diagram counted stay (the revision stays; autosave still
   * hears of it), unless the table filters by status: then as any change.
   */
  private commitPlans(entry: HistoryEntry | null, applied = entry !== null): Changed {
    if (entry) this.history.record(entry);
    if (applied && splitStatusFilter(this.query.regex ? '' : this.query.text).status !== null)
      return this.changed(true);
    if (applied) this.onChange?.();
    return { summary: this.summary(), viewCount: this.view.length, history: this.history.state() };
  }

  /**
   * Re-checks after a change, an undo or a redo: only the changed rows when
   * no row came or went and they are few; a full check otherwise (positions
   * moved, or most rows changed anyway, as the fix that made the entry did).
   */
  private recheckAfter(entry: HistoryEntry): void {
    const set = this.need();
    const ids = new Set<number>();
    for (const list of [entry.cells, entry.flags, entry.exts]) for (const c of list) ids.add(c.row);
    // An index entry's problems are found by the whole check (index-entries.ts), not per row.
    if (entry.removed || entry.added || (entry.index?.length ?? 0) > 0 || ids.size > set.rows.length / 8) {
      this.result = checkSet(set, this.opts);
      return;
    }
    const positions = [...positionsOfIds(set.rows, ids).values()];
    recheckRows(set, this.checked(), positions, this.opts);
  }

  /** Ids of the rows of the current view, in order ("select all" turned into a list). */
  viewIds(): number[] {
    const ids = this.need().rows.id;
    return Array.from(this.view.array(), (p) => ids[p] as number);
  }

  private changed(requery: boolean): Changed {
    // Before the view is refreshed: a filter by comparison must see the new rows.
    this.compare.invalidate();
    if (requery) this.refreshView();
    this.touched();
    return { summary: this.summary(), viewCount: this.view.length, history: this.history.state() };
  }

  private refreshView(): void {
    this.views++;
    // The comparison is computed only when the view filters by it.
    this.view = ViewRows.of(
      this.need(),
      this.checked(),
      this.query,
      this.query.diffKind ? this.compare.rowKinds() : undefined,
    );
  }

  private need(): SitemapSet {
    if (!this.set) throw new Error('There are no sitemaps yet: import some first.');
    return this.set;
  }

  private checked(): CheckResult {
    if (!this.result) this.result = checkSet(this.need(), this.opts);
    return this.result;
  }
}
