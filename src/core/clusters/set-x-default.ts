/*
 * Add x-default: every member of a cluster gets an x-default alternate to
 * the member the user picks (by language for every cluster, or one member of
 * one cluster). A row with an x-default to elsewhere has its href changed
 * (its other attributes kept); a row without one gets one after its last
 * link. Nothing else of a row changes, and every row changed is listed.
 */
import type { LocLookup } from '../check/ext-check';
import { attrOf, isHreflangLink } from '../rows/ext-read';
import { alternateLink, withAlternatesAdded, withValues } from '../edit/hreflang-edit';
import type { ExtChange } from '../rows/changes';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { CLUSTER_FLAG, nodeUrl, type ClusterIndex } from './cluster-index';
import { conflictWords, emptyReport, LISTED_ROWS, skip, type ClusterPlan } from './complete-clusters';
import { rowsOfNode } from './cluster-status';
import { canonicalHreflang, X_DEFAULT } from './lang-code';

/** Whose page becomes the x-default: the member in a language, in every cluster that has one; or one member of one cluster. */
export type XDefaultPick = { language: string } | { cluster: number; member: number };

/** Conflicts x-default cannot settle: the cluster's members themselves are in doubt. */
const MEMBERS_IN_DOUBT = CLUSTER_FLAG.languageTwice | CLUSTER_FLAG.pageTwoLanguages;

/** The changes that give the picked clusters their x-default. Throws on a pick that names no member. */
export function planSetXDefault(
  index: ClusterIndex,
  rows: UrlRows,
  lookup: LocLookup,
  pick: XDefaultPick,
): ClusterPlan {
  const exts: ExtChange[] = [];
  const report = emptyReport();
  const targetOf = targetPicker(index, pick);
  const [from, to] = 'cluster' in pick ? [pick.cluster, pick.cluster + 1] : [0, index.count];
  for (let k = from; k < to; k++) {
    const target = targetOf(k);
    if (target < 0) continue;
    if ((index.flags[k] as number) & MEMBERS_IN_DOUBT) {
      skip(report, conflictWords(index, rows, k));
      continue;
    }
    const href = nodeUrl(index, rows, target);
    let added: ExtElement | null = null;
    const before = exts.length;
    for (let i = index.start[k] as number; i < (index.start[k + 1] as number); i++) {
      const node = index.node[i] as number;
      if (node >= index.rowCount) continue;
      rowsOfNode(lookup, node, (q) => {
        const had = rows.ext[q] ?? [];
        let changed = 0;
        let found = false;
        const after = had.map((el) => {
          if (!isHreflangLink(el) || canonicalHreflang(attrOf(el, 'hreflang') ?? '') !== X_DEFAULT) return el;
          found = true;
          if ((attrOf(el, 'href') ?? '').trim() === href) return el;
          changed++;
          return withValues(el, attrOf(el, 'hreflang') ?? X_DEFAULT, href);
        });
        if (found && changed === 0) return;
        const next = found ? after : withAlternatesAdded(had, [(added ??= alternateLink(X_DEFAULT, href))]);
        exts.push({ row: rows.id[q] as number, before: rows.ext[q], after: next });
        report.rows++;
        if (found) report.changed += changed;
        else report.added++;
        if (report.lines.length < LISTED_ROWS)
          report.lines.push(`${rows.loc.get(q).trim()}: ${found ? 'x-default →' : '+ x-default'} ${href}`);
      });
    }
    if (exts.length > before) report.clusters++;
  }
  return { exts, report };
}

/** Cluster → the node of its new x-default, -1 to leave it. */
function targetPicker(index: ClusterIndex, pick: XDefaultPick): (k: number) => number {
  if ('cluster' in pick) {
    const i = (index.start[pick.cluster] ?? 0) + pick.member;
    if (
      pick.cluster < 0 ||
      pick.cluster >= index.count ||
      pick.member < 0 ||
      i >= (index.start[pick.cluster + 1] as number)
    )
      throw new Error('That page is not in the cluster any more; choose the x-default again.');
    const node = index.node[i] as number;
    return () => node;
  }
  const l = index.languages.indexOf(canonicalHreflang(pick.language));
  if (l < 0) throw new Error(`No cluster has a page in ${pick.language}.`);
  return (k) => {
    for (let i = index.start[k] as number; i < (index.start[k + 1] as number); i++)
      if (index.lang[i] === l) return index.node[i] as number;
    return -1;
  };
}
