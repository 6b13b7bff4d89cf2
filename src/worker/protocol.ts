/*
 * The messages between the page and the sitemap worker. The imported set
 * stays in the worker; the page only ever receives a summary small enough to
 * clone cheaply whatever the number of URLs.
 */
import type { UrlEntry } from '../core/rows';
import type { Problem, RuleCode, Severity, SourceFile, UrlField } from '../core/types';
import type { BulkField, ReplaceOptions } from '../core/edit/bulk';
import type { MergeReport, MergeRule } from '../core/fix/merge-duplicates';
import type { AlternateEdit } from '../core/edit/hreflang-edit';
import type { ViewQuery } from '../core/view/query';
import type { PlannedFile } from '../core/write/options';
import type { CompareRequest, CompareSummary } from './compare-protocol';
import type { DiagramRequest } from './diagram-protocol';
import type { EditExtRequest, ExtEntryEditing, ReplaceSample, RewriteCounts, SiteUrlHint } from './edit-protocol';
import type { LivenessRequest, LivenessResponse, WriterRequest } from './liveness-protocol';
import type { StreamRequest } from './stream-protocol';

export interface ImportRequest {
  type: 'import';
  id: number;
  /** File objects clone cheaply (a handle, not the bytes); the worker reads them. */
  files: File[];
  siteUrl?: string;
  /** Add to the rows already there (true) or start a new set (false). */
  append?: boolean;
}

/** Sets the table's filter and sort; the answer is the number of rows shown. */
export interface ViewRequest {
  type: 'view';
  id: number;
  query: ViewQuery;
}

/** The children of one branch of the structure tree ('' for the hosts); the answer is a TreeChildren. */
export interface TreeChildrenRequest {
  type: 'tree-children';
  id: number;
  path: string;
}

/** The children of several branches at once, by one pass over the rows; the answer is a Map from path to TreeChildren. */
export interface TreeLevelsRequest {
  type: 'tree-levels';
  id: number;
  paths: string[];
}

/** The lastmod chart of the rows the table shows (its month filter aside); the answer is a LastmodChart. */
export interface LastmodChartRequest {
  type: 'lastmod-chart';
  id: number;
}

/** Rows `start` to `end` (exclusive) of the current view. */
export interface RowsRequest {
  type: 'rows';
  id: number;
  start: number;
  end: number;
}

/** Where the row with this stable id is in the current view; the answer is its position, or -1 when the view does not show it. */
export interface ViewPositionRequest {
  type: 'view-position';
  id: number;
  row: number;
}

/** The source lines around a place in an imported file; the answer is a SourceLines, or null when the file is not at hand. */
export interface SourceLinesRequest {
  type: 'source-lines';
  id: number;
  file: string;
  line: number;
  column: number;
}

/** Each sitemap file's status (URLs, errors, warnings, unreadable); the answer is a FileStatus[]. */
export interface FileStatusRequest {
  type: 'file-status';
  id: number;
}

export interface EditRequest {
  type: 'edit';
  id: number;
  /** Stable row id. */
  row: number;
  field: UrlField;
  value: string;
  siteUrl?: string;
}

export interface AddRowRequest {
  type: 'add-row';
  id: number;
  entry: Partial<Omit<UrlEntry, 'ext'>>;
  siteUrl?: string;
}

export interface DeleteRowsRequest {
  type: 'delete-rows';
  id: number;
  rows: number[];
  siteUrl?: string;
}

/** Applies the automatic fixes of these codes (or all) to every row. */
export interface FixRequest {
  type: 'fix';
  id: number;
  codes: RuleCode[] | 'all';
  siteUrl?: string;
  /** The zone lastmod-timezone adds: `Z` or `±hh:mm`. */
  zone?: string;
}

/** Undoes the last change, or redoes the last undone one. */
export interface HistoryRequest {
  type: 'undo' | 'redo';
  id: number;
  siteUrl?: string;
}

/** What the toolbar's Undo and Redo buttons need: whether each can run, and what it would do. */
export interface HistoryState {
  canUndo: boolean;
  /** "Fix all lastmod-format (12 cells)"; null when there is nothing to undo. */
  undoLabel: string | null;
  canRedo: boolean;
  redoLabel: string | null;
}

/** What the export dialog sets. */
export interface ExportSettings {
  format: 'xml' | 'txt';
  gzip: boolean;
  index: 'auto' | 'always';
  profile: 'standard' | 'legacy' | 'custom';
  /** Used with the custom profile. */
  maxUrls: number;
  maxBytes: number;
  siteUrl: string;
  schemaLocation: boolean;
  lastmodForm: 'as-is' | 'date' | 'datetime';
}

export interface ExportRequest {
  type: 'plan-export' | 'export';
  id: number;
  settings: ExportSettings;
}

