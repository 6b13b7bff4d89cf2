/*
 * The worker entry: routes typed requests to the session (core) and posts
 * progress and results. The rows stay in the worker's memory; the page asks
 * for the few it shows.
 */
import type { InputFile } from '../core/read/import-files';
import { GzipHelper } from './gzip-helper';
import { readImport } from './import-job';
import { ParseHelper } from './parse-helper';
import type { JobProgress, WorkerRequest, WorkerResponse } from './protocol';
import { IndexedDbDocumentStore } from './document-store';
import { Persistence } from './persistence';
import { Session } from './session';
import { SourceFiles } from './source-files';
import { runStreamJob } from './stream-job';

/** Progress is sent at most this often; more would only flood the page. */
const PROGRESS_INTERVAL_MS = 50;

const session = new Session();
const sourceFiles = new SourceFiles();
const gzipHelper = new GzipHelper();
const parseHelper = new ParseHelper();
// Autosave: every change the session reports is written to IndexedDB a moment later.
const persistence = new Persistence(session, new IndexedDbDocumentStore(), post);

/*
 * One request at a time: reading files awaits, and a request that slipped in
 * meanwhile must not see a half-imported set. What the user is waiting for
 * (rows, edits, a sort) goes first; the side panels' read-only summaries
 * (structure tree, lastmod chart, comparison), each a pass over every row,
 * run when nothing else waits: at a million rows they take 0.1–0.5 s each,
 * and an edit queued behind them would wait that long to show.
 */
const BACKGROUND: ReadonlySet<WorkerRequest['type']> = new Set(['tree-children', 'tree-levels', 'lastmod-chart', 'compare-summary', 'compare-items', 'file-status']);
const foreground: WorkerRequest[] = [];
const background: WorkerRequest[] = [];
let running = false;

/** Set by the `close-on-next` test hook: the next request ends the worker instead of being answered. */
let closeOnNext = false;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  if (answerLiveness(event.data)) return;
  if (closeOnNext) {
    self.close();
    return;
  }
  // The page is closing: save now, without waiting behind queued jobs.
  if (event.data.type === 'flush-save') {
    const { id } = event.data;
    void persistence.flush().then(() => value(id, persistence.pending));
    return;
  }
  (BACKGROUND.has(event.data.type) ? background : foreground).push(event.data);
  void pump();
};

/** Liveness requests (liveness-protocol.ts), answered at once; false for any other. */
function answerLiveness(request: WorkerRequest): boolean {
  switch (request.type) {
    case 'hold-lock':
      // Held until the worker ends: the page waits for it to come free.
      void navigator.locks.request(request.name, () => {
        post({ type: 'held', name: request.name });
        return new Promise<never>(() => {});
      });
      return true;
    case 'ping':
      post({ type: 'pong', id: request.id });
      return true;
    case 'test-stop':
      if (request.how === 'close') self.close();
      else closeOnNext = true;
      return true;
    default:
      return false;
  }
}

async function pump(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      // Let messages that arrived meanwhile in first, so a waiting edit is seen before the next summary.
      if (foreground.length === 0 && background.length > 0) await nextTask();
      const next = foreground.shift() ?? background.shift();
      if (!next) break;
      await handle(next);
    }
  } finally {
    running = false;
  }
}

/*
 * One channel for the whole worker, held here: a channel made per call and
 * referenced by nothing can be collected before its message arrives, and the
 * queue would then wait forever (seen once in the browser tests).
 */
const yieldChannel = new MessageChannel();
const yielding: (() => void)[] = [];
yieldChannel.port1.onmessage = () => yielding.shift()?.();

/** Resolves in a new task (after pending message events), faster than setTimeout's clamped delay. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    yielding.push(resolve);
    yieldChannel.port2.postMessage(null);
  });
}

/** Rows per slice of a background pass: 5–15 ms in Chromium (a slice of the tree pass at a million rows). */
const SLICE_ROWS = 16_384;

interface SlicedPass<T> {
  step(rows: number): boolean;
  finish(): T;
}

/*
 * A side panel's pass over every row (0.1–0.7 s at a million in Chromium)
 * would hold up an edit or a sort asked for meanwhile: it runs in slices,
 * and what the user asked for in between is answered between two slices.
 * When that changed the document or the view, the pass starts over.
 */
async function inSlices<T>(start: () => SlicedPass<T>): Promise<T> {
  let revision = session.revision;
  let pass = start();
  while (!pass.step(SLICE_ROWS)) {
    await nextTask();
    let next: WorkerRequest | undefined;
    while ((next = foreground.shift()) !== undefined) await handle(next);
    if (session.revision !== revision) {
      revision = session.revision;
      pass = start();
    }
  }
  return pass.finish();
}

