/*
 * The page's side of the sitemap worker: a promise per job, progress through
 * a callback, cancellation through an AbortSignal. Cancelling terminates the
 * worker (a synchronous parse cannot be interrupted any other way); the next
 * call starts a fresh one. A worker that fails is dropped the same way.
 */
import type { RuleCode, UrlField } from '../core/types';
import type { ViewQuery } from '../core/view/query';
import type { SourceLines } from '../core/source-lines';
import type { FileStatus } from '../core/check/file-status';
import type { LastmodChart } from '../core/view/lastmod-chart';
import type { TreeChildren } from '../core/view/tree';
import type { BulkField, ReplaceOptions } from '../core/edit/bulk';
import type { MergeRule } from '../core/fix/merge-duplicates';
import type { BulkOutcome, BulkScope, ReplacePreview } from './protocol';
import type { AlternateEdit } from '../core/edit/hreflang-edit';
import type { ExtEdit } from '../core/edit/ext-edit';
import type { EditAlternateOutcome, RowDetails } from './protocol';
import type { CsvDownload, CsvScope } from './protocol';
import type { DiffKind } from '../core/compare/diff-rows';
import type { CompareDownload, CompareSummary, CompareWindow } from './compare-protocol';
import type { BranchOutcome, BranchPreview, RedirectDownload } from './diagram-protocol';
import type { BranchEdit } from '../core/edit/move-branch';
import type { DiagramAsk } from '../core/view/diagram-levels';
import type { RedirectFormat } from '../core/write/redirect-map';
import type { StreamOutcome } from './stream-protocol';
import { WorkerWatch } from './worker-watch';
import type {
  Changed,
  EditOutcome,
  ExportDownload,
  ExportPlan,
  ExportSettings,
  FixOutcome,
  HistoryOutcome,
  JobProgress,
  PersistEvent,
  RestoreOutcome,
  RowView,
  SetSummary,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export interface JobOptions {
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

interface PendingJob {
  resolve: (value: never) => void;
  reject: (reason: Error) => void;
  onProgress?: (progress: JobProgress) => void;
  release: () => void;
}

/** A request without its id (the client numbers them). */
type RequestBody = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export function abortError(): DOMException {
  return new DOMException('The job was cancelled.', 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Raised when the worker died: its imported set is gone with it. */
export class WorkerLostError extends Error {
  override name = 'WorkerLostError';
}

/** Requests that change the document (or its saved copy): refused in a tab that does not own it. */
const CHANGES: ReadonlySet<WorkerRequest['type']> = new Set([
  'import', 'edit', 'add-row', 'delete-rows', 'fix', 'undo', 'redo', 'bulk-set', 'replace', 'dedupe', 'paste-column',
  'edit-alternate', 'edit-ext', 'branch-edit', 'clear-document', 'compare-load', 'compare-clear',
]);

const READ_ONLY = 'This tab is read-only: the document is open in another tab, which saves it. Choose "Take over here" to edit in this tab.';

export class SitemapWorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, PendingJob>();
  /** Notices when the worker is gone or stuck without an error event (worker-watch.ts). */
  private watch: WorkerWatch | null = null;
  /** A worker ran before: a new one first reloads the saved document (see ensureWorker). */
  private hadWorker = false;
  /** The table's last filter and sort, so a replacement worker shows the same view. */
  private lastQuery: ViewQuery | undefined;
  /**
   * @param saveDelayMs the autosave's quiet time in the worker, when not its
   *   default (the browser tests' `?save-delay=MS` hook).
   */
  constructor(private readonly saveDelayMs?: number) {}

  /** How saving goes in the worker (pending, saved, failed); set by the store. */
  onPersist: ((event: PersistEvent) => void) | null = null;

  /**
   * The worker was lost (ended, stopped, crashed or stuck), whether or not a
   * request was pending; the next request starts a new one, which reloads the
   * last save. Set by the store, to say so and put the rows back.
   */
  onLost: ((error: WorkerLostError) => void) | null = null;

  /** Whether this tab owns the saved document (the store's tab lock says); a reader changes nothing. */
  private writer = true;

  /**
   * Makes this tab's worker the writer of the saved document, or a reader
   * that changes nothing and saves nothing (another tab owns it). Giving up
   * writes a waiting save first unless `flush` is false; taking up forgets
   * the rows held, so the next {@link restore} reads the newest save.
   */
  setWriter(writer: boolean, flush = true): Promise<void> {
    // Asked first: a worker started by this call must not also be told by ensureWorker.
    const done = this.run<void>({ type: 'set-writer', writer, flush }, {});
    this.writer = writer;
    return done;
  }

  /** A test hook (`?test-hooks`): ends the worker as the browser might, with no error event. */
  stopWorkerForTest(how: 'close' | 'close-on-next'): void {
    this.ensureWorker().postMessage({ type: 'test-stop', id: this.nextId++, how } satisfies WorkerRequest);
  }

  /**
   * Loads the document saved in the browser into the worker, if it has none
   * (page load, or after the worker was lost); resolves to what was found.
   */
  restore(query?: ViewQuery): Promise<RestoreOutcome> {
    if (query) this.lastQuery = query;
    return this.run<RestoreOutcome>({ type: 'restore', query: query ?? this.lastQuery, saveDelayMs: this.saveDelayMs }, {});
  }

  /** Forgets the document and its saved copy ("New"). */
  clearDocument(): Promise<void> {
    return this.run<void>({ type: 'clear-document' }, {});
  }

  /** Asks the worker to write a pending save now (the page is closing). */
  flushSave(): void {
    if (!this.worker) return;
    this.worker.postMessage({ type: 'flush-save', id: this.nextId++ } satisfies WorkerRequest);
  }

  /** Imports files and checks the set: a fresh set, or added to the rows there (`append`). */
  importFiles(files: File[], options: JobOptions & { siteUrl?: string; append?: boolean } = {}): Promise<SetSummary> {
    return this.run<SetSummary>({ type: 'import', files, siteUrl: options.siteUrl, append: options.append }, options);
  }

  /** Checks the set already imported again, e.g. with another Site URL. */
  check(options: JobOptions & { siteUrl?: string } = {}): Promise<SetSummary> {
    return this.run<SetSummary>({ type: 'check', siteUrl: options.siteUrl }, options);
  }

  /** Sets the table's filter and sort; resolves to the number of rows shown. */
  setView(query: ViewQuery): Promise<number> {
    this.lastQuery = query;
    return this.run<number>({ type: 'view', query }, {});
  }

  /** The children of one branch of the structure tree ('' for the hosts). */
  treeChildren(path: string): Promise<TreeChildren> {
    return this.run<TreeChildren>({ type: 'tree-children', path }, {});
  }

  /** The children of several branches of the structure tree, built by one pass over the rows. */
  treeLevels(paths: string[]): Promise<Map<string, TreeChildren>> {
    return this.run<Map<string, TreeChildren>>({ type: 'tree-levels', paths }, {});
  }

  /** The lastmod chart of the rows the table shows (its month filter aside). */
  lastmodChart(): Promise<LastmodChart> {
    return this.run<LastmodChart>({ type: 'lastmod-chart' }, {});
  }

  /** Rows `start` to `end` (exclusive) of the current view. */
  rows(start: number, end: number): Promise<RowView[]> {
    return this.run<RowView[]>({ type: 'rows', start, end }, {});
  }

  /** Where the row with this stable id is in the current view; -1 when the view does not show it. */
  viewPosition(row: number): Promise<number> {
    return this.run<number>({ type: 'view-position', row }, {});
  }

  /** Each sitemap file's status (URLs, errors, warnings, unreadable). */
  fileStatus(): Promise<FileStatus[]> {
    return this.run<FileStatus[]>({ type: 'file-status' }, {});
  }

  /** The source lines around a place in an imported file; null when the file is not at hand (a restored document). */
  sourceLines(file: string, line: number, column: number): Promise<SourceLines | null> {
    return this.run<SourceLines | null>({ type: 'source-lines', file, line, column }, {});
  }

  /** The extension data of one row, readable (for its details panel). */
  rowDetails(row: number): Promise<RowDetails> {
    return this.run<RowDetails>({ type: 'row-details', row }, {});
  }

  /** Adds, changes or removes one hreflang alternate of a row (one undo step). */
  editAlternate(row: number, edit: AlternateEdit, siteUrl?: string): Promise<EditAlternateOutcome> {
    return this.run<EditAlternateOutcome>({ type: 'edit-alternate', row, edit, siteUrl }, {});
  }

  /** Changes, adds or removes one image, video or news entry of a row (one undo step). */
  editExt(row: number, edit: ExtEdit, siteUrl?: string): Promise<EditAlternateOutcome> {
    return this.run<EditAlternateOutcome>({ type: 'edit-ext', row, edit, siteUrl }, {});
  }

  edit(row: number, field: UrlField, value: string, siteUrl?: string): Promise<EditOutcome> {
    return this.run<EditOutcome>({ type: 'edit', row, field, value, siteUrl }, {});
  }

  addRow(entry: { loc?: string; lastmod?: string; changefreq?: string; priority?: string }, siteUrl?: string): Promise<Changed & { rowId: number }> {
    return this.run<Changed & { rowId: number }>({ type: 'add-row', entry, siteUrl }, {});
  }

  deleteRows(rows: number[], siteUrl?: string): Promise<Changed & { removed: number }> {
    return this.run<Changed & { removed: number }>({ type: 'delete-rows', rows, siteUrl }, {});
  }

  /** Applies automatic fixes; `zone` is what lastmod-timezone adds (`Z` by default, or `±hh:mm`). */
  fix(codes: RuleCode[] | 'all', siteUrl?: string, options: JobOptions & { zone?: string } = {}): Promise<FixOutcome> {
    return this.run<FixOutcome>({ type: 'fix', codes, siteUrl, zone: options.zone }, options);
  }

  /** Undoes the last change (nothing happens when there is none). */
  undo(siteUrl?: string): Promise<HistoryOutcome> {
    return this.run<HistoryOutcome>({ type: 'undo', siteUrl }, {});
  }

  /** Redoes the last undone change (nothing happens when there is none). */
  redo(siteUrl?: string): Promise<HistoryOutcome> {
    return this.run<HistoryOutcome>({ type: 'redo', siteUrl }, {});
  }

  /** Ids of the rows of the current view, in order. */
  viewIds(): Promise<number[]> {
    return this.run<number[]>({ type: 'view-ids' }, {});
  }

  /** `from`: copy lastmod from each row's news or video publication date instead of `value`. */
  bulkSet(scope: BulkScope, field: BulkField, value: string, siteUrl?: string, from?: 'publication-date'): Promise<BulkOutcome> {
    return this.run<BulkOutcome>({ type: 'bulk-set', scope, field, value, siteUrl, from }, {});
  }

  replacePreview(scope: BulkScope, options: ReplaceOptions, limit: number): Promise<ReplacePreview> {
    return this.run<ReplacePreview>({ type: 'replace-preview', scope, options, limit }, {});
  }

  /** Find & replace in loc; refused (outcome.refused) when it would break URLs, unless `force`. */
  replace(scope: BulkScope, options: ReplaceOptions, force: boolean, siteUrl?: string): Promise<BulkOutcome> {
    return this.run<BulkOutcome>({ type: 'replace', scope, options, force, siteUrl }, {});
  }

  dedupe(scope: BulkScope, keep: MergeRule, siteUrl?: string): Promise<BulkOutcome> {
    return this.run<BulkOutcome>({ type: 'dedupe', scope, keep, siteUrl }, {});
  }

  /** Writes value k into `field` of the view's row at `start + k`. */
  pasteColumn(start: number, field: UrlField, values: string[], siteUrl?: string): Promise<BulkOutcome> {
    return this.run<BulkOutcome>({ type: 'paste-column', start, field, values, siteUrl }, {});
  }

  planExport(settings: ExportSettings): Promise<ExportPlan> {
    return this.run<ExportPlan>({ type: 'plan-export', settings }, {});
  }

  export(settings: ExportSettings, options: JobOptions = {}): Promise<ExportDownload> {
    return this.run<ExportDownload>({ type: 'export', settings }, options);
  }

  /** The table as CSV: the current view (filter and sort) or every row. */
  exportCsv(scope: CsvScope, options: JobOptions = {}): Promise<CsvDownload> {
    return this.run<CsvDownload>({ type: 'export-csv', scope }, options);
  }

  /** Reads files as the "before" set and compares the rows with it. */
  compareLoad(files: File[], options: JobOptions = {}): Promise<CompareSummary> {
    return this.run<CompareSummary>({ type: 'compare-load', files }, options);
  }

  /** The comparison's counts with the current rows; null when there is none. */
  compareSummary(): Promise<CompareSummary | null> {
    return this.run<CompareSummary | null>({ type: 'compare-summary' }, {});
  }

  /** Differences `start` to `end` (exclusive) of one kind. */
  compareItems(kind: DiffKind, start: number, end: number): Promise<CompareWindow> {
    return this.run<CompareWindow>({ type: 'compare-items', kind, start, end }, {});
  }

  /** Every difference as CSV bytes. */
  compareCsv(): Promise<CompareDownload> {
    return this.run<CompareDownload>({ type: 'compare-csv' }, {});
  }

  /** Forgets the before set. */
  compareClear(): Promise<void> {
    return this.run<void>({ type: 'compare-clear' }, {});
  }

  /** Checks and re-splits files too many for the table, without loading them into the document. */
  streamCheck(files: File[], options: JobOptions & { siteUrl?: string; fix?: boolean } = {}): Promise<StreamOutcome> {
    return this.run<StreamOutcome>({ type: 'stream', files, siteUrl: options.siteUrl, fix: options.fix ?? false }, options);
  }

  /** The diagram's levels, each cut to its own limit, by one pass over the rows. */
  diagramLevels(asks: DiagramAsk[]): Promise<Map<string, TreeChildren>> {
    return this.run<Map<string, TreeChildren>>({ type: 'diagram-levels', asks }, {});
  }

  /** What moving or renaming a branch would change (nothing changes). */
  branchPreview(edit: BranchEdit, limit: number): Promise<BranchPreview> {
    return this.run<BranchPreview>({ type: 'branch-preview', edit, limit }, {});
  }

  /** Moves or renames a branch: every loc in it rewritten, one undo step. */
  branchEdit(edit: BranchEdit, siteUrl?: string): Promise<BranchOutcome> {
    return this.run<BranchOutcome>({ type: 'branch-edit', edit, siteUrl }, {});
  }

  /** The redirect map of the session's loc changes, in one format. */
  redirectMap(format: RedirectFormat): Promise<RedirectDownload> {
    return this.run<RedirectDownload>({ type: 'redirect-map', format }, {});
  }

  /** Stops the worker and rejects every job still running. */
  dispose(reason: Error = abortError()): void {
    this.watch?.stop();
    this.watch = null;
    this.worker?.terminate();
    this.worker = null;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) {
      job.release();
      job.reject(reason);
    }
  }

  private run<T>(body: RequestBody, { onProgress, signal }: JobOptions): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError());
    if (!this.writer && CHANGES.has(body.type)) return Promise.reject(new Error(READ_ONLY));
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => this.dispose(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: resolve as (value: never) => void,
        reject,
        onProgress,
        release: () => signal?.removeEventListener('abort', onAbort),
      });
      this.watch?.pending(true);
      worker.postMessage({ ...body, id } satisfies WorkerRequest);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // Written exactly so, for Vite to bundle the worker as its own module.
    const worker = new Worker(new URL('./sitemap.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.lose(`The import worker stopped${event.message ? `: ${event.message}` : ''}.`);
    };
    worker.onmessageerror = () => {
      this.lose('The import worker sent a message that could not be read.');
    };
    this.worker = worker;
    // First of all, so the worker takes its lock before any job.
    this.watch = new WorkerWatch((request) => worker.postMessage(request satisfies WorkerRequest), (why) => {
      if (this.worker === worker) this.lose(why);
    });
    // The worker before this one was lost (crashed, killed, or cancelled) and
    // its rows with it: the new one reloads the last saved document before any
    // other request, so the next job finds the rows where they were.
    // A reader's new worker is a reader too, before it restores anything.
    if (!this.writer) worker.postMessage({ type: 'set-writer', id: this.nextId++, writer: false, flush: false } satisfies WorkerRequest);
    if (this.hadWorker) worker.postMessage({ type: 'restore', id: this.nextId++, query: this.lastQuery, saveDelayMs: this.saveDelayMs } satisfies WorkerRequest);
    this.hadWorker = true;
    return worker;
  }

  /** The worker is gone: every pending job fails, and the store hears of it even when none was. */
  private lose(why: string): void {
    const error = new WorkerLostError(why);
    this.dispose(error);
    this.onLost?.(error);
  }

  private receive(message: WorkerResponse): void {
    if (this.watch?.heard(message)) return;
    if (message.type === 'held' || message.type === 'pong') return;
    if (message.type === 'persist') {
      this.onPersist?.(message);
      return;
    }
    const job = this.pending.get(message.id);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    this.watch?.pending(this.pending.size > 0);
    job.release();
    if (message.type === 'result') job.resolve(message.summary as never);
    else if (message.type === 'value') job.resolve(message.value as never);
    else job.reject(new Error(message.message));
  }
}
