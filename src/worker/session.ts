import { checkSet, recheckRows, type CheckOptions, type CheckResult } from '../core/check/check-set';
import { checkBulkValue, compileReplace, planPasteColumn, planSet, planSetFromPublication, type BulkField, type ReplaceOptions } from '../core/edit/bulk';
import { MERGE_RULE_WORDS, mergeSourceOf, planMergeDuplicates, type MergeRule } from '../core/fix/merge-duplicates';
import { B } from '../core/check/row-bits';
import { addRow, setCell } from '../core/edit/commands';
import { copyRows, restoreRows, takeRows } from '../core/edit/restore-rows';
import { applyChanges, applyExtChanges, applyFlagChanges, planFixes, positionsOfIds, type CellChange } from '../core/fix/plan-fixes';
import { restoreSet, snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';
import { importFiles, type ImportOptions, type InputFile } from '../core/read/import-files';
import { mergeSets } from '../core/read/merge-sets';
import type { SitemapSet } from '../core/sitemap-set';
import type { RuleCode, UrlField } from '../core/types';
import { ALL_ROWS, queryRows, type ViewQuery } from '../core/view/query';
import { fileStatuses, type FileStatus } from '../core/check/file-status';
import { lastmodChart, type LastmodChart } from '../core/view/lastmod-chart';
import { LastmodHistogramPass } from '../core/view/lastmod-histogram';
import { treeChildren, treeLevels, TreeLevelsPass, type TreeChildren } from '../core/view/tree';
import { bundleZip } from '../core/write/bundle';
import { exportSitemaps, previewExport } from '../core/write/export';
import { crawlExclusions } from '../core/site-data/crawl-exclusions';
import { LIMITS, type Limits } from '../core/write/limits';
import type { ExportOptions, ExportResult } from '../core/write/options';
import { History, sizeOf, weightOf, type HistoryEntry } from './history';
import type { BulkOutcome, BulkScope, ReplacePreview } from './protocol';
import type { Changed, EditOutcome, ExportDownload, ExportPlan, ExportSettings, FixOutcome, HistoryOutcome, RowView, SetSummary } from './protocol';
import { rowView } from './row-view';
import { summarizeSet } from './summarize';
import { csvDownload } from './csv-export';
import { planAlternateEdit, describeAlternateEdit, type AlternateEdit } from '../core/edit/hreflang-edit';
import { positionOf } from '../core/edit/commands';
import { rowDetails } from './row-details';
import type { EditAlternateOutcome, RowDetails } from './protocol';
import type { CsvDownload, CsvScope } from './protocol';
import { CompareSession } from './compare-session';
import { DiagramSession } from './diagram-session';
import { planRewrite } from '../core/edit/rewrite-urls';
import { describeExtEdit, planExtEdit, type ExtEdit } from '../core/edit/ext-edit';
import { describeGroups, fieldGroupsOf, previewOf } from './rewrite-session';

/**
 * The worker's one document: the rows, their check, and the table's view of
 * them. Everything the page shows is read from here in small pieces.
 */
/** Lastmod charts kept per document revision: a few filters toggled back and forth. */
const MAX_CHARTS = 8;

export class Session {
  private set: SitemapSet | null = null;
  private result: CheckResult | null = null;
  private opts: CheckOptions = {};
  private query: ViewQuery = ALL_ROWS;
  private view: Uint32Array = new Uint32Array(0);
  /** Every change to the rows, for undo and redo: the changes only, never a copy of the rows. */
  readonly history = new History();
  /** A "before" set the rows are compared with (Compare panel, compare-session.ts). */
  readonly compare = new CompareSession(() => this.set);
  /** The diagram view's levels, branch edits (through applyCells, one undo step each) and redirect map. */
  readonly diagram = new DiagramSession({
    rows: () => this.need().rows,
    result: () => this.checked(),
    applyCells: (label, changes, siteUrl) => {
      this.syncSiteUrl(siteUrl);
      return this.applyCells(label, changes);
    },
    done: () => this.history.entries(),
    revision: () => this.changes,
  });
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
  /** Lastmod charts by document revision and filter (see lastmodChartPass). */
  private readonly charts = new Map<string, LastmodChart>();

  /**
   * Moves with every change of the document, the view or the comparison: a
   * pass over the rows spread over time starts over when it moved.
   */
  get revision(): number {
    return this.changes + this.views + this.compare.generation;
  }

  /** Imports are not undoable: they start the history afresh (the store does the same). */
  import(inputs: InputFile[], append: boolean, siteUrl: string | undefined, onProgress: ImportOptions['onProgress'], gunzip?: ImportOptions['gunzip']): void {
    this.importSet(importFiles(inputs, gunzip ? { onProgress, gunzip } : { onProgress }), append, siteUrl);
  }

  /** Takes in a set read elsewhere (see import-job.ts), as {@link import} does. */
  importSet(fresh: SitemapSet, append: boolean, siteUrl: string | undefined): void {
    if (append && this.set) mergeSets(this.set, fresh);
    else this.set = fresh;
    this.history.clear();
    this.compare.invalidate();
    this.recheck(siteUrl);
  }

  recheck(siteUrl: string | undefined): SetSummary {
    const set = this.need();
    this.opts = siteUrl ? { siteUrl } : {};
    this.result = checkSet(set, this.opts);
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
    return { ...snapshotSet(this.set, this.opts.siteUrl ?? '', savedAt), history: this.history.toSaved(), compare: this.compare.snapshot(savedAt) };
  }

  /**
   * Takes in a saved document as an import does: checked, shown whole, with
   * its saved undo history and comparison. Throws when the saved copy cannot
   * be read, leaving the session as it was.
   */
  restore(snapshot: DocumentSnapshot, query: ViewQuery = ALL_ROWS): SetSummary {
    const set = restoreSet(snapshot);
    const before = snapshot.compare ? restoreSet(snapshot.compare) : null;
    this.changes++;
    this.set = set;
    this.opts = snapshot.siteUrl ? { siteUrl: snapshot.siteUrl } : {};
    this.result = checkSet(set, this.opts);
    this.query = query;
    this.history.load(snapshot.history);
    if (before) this.compare.loadSet(before);
    else this.compare.clear();
    this.refreshView();
    return this.summary();
  }

  /** Forgets the document ("New"); the store forgets the saved copy. */
  clear(): void {
    this.changes++;
    this.set = null;
    this.result = null;
    this.opts = {};
    this.view = new Uint32Array(0);
    this.history.clear();
    this.compare.clear();
  }

  /** Tells autosave the document changed. */
  touched(): void {
    this.changes++;
    this.compare.invalidate();
    this.onChange?.();
  }

  summary(): SetSummary {
    return summarizeSet(this.need(), this.checked(), this.opts, this.view.length);
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

  /** The children of a branch of the structure tree ('' for the hosts). */
  treeChildren(path: string): TreeChildren {
    return treeChildren(this.need().rows, this.checked(), path);
  }

  /** The children of several branches of the structure tree, by one pass over the rows. */
  treeLevels(paths: readonly string[]): Map<string, TreeChildren> {
    return treeLevels(this.need().rows, this.checked(), paths);
  }

  /** {@link treeLevels} as a pass to run a slice at a time (while the document stays at this revision). */
  treeLevelsPass(paths: readonly string[]): TreeLevelsPass {
    return new TreeLevelsPass(this.need().rows, this.checked(), paths);
  }

  /**
   * The lastmod chart of the rows the table shows. A month chosen in the
   * chart filters the table, not the chart: the chart keeps every month of
   * the rest of the filter, so the other bars stay there to choose.
   */
  lastmodChart(now = new Date()): LastmodChart {
    const pass = this.lastmodChartPass(now);
    pass.step(Infinity);
    return pass.finish();
  }

  /**
   * {@link lastmodChart} as a pass to run a slice at a time (while the
   * document and the view stay as they are). The last chart of each filter
   * is kept until the document changes: clearing a filter, or choosing one
   * again, costs no pass over the rows (a pass at a million rows competes
   * with what the user does next for this machine's two cores).
   */
  lastmodChartPass(now = new Date()): { step(rows: number): boolean; finish(): LastmodChart } {
    const set = this.need();
    const result = this.checked();
    // The order of the rows does not change what the chart counts; a month chosen in it does not either.
    const key = `${this.changes}:${this.compare.generation}:${JSON.stringify({ ...this.query, sort: null, lastmodPeriod: '' })}`;
    const cached = this.charts.get(key);
    if (cached) return { step: () => true, finish: () => cached };
    const positions = this.query.lastmodPeriod
      ? queryRows(set, result, { ...this.query, lastmodPeriod: '', sort: null }, this.query.diffKind ? this.compare.rowKinds() : undefined)
      : this.view;
    const histogram = new LastmodHistogramPass(set.rows, result, positions);
    return {
      step: (rows) => histogram.step(rows),
      finish: () => {
        const chart = lastmodChart(histogram.finish(), now);
        // Charts of an older document are of no use: the key starts with its revision.
        for (const k of this.charts.keys()) if (!k.startsWith(`${this.changes}:${this.compare.generation}:`)) this.charts.delete(k);
        if (this.charts.size >= MAX_CHARTS) this.charts.delete(this.charts.keys().next().value as string);
        this.charts.set(key, chart);
        return chart;
      },
    };
  }

  rows(start: number, end: number): RowView[] {
    const set = this.need();
    const result = this.checked();
    const out: RowView[] = [];
    for (let k = Math.max(0, start); k < Math.min(end, this.view.length); k++) out.push(rowView(set, result, this.view[k] as number, this.opts));
    return out;
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

  /** The extension data of one row (by stable id), readable, for its details panel. */
  rowDetails(id: number): RowDetails {
    const set = this.need();
    return rowDetails(set, this.checked(), positionOf(set, id), this.opts);
  }

  /** Adds, changes or removes one hreflang alternate of a row: one undo step, re-checked at once. */
  editAlternate(id: number, edit: AlternateEdit, siteUrl: string | undefined): EditAlternateOutcome {
    const set = this.need();
    this.syncSiteUrl(siteUrl);
    const change = planAlternateEdit(set, id, edit);
    if (change) {
      applyExtChanges(set.rows, [change], 'forward');
      const entry: HistoryEntry = { label: describeAlternateEdit(edit, change), cells: [], flags: [], exts: [change] };
      this.record(entry);
      this.recheckAfter(entry);
    }
    // Like a cell edit, the row stays where it is in the view.
    return { ...this.changed(false), details: this.rowDetails(id) };
  }

  /** Changes, adds or removes one image, video or news entry of a row: one undo step, re-checked at once. */
  editExt(id: number, edit: ExtEdit, siteUrl: string | undefined): EditAlternateOutcome {
    const set = this.need();
    this.syncSiteUrl(siteUrl);
    const change = planExtEdit(set, id, edit);
    if (change) {
      applyExtChanges(set.rows, [change], 'forward');
      const entry: HistoryEntry = { label: describeExtEdit(edit, change), cells: [], flags: [], exts: [change] };
      this.record(entry);
      this.recheckAfter(entry);
    }
    return { ...this.changed(false), details: this.rowDetails(id) };
  }

  edit(id: number, field: UrlField, value: string, siteUrl: string | undefined): EditOutcome {
    const set = this.need();
    this.syncSiteUrl(siteUrl);
    const change = setCell(set, this.checked(), id, field, value, this.opts);
    if (change) this.record({ label: `Edit ${field} ${sizeOf({ cells: [change], flags: [], exts: [] })}`, cells: [change], flags: [], exts: [] });
    const pos = set.rows.indexOfId(id);
    // The edited row stays where it is in the view until the next filter or sort,
    // as in a spreadsheet: it must not jump away under the cursor.
    return { ...this.changed(false), row: pos < 0 ? null : rowView(set, this.checked(), pos, this.opts) };
  }

  addRow(entry: { loc?: string; lastmod?: string; changefreq?: string; priority?: string }, siteUrl: string | undefined): Changed & { rowId: number } {
    const set = this.need();
    const rowId = addRow(set, { loc: entry.loc ?? '', lastmod: entry.lastmod ?? '', changefreq: entry.changefreq ?? '', priority: entry.priority ?? '', ext: [] });
    this.syncSiteUrl(siteUrl, true);
    // A new row is shown at the end of the view whatever the filter, so the user sees it.
    const pos = set.rows.indexOfId(rowId);
    this.record({ label: 'Add a URL', cells: [], flags: [], exts: [], added: copyRows(set, [pos]) });
    const view = new Uint32Array(this.view.length + 1);
    view.set(this.view);
    view[this.view.length] = pos;
    this.view = view;
    return { ...this.changed(false), rowId };
  }

  deleteRows(ids: number[], siteUrl: string | undefined): Changed & { removed: number } {
    const taken = takeRows(this.need(), ids);
    const removed = taken.ids.length;
    if (removed > 0) this.record({ label: `Delete ${removed.toLocaleString('en-US')} ${removed === 1 ? 'row' : 'rows'}`, cells: [], flags: [], exts: [], removed: taken });
    this.syncSiteUrl(siteUrl, true);
    return { ...this.changed(true), removed };
  }

  fix(codes: RuleCode[] | 'all', siteUrl: string | undefined, zone: string | undefined): FixOutcome {
    const set = this.need();
    this.syncSiteUrl(siteUrl);
    const plan = planFixes(set, this.checked(), codes, { siteUrl: this.opts.siteUrl, zone });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    // Removed last, as redo does: the cell changes name rows that stay.
    const taken = takeRows(set, plan.removeRows);
    const entry = { cells: plan.changes, flags: plan.flagChanges, exts: plan.extChanges, removed: taken.ids.length > 0 ? taken : undefined };
    if (weightOf(entry) > 0) this.record({ label: `${codes === 'all' ? 'Fix all' : `Fix all ${codes.join(', ')}`} ${sizeOf(entry)}`, ...entry });
    this.result = checkSet(set, this.opts);
    return { ...this.changed(true), applied: plan.applied, removedRows: taken.ids.length, skipped: plan.skipped, merge: plan.merge };
  }

  /** Undoes the last change; nothing happens when there is none. */
  undo(siteUrl: string | undefined): HistoryOutcome {
    return this.step('backward', siteUrl);
  }

  /** Redoes the last undone change; nothing happens when there is none. */
  redo(siteUrl: string | undefined): HistoryOutcome {
    return this.step('forward', siteUrl);
  }

  private step(direction: 'forward' | 'backward', siteUrl: string | undefined): HistoryOutcome {
    const entry = direction === 'backward' ? this.history.nextUndo() : this.history.nextRedo();
    if (!entry || !this.set) return { ...this.changed(false), label: null };
    const set = this.set;
    this.syncSiteUrl(siteUrl);
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
    this.recheckAfter(entry);
    return { ...this.changed(true), label: entry.label };
  }

  /**
   * Re-checks after an undo or redo: only the changed rows when no row came or
   * went and they are few; a full check otherwise (positions moved, or most
   * rows changed anyway, as the fix that made the entry did).
   */
  private recheckAfter(entry: HistoryEntry): void {
    const set = this.need();
    const ids = new Set<number>();
    for (const list of [entry.cells, entry.flags, entry.exts]) for (const c of list) ids.add(c.row);
    if (entry.removed || entry.added || ids.size > set.rows.length / 8) {
      this.result = checkSet(set, this.opts);
      return;
    }
    const positions = [...positionsOfIds(set.rows, ids).values()];
    recheckRows(set, this.checked(), positions, this.opts);
  }

  private record(entry: HistoryEntry): void {
    this.history.record({ ...entry, label: entry.label.trim() });
  }

  /** Ids of the rows of the current view, in order ("select all" turned into a list). */
  viewIds(): number[] {
    const ids = this.need().rows.id;
    return Array.from(this.view, (p) => ids[p] as number);
  }

  /** Sets lastmod, changefreq or priority in every row of the scope: one undo step. */
  bulkSet(scope: BulkScope, field: BulkField, value: string, siteUrl: string | undefined, from?: 'publication-date'): BulkOutcome {
    if (from === 'publication-date') {
      this.syncSiteUrl(siteUrl);
      const { changes, missing } = planSetFromPublication(this.need().rows, this.positionsOf(scope));
      const label = `Set lastmod from the publication date${missing ? ` (${missing} rows have none)` : ''}`;
      return this.applyCells(label, changes);
    }
    const refusal = checkBulkValue(field, value);
    if (refusal) throw new Error(refusal);
    this.syncSiteUrl(siteUrl);
    const changes = planSet(this.need().rows, this.positionsOf(scope), field, value);
    return this.applyCells(`Set ${field} to ${value === '' ? '(empty)' : value}`, changes);
  }

  /** What a find & replace in loc (or in the URL fields of `options.fields`) would do, with its first `limit` changes; nothing changes. */
  replacePreview(scope: BulkScope, options: ReplaceOptions, limit: number): ReplacePreview {
    const replacer = compileReplace(options);
    if (!replacer.ok) return { error: replacer.message, affected: 0, breaking: 0, samples: [] };
    return previewOf(planRewrite(this.need().rows, this.positionsOf(scope), replacer.apply, fieldGroupsOf(options), limit));
  }

  /**
   * Find & replace in loc, or in every URL field chosen (a migration): one
   * undo step, then a full check (the location rule and hreflang reciprocity
   * depend on every row). Refused (nothing changes) when it would make URLs
   * unusable and `force` is not set: the answer then says which.
   */
  replace(scope: BulkScope, options: ReplaceOptions, force: boolean, siteUrl: string | undefined): BulkOutcome {
    const replacer = compileReplace(options);
    if (!replacer.ok) throw new Error(replacer.message);
    this.syncSiteUrl(siteUrl);
    const groups = fieldGroupsOf(options);
    const plan = planRewrite(this.need().rows, this.positionsOf(scope), replacer.apply, groups, 10);
    if (plan.breaking.length > 0 && !force) {
      return { ...this.changed(false), changed: 0, removed: 0, refused: previewOf(plan) };
    }
    const label = options.describe ?? `Replace "${options.find}" with "${options.replace}" in ${describeGroups(groups)}`;
    if (plan.exts.length === 0) return { ...this.applyCells(label, plan.cells), byField: plan.counts };
    const set = this.need();
    applyChanges(set.rows, plan.cells, 'forward');
    applyExtChanges(set.rows, plan.exts, 'forward');
    set.rows.seal();
    const entry: HistoryEntry = { label: `${label} ${sizeOf({ cells: plan.cells, flags: [], exts: plan.exts })}`, cells: plan.cells, flags: [], exts: plan.exts };
    this.record(entry);
    this.result = checkSet(set, this.opts);
    return { ...this.changed(true), changed: plan.total, removed: 0, refused: null, byField: plan.counts };
  }

  /**
   * Merges the rows whose loc repeats another's in the scope into the first
   * of them (merge-duplicates.ts), its values chosen by `keep`, and removes
   * the copies: one undo step that puts every copy back with its elements.
   */
  dedupe(scope: BulkScope, keep: MergeRule, siteUrl: string | undefined): BulkOutcome {
    this.syncSiteUrl(siteUrl);
    const set = this.need();
    // Only rows the check found repeated can merge: grouping a million distinct URLs would cost seconds for nothing.
    const codes = this.checked().rowCodes;
    const positions = Array.from(this.positionsOf(scope)).filter((p) => ((codes[p] ?? 0) & B.locDuplicate) !== 0);
    const plan = planMergeDuplicates(mergeSourceOf(set.rows), positions, { rule: keep });
    applyChanges(set.rows, plan.changes, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    // Removed last, as redo does: the changes name rows that stay.
    const taken = takeRows(set, plan.removeRows);
    const removed = taken.ids.length;
    if (removed > 0) {
      const entry = { cells: plan.changes, flags: [], exts: plan.extChanges, removed: taken };
      this.record({ label: `Remove duplicates, keeping ${MERGE_RULE_WORDS[keep]} ${sizeOf(entry)}`, ...entry });
      this.result = checkSet(set, this.opts);
    }
    return { ...this.changed(true), changed: plan.changes.length + plan.extChanges.length, removed, refused: null, merge: plan.report };
  }

  /** A pasted column: value k into `field` of the row at view position start + k, one undo step. */
  pasteColumn(start: number, field: UrlField, values: string[], siteUrl: string | undefined): BulkOutcome {
    this.syncSiteUrl(siteUrl);
    const changes = planPasteColumn(this.need().rows, this.view, start, field, values);
    // Like a cell edit, the pasted rows stay where they are in the view until the next filter or sort.
    return this.applyCells(`Paste ${field}`, changes, false);
  }

  private positionsOf(scope: BulkScope): ArrayLike<number> {
    if (scope.kind === 'view') return this.view;
    const found = positionsOfIds(this.need().rows, scope.ids);
    return [...found.values()].sort((a, b) => a - b);
  }

  /** Applies planned cell changes, records them as one step and re-checks what they touched. */
  private applyCells(label: string, changes: CellChange[], requery = true): BulkOutcome {
    if (changes.length === 0) return { ...this.changed(false), changed: 0, removed: 0, refused: null };
    const set = this.need();
    applyChanges(set.rows, changes, 'forward');
    set.rows.seal();
    const entry: HistoryEntry = { label: `${label} ${sizeOf({ cells: changes, flags: [], exts: [] })}`, cells: changes, flags: [], exts: [] };
    this.record(entry);
    this.recheckAfter(entry);
    return { ...this.changed(requery), changed: changes.length, removed: 0, refused: null };
  }

  planExport(settings: ExportSettings): ExportPlan {
    const set = this.need();
    const options = exportOptions(settings);
    const crawl = crawlExclusions(set);
    const plan = previewExport(set.rows, options, crawl.positions);
    return { ...plan, problems: [...crawl.problems, ...plan.problems] };
  }

  /** The table as CSV: the current view (filter and sort) or every row. */
  exportCsv(scope: CsvScope, onProgress?: (done: number, total: number) => void): CsvDownload {
    return csvDownload(this.need(), this.checked(), scope, this.view, onProgress);
  }

  export(settings: ExportSettings, onProgress: (done: number, total: number) => void): ExportDownload {
    const crawl = crawlExclusions(this.need());
    const result = exportSitemaps(this.need().rows, { ...exportOptions(settings), onProgress }, crawl.positions);
    return downloadOf({ ...result, problems: [...crawl.problems, ...result.problems] });
  }

  /**
   * The same export, with every file gzipped afterwards by `gzip` (the
   * platform's native compressor in the worker) instead of inline by fflate.
   */
  async exportWith(settings: ExportSettings, onProgress: (done: number, total: number) => void, gzip: (raw: Uint8Array) => Promise<Uint8Array>): Promise<ExportDownload> {
    // Each file is handed to `gzip` the moment it is written; the answers are collected after the last.
    const gzipped = new Map<Uint8Array, Promise<Uint8Array>>();
    const gzipper = (raw: Uint8Array) => {
      gzipped.set(raw, gzip(raw));
      return raw;
    };
    // The crawl-* rules' fix: what the crawl found unfit is left out, and listed.
    const crawl = crawlExclusions(this.need());
    const result = exportSitemaps(this.need().rows, { ...exportOptions(settings), onProgress, gzipper }, crawl.positions);
    result.problems.unshift(...crawl.problems);
    for (const f of result.files) {
      const pending = gzipped.get(f.data);
      if (pending) f.data = await pending;
    }
    return downloadOf(result);
  }

  private changed(requery: boolean): Changed {
    // Before the view is refreshed: a filter by comparison must see the new rows.
    this.compare.invalidate();
    if (requery) this.refreshView();
    this.touched();
    return { summary: this.summary(), viewCount: this.view.length, history: this.history.state() };
  }

  /** A new Site URL, or rows added or removed: a full check. */
  private syncSiteUrl(siteUrl: string | undefined, force = false): void {
    const next = siteUrl || undefined;
    if (!force && next === this.opts.siteUrl) return;
    this.opts = next ? { siteUrl: next } : {};
    this.result = checkSet(this.need(), this.opts);
  }

  private refreshView(): void {
    this.views++;
    // The comparison is computed only when the view filters by it.
    this.view = queryRows(this.need(), this.checked(), this.query, this.query.diffKind ? this.compare.rowKinds() : undefined);
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

/**
 * Applies a history entry forward (as the change did: rows added, cells set,
 * rows removed) or backward (the exact reverse). The rows an entry adds or
 * removes are taken again at each step, so each redo or undo puts back
 * exactly what the previous one took out.
 */
export function applyEntry(set: SitemapSet, entry: HistoryEntry, direction: 'forward' | 'backward'): void {
  if (direction === 'forward') {
    if (entry.added) restoreRows(set, entry.added);
    applyChanges(set.rows, entry.cells, 'forward');
    applyFlagChanges(set.rows, entry.flags, 'forward');
    applyExtChanges(set.rows, entry.exts, 'forward');
    if (entry.removed) entry.removed = takeRows(set, entry.removed.ids);
  } else {
    if (entry.removed) restoreRows(set, entry.removed);
    applyExtChanges(set.rows, entry.exts, 'backward');
    applyFlagChanges(set.rows, entry.flags, 'backward');
    applyChanges(set.rows, entry.cells, 'backward');
    if (entry.added) entry.added = takeRows(set, entry.added.ids);
  }
  set.rows.seal();
}

function mimeOf(name: string): string {
  if (name.endsWith('.gz')) return 'application/gzip';
  if (name.endsWith('.txt')) return 'text/plain';
  return 'application/xml';
}

/** The export dialog's settings as core export options. */
export function exportOptions(s: ExportSettings): ExportOptions {
  const limits: Limits = s.profile === 'custom'
    ? { maxUrls: s.maxUrls, maxBytes: s.maxBytes, maxSitemaps: LIMITS.standard.maxSitemaps }
    : { ...LIMITS[s.profile] };
  return {
    format: s.format, gzip: s.gzip, index: s.index, siteUrl: s.siteUrl, limits,
    schemaLocation: s.schemaLocation, lastmodForm: s.lastmodForm, now: new Date(),
  };
}

/** A finished export as the page downloads it: a single file as itself, several as one zip. */
function downloadOf(result: ExportResult): ExportDownload {
  const files = result.files.map(({ name, urls, rawBytes, kind, data }) => ({ name, urls, rawBytes, kind, bytes: data.length }));
  const single = result.files.length === 1 ? result.files[0] : undefined;
  if (single) {
    return { files, problems: result.problems, robotsTxt: result.robotsTxt, fileName: single.name, mimeType: mimeOf(single.name), bytes: single.data };
  }
  return { files, problems: result.problems, robotsTxt: result.robotsTxt, fileName: 'sitemaps.zip', mimeType: 'application/zip', bytes: bundleZip(result) };
}
