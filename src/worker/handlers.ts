/*
 * How the worker answers each request of SitemapApi (api.ts): the handler
 * table, with each request's lane, whether it changes the document, and the
 * buffers its answer moves to the page. The compiler holds it to the
 * declaration: a request without a handler, or a handler answering the
 * wrong type, does not build.
 */
import { applyLive } from '../core/live/apply-live';
import type { InputFile } from '../core/read/import-files';
import type { HandlerTable, JobContext } from './api';
import type { GzipHelper } from './gzip-helper';
import { readImportChecked } from './import-job';
import { timed, timedAsync } from './import-timing';
import type { ExportPrefs, ExportSettings } from './protocol';
import type { CheckBasis, ParseHelper } from './parse-helper';
import type { Persistence } from './persistence';
import type { Session } from './session';
import { SourceFiles } from './source-files';
import { runStreamJob } from './stream-job';

export interface WorkerParts {
  session: Session;
  persistence: Persistence;
  gzipHelper: GzipHelper;
  parseHelper: ParseHelper;
}

export function createHandlers({ session, persistence, gzipHelper, parseHelper }: WorkerParts) {
  // The files of the imports that made the document, for the Problems panel's source lines.
  const sourceFiles = new SourceFiles();
  /**
   * Reads and parses files off this thread, with progress: the import's and
   * the comparison's first half. With a basis (an import), each worker also
   * checks the rows it read on their own, against it (import-job.ts).
   */
  const readSet = async (files: File[], job: JobContext, basis: CheckBasis | null = null) => {
    // Started now, while the files are read: a nested worker finishes starting on this thread.
    parseHelper.warm();
    const inputs = await timedAsync('read files', () => readFiles(files, job));
    const total = inputs.reduce((sum, f) => sum + f.bytes.length, 0);
    job.progress({ phase: 'parsing', bytesDone: 0, bytesTotal: total, urls: 0 }, true);
    return readImportChecked(
      inputs,
      parseHelper,
      (p) => job.progress({ phase: 'parsing', ...p }),
      basis,
      (bytes) => job.progress({ phase: 'decompressing', bytesDone: bytes, bytesTotal: 0, urls: 0 }),
    );
  };
  // The export writes absolute URLs with the Site URL the document is checked against.
  const withSiteUrl = (prefs: ExportPrefs): ExportSettings => ({ ...prefs, siteUrl: session.siteUrl ?? '' });
  const writing = (job: JobContext) => (done: number, total: number) =>
    job.progress({ phase: 'writing', bytesDone: done, bytesTotal: total, urls: done });

  return {
    importFiles: {
      changes: true,
      run: async ({ files, append, live, source }, job) => {
        const read = await readSet(files, job, { siteUrl: session.siteUrl ?? '', now: Date.now() });
        // Files opened from a live URL: their fetch problems, and index entries matched by the URL read.
        if (live) applyLive(read.set, live);
        timed('check', () => session.importSet(read.set, append ?? false, read.own, source));
        sourceFiles.remember(files, append ?? false);
        return timed('summary', () => session.summary());
      },
    },
    setSiteUrl: { run: ({ siteUrl }) => session.setSiteUrl(siteUrl) },
    setView: { run: ({ query }) => session.setView(query) },
    rows: { run: ({ start, end }) => session.rows(start, end) },
    viewPosition: { run: ({ row }) => session.viewPosition(row) },
    fileStatus: { lane: 'background', run: () => session.fileStatus() },
    sourceLines: { run: ({ file, line, column }) => sourceFiles.lines(file, line, column) },
    viewIds: { run: () => session.viewIds() },
    rowDetails: { run: ({ row }) => session.rowDetails(row) },
    treeLevels: { lane: 'background', run: ({ paths }, job) => job.inSlices(() => session.treeLevelsPass(paths)) },
    lastmodChart: { lane: 'background', run: (_, job) => job.inSlices(() => session.lastmodChartPass()) },

    edit: { changes: true, run: ({ row, field, value }) => session.edits.edit(row, field, value) },
    summary: { run: () => session.summary() },
    addRow: { changes: true, run: ({ entry, plan }) => session.edits.addRow(entry, plan) },
    addMissingPages: { changes: true, run: () => session.bulk.addMissingPages() },
    deleteRows: { changes: true, run: ({ rows }) => session.edits.deleteRows(rows) },
    editIndexEntry: {
      changes: true,
      run: ({ entry, field, value }) => session.edits.editIndexEntry(entry, field, value),
    },
    editAlternate: { changes: true, run: ({ row, edit }) => session.details.editAlternate(row, edit) },
    editExt: { changes: true, run: ({ row, edit }) => session.details.editExt(row, edit) },
    fix: {
      changes: true,
      run: ({ codes, zone }, job) => {
        job.progress({ phase: 'fixing', bytesDone: 0, bytesTotal: 0, urls: 0 }, true);
        return session.edits.fix(codes, zone);
      },
    },
    undo: { changes: true, run: () => session.undo() },
    redo: { changes: true, run: () => session.redo() },
    bulkSet: { changes: true, run: ({ scope, field, value, from }) => session.bulk.set(scope, field, value, from) },
    replacePreview: { run: ({ scope, options, limit }) => session.bulk.replacePreview(scope, options, limit) },
    replace: { changes: true, run: ({ scope, options, force }) => session.bulk.replace(scope, options, force) },
    dedupe: { changes: true, run: ({ scope, keep }) => session.bulk.dedupe(scope, keep) },
    pasteColumn: { changes: true, run: ({ start, field, values }) => session.bulk.pasteColumn(start, field, values) },
    pasteBlock: { changes: true, run: ({ start, columns }) => session.bulk.pasteBlock(start, columns) },
    bulkSetFields: {
      changes: true,
      run: ({ scope, values, fromPublication }) => session.bulk.setFields(scope, values, fromPublication),
    },

    restore: {
      run: ({ query, saveDelayMs }, job) => {
        if (saveDelayMs !== undefined) persistence.setDelay(saveDelayMs);
        return persistence.restore(query, job.progress);
      },
    },
    clearDocument: {
      changes: true,
      run: async () => {
        sourceFiles.forget();
        await persistence.clear();
        return null;
      },
    },
    // The page is closing: save now, without waiting behind queued jobs.
    flushSave: {
      lane: 'now',
      run: async () => {
        await persistence.flush();
        return persistence.pending;
      },
    },
    setWriter: {
      run: async ({ writer, flush }) => {
        await persistence.setWriter(writer, flush);
        return null;
      },
    },

    planExport: {
      run: ({ settings, includePlanned }) => {
        // The dialog is open: a download may follow, compressed on the helpers whatever the Gzip option (exportPacked).
        gzipHelper.warm();
        return session.downloads.planExport(withSiteUrl(settings), includePlanned ?? false);
      },
    },
    export: {
      run: ({ settings, includePlanned }, job) =>
        session.downloads.exportWith(
          withSiteUrl(settings),
          writing(job),
          (raw) => gzipHelper.gzip(raw),
          includePlanned ?? false,
        ),
      // The bytes move to the page without a copy.
      transfer: (download) => [download.bytes.buffer as ArrayBuffer],
    },
    exportCsv: {
      run: ({ scope }, job) => session.downloads.exportCsv(scope, writing(job)),
      // Each piece owns its buffer: they all move to the page without a copy.
      transfer: (csv) => csv.parts.map((p) => p.buffer as ArrayBuffer),
    },
    stream: { run: ({ files, fix }, job) => runStreamJob({ files, fix, siteUrl: session.siteUrl }, job.progress) },

    compareLoad: {
      changes: true,
      run: async ({ files }, job) => {
        const loaded = session.compare.loadSet((await readSet(files, job)).set);
        // The before set is saved with the document: it comes back after a reload.
        persistence.schedule();
        return loaded;
      },
    },
    compareSummary: { lane: 'background', run: (_, job) => job.inSlices(() => session.compare.summaryPass()) },
    compareItems: { lane: 'background', run: ({ kind, start, end }) => session.compare.items(kind, start, end) },
    compareCsv: {
      run: () => session.compare.csv(),
      transfer: (download) => [download.bytes.buffer as ArrayBuffer],
    },
    compareIndexNow: { run: (opts) => session.compare.indexNow(opts) },
    compareClear: {
      changes: true,
      run: () => {
        session.compare.clear();
        persistence.schedule();
        return null;
      },
    },

    diagramLevels: { run: ({ asks }, job) => job.inSlices(() => session.diagram.levelsPass(asks)) },
    diagramBoard: { run: ({ budget }, job) => job.inSlices(() => session.diagram.boardPass(budget)) },
    setPlan: { changes: true, run: ({ row, patch }) => session.plans.set(row, patch) },
    branchPreview: { run: ({ edit, limit }) => session.diagram.preview(edit, limit) },
    branchEdit: { changes: true, run: ({ edit }) => session.diagram.apply(edit) },
    redirectMap: { run: ({ format }) => session.diagram.redirectMap(format) },

    languagesSummary: { run: ({ ask }) => session.languages.summary(ask) },
    languageClusters: { run: ({ ask, start, end }) => session.languages.clusters(ask, start, end) },
    completeClusters: { changes: true, run: ({ byPrefix }) => session.languages.complete(byPrefix) },
    setXDefault: {
      changes: true,
      run: ({ byPrefix, pick, revision }) => session.languages.setXDefault(byPrefix, pick, revision),
    },
  } satisfies HandlerTable;
}

/**
 * The files' bytes, all asked for at once: each read waits on the browser's
 * I/O, and one after another those waits add up (20 files: 108–198 ms in
 * Chromium on a busy machine, before any could be parsed).
 */
async function readFiles(files: File[], job: JobContext): Promise<InputFile[]> {
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  let bytesDone = 0;
  return Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      bytesDone += file.size;
      job.progress({ phase: 'reading', bytesDone, bytesTotal, urls: 0 });
      return { name: file.name, bytes };
    }),
  );
}
