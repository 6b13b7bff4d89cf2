/*
 * How complete one cluster is: which alternates each member's rows lack, and
 * which of those make a link one-way (the other page lists this one, this
 * one does not list it back: search engines then ignore the pair). Read from
 * the rows each time it is asked, for the clusters asked about only.
 */
import type { LocLookup } from '../check/ext-check';
import { hreflangLinks } from '../rows/ext-read';
import type { UrlRows } from '../rows/rows';
import { CLUSTER_CONFLICT, CLUSTER_FLAG, nodeUrl, type ClusterIndex } from './cluster-index';
import { canonicalHreflang, X_DEFAULT } from './lang-code';

/** An alternate every member of a cluster should list. */
interface ClusterTarget {
  /** The canonical hreflang value, or x-default. */
  hreflang: string;
  href: string;
  /** The member's node; for the x-default, its node (which may be a member's too). */
  node: number;
  xDefault: boolean;
}

/** The alternates a complete cluster has on every member: each member with a language, then its x-default when it has one only. */
export function clusterTargets(index: ClusterIndex, rows: UrlRows, k: number): ClusterTarget[] {
  const out: ClusterTarget[] = [];
  for (let i = index.start[k] as number; i < (index.start[k + 1] as number); i++) {
    const l = index.lang[i] as number;
    if (l < 0) continue;
    const node = index.node[i] as number;
    out.push({ hreflang: index.languages[l] as string, href: nodeUrl(index, rows, node), node, xDefault: false });
  }
  const x = index.xDefault[k] as number;
  if (x >= 0 && index.xDefaultOther[k] === -1)
    out.push({ hreflang: X_DEFAULT, href: nodeUrl(index, rows, x), node: x, xDefault: true });
  return out;
}

/** What one row lists: its alternates' hrefs (trimmed), x-default ones apart. */
interface RowAlternates {
  hrefs: Set<string>;
  xDefaults: Set<string>;
}

export function rowAlternates(rows: UrlRows, pos: number): RowAlternates {
  const hrefs = new Set<string>();
  const xDefaults = new Set<string>();
  for (const link of hreflangLinks(rows.ext[pos])) {
    const href = link.href.trim();
    if (canonicalHreflang(link.hreflang) === X_DEFAULT) xDefaults.add(href);
    else hrefs.add(href);
  }
  return { hrefs, xDefaults };
}

export function lists(row: RowAlternates, target: ClusterTarget): boolean {
  return target.xDefault ? row.xDefaults.has(target.href) : row.hrefs.has(target.href);
}

/** Per member of cluster k (in member order): alternates its rows lack (the most any of them lacks), and how many of those leave a link one-way. */
interface MemberStatus {
  missing: Int32Array;
  oneWay: Int32Array;
}

/** The rows at a node's loc: the node and the rows sharing its loc. */
export function rowsOfNode(lookup: LocLookup, node: number, fn: (pos: number) => void): void {
  for (let q = node; q >= 0; q = lookup.nextAt(q)) fn(q);
}

export function memberStatus(index: ClusterIndex, rows: UrlRows, lookup: LocLookup, k: number): MemberStatus {
  const from = index.start[k] as number;
  const to = index.start[k + 1] as number;
  const missing = new Int32Array(to - from);
  const oneWay = new Int32Array(to - from);
  const targets = clusterTargets(index, rows, k);
  // What each member's first row lists, for "does it list this one back".
  const first = new Map<number, RowAlternates>();
  for (let i = from; i < to; i++) {
    const node = index.node[i] as number;
    if (node < index.rowCount) first.set(node, rowAlternates(rows, node));
  }
  for (let i = from; i < to; i++) {
    const node = index.node[i] as number;
    if (node >= index.rowCount) continue;
    const url = nodeUrl(index, rows, node);
    rowsOfNode(lookup, node, (q) => {
      const own = q === node ? (first.get(node) as RowAlternates) : rowAlternates(rows, q);
      let lacks = 0;
      let unreturned = 0;
      for (const t of targets) {
        if (lists(own, t)) continue;
        lacks++;
        const other = t.xDefault || t.node === node ? undefined : first.get(t.node);
        if (other?.hrefs.has(url)) unreturned++;
      }
      if (lacks > (missing[i - from] as number)) missing[i - from] = lacks;
      if (unreturned > (oneWay[i - from] as number)) oneWay[i - from] = unreturned;
    });
  }
  return { missing, oneWay };
}

/** The incomplete and oneWay flags of cluster k (none for a cluster in conflict: nothing is added to it). */
function clusterStatusFlags(index: ClusterIndex, rows: UrlRows, lookup: LocLookup, k: number): number {
  if ((index.flags[k] as number) & CLUSTER_CONFLICT) return 0;
  const { missing, oneWay } = memberStatus(index, rows, lookup, k);
  let flags = 0;
  for (let i = 0; i < missing.length; i++) {
    if ((missing[i] as number) > 0) flags |= CLUSTER_FLAG.incomplete;
    if ((oneWay[i] as number) > 0) flags |= CLUSTER_FLAG.oneWay;
  }
  return flags;
}

/** Adds the incomplete and oneWay flags to every cluster of the index. */
export function markClusterStatus(index: ClusterIndex, rows: UrlRows, lookup: LocLookup): void {
  for (let k = 0; k < index.count; k++)
    index.flags[k] = (index.flags[k] as number) | clusterStatusFlags(index, rows, lookup, k);
}