export interface ExportPlan {
  files: PlannedFile[];
  problems: Problem[];
  /** `Sitemap: <url>` lines for robots.txt. */
  robotsTxt: string;
}

/** The bytes to download: one file, or `sitemaps.zip` holding them all. */
export interface ExportDownload extends ExportPlan {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** Which rows the table's CSV holds: the current view (its filter and sort) or every row in import order. */
export type CsvScope = 'view' | 'all';

export interface CsvExportRequest {
  type: 'export-csv';
  id: number;
  scope: CsvScope;
}

/** The table as a CSV file, in encoded pieces (a Blob joins them without another copy). */
export interface CsvDownload {
  fileName: string;
  mimeType: string;
  parts: Uint8Array[];
  /** Total size in bytes. */
  bytes: number;
  /** Data rows written. */
  rows: number;
}

/** A row as the table shows it. */
export interface RowView {
  id: number;
  loc: string;
  lastmod: string;
  changefreq: string;
  priority: string;
  /** Extension elements (image, video, news, hreflang, unknown) on the row. */
  ext: number;
  /** Names of the extension elements, e.g. "image:image ×3". */
  extSummary: string;
  file: string;
  problems: { code: RuleCode; severity: Severity; message: string }[];
}

/** The extension data of one row, for its details panel; asked for one row at a time. */
export interface RowDetailsRequest {
  type: 'row-details';
  id: number;
  /** Stable row id. */
  row: number;
}

/** Adds, changes or removes one hreflang alternate of a row: one undo step. */
export interface EditAlternateRequest {
  type: 'edit-alternate';
  id: number;
  row: number;
  edit: AlternateEdit;
  siteUrl?: string;
}

/** One hreflang alternate of a row, with what is wrong with it ('' when nothing). */
export interface AlternateView {
  /** Index of the element among the row's extension elements: how an edit names it. */
  at: number;
  hreflang: string;
  href: string;
  /** Why the value is not one engines read (hreflang-value, hreflang-href), or ''. */
  issue: string;
  /** Set when the alternate is in the set and does not list this row back (hreflang-not-reciprocal). */
  notReciprocal: boolean;
}

/** An image, video, news or other extension element of a row, as labelled values. */
export interface ExtEntryView extends ExtEntryEditing {
  at: number;
  kind: 'image' | 'video' | 'news' | 'other';
  /** "Video 1", "News", "mobile:mobile". */
  label: string;
  /** Child values in document order, nested ones named by their path ("publication name"). */
  fields: { name: string; value: string }[];
}

/** Everything a row carries besides its four fields, readable. */
export interface RowDetails {
  id: number;
  loc: string;
  /** 1-based, and the file it came from, for the heading. */
  line: number;
  file: string;
  alternates: AlternateView[];
  entries: ExtEntryView[];
  /** The row's extension problems (field 'ext'), as the table shows them. */
  problems: { code: RuleCode; severity: Severity; message: string }[];
}

export interface EditAlternateOutcome extends Changed {
  /** The row after the edit, re-checked; null when the row is gone. */
  details: RowDetails | null;
}

/** The answer to every request that changes rows: the new totals and the view's new size. */
export interface Changed {
  summary: SetSummary;
  viewCount: number;
  /** The undo history after the change. */
  history: HistoryState;
}

export interface HistoryOutcome extends Changed {
  /** The label of the change undone or redone; null when there was none (nothing changed). */
  label: string | null;
}

export interface EditOutcome extends Changed {
  row: RowView | null;
}

export interface FixOutcome extends Changed {
  /** Fixes applied per code: every repair is listed. */
  applied: Partial<Record<RuleCode, number>>;
  removedRows: number;
  skipped: number;
  /** loc-duplicate: what merging the duplicates moved, the values that conflicted, the copies kept apart. */
  merge?: MergeReport;
}

/** Re-checks the set already in the worker, e.g. after the Site URL changed. */
export interface CheckRequest {
  type: 'check';
  id: number;
  siteUrl?: string;
}

export type WorkerRequest =
  | ImportRequest
  | CheckRequest
  | ViewRequest
  | RowDetailsRequest
  | EditAlternateRequest
  | EditExtRequest
  | TreeChildrenRequest
  | TreeLevelsRequest
  | LastmodChartRequest
  | RowsRequest
  | ViewPositionRequest
  | SourceLinesRequest
  | FileStatusRequest
  | EditRequest
  | AddRowRequest
  | DeleteRowsRequest
  | FixRequest
  | HistoryRequest
  | ExportRequest
  | CsvExportRequest
  | BulkRequest
  | PersistRequest
  | CompareRequest
  | DiagramRequest
  | StreamRequest
  | LivenessRequest
  | WriterRequest;

export type JobPhase = 'reading' | 'parsing' | 'checking' | 'fixing' | 'writing';

export interface JobProgress {
  phase: JobPhase;
  bytesDone: number;
  bytesTotal: number;
  urls: number;
}

/** A problem with its place already formatted ("file.xml:12:5"), and the row's loc when it has one. */
export interface ReportedProblem extends Problem {
  place: string;
  loc?: string;
}

export interface ProblemGroup {
  code: RuleCode;
  severity: Severity;
  /** The rule's plain sentence. */
  title: string;
  /** Every occurrence, including those not sent in `problems`. */
  count: number;
  /** Occurrences the export repairs by writing the files (export-repairs.ts); absent when none. */
  repairedOnExport?: number;
}


export interface SetSummary extends SiteUrlHint {
  urlCount: number;
  files: SourceFile[];
  counts: { error: number; warning: number; info: number };
  byCode: Partial<Record<RuleCode, number>>;
  groups: ProblemGroup[];
  /** At most {@link MAX_PROBLEMS_SENT}, spread over every code. */
  problems: ReportedProblem[];
  problemTotal: number;
  /** Rows in the table's current view (after filter). */
  viewCount: number;
}

export const MAX_PROBLEMS_SENT = 1000;

export type WorkerResponse =
  | { type: 'progress'; id: number; progress: JobProgress }
  | { type: 'result'; id: number; summary: SetSummary }
  | { type: 'value'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string }
  | PersistEvent
  | LivenessResponse;

/*
 * Bulk edits. The rows they act on: the selection's ids, or every row of the
 * current view (so the page never has to hold the ids of a million rows).
 */
export type BulkScope = { kind: 'ids'; ids: number[] } | { kind: 'view' };

export type BulkRequest =
  | { type: 'view-ids'; id: number }
  | { type: 'bulk-set'; id: number; scope: BulkScope; field: BulkField; value: string; siteUrl?: string; from?: 'publication-date' }
  | { type: 'replace-preview'; id: number; scope: BulkScope; options: ReplaceOptions; limit: number }
  | { type: 'replace'; id: number; scope: BulkScope; options: ReplaceOptions; force: boolean; siteUrl?: string }
  | { type: 'dedupe'; id: number; scope: BulkScope; keep: MergeRule; siteUrl?: string }
  | { type: 'paste-column'; id: number; start: number; field: UrlField; values: string[]; siteUrl?: string };

/** What a find & replace would do: the rows it changes, the first changes, and the URLs it would break. */
export interface ReplacePreview extends RewriteCounts {
  /** Why it cannot run (an invalid regular expression); then nothing else is set. */
  error: string | null;
  affected: number;
  /** Changed rows whose loc would become unusable (missing, relative, another scheme, white space). */
  breaking: number;
  samples: ReplaceSample[];
}

/** The answer to a bulk change: `changed` cells or `removed` rows (0 when nothing changed). */
export interface BulkOutcome extends Changed, Pick<RewriteCounts, 'byField'> {
  changed: number;
  removed: number;
  /** A replace refused because it would break URLs and was not forced: nothing changed. */
  refused: ReplacePreview | null;
  /** Remove duplicates: what the merge moved, the values that conflicted, the copies kept apart. */
  merge?: MergeReport;
}

/*
 * Saving the document in the browser (IndexedDB, from the worker). `restore`
 * loads the saved document into a worker that has none; `clear-document`
 * forgets both; `flush-save` writes a pending save now (the page is closing).
 */
export type PersistRequest =
  /** `saveDelayMs`: the autosave's quiet time, when the page sets it (a test hook, `?save-delay=MS`). */
  | { type: 'restore'; id: number; query?: ViewQuery; saveDelayMs?: number }
  | { type: 'clear-document'; id: number }
  | { type: 'flush-save'; id: number };

/** What `restore` found: a summary as after an import, or nothing (summary null). */
export interface RestoreOutcome {
  summary: SetSummary | null;
  /** When the restored document was saved (ms since the epoch); null when nothing was restored. */
  savedAt: number | null;
  /** The Site URL the restored document was checked against. */
  siteUrl: string | null;
  /** Why the saved work could not be read (storage missing, damaged copy); null when fine. */
  error: string | null;
  /** The restored undo history's state, and how many undo and redo steps came back with it. */
  history?: HistoryState;
  undoSteps?: number;
  redoSteps?: number;
  /** The comparison that came back with the document (its counts); null when none. */
  comparison?: CompareSummary | null;
}

/**
 * Sent by the worker, unasked, as saving goes: `pending` after a change,
 * `saved` once written, `failed` when the storage refused, `idle` after clearing.
 */
export interface PersistEvent {
  type: 'persist';
  state: 'pending' | 'saved' | 'failed' | 'idle';
  savedAt?: number;
  message?: string;
}
