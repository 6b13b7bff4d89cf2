/*
 * What the sitemap worker answers, declared once. Every request the page can
 * make is one method of SitemapApi: its name is the request's `type`, its one
 * argument the request's `params`, its return type the answer. The request
 * and reply messages (WorkerRequest, WorkerReply), the client's `call` and
 * the worker's handler table (handlers.ts, which must satisfy HandlerTable)
 * are all derived from it, so a request and its answer cannot disagree.
 *
 * Adding a request takes two places:
 *   1. a method here (name, params, answer) and its entry in the handler
 *      table (handlers.ts: `run`, and `lane`, `changes` or `transfer` when
 *      they apply) — the compiler refuses one without the other;
 *   2. the caller: `client.call('name', params)` in a store slice (and the
 *      store's test client answers it with `unused` until a test gives it).
 */
import type { LiveNotes } from '../core/live/apply-live';
import type { OpenedFrom } from '../core/live/opened-from';
import type { UrlEntry } from '../core/rows/rows';
import type { UrlField } from '../core/rows/types';
import type { RuleCode } from '../core/rules/registry';
import type { BulkField, ReplaceOptions } from '../core/edit/bulk';
import type { BlockColumn } from '../core/edit/paste-block';
import type { MergeRule } from '../core/fix/merge-duplicates';
import type { AlternateEdit } from '../core/edit/hreflang-edit';
import type { ExtEdit } from '../core/edit/ext-edit';
import type { BranchEdit } from '../core/edit/move-branch';
import type { DiffKind } from '../core/compare/diff-rows';
import type { ViewQuery } from '../core/view/query';
import type { SourceLines } from '../core/read/source-lines';
import type { FileStatus } from '../core/check/file-status';
import type { LastmodChart } from '../core/view/lastmod-chart';
import type { TreeChildren } from '../core/view/tree-node';
import type { DiagramAsk } from '../core/view/diagram-levels';
import type { DiagramLevel } from '../core/view/diagram-pages';
import type { PlanFields } from '../core/plan/plan-fields';
import type { RedirectFormat } from '../core/write/redirect-map';
import type { CompareDownload, CompareSummary, CompareWindow } from './compare-protocol';
import type { BranchOutcome, BranchPreview, DiagramBoard, RedirectDownload } from './diagram-protocol';
import type { StreamOutcome } from './stream-protocol';
import type { ClusterAsk, ClusterRow, ClustersOutcome, LanguagesSummary } from './languages-protocol';
import type { XDefaultPick } from '../core/clusters/set-x-default';
import type { IndexNowOffer } from '../core/indexnow/offer';
import type { IndexNowOptions } from '../core/indexnow/payload';
import type { LivenessRequest, LivenessResponse } from './liveness-protocol';
import type {
  BulkOutcome,
  BulkScope,
  Changed,
  CsvDownload,
  CsvScope,
  EditAlternateOutcome,
  EditOutcome,
  ExportDownload,
  ExportPlan,
  ExportPrefs,
  FixOutcome,
  HistoryOutcome,
  JobProgress,
  PersistEvent,
  ReplacePreview,
  RestoreOutcome,
  RowDetails,
  RowView,
  SetSummary,
} from './protocol';

/** The params of a request that needs none. */
type None = Record<string, never>;

interface SitemapApi {
  /** Imports files and checks the set: a fresh set, or added to the rows there (`append`). */
  importFiles(p: { files: File[]; append?: boolean; live?: LiveNotes[]; source?: OpenedFrom }): SetSummary;
  /**
   * Sets the Site URL every check uses from now on (worker state, not a
   * parameter of each change) and checks the document again against it;
   * null when there is no document yet.
   */
  setSiteUrl(p: { siteUrl: string }): SetSummary | null;
  /** Sets the table's filter and sort; the answer is the number of rows shown. */
  setView(p: { query: ViewQuery }): number;
  /** Rows `start` to `end` (exclusive) of the current view. */
  rows(p: { start: number; end: number }): RowView[];
  /** Where the row with this stable id is in the current view; -1 when the view does not show it. */
  viewPosition(p: { row: number }): number;
  /** Each sitemap file's status (URLs, errors, warnings, unreadable), as Search Console's Sitemaps report lists them. */
  fileStatus(p: None): FileStatus[];
  /** The source lines around a place in an imported file; null when the file is not at hand (a restored document). */
  sourceLines(p: { file: string; line: number; column: number }): SourceLines | null;
  /** Ids of the rows of the current view, in order. */
  viewIds(p: None): number[];
  /** The extension data of one row (by stable id), readable, for its details panel. */
  rowDetails(p: { row: number }): RowDetails;
  /** The children of several branches at once, by one pass over the rows. */
  treeLevels(p: { paths: string[] }): Map<string, TreeChildren>;
  /** The lastmod chart of the rows the table shows (its month filter aside). */
  lastmodChart(p: None): LastmodChart;

