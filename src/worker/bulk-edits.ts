/*
 * The bulk edits of the worker's document: set a value in many rows, find &
 * replace (across URL fields too), remove duplicates, paste a column. Each is
 * one undo step, made through the session's commit (session.ts).
 */
import type { CheckResult } from '../core/check/check-result';
import {
  checkBulkValue,
  compileReplace,
  planPasteColumn,
  planSet,
  planSetFromPublication,
  type BulkField,
  type ReplaceOptions,
} from '../core/edit/bulk';
import { planPasteBlock, type BlockColumn } from '../core/edit/paste-block';
import { takeRows } from '../core/edit/restore-rows';
import { planRewrite } from '../core/edit/rewrite-urls';
import { MERGE_RULE_WORDS, mergeSourceOf, planMergeDuplicates, type MergeRule } from '../core/fix/merge-duplicates';
import { applyChanges, applyExtChanges, positionsOfIds, type CellChange } from '../core/rows/changes';
import { entryOf, type HistoryEntry } from '../core/history/entry';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { UrlField } from '../core/rows/types';
import type { BulkOutcome, BulkScope, Changed, ReplacePreview } from './protocol';
import { describeGroups, fieldGroupsOf, previewOf } from './rewrite-session';
import { LOC_BIT } from '../core/rules/loc/loc-rules';
import { pushAll } from '../core/base/push-all';

/** What the bulk edits need of the session. */
export interface EditHost {
  set(): SitemapSet;
  result(): CheckResult;
  /** The positions of the table's current view, in order. */
  view(): Uint32Array;
  /**
   * Records `entry` (when there is one) as an undo step, re-checks what it
   * touched ('touched'), every row ('full') or nothing ('none'), and answers
   * with the totals; `requery` refreshes the view.
   */
  commit(entry: HistoryEntry | null, check: 'touched' | 'full' | 'none', requery: boolean): Changed;
}

export class BulkEdits {
  constructor(private readonly host: EditHost) {}

  /** Sets lastmod, changefreq or priority in every row of the scope (or lastmod from each row's publication date): one undo step. */
  set(scope: BulkScope, field: BulkField, value: string, from?: 'publication-date'): BulkOutcome {
    if (from === 'publication-date') {
      const { changes, missing } = planSetFromPublication(this.host.set().rows, this.positionsOf(scope));
      const label = `Set lastmod from the publication date${missing ? ` (${missing} rows have none)` : ''}`;
      return this.applyCells(label, changes);
    }
    const refusal = checkBulkValue(field, value);
    if (refusal) throw new Error(refusal);
    const changes = planSet(this.host.set().rows, this.positionsOf(scope), field, value);
    return this.applyCells(`Set ${field} to ${value === '' ? '(empty)' : value}`, changes);
  }

  /** What a find & replace in loc (or in the URL fields of `options.fields`) would do, with its first `limit` changes; nothing changes. */
  replacePreview(scope: BulkScope, options: ReplaceOptions, limit: number): ReplacePreview {
    const replacer = compileReplace(options);
    if (!replacer.ok) return { error: replacer.message, affected: 0, breaking: 0, samples: [] };
    return previewOf(
      planRewrite(this.host.set().rows, this.positionsOf(scope), replacer.apply, fieldGroupsOf(options), limit),
    );
  }

  /**
   * Find & replace in loc, or in every URL field chosen (a migration): one
   * undo step, then a full check (the location rule and hreflang reciprocity
   * depend on every row). Refused (nothing changes) when it would make URLs
   * unusable and `force` is not set: the answer then says which.
   */
  replace(scope: BulkScope, options: ReplaceOptions, force: boolean): BulkOutcome {
    const replacer = compileReplace(options);
    if (!replacer.ok) throw new Error(replacer.message);
    const groups = fieldGroupsOf(options);
    const plan = planRewrite(this.host.set().rows, this.positionsOf(scope), replacer.apply, groups, 10);
    if (plan.breaking.length > 0 && !force) {
      return { ...this.host.commit(null, 'none', false), changed: 0, removed: 0, refused: previewOf(plan) };
    }
    const label =
      options.describe ?? `Replace "${options.find}" with "${options.replace}" in ${describeGroups(groups)}`;
    if (plan.exts.length === 0) return { ...this.applyCells(label, plan.cells), byField: plan.counts };
    const set = this.host.set();
    applyChanges(set.rows, plan.cells, 'forward');
    applyExtChanges(set.rows, plan.exts, 'forward');
    set.rows.seal();
    const changed = this.host.commit(entryOf(label, { cells: plan.cells, exts: plan.exts }), 'full', true);
    return { ...changed, changed: plan.total, removed: 0, refused: null, byField: plan.counts };
  }

