import { indexBeforeLocs, type BeforeLocs } from '../core/compare/before-locs';
import { writeDiffCsv } from '../core/compare/diff-csv';
import { diffItems } from '../core/compare/diff-items';
import { offerIndexNow, type IndexNowOffer } from '../core/indexnow/offer';
import { urlsToNotify, type IndexNowOptions } from '../core/indexnow/payload';
import { diffRows, DiffRowsPass, type DiffKind, type RowsDiff } from '../core/compare/diff-rows';
import { importFiles, type ImportOptions, type InputFile } from '../core/read/import-files';
import type { UrlRows } from '../core/rows/rows';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { CompareDownload, CompareSummary, CompareWindow } from './compare-protocol';
import { snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';

/**
 * The worker's comparison: a "before" set beside the document, indexed once,
 * and its differences with the current rows. The differences are computed
 * lazily: a change to the rows only marks them stale, and they are computed
 * again when something asks (the panel's counts, a filter by kind, the CSV),
 * so editing with a comparison open costs nothing until then.
 */
export class CompareSession {
  private before: SitemapSet | null = null;
  private index: BeforeLocs | null = null;
  private diff: RowsDiff | null = null;
  /** The rows the diff was computed for: another set (an import) means stale too. */
  private diffOf: UrlRows | null = null;
  /** Counts the before sets loaded and cleared. */
  generation = 0;
  /** The before set as saved data, made once per before set (it never changes). */
  private saved: DocumentSnapshot | null = null;

  /** @param current the document's set, or null when there is none. */
  constructor(private readonly current: () => SitemapSet | null) {}

  /** Reads the before set (same inputs as an import) and compares it with the current rows. */
  load(inputs: InputFile[], onProgress?: ImportOptions['onProgress']): CompareSummary {
    return this.loadSet(importFiles(inputs, { onProgress }));
  }

  /** Takes in a before set read elsewhere (by both workers, see import-job.ts). */
  loadSet(set: SitemapSet): CompareSummary {
    this.generation++;
    this.before = set;
    this.saved = null;
    this.index = indexBeforeLocs(set.rows);
    this.invalidate();
    return this.summary() as CompareSummary;
  }

  /** The before set as data to save with the document; undefined when there is none. */
  snapshot(savedAt: number): DocumentSnapshot | undefined {
    if (!this.before) return undefined;
    this.saved ??= snapshotSet(this.before, '', savedAt);
    return this.saved;
  }

  get active(): boolean {
    return this.before !== null;
  }

  /** The current rows changed: the differences are computed again when next needed. */
  invalidate(): void {
    this.diff = null;
    this.diffOf = null;
  }

  /** Forgets the before set. */
  clear(): void {
    this.generation++;
    this.before = null;
    this.saved = null;
    this.index = null;
    this.invalidate();
  }

  /** Per current row, its ROW_DIFF kind; undefined without a comparison. For the table's filter. */
  rowKinds(): Uint8Array | undefined {
    return this.computed()?.diff.kind;
  }

  /** The counts; null without a comparison (or without a document to compare with). */
  summary(): CompareSummary | null {
    const got = this.computed();
    if (!got || !this.before) return null;
    const c = got.diff.counts;
    return {
      files: this.before.files,
      beforeUrls: this.before.rows.length,
      beforeProblems: this.before.problems.length,
      added: c.added,
      removed: c.removed,
      changed: c.changed,
      unchanged: c.unchanged,
      fields: { ...c.fields },
      beforeRepeats: c.beforeRepeats,
      afterRepeats: c.afterRepeats,
    };
  }

  /**
   * {@link summary} as a pass to run a slice of rows at a time (see the
   * worker's inSlices): stale differences are computed slice by slice.
   */
  summaryPass(): { step(rows: number): boolean; finish(): CompareSummary | null } {
    const set = this.current();
    if (!this.before || !this.index || !set || (this.diff && this.diffOf === set.rows)) {
      return { step: () => true, finish: () => this.summary() };
    }
    const rows = set.rows;
    const pass = new DiffRowsPass(this.index, rows);
    return {
      step: (count) => pass.step(count),
      finish: () => {
        this.diff = pass.finish();
        this.diffOf = rows;
        return this.summary();
      },
    };
  }

  /** Differences `start` to `end` of one kind, as objects (a window: the page shows a few at a time). */
  items(kind: DiffKind, start: number, end: number): CompareWindow {
    const got = this.need();
    return { total: got.diff[kind].length, items: diffItems(got.before, got.after, got.diff, kind, start, end) };
  }

  /** Every difference as CSV, for a spreadsheet. */
  csv(): CompareDownload {
    const got = this.need();
    return {
      fileName: 'sitemap-differences.csv',
      mimeType: 'text/csv',
      bytes: writeDiffCsv(got.before, got.after, got.diff),
    };
  }

  /** The IndexNow payload of the added and changed URLs (never the others), to copy or download. */
  indexNow(opts: IndexNowOptions): IndexNowOffer {
    const got = this.need();
    return offerIndexNow(urlsToNotify(got.after, got.diff), opts);
  }

  private need(): { before: UrlRows; after: UrlRows; diff: RowsDiff } {
    const got = this.computed();
    if (!got) throw new Error('There is no comparison: load the before sitemaps first.');
    return got;
  }

  private computed(): { before: UrlRows; after: UrlRows; diff: RowsDiff } | null {
    const set = this.current();
    if (!this.before || !this.index || !set) return null;
    if (!this.diff || this.diffOf !== set.rows) {
      this.diff = diffRows(this.index, set.rows);
      this.diffOf = set.rows;
    }
    return { before: this.before.rows, after: set.rows, diff: this.diff };
  }
}