async function handle(request: WorkerRequest): Promise<void> {
  const { id } = request;
  const progress = throttledProgress(id);
  try {
    switch (request.type) {
      case 'import': {
        // Started now, while the files are read: a nested worker finishes starting on this thread.
        parseHelper.warm();
        const inputs = await readFiles(request.files, progress);
        const total = inputs.reduce((sum, f) => sum + f.bytes.length, 0);
        progress({ phase: 'parsing', bytesDone: 0, bytesTotal: total, urls: 0 }, true);
        const fresh = await readImport(inputs, parseHelper, (p) => progress({ phase: 'parsing', ...p }));
        session.importSet(fresh, request.append ?? false, request.siteUrl || undefined);
        sourceFiles.remember(request.files, request.append ?? false);
        post({ type: 'result', id, summary: session.summary() });
        return;
      }
      case 'check':
        post({ type: 'result', id, summary: session.recheck(request.siteUrl || undefined) });
        return;
      case 'view':
        return value(id, session.setView(request.query));
      case 'tree-children':
        return value(id, session.treeChildren(request.path));
      case 'tree-levels':
        return value(id, await inSlices(() => session.treeLevelsPass(request.paths)));
      case 'lastmod-chart':
        return value(id, await inSlices(() => session.lastmodChartPass()));
      case 'rows':
        return value(id, session.rows(request.start, request.end));
      case 'file-status':
        return value(id, session.fileStatus());
      case 'source-lines':
        return value(id, await sourceFiles.lines(request.file, request.line, request.column));
      case 'view-position':
        return value(id, session.viewPosition(request.row));
      case 'row-details':
        return value(id, session.rowDetails(request.row));
      case 'edit-alternate':
        return value(id, session.editAlternate(request.row, request.edit, request.siteUrl));
      case 'edit-ext':
        return value(id, session.editExt(request.row, request.edit, request.siteUrl));
      case 'edit':
        return value(id, session.edit(request.row, request.field, request.value, request.siteUrl));
      case 'add-row':
        return value(id, session.addRow(request.entry, request.siteUrl));
      case 'delete-rows':
        return value(id, session.deleteRows(request.rows, request.siteUrl));
      case 'fix':
        progress({ phase: 'fixing', bytesDone: 0, bytesTotal: 0, urls: 0 }, true);
        return value(id, session.fix(request.codes, request.siteUrl, request.zone));
      case 'undo':
        return value(id, session.undo(request.siteUrl));
      case 'redo':
        return value(id, session.redo(request.siteUrl));
      case 'view-ids':
        return value(id, session.viewIds());
      case 'bulk-set':
        return value(id, session.bulkSet(request.scope, request.field, request.value, request.siteUrl, request.from));
      case 'replace-preview':
        return value(id, session.replacePreview(request.scope, request.options, request.limit));
      case 'replace':
        return value(id, session.replace(request.scope, request.options, request.force, request.siteUrl));
      case 'dedupe':
        return value(id, session.dedupe(request.scope, request.keep, request.siteUrl));
      case 'paste-column':
        return value(id, session.pasteColumn(request.start, request.field, request.values, request.siteUrl));
      case 'restore':
        if (request.saveDelayMs !== undefined) persistence.setDelay(request.saveDelayMs);
        return value(id, await persistence.restore(request.query));
      case 'clear-document':
        sourceFiles.forget();
        await persistence.clear();
        return value(id, null);
      case 'flush-save':
        await persistence.flush();
        return value(id, persistence.pending);
      case 'set-writer':
        await persistence.setWriter(request.writer, request.flush);
        return value(id, null);
      case 'plan-export':
        // The dialog is open: a download may follow.
        if (request.settings.gzip) gzipHelper.warm();
        return value(id, session.planExport(request.settings));
      case 'export': {
        const download = await session.exportWith(request.settings, (done, total) => progress({ phase: 'writing', bytesDone: done, bytesTotal: total, urls: done }), (raw) => gzipHelper.gzip(raw));
        // The bytes move to the page without a copy.
        self.postMessage({ type: 'value', id, value: download } satisfies WorkerResponse, { transfer: [download.bytes.buffer as ArrayBuffer] });
        return;
      }
      case 'export-csv': {
        const csv = session.exportCsv(request.scope, (done, total) => progress({ phase: 'writing', bytesDone: done, bytesTotal: total, urls: done }));
        // Each piece owns its buffer: they all move to the page without a copy.
        self.postMessage({ type: 'value', id, value: csv } satisfies WorkerResponse, { transfer: csv.parts.map((p) => p.buffer as ArrayBuffer) });
        return;
      }
      case 'compare-load': {
        parseHelper.warm();
        const inputs = await readFiles(request.files, progress);
        const before = await readImport(inputs, parseHelper, (p) => progress({ phase: 'parsing', ...p }));
        const loaded = session.compare.loadSet(before);
        // The before set is saved with the document: it comes back after a reload.
        persistence.schedule();
        return value(id, loaded);
      }
      case 'compare-summary':
        return value(id, await inSlices(() => session.compare.summaryPass()));
      case 'compare-items':
        return value(id, session.compare.items(request.kind, request.start, request.end));
      case 'compare-clear':
        session.compare.clear();
        persistence.schedule();
        return value(id, null);
      case 'compare-csv': {
        const download = session.compare.csv();
        self.postMessage({ type: 'value', id, value: download } satisfies WorkerResponse, { transfer: [download.bytes.buffer as ArrayBuffer] });
        return;
      }
      case 'diagram-levels':
        return value(id, await inSlices(() => session.diagram.levelsPass(request.asks)));
      case 'branch-preview':
        return value(id, session.diagram.preview(request.edit, request.limit));
      case 'branch-edit':
        return value(id, session.diagram.apply(request.edit, request.siteUrl));
      case 'redirect-map':
        return value(id, session.diagram.redirectMap(request.format));
      case 'stream':
        return value(id, await runStreamJob(request, progress));
    }
  } catch (err) {
    post({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
  }
}

function value(id: number, v: unknown): void {
  post({ type: 'value', id, value: v });
}

async function readFiles(files: File[], progress: (p: JobProgress) => void): Promise<InputFile[]> {
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  const inputs: InputFile[] = [];
  let bytesDone = 0;
  for (const file of files) {
    inputs.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    bytesDone += file.size;
    progress({ phase: 'reading', bytesDone, bytesTotal, urls: 0 });
  }
  return inputs;
}

function throttledProgress(id: number): (p: JobProgress, force?: boolean) => void {
  let last = 0;
  return (progress, force = false) => {
    const now = performance.now();
    if (!force && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    post({ type: 'progress', id, progress });
  };
}

function post(message: WorkerResponse): void {
  self.postMessage(message);
}
