import { checkSet, recheckRows, type CheckOptions, type CheckResult } from '../core/check/check-set';
import { addRow, setCell } from '../core/edit/commands';
import { copyRows, restoreRows, takeRows } from '../core/edit/restore-rows';
import { applyChanges, applyExtChanges, applyFlagChanges, planFixes, positionsOfIds } from '../core/fix/plan-fixes';
import { importFiles, type ImportOptions, type InputFile } from '../core/read/import-files';
import { mergeSets } from '../core/read/merge-sets';
import type { SitemapSet } from '../core/sitemap-set';
import type { RuleCode, UrlField } from '../core/types';
import { ALL_ROWS, queryRows, type ViewQuery } from '../core/view/query';
import { bundleZip } from '../core/write/bundle';
import { exportSitemaps, previewExport } from '../core/write/export';
import { LIMITS, type Limits } from '../core/write/limits';
import type { ExportOptions } from '../core/write/options';
import { History, sizeOf, weightOf, type HistoryEntry } from './history';
import type { Changed, EditOutcome, ExportDownload, ExportPlan, ExportSettings, FixOutcome, HistoryOutcome, RowView, SetSummary } from './protocol';
import { rowView } from './row-view';
import { summarizeSet } from './summarize';

/**
 * The worker's one document: the rows, their check, and the table's view of
 * them. Everything the page shows is read from here in small pieces.
 */
export class Session {
  private set: SitemapSet | null = null;
  private result: CheckResult | null = null;
  private opts: CheckOptions = {};
  private query: ViewQuery = ALL_ROWS;
  private view: Uint32Array = new Uint32Array(0);
  /** Every change to the rows, for undo and redo: the changes only, never a copy of the rows. */
  readonly history = new History();

  /** Imports are not undoable: they start the history afresh (the store does the same). */
  import(inputs: InputFile[], append: boolean, siteUrl: string | undefined, onProgress: ImportOptions['onProgress']): void {
    const fresh = importFiles(inputs, { onProgress });
    if (append && this.set) mergeSets(this.set, fresh);
    else this.set = fresh;
    this.history.clear();
    this.recheck(siteUrl);
  }

  recheck(siteUrl: string | undefined): SetSummary {
    const set = this.need();
    this.opts = siteUrl ? { siteUrl } : {};
    this.result = checkSet(set, this.opts);
    this.refreshView();
    return this.summary();
  }

  summary(): SetSummary {
    return summarizeSet(this.need(), this.checked(), this.opts, this.view.length);
  }

  setView(query: ViewQuery): number {
    this.query = query;
    this.refreshView();
    return this.view.length;
  }

  rows(start: number, end: number): RowView[] {
    const set = this.need();
    const result = this.checked();
    const out: RowView[] = [];
    for (let k = Math.max(0, start); k < Math.min(end, this.view.length); k++) out.push(rowView(set, result, this.view[k] as number, this.opts));
    return out;
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
    return { ...this.changed(true), applied: plan.applied, removedRows: taken.ids.length, skipped: plan.skipped };
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

  planExport(settings: ExportSettings): ExportPlan {
    const set = this.need();
    const options = exportOptions(settings);
    return previewExport(set.rows, options);
  }

  export(settings: ExportSettings, onProgress: (done: number, total: number) => void): ExportDownload {
    const set = this.need();
    const result = exportSitemaps(set.rows, { ...exportOptions(settings), onProgress });
    const files = result.files.map(({ name, urls, rawBytes, kind, data }) => ({ name, urls, rawBytes: rawBytes, kind, bytes: data.length }));
    const single = result.files.length === 1 ? result.files[0] : undefined;
    if (single) {
      return {
        files, problems: result.problems, robotsTxt: result.robotsTxt,
        fileName: single.name, mimeType: mimeOf(single.name), bytes: single.data,
      };
    }
    return { files, problems: result.problems, robotsTxt: result.robotsTxt, fileName: 'sitemaps.zip', mimeType: 'application/zip', bytes: bundleZip(result) };
  }

  private changed(requery: boolean): Changed {
    if (requery) this.refreshView();
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
    this.view = queryRows(this.need(), this.checked(), this.query);
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