  /** Sets one cell; the answer carries the row as drawn, re-checked (null when it is gone). */
  edit(p: { row: number; field: UrlField; value: string }): EditOutcome;
  /** The document's totals (asked for after an edit whose answer left them out). */
  summary(p: Record<string, never>): SetSummary;
  /** Adds a row; with `plan`, the new row's plan (a planned page), in the same undo step. */
  addRow(p: { entry: Partial<Omit<UrlEntry, 'ext'>>; plan?: Partial<PlanFields> }): Changed & { rowId: number };
  /** Add N pages: a row for each page the crawl found that no row lists (crawl-not-in-sitemap), one undo step. */
  addMissingPages(p: None): Changed & { added: number };
  deleteRows(p: { rows: number[] }): Changed & { removed: number };
  /** Sets one field of a sitemap index's `<sitemap>` entry (a relative child loc made absolute by hand): one undo step. */
  editIndexEntry(p: { entry: number; field: 'loc' | 'lastmod'; value: string }): Changed;
  /** Adds, changes or removes one hreflang alternate of a row: one undo step. */
  editAlternate(p: { row: number; edit: AlternateEdit }): EditAlternateOutcome;
  /** Changes, adds or removes one image, video or news entry of a row: one undo step. */
  editExt(p: { row: number; edit: ExtEdit }): EditAlternateOutcome;
  /** Applies the automatic fixes of these codes (or all); `zone` is what lastmod-timezone adds (`Z` or `±hh:mm`). */
  fix(p: { codes: RuleCode[] | 'all'; zone?: string }): FixOutcome;
  /** Undoes the last change (nothing happens when there is none). */
  undo(p: None): HistoryOutcome;
  /** Redoes the last undone change (nothing happens when there is none). */
  redo(p: None): HistoryOutcome;
  /** `from`: copy lastmod from each row's news or video publication date instead of `value`. */
  bulkSet(p: { scope: BulkScope; field: BulkField; value: string; from?: 'publication-date' }): BulkOutcome;
  replacePreview(p: { scope: BulkScope; options: ReplaceOptions; limit: number }): ReplacePreview;
  /** Find & replace in loc; refused (outcome.refused) when it would break URLs, unless `force`. */
  replace(p: { scope: BulkScope; options: ReplaceOptions; force: boolean }): BulkOutcome;
  dedupe(p: { scope: BulkScope; keep: MergeRule }): BulkOutcome;
  /** Writes value k into `field` of the view's row at `start + k`. */
  pasteColumn(p: { start: number; field: UrlField; values: string[] }): BulkOutcome;
  /** Writes each pasted column's values into its field from the view's row `start` down: one undo step. */
  pasteBlock(p: { start: number; columns: BlockColumn[] }): BulkOutcome;
  /** Sets several fields in the scope's rows at once (lastmod from the publication date with `fromPublication`): one undo step. */
  bulkSetFields(p: {
    scope: BulkScope;
    values: Partial<Record<BulkField, string>>;
    fromPublication: boolean;
  }): BulkOutcome;

  /**
   * Loads the document saved in the browser into a worker that has none;
   * `saveDelayMs`: the autosave's quiet time, when the page sets it (a test hook).
   */
  restore(p: { query?: ViewQuery; saveDelayMs?: number }): RestoreOutcome;
  /** Forgets the document and its saved copy ("New"). */
  clearDocument(p: None): null;
  /** Writes a pending save now (the page is closing), ahead of any queued job; the answer: whether one is still pending. */
  flushSave(p: None): boolean;
  /** Makes this worker the writer of the saved document or a reader (liveness-protocol.ts's tab lock). */
  setWriter(p: { writer: boolean; flush: boolean }): null;

  /** The files an export with the dialog's choices would write (against the worker's Site URL). */
  /** `includePlanned`: write the rows whose status is Planned too (left out, and counted, by default). */
  planExport(p: { settings: ExportPrefs; includePlanned?: boolean }): ExportPlan;
  export(p: { settings: ExportPrefs; includePlanned?: boolean }): ExportDownload;
  /** The table as CSV: the current view (filter and sort) or every row. */
  exportCsv(p: { scope: CsvScope }): CsvDownload;
  /** Checks and re-splits files too many for the table, without loading them into the document. */
  stream(p: { files: File[]; fix: boolean }): StreamOutcome;

