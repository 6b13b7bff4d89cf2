import type { CheckResult } from '../check/check-result';
import type { UrlRows } from '../rows/rows';
import type { DiagramBranch, DiagramLevel } from './diagram-pages';
import { TreeLevelsPass } from './tree';
import type { TreeChildren, TreeNode } from './tree-node';
import { branchAncestors, NOT_ABSOLUTE_KEY } from '../text/url-branches';

/**
 * Boxes a level of the diagram shows before its "N more" box: a diagram of
 * a flat site of a million pages must stay a picture, not a million boxes.
 * Sixty still fit the screen, wrapped into rows (see the board's layout).
 */
export const DIAGRAM_LIMIT = 60;

/** scheme://authority at the start of a loc, as the structure tree's host keys are written. */
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** One level asked of the worker: a branch key ('' for the hosts) and how many children to show. */
export interface DiagramAsk {
  key: string;
  limit: number;
}

/**
 * The levels of the diagram by one pass over the rows (see
 * {@link TreeLevelsPass}), each cut to its own limit: the biggest children,
 * and what the rest hold as `omitted` and `omittedUrls`.
 */
export class DiagramLevelsPass {
  private readonly pass: TreeLevelsPass;
  private readonly asks: readonly DiagramAsk[];

  /**
   * When the top level is asked for, the level of the first row's host is
   * counted along: a set of one host opens at that level (see
   * {@link initialExpanded}), and this way its first drawing costs one pass
   * over the rows, not two.
   */
  constructor(rows: UrlRows, result: CheckResult, asks: readonly DiagramAsk[]) {
    const top = asks.find((a) => a.key === '');
    const host = top ? firstHost(rows) : undefined;
    this.asks =
      host !== undefined && !asks.some((a) => a.key === host)
        ? [...asks, { key: host, limit: (top as DiagramAsk).limit }]
        : asks;
    const max = this.asks.reduce((m, a) => Math.max(m, a.limit), 0);
    this.pass = new TreeLevelsPass(rows, result, [...new Set(this.asks.map((a) => a.key))], max);
  }

  /** Goes through up to `count` more rows; true once every row is counted. */
  step(count: number): boolean {
    return this.pass.step(count);
  }

  /** Each level asked for, cut to its limit. */
  finish(): Map<string, TreeChildren> {
    const levels = this.pass.finish();
    const out = new Map<string, TreeChildren>();
    for (const { key, limit } of this.asks) out.set(key, cutLevel(levels.get(key) as TreeChildren, limit));
    return out;
  }
}

/** The host key of the first row ('https://www.example.com'), or undefined when it has none. */
export function firstHost(rows: UrlRows): string | undefined {
  return rows.length > 0 ? ORIGIN.exec(rows.loc.get(0))?.[0] : undefined;
}

/** {@link DiagramLevelsPass} at once. */
export function diagramLevels(
  rows: UrlRows,
  result: CheckResult,
  asks: readonly DiagramAsk[],
): Map<string, TreeChildren> {
  const pass = new DiagramLevelsPass(rows, result, asks);
  pass.step(Infinity);
  return pass.finish();
}

/** A level with its first `limit` children kept and the others counted in `omitted` and `omittedUrls`. */
export function cutLevel<L extends TreeChildren | DiagramLevel>(level: L, limit: number): L {
  if (level.children.length <= limit) return level;
  const kept = level.children.slice(0, Math.max(0, limit));
  let omittedUrls = level.omittedUrls;
  for (let k = kept.length; k < level.children.length; k++) omittedUrls += (level.children[k] as TreeNode).urls;
  return { ...level, children: kept, omitted: level.omitted + level.children.length - kept.length, omittedUrls };
}

/** A box of the diagram: a branch, the "N more" box of a level, or the root of a set of several hosts. */
export type DiagramNode =
  | { kind: 'branch'; key: string; node: DiagramBranch; expanded: boolean; children: DiagramNode[] }
  | { kind: 'more'; key: string; parent: string; omitted: number; omittedUrls: number; children: [] }
  | { kind: 'root'; key: ''; hosts: number; urls: number; errors: number; warnings: number; children: DiagramNode[] };

/** The suffix of the key of a level's "N more" box; no branch key contains a space. */
export const MORE_SUFFIX = ' more';

/**
 * The tree the diagram lays out: the levels loaded so far, opened where
 * `expanded` says. A set of one host starts at that host's box; several
 * hosts (or locs that are not absolute) hang under one root box.
 */
export function diagramTree(
  levels: ReadonlyMap<string, DiagramLevel>,
  expanded: ReadonlySet<string>,
): DiagramNode | null {
  const top = levels.get('');
  if (!top || top.children.length === 0) return null;
  // Built a level at a time from a list of boxes still to fill, not by recursion: a site's depth is the input's.
  const open: DiagramNode[] = [];
  const branch = (node: DiagramBranch): DiagramNode => {
    const isOpen = node.hasChildren && expanded.has(node.key) && levels.has(node.key);
    const made: DiagramNode = { kind: 'branch', key: node.key, node, expanded: isOpen, children: [] };
    if (isOpen) open.push(made);
    return made;
  };
  const childrenOf = (key: string): DiagramNode[] => {
    const level = levels.get(key) as DiagramLevel;
    const out = level.children.map(branch);
    if (level.omitted > 0)
      out.push({
        kind: 'more',
        key: key + MORE_SUFFIX,
        parent: key,
        omitted: level.omitted,
        omittedUrls: level.omittedUrls,
        children: [],
      });
    return out;
  };
  const fill = (root: DiagramNode): DiagramNode => {
    for (let n = open.pop(); n !== undefined; n = open.pop()) n.children = childrenOf(n.key);
    return root;
  };
  const only = top.children[0] as DiagramBranch;
  if (top.children.length === 1 && top.omitted === 0 && only.key !== NOT_ABSOLUTE_KEY) return fill(branch(only));
  let urls = top.omittedUrls;
  let errors = 0;
  let warnings = 0;
  for (const c of top.children) {
    urls += c.urls;
    errors += c.errors;
    warnings += c.warnings;
  }
  return fill({
    kind: 'root',
    key: '',
    hosts: top.children.length + top.omitted,
    urls,
    errors,
    warnings,
    children: childrenOf(''),
  });
}

/**
 * The branches to open when a set is first drawn: a set of one host opens
 * at its first level (its host box alone would say nothing).
 */
export function initialExpanded(top: TreeChildren): string[] {
  const only = top.children[0];
  if (top.children.length !== 1 || top.omitted > 0 || !only || only.key === NOT_ABSOLUTE_KEY || !only.hasChildren)
    return [];
  return [only.key];
}

/**
 * The keys to ask for to draw these open branches: the top level, and each
 * open branch whose branches above are open too (a branch under a closed
 * one is not drawn, so its level waits until it is).
 */
export function levelsToLoad(expanded: ReadonlySet<string>): string[] {
  const out = [''];
  for (const key of expanded) if (branchAncestors(key).every((k) => k === '' || expanded.has(k))) out.push(key);
  return out;
}
