import type { CheckResult } from '../core/check/check-set';
import { planBranchEdit, type BranchEdit } from '../core/edit/move-branch';
import type { CellChange } from '../core/history/changes';
import type { UrlRows } from '../core/rows';
import { cutLevel, DiagramLevelsPass, type DiagramAsk } from '../core/view/diagram-levels';
import type { TreeChildren } from '../core/view/tree';
import { redirectsOf, writeRedirectMap, type RedirectFormat } from '../core/write/redirect-map';
import type { BranchOutcome, BranchPreview, RedirectDownload } from './diagram-protocol';
import type { HistoryEntry } from '../core/history/entry';
import type { BulkOutcome } from './protocol';

/** What the diagram needs of the session: its rows and check, its bulk apply, and the history's entries. */
export interface DiagramHost {
  rows: () => UrlRows;
  result: () => CheckResult;
  /** Applies cell changes as one undo step, re-checked at once (Session.applyCells). */
  applyCells: (label: string, changes: CellChange[]) => BulkOutcome;
  /** The entries that can be undone now, oldest first. */
  done: () => readonly HistoryEntry[];
  /** Moves with every change of the rows or their check (not with the table's view). */
  revision: () => number;
}

/** A level as last computed, and the limit it was cut to. */
interface CachedLevel {
  limit: number;
  level: TreeChildren;
}

/**
 * The diagram's part of the worker: its levels, branch edits through the
 * bulk engine (one undo step each, like a find & replace), and the redirect
 * map of what the history holds.
 */
export class DiagramSession {
  /** The levels computed at {@link cacheRevision}: going back to the diagram, or opening a box again, costs no pass. */
  private readonly cache = new Map<string, CachedLevel>();
  private cacheRevision = -1;

  constructor(private readonly host: DiagramHost) {}

  /**
   * The diagram's levels as a pass to run a slice at a time; the levels
   * known at this revision of the rows are answered from the cache (cut to
   * the limit asked for), and only the others are counted.
   */
  levelsPass(asks: readonly DiagramAsk[]): { step(rows: number): boolean; finish(): Map<string, TreeChildren> } {
    const revision = this.host.revision();
    if (revision !== this.cacheRevision) {
      this.cache.clear();
      this.cacheRevision = revision;
    }
    const known = (a: DiagramAsk) => {
      const c = this.cache.get(a.key);
      return c !== undefined && (c.limit >= a.limit || c.level.omitted === 0);
    };
    const missing = asks.filter((a) => !known(a));
    const pass = missing.length > 0 ? new DiagramLevelsPass(this.host.rows(), this.host.result(), missing) : null;
    return {
      step: (rows) => pass === null || pass.step(rows),
      finish: () => {
        const counted = pass?.finish() ?? new Map<string, TreeChildren>();
        for (const [key, level] of counted) {
          const limit = missing.find((a) => a.key === key)?.limit ?? asks.find((a) => a.key === '')?.limit ?? 0;
          this.cache.set(key, { limit, level });
        }
        const out = new Map(counted);
        for (const a of asks) out.set(a.key, cutLevel((this.cache.get(a.key) as CachedLevel).level, a.limit));
        return out;
      },
    };
  }

  /** What a branch edit would change; nothing changes. */
  preview(edit: BranchEdit, limit: number): BranchPreview {
    const plan = planBranchEdit(this.host.rows(), edit);
    if ('error' in plan) return { error: plan.error, from: edit.from, to: '', affected: 0, breaking: 0, collisions: 0, samples: [] };
    const samples = plan.changes.slice(0, limit).map((c) => ({ row: c.row, before: c.before, after: c.after }));
    return { error: null, from: plan.from, to: plan.to, affected: plan.changes.length, breaking: plan.breaking.length, collisions: plan.collisions.length, samples };
  }

  /** Applies a branch edit: every loc in the branch rewritten, one undo step. Throws when it cannot be done. */
  apply(edit: BranchEdit): BranchOutcome {
    const plan = planBranchEdit(this.host.rows(), edit);
    if ('error' in plan) throw new Error(plan.error);
    const label = edit.kind === 'move' ? `Move ${branchName(plan.from)} to ${branchName(plan.to)}` : `Rename ${branchName(plan.from)} to ${branchName(plan.to)}`;
    return { ...this.host.applyCells(label, plan.changes), to: plan.to };
  }

  /** The redirect map of the loc changes the history holds (what has been undone is not in it). */
  redirectMap(format: RedirectFormat): RedirectDownload {
    const steps = this.host.done().map((e) => ({ cells: e.cells, added: e.added?.ids, removed: e.removed?.ids }));
    const redirects = redirectsOf(steps);
    return { ...writeRedirectMap(redirects, format), count: redirects.length };
  }
}

/** A branch key as people read it: no https://. */
function branchName(key: string): string {
  return key.replace(/^https:\/\//i, '');
}
