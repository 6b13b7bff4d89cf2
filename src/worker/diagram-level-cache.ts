/*
 * The levels of the site's tree the worker has counted at this revision of
 * the rows, shared by the structure tree and the diagram: they count the same
 * branches (the tree keeps up to 500 children a level, the diagram draws 12),
 * and at a million rows each pass over the rows costs 0.3–0.7 s. The tree's
 * side panel asks for the top level after every import or change; with it the
 * level of a lone host is counted along, so the diagram opened next, and the
 * tree's host opened, need no pass. A pass still running when another request
 * wants its levels is shared, not begun again: the diagram asked while the
 * tree's pass was half-way went through every row a second time (and the
 * router begins a pass again on every change of the table's view, which the
 * levels do not depend on).
 */
import type { CheckResult } from '../core/check/check-result';
import type { UrlRows } from '../core/rows/rows';
import { cutLevel, firstHost, type DiagramAsk } from '../core/view/diagram-levels';
import { TreeLevelsPass } from '../core/view/tree';
import { DEFAULT_TREE_LIMIT, type TreeChildren } from '../core/view/tree-node';
import { type PassOptions, type RowBranches } from '../core/view/tree-branches';
import type { SlicedPass } from './api';
import type { BranchCoverage } from '../core/view/tree-coverage';

/** A level as counted, and the limit it was cut to. */
interface CachedLevel {
  limit: number;
  level: TreeChildren;
}

/** A pass under way: the keys it counts, each to the limit it counts them. */
interface Running {
  pass: TreeLevelsPass;
  limits: Map<string, number>;
  stored: boolean;
  /** Stops at a number of children (the board's depths): never shared, and kept only when whole. */
  capped: boolean;
}

/** A pass over the levels asked, and whether it stopped at its cap of children (then its answer lacks those levels). */
export type LevelsPass = SlicedPass<Map<string, TreeChildren>> & { overflowed: () => boolean };

export interface LevelSource {
  rows: () => UrlRows;
  result: () => CheckResult;
  /** Moves with every change of the rows or their check (not with the table's view). */
  revision: () => number;
  /** A crawl export's coverage of the rows (each branch counts it then); null or absent without one. */
  coverage?: () => BranchCoverage | null;
}

export class LevelCache {
  private readonly done = new Map<string, CachedLevel>();
  private running: Running[] = [];
  private revision = -1;
  /** Which child of the lone host's level each row is in, at this revision (see {@link optionsFor}). */
  private index: RowBranches | null = null;

  constructor(private readonly source: LevelSource) {}

  /**
   * The levels asked for, each cut to its limit, as a pass to run a slice at
   * a time: those known at this revision cost nothing, those a pass under
   * way counts are waited for (the steps go to that pass), and a pass is
   * begun for the others. When the top level is counted, the level of the
   * first row's host comes along (a one-host set opens there); `along` says
   * whether the answer holds it too.
   */
  pass(asks: readonly DiagramAsk[], along: boolean, maxChildren?: number): LevelsPass {
    const revision = this.source.revision();
    if (revision !== this.revision) {
      this.done.clear();
      this.running = [];
      this.index = null;
      this.revision = revision;
    }
    const wanted = [...asks];
    const top = asks.find((a) => a.key === '');
    const host = top ? firstHost(this.source.rows()) : undefined;
    if (top && host !== undefined && !asks.some((a) => a.key === host)) {
      // Counted along with the top level, or answered when already counted; never a pass of its own.
      const along = { key: host, limit: top.limit };
      if (!this.known(top) || this.known(along) || this.runningFor(along)) wanted.push(along);
    }
    const missing = wanted.filter((a) => !this.known(a) && !this.runningFor(a));
    let created: Running | null = null;
    if (missing.length > 0) {
      // Counted to the tree's limit at least (cutting a level is free): the tree's
      // and the diagram's requests after a change then share one pass, whichever comes first.
      const max = missing.reduce((m, a) => Math.max(m, a.limit), DEFAULT_TREE_LIMIT);
      const limits = new Map(missing.map((a) => [a.key, max]));
      const keys = [...limits.keys()];
      const opts = { ...this.optionsFor(keys, along ? host : undefined), coverage: this.source.coverage?.() ?? null };
      const capped = maxChildren !== undefined;
      created = {
        pass: new TreeLevelsPass(
          this.source.rows(),
          this.source.result(),
          keys,
          max,
          capped ? { ...opts, maxChildren } : opts,
        ),
        limits,
        stored: false,
        capped,
      };
      this.running.push(created);
    }
    const needed = new Set<Running>();
    for (const a of wanted) {
      const r = this.known(a) ? undefined : (this.runningFor(a) ?? (created?.limits.has(a.key) ? created : undefined));
      if (r) needed.add(r);
    }
    const passes = [...needed];
    return {
      overflowed: () => passes.some((r) => r.pass.overflowed),
      step: (rows) => {
        for (const r of passes) if (!r.stored && !r.pass.step(rows)) return false;
        return true;
      },
      finish: () => {
        for (const r of passes) this.store(r, revision);
        const out = new Map<string, TreeChildren>();
        for (const a of along ? wanted : asks) {
          const c = this.done.get(a.key);
          if (c) out.set(a.key, cutLevel(c.level, a.limit));
        }
        return out;
      },
    };
  }

  /**
   * A pass of the diagram's that counts the lone host's level records which
   * child of it each row is in (1 B a row up to 255 children, held until the
   * rows change: the tree's passes do not, so a document the diagram never
   * showed does not hold it); a later pass for branches under those children
   * goes through their rows only.
   */
  private optionsFor(keys: readonly string[], host: string | undefined): PassOptions {
    const index = this.index;
    if (index === null) return host !== undefined && keys.includes(host) ? { record: host } : {};
    const children: string[] = [];
    for (const key of keys) {
      if (!key.startsWith(index.key + '/')) return {};
      const end = key.indexOf('/', index.key.length + 1);
      children.push(end < 0 ? key : key.slice(0, end));
    }
    return { only: { of: index, children } };
  }

  private known(a: DiagramAsk): boolean {
    const c = this.done.get(a.key);
    return c !== undefined && (c.limit >= a.limit || c.level.omitted === 0);
  }

  private runningFor(a: DiagramAsk): Running | undefined {
    return this.running.find((r) => !r.capped && (r.limits.get(a.key) ?? -1) >= a.limit);
  }

  /** Keeps a finished pass's levels, unless the rows changed since it began. */
  private store(r: Running, revision: number): void {
    if (r.stored) return;
    r.stored = true;
    this.running = this.running.filter((x) => x !== r);
    if (revision !== this.revision || r.pass.overflowed) return;
    const levels = r.pass.finish();
    this.index ??= r.pass.branches();
    // Every level of the pass is cut to its greatest limit.
    let limit = 0;
    for (const l of r.limits.values()) limit = Math.max(limit, l);
    for (const key of r.limits.keys()) {
      const level = levels.get(key) as TreeChildren;
      const had = this.done.get(key);
      if (!had || had.limit < limit) this.done.set(key, { limit, level });
    }
  }
}
