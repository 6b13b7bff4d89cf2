/*
 * The table's own edits of rows: one cell, a new row, deleted rows and the
 * automatic fixes, each one undo step. The session owns the rows, their
 * check and the view; these only say what changed (session.ts `commit`).
 */
import type { CheckOptions, CheckResult } from '../core/check/check-result';
import { addRow, setCell } from '../core/edit/commands';
import { copyRows, takeRows } from '../core/edit/restore-rows';
import { planFixes } from '../core/fix/plan-fixes';
import { entryOf, weightOf, type HistoryEntry } from '../core/history/entry';
import { patchedPlan, type PlanFields } from '../core/plan/plan-fields';
import type { SitemapSet } from '../core/read/sitemap-set';
import { applyChanges, applyExtChanges, applyFlagChanges, applyIndexChanges } from '../core/rows/changes';
import type { UrlField } from '../core/rows/types';
import type { RuleCode } from '../core/rules/registry';
import type { Changed, EditOutcome, FixOutcome, HistoryState, SetSummary } from './protocol';
import { drawnCodes, othersChanged, rowView } from './row-view';

export interface RowEditsHost {
  set: () => SitemapSet;
  result: () => CheckResult;
  /** The Site URL the checks use. */
  opts: () => CheckOptions;
  /** Records a change as one undo step (if any), re-checks what it says, and answers with the totals. */
  commit: (entry: HistoryEntry | null, check: 'touched' | 'full' | 'none', requery: boolean) => Changed;
  /** Records a cell edit already checked in place: no re-check, no new view. */
  record: (entry: HistoryEntry) => void;
  /** Tells autosave and the comparison that the rows changed. */
  touched: () => void;
  /** Shows the row at this position at the end of the view, whatever the filter. */
  showAtEnd: (position: number) => void;
  summary: () => SetSummary;
  viewCount: () => number;
  history: () => HistoryState;
}

/** A new row's fields; each missing one is empty. */
export interface NewRow {
  loc?: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
}

export class RowEdits {
  constructor(private readonly host: RowEditsHost) {}

  /**
   * Sets one cell (re-checked with what depends on it). The answer carries
   * the row as the table draws it, and whether any other row's problems
   * changed with it (then the table fetches its rows again).
   */
  edit(id: number, field: UrlField, value: string): EditOutcome {
    const { host } = this;
    const set = host.set();
    const before = drawnCodes(field, host.result());
    const change = setCell(set, host.result(), id, field, value, host.opts());
    // The edited row stays where it is in the view until the next filter or sort,
    // as in a spreadsheet: it must not jump away under the cursor.
    if (change) host.record(entryOf(`Edit ${field}`, { cells: [change] }));
    // As commit does with nothing to re-check, but the totals only when the table must fetch its rows again.
    host.touched();
    const pos = set.rows.indexOfId(id);
    const row = pos < 0 ? null : rowView(set, host.result(), pos, host.opts());
    const others = change !== null && othersChanged(before, host.result(), pos);
    return {
      summary: others ? host.summary() : null,
      viewCount: host.viewCount(),
      history: host.history(),
      row,
      othersChanged: others,
    };
  }

  addRow(entry: NewRow, plan?: Partial<PlanFields>): Changed & { rowId: number } {
    const set = this.host.set();
    const rowId = addRow(set, {
      loc: entry.loc ?? '',
      lastmod: entry.lastmod ?? '',
      changefreq: entry.changefreq ?? '',
      priority: entry.priority ?? '',
      ext: [],
    });
    // A planned page's plan is the row's from the start: one undo step takes both away.
    if (plan) set.rows.plan.set(rowId, patchedPlan(undefined, plan));
    // A new row is shown at the end of the view whatever the filter, so the user sees it.
    const pos = set.rows.indexOfId(rowId);
    this.host.showAtEnd(pos);
    return { ...this.host.commit(entryOf('Add a URL', { added: copyRows(set, [pos]) }, false), 'full', false), rowId };
  }

  deleteRows(ids: number[]): Changed & { removed: number } {
    const taken = takeRows(this.host.set(), ids);
    const removed = taken.ids.length;
    const entry =
      removed > 0
        ? entryOf(
            `Delete ${removed.toLocaleString('en-US')} ${removed === 1 ? 'row' : 'rows'}`,
            { removed: taken },
            false,
          )
        : null;
    return { ...this.host.commit(entry, 'full', true), removed };
  }

  /**
   * Sets one field of an index's `<sitemap>` entry, as a cell is set: one
   * undo step, the whole set re-checked (an entry's problems are the check's).
   */
  editIndexEntry(entry: number, field: 'loc' | 'lastmod', value: string): Changed {
    const set = this.host.set();
    const e = set.sitemaps[entry];
    if (!e) throw new Error(`There is no index entry ${entry}: the document changed; import again.`);
    const before = e[field];
    const after = value.trim();
    if (after === before) return this.host.commit(null, 'none', false);
    const change = { entry, field, before, after };
    applyIndexChanges(set.sitemaps, [change], 'forward');
    return this.host.commit(entryOf(`Edit index entry ${field}`, { index: [change] }, false), 'full', true);
  }

  fix(codes: RuleCode[] | 'all', zone?: string): FixOutcome {
    const set = this.host.set();
    const plan = planFixes(set, this.host.result(), codes, {
      siteUrl: this.host.opts().siteUrl,
      zone,
      now: this.host.opts().now,
    });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    applyIndexChanges(set.sitemaps, plan.indexChanges, 'forward');
    // Removed last, as redo does: the cell changes name rows that stay.
    const taken = takeRows(set, plan.removeRows);
    const parts = {
      cells: plan.changes,
      flags: plan.flagChanges,
      exts: plan.extChanges,
      index: plan.indexChanges,
      removed: taken.ids.length > 0 ? taken : undefined,
    };
    const entry =
      weightOf({ ...parts }) > 0 ? entryOf(codes === 'all' ? 'Fix all' : `Fix all ${codes.join(', ')}`, parts) : null;
    const changed = this.host.commit(entry, 'full', true);
    return {
      ...changed,
      applied: plan.applied,
      removedRows: taken.ids.length,
      skipped: plan.skipped,
      merge: plan.merge,
      dropped: plan.dropped,
      droppedMore: plan.droppedMore,
    };
  }
}