  /** Reads files as the "before" set and compares the rows with it. */
  compareLoad(p: { files: File[] }): CompareSummary;
  /** The comparison's counts with the current rows; null when there is none. */
  compareSummary(p: None): CompareSummary | null;
  /** Differences `start` to `end` (exclusive) of one kind. */
  compareItems(p: { kind: DiffKind; start: number; end: number }): CompareWindow;
  compareCsv(p: None): CompareDownload;
  compareClear(p: None): null;
  /** The IndexNow payload (JSON) of the comparison's added and changed URLs. */
  compareIndexNow(p: IndexNowOptions): IndexNowOffer;

  /** The diagram's levels, each cut to its own limit, by one pass over the rows; each box with its page. */
  diagramLevels(p: { asks: DiagramAsk[] }): Map<string, DiagramLevel>;
  /** The whole board: every level down to the depth that fits `budget` boxes (a pass a depth). */
  diagramBoard(p: { budget: number }): DiagramBoard;
  /** Changes fields of a page's plan (status, notes, colour, owner, title): one undo step. */
  setPlan(p: { row: number; patch: Partial<PlanFields> }): Changed;
  /** What moving or renaming a branch would change (nothing changes). */
  branchPreview(p: { edit: BranchEdit; limit: number }): BranchPreview;
  /** Moves or renames a branch: every loc in it rewritten, one undo step. */
  branchEdit(p: { edit: BranchEdit }): BranchOutcome;
  /** The redirect map of the session's loc changes, in one format. */
  redirectMap(p: { format: RedirectFormat }): RedirectDownload;

  /** The hreflang clusters' counts and languages (found from the alternates, or also by locale prefix). */
  languagesSummary(p: { ask: ClusterAsk }): LanguagesSummary;
  /** Clusters `start` to `end` (exclusive) of those the filter lists. */
  languageClusters(p: { ask: ClusterAsk; start: number; end: number }): ClusterRow[];
  /** Add return links: every cluster completed, one undo step. */
  completeClusters(p: { byPrefix: boolean }): ClustersOutcome;
  /** Add x-default: to the page picked (by language, or one member of one cluster at `revision`), one undo step. */
  setXDefault(p: { byPrefix: boolean; pick: XDefaultPick; revision: number }): ClustersOutcome;
}

export type RequestType = keyof SitemapApi;
export type Params<K extends RequestType> = Parameters<SitemapApi[K]>[0];
export type Answer<K extends RequestType> = ReturnType<SitemapApi[K]>;

/** One request as the page sends it: `{ type, id, params }`. */
export type ApiRequest = { [K in RequestType]: { type: K; id: number; params: Params<K> } }[RequestType];

/** Everything the page posts to the worker: requests, and the liveness checks answered at once. */
export type WorkerRequest = ApiRequest | LivenessRequest;

/** Everything the worker posts to the page. One success reply, `done`, whatever the request. */
export type WorkerResponse =
  | { type: 'progress'; id: number; progress: JobProgress }
  | { type: 'done'; id: number; value: Answer<RequestType> }
  | { type: 'error'; id: number; message: string }
  | PersistEvent
  | LivenessResponse;

/** A pass over every row run a slice at a time (see Router.inSlices). */
export interface SlicedPass<T> {
  /** Runs over up to `rows` more rows; true when the pass is done. */
  step(rows: number): boolean;
  finish(): T;
}

/** What a handler gets besides its params: progress for its job, and slices for a long pass. */
export interface JobContext {
  /** Reports progress, at most every 50 ms unless `force`. */
  progress(p: JobProgress, force?: boolean): void;
  /** Runs a pass a slice at a time, answering what the user asks for in between. */
  inSlices<T>(start: () => SlicedPass<T>): Promise<T>;
}

/**
 * How the worker answers one request. `lane`: 'background' for the side
 * panels' read-only passes (run when nothing else waits), 'now' for what
 * must not wait behind the queue (the page is closing); foreground when
 * absent. `changes`: the request changes the document or its saved copy, so
 * a tab that does not own the document refuses it. `transfer`: the buffers
 * of the answer that move to the page without a copy.
 */
export interface Handler<K extends RequestType> {
  lane?: 'background' | 'now';
  changes?: true;
  run(params: Params<K>, job: JobContext): Answer<K> | Promise<Answer<K>>;
  transfer?(answer: Answer<K>): Transferable[];
}

export type HandlerTable = { [K in RequestType]: Handler<K> };
