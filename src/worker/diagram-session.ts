import type { CheckResult } from '../core/check/check-result';
import { planBranchEdit, type BranchEdit } from '../core/edit/move-branch';
import type { CellChange } from '../core/rows/changes';
import type { UrlRows } from '../core/rows/rows';
import type { DiagramAsk } from '../core/view/diagram-levels';
import { BoardLevels } from '../core/view/diagram-board';
import { withPages, type DiagramLevel } from '../core/view/diagram-pages';
import { crawlTitles } from '../core/view/page-titles';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { TreeChildren } from '../core/view/tree-node';
import { redirectsOf, writeRedirectMap, type RedirectFormat } from '../core/write/redirect-map';
import type { BranchOutcome, BranchPreview, DiagramBoard, RedirectDownload } from './diagram-protocol';
import type { HistoryEntry } from '../core/history/entry';
import type { BulkOutcome } from './protocol';
import type { SlicedPass } from './api';
import { LevelCache, type LevelsPass } from './diagram-level-cache';
import { coverageOf } from '../core/rules/site-data/crawl-coverage';
import { branchCoverage } from '../core/view/tree-coverage';

/** What the diagram needs of the session: its rows and check, its bulk apply, and the history's entries. */
export interface DiagramHost {
  /** The document (its files hold the crawl exports' titles). */
  set: () => SitemapSet;
  rows: () => UrlRows;
  result: () => CheckResult;
  /** Applies cell changes as one undo step, re-checked at once (Session.applyCells). */
  applyCells: (label: string, changes: CellChange[]) => BulkOutcome;
  /** The entries that can be undone now, oldest first. */
  done: () => readonly HistoryEntry[];
  /** Moves with every change of the rows or their check (not with the table's view). */
  revision: () => number;
}

/**
 * The diagram's part of the worker: its levels, branch edits through the
 * bulk engine (one undo step each, like a find & replace), and the redirect
 * map of what the history holds.
 */
export class DiagramSession {
  /**
   * The levels counted at this revision, the structure tree's included:
   * going back to the diagram, opening a box again, or a level the tree has
   * counted costs no pass (see diagram-level-cache.ts).
   */
  readonly levels: LevelCache;

  /** The crawl exports' titles by URL, read again when the files change. */
  private titles: { files: unknown; count: number; titles: Map<string, string> } | null = null;

  constructor(private readonly host: DiagramHost) {
    this.levels = new LevelCache({ ...host, coverage: () => branchCoverage(coverageOf(host.set())) });
  }

  /**
   * The diagram's levels as a pass to run a slice at a time, each cut to its
   * limit, each box with its page (title and plan, read when the pass ends);
   * with the top level, the lone host's level comes along in the answer.
   */
  levelsPass(asks: readonly DiagramAsk[]): SlicedPass<Map<string, DiagramLevel>> {
    const pass = this.levels.pass(asks, true);
    return { step: (rows) => pass.step(rows), finish: () => this.withPages(pass.finish()) };
  }

  /**
   * The whole board: every level down to the depth that fits `budget` boxes
   * (see BoardLevels), a pass over the rows a depth (levels counted already
   * cost none), run a slice at a time.
   */
  boardPass(budget: number): SlicedPass<DiagramBoard> {
    const board = new BoardLevels(budget);
    let pass: LevelsPass | null = null;
    const ask = () => {
      const keys = board.next();
      // A depth below the first is counted only while it may still fit: the pass stops at one child too many.
      pass =
        keys.length === 0
          ? null
          : this.levels.pass(
              keys.map((key) => ({ key, limit: budget })),
              keys[0] === '',
              board.room(),
            );
    };
    ask();
    return {
      step: (rows) => {
        const current = pass as LevelsPass | null;
        if (current === null) return true;
        if (!current.step(rows)) return false;
        board.take(current.finish(), current.overflowed());
        ask();
        return pass === null;
      },
      finish: () => ({ levels: this.withPages(board.levels), cut: board.cut }),
    };
  }

  private withPages(levels: ReadonlyMap<string, TreeChildren>): Map<string, DiagramLevel> {
    const set = this.host.set();
    const t = this.titles;
    if (t === null || t.files !== set.files || t.count !== set.files.length)
      this.titles = { files: set.files, count: set.files.length, titles: crawlTitles(set) };
    const crawl = (this.titles as { titles: Map<string, string> }).titles;
    const out = new Map<string, DiagramLevel>();
    for (const [key, level] of levels) out.set(key, withPages(set, level, crawl));
    return out;
  }

  /** What a branch edit would change; nothing changes. */
  preview(edit: BranchEdit, limit: number): BranchPreview {
    const plan = planBranchEdit(this.host.rows(), edit);
    if ('error' in plan)
      return { error: plan.error, from: edit.from, to: '', affected: 0, breaking: 0, collisions: 0, samples: [] };
    const samples = plan.changes.slice(0, limit).map((c) => ({ row: c.row, before: c.before, after: c.after }));
    return {
      error: null,
      from: plan.from,
      to: plan.to,
      affected: plan.changes.length,
      breaking: plan.breaking.length,
      collisions: plan.collisions.length,
      samples,
    };
  }

  /** Applies a branch edit: every loc in the branch rewritten, one undo step. Throws when it cannot be done. */
  apply(edit: BranchEdit): BranchOutcome {
    const plan = planBranchEdit(this.host.rows(), edit);
    if ('error' in plan) throw new Error(plan.error);
    const label =
      edit.kind === 'move'
        ? `Move ${branchName(plan.from)} to ${branchName(plan.to)}`
        : `Rename ${branchName(plan.from)} to ${branchName(plan.to)}`;
    return { ...this.host.applyCells(label, plan.changes), to: plan.to };
  }

  /** The redirect map of the loc changes the history holds (what has been undone is not in it). */
  redirectMap(format: RedirectFormat): RedirectDownload {
    const steps = this.host.done().map((e) => ({ cells: e.cells, added: e.added?.ids, removed: e.removed?.ids }));
    const redirects = redirectsOf(steps);
    const { fileName, mimeType, text, leftOut } = writeRedirectMap(redirects, format);
    return { fileName, mimeType, text, count: redirects.length - leftOut.length, leftOut: leftOut.length };
  }
}

/** A branch key as people read it: no https://. */
function branchName(key: string): string {
  return key.replace(/^https:\/\//i, '');
}