  /**
   * Merges the rows whose loc repeats another's in the scope into the first
   * of them (merge-duplicates.ts), its values chosen by `keep`, and removes
   * the copies: one undo step that puts every copy back with its elements.
   */
  dedupe(scope: BulkScope, keep: MergeRule): BulkOutcome {
    const set = this.host.set();
    // Only rows the check found repeated can merge: grouping a million distinct URLs would cost seconds for nothing.
    const codes = this.host.result().rowCodes;
    const positions = Array.from(this.positionsOf(scope)).filter((p) => ((codes[p] ?? 0) & LOC_BIT.duplicate) !== 0);
    const plan = planMergeDuplicates(mergeSourceOf(set.rows), positions, { rule: keep });
    applyChanges(set.rows, plan.changes, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    // Removed last, as redo does: the changes name rows that stay.
    const taken = takeRows(set, plan.removeRows);
    const removed = taken.ids.length;
    const entry =
      removed > 0
        ? entryOf(`Remove duplicates, keeping ${MERGE_RULE_WORDS[keep]}`, {
            cells: plan.changes,
            exts: plan.extChanges,
            removed: taken,
          })
        : null;
    const changed = this.host.commit(entry, entry ? 'full' : 'none', true);
    return {
      ...changed,
      changed: plan.changes.length + plan.extChanges.length,
      removed,
      refused: null,
      merge: plan.report,
    };
  }

  /** A pasted column: value k into `field` of the row at view position start + k, one undo step. */
  pasteColumn(start: number, field: UrlField, values: string[]): BulkOutcome {
    const changes = planPasteColumn(this.host.set().rows, this.host.view(), start, field, values);
    // Like a cell edit, the pasted rows stay where they are in the view until the next filter or sort.
    return this.applyCells(`Paste ${field}`, changes, false);
  }

  /** A pasted block: each column's values into its field from view position `start` down, one undo step. */
  pasteBlock(start: number, columns: BlockColumn[]): BulkOutcome {
    const changes = planPasteBlock(this.host.set().rows, this.host.view(), start, columns);
    return this.applyCells(`Paste ${columns.map((c) => c.field).join(', ')}`, changes, false);
  }

  /** Sets several fields in every row of the scope (lastmod from the publication date with `fromPublication`): one undo step. */
  setFields(scope: BulkScope, values: Partial<Record<BulkField, string>>, fromPublication: boolean): BulkOutcome {
    const fields = Object.keys(values) as BulkField[];
    for (const field of fields) {
      const refusal = checkBulkValue(field, values[field] ?? '');
      if (refusal) throw new Error(refusal);
    }
    const rows = this.host.set().rows;
    const positions = this.positionsOf(scope);
    const changes = fields.flatMap((field) => planSet(rows, positions, field, values[field] ?? ''));
    const words = fields.map((field) => `${field} to ${values[field] || '(empty)'}`);
    if (fromPublication) {
      pushAll(changes, planSetFromPublication(rows, positions).changes);
      words.push('lastmod from the publication date');
    }
    return this.applyCells(`Set ${words.join(', ')}`, changes);
  }

  /** Applies planned cell changes, records them as one step and re-checks what they touched. */
  applyCells(label: string, changes: CellChange[], requery = true): BulkOutcome {
    if (changes.length === 0)
      return { ...this.host.commit(null, 'none', false), changed: 0, removed: 0, refused: null };
    const set = this.host.set();
    applyChanges(set.rows, changes, 'forward');
    set.rows.seal();
    return {
      ...this.host.commit(entryOf(label, { cells: changes }), 'touched', requery),
      changed: changes.length,
      removed: 0,
      refused: null,
    };
  }

  private positionsOf(scope: BulkScope): ArrayLike<number> {
    if (scope.kind === 'view') return this.host.view();
    const found = positionsOfIds(this.host.set().rows, scope.ids);
    return [...found.values()].sort((a, b) => a - b);
  }
}
