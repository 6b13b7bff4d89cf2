import { checkSet, type CheckOptions, type CheckResult } from '../core/check/check-set';
import { addRow, deleteRows, setCell } from '../core/edit/commands';
import { applyChanges, applyExtChanges, applyFlagChanges, planFixes } from '../core/fix/plan-fixes';
import { importFiles, type ImportOptions, type InputFile } from '../core/read/import-files';
import { mergeSets } from '../core/read/merge-sets';
import type { SitemapSet } from '../core/sitemap-set';
import type { RuleCode, UrlField } from '../core/types';
import { ALL_ROWS, queryRows, type ViewQuery } from '../core/view/query';
import { bundleZip } from '../core/write/bundle';
import { exportSitemaps, previewExport } from '../core/write/export';
import { LIMITS, type Limits } from '../core/write/limits';
import type { ExportOptions } from '../core/write/options';
import type { Changed, EditOutcome, ExportDownload, ExportPlan, ExportSettings, FixOutcome, RowView, SetSummary } from './protocol';
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

  import(inputs: InputFile[], append: boolean, siteUrl: string | undefined, onProgress: ImportOptions['onProgress']): void {
    const fresh = importFiles(inputs, { onProgress });
    if (append && this.set) mergeSets(this.set, fresh);
    else this.set = fresh;
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
    setCell(set, this.checked(), id, field, value, this.opts);
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
    const view = new Uint32Array(this.view.length + 1);
    view.set(this.view);
    view[this.view.length] = pos;
    this.view = view;
    return { ...this.changed(false), rowId };
  }

  deleteRows(ids: number[], siteUrl: string | undefined): Changed & { removed: number } {
    const removed = deleteRows(this.need(), ids);
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
    const removedRows = deleteRows(set, plan.removeRows);
    this.result = checkSet(set, this.opts);
    return { ...this.changed(true), applied: plan.applied, removedRows, skipped: plan.skipped };
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
    return { summary: this.summary(), viewCount: this.view.length };
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
