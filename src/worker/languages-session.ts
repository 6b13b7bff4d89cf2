import type { CheckResult } from '../core/check/check-result';
import type { LocLookup } from '../core/check/ext-check';
import { entryOf, type HistoryEntry } from '../core/history/entry';
import { applyExtChanges } from '../core/rows/changes';
import { CLUSTER_CONFLICT, CLUSTER_FLAG, nodeUrl, type ClusterIndex } from '../core/clusters/cluster-index';
import { memberStatus } from '../core/clusters/cluster-status';
import {
  conflictWords,
  describeClusterReport,
  planCompleteClusters,
  type ClusterPlan,
} from '../core/clusters/complete-clusters';
import { findClusters } from '../core/clusters/find-clusters';
import { locLookupOf } from '../core/clusters/loc-lookup';
import { planSetXDefault, type XDefaultPick } from '../core/clusters/set-x-default';
import type { SitemapSet } from '../core/read/sitemap-set';
import { plural } from '../core/text/format';
import {
  MEMBERS_SHOWN,
  type ClusterAsk,
  type ClusterFilter,
  type ClusterMember,
  type ClusterRow,
  type ClustersOutcome,
  type LanguagesSummary,
} from './languages-protocol';
import type { Changed } from './protocol';

/** What the Languages view needs of the session. */
export interface LanguagesHost {
  set(): SitemapSet;
  result(): CheckResult;
  /** Moves with every change of the rows. */
  revision(): number;
  /** Records an undo step, re-checks what it touched and answers with the totals (Session.commit). */
  commit(entry: HistoryEntry | null, check: 'touched' | 'full' | 'none', requery: boolean): Changed;
}

interface Found {
  revision: number;
  byPrefix: boolean;
  index: ClusterIndex;
  lookup: LocLookup;
  /** Per filter, the clusters it lists (made when first asked). */
  lists: Map<ClusterFilter, Int32Array>;
}

const INCOMPLETE = CLUSTER_FLAG.incomplete | CLUSTER_FLAG.oneWay;

/**
 * The Languages view's part of the worker: the hreflang clusters of the
 * document, found once per revision (and way of finding), listed a window at
 * a time, and Add return links / Add x-default, each one undo step.
 */
export class LanguagesSession {
  private found: Found | null = null;

  constructor(private readonly host: LanguagesHost) {}

  summary(ask: ClusterAsk): LanguagesSummary {
    const f = this.find(ask.byPrefix);
    const { index } = f;
    let incomplete = 0;
    let oneWay = 0;
    let conflicts = 0;
    let unknown = 0;
    for (let k = 0; k < index.count; k++) {
      const flags = index.flags[k] as number;
      if (flags & INCOMPLETE) incomplete++;
      if (flags & CLUSTER_FLAG.oneWay) oneWay++;
      if (flags & CLUSTER_CONFLICT) conflicts++;
      if (flags & CLUSTER_FLAG.languageUnknown) unknown++;
    }
    return {
      revision: f.revision,
      byPrefix: ask.byPrefix,
      clusters: index.count,
      incomplete,
      oneWay,
      conflicts,
      unknown,
      languages: index.languages,
      shown: this.list(f, ask.filter).length,
      unusableLinks: index.unusableLinks,
    };
  }

  /** Clusters `start` to `end` (exclusive) of those the filter lists, as the view draws them. */
  clusters(ask: ClusterAsk, start: number, end: number): ClusterRow[] {
    const f = this.find(ask.byPrefix);
    const list = this.list(f, ask.filter);
    const rows = this.host.set().rows;
    const out: ClusterRow[] = [];
    for (let at = Math.max(0, start); at < Math.min(end, list.length); at++) {
      const k = list[at] as number;
      const { index } = f;
      const flags = index.flags[k] as number;
      const from = index.start[k] as number;
      // A cluster whose links disagree gets no status: nothing is added to it, and it may hold thousands of pages.
      const status = flags & CLUSTER_CONFLICT ? null : memberStatus(index, rows, f.lookup, k);
      const members: ClusterMember[] = [];
      const memberCounts = new Array<number>(index.languages.length + 1).fill(0);
      for (let i = from; i < (index.start[k + 1] as number); i++) {
        const lang = index.lang[i] as number;
        const column = lang < 0 ? index.languages.length : lang;
        if ((memberCounts[column] = (memberCounts[column] as number) + 1) > MEMBERS_SHOWN) continue;
        const node = index.node[i] as number;
        const inSet = node < index.rowCount;
        members.push({
          member: i - from,
          lang,
          url: nodeUrl(index, rows, node),
          rowId: inSet ? (rows.id[node] as number) : null,
          missing: status ? (status.missing[i - from] as number) : 0,
          oneWay: status ? (status.oneWay[i - from] as number) : 0,
        });
      }
      const x = index.xDefault[k] as number;
      const other = index.xDefaultOther[k] as number;
      out.push({
        cluster: k,
        flags,
        members,
        memberCounts,
        xDefault: x < 0 ? null : nodeUrl(index, rows, x),
        xDefaultOther: other < 0 ? null : nodeUrl(index, rows, other),
        conflict: flags & CLUSTER_CONFLICT ? conflictWords(index, rows, k) : null,
      });
    }
    return out;
  }

  /** Add return links: every cluster completed, one undo step. */
  complete(byPrefix: boolean): ClustersOutcome {
    const f = this.find(byPrefix);
    const plan = planCompleteClusters(f.index, this.host.set().rows, f.lookup);
    return this.apply(plan, 'Add return links', describeClusterReport(plan.report, 'return links'));
  }

  /**
   * Add x-default: in every cluster with a page in a language, or in one
   * cluster (named at `revision`: refused when the rows changed since).
   */
  setXDefault(byPrefix: boolean, pick: XDefaultPick, revision: number): ClustersOutcome {
    if ('cluster' in pick && revision !== this.host.revision())
      throw new Error('The clusters changed since they were shown; choose the x-default again.');
    const f = this.find(byPrefix);
    const plan = planSetXDefault(f.index, this.host.set().rows, f.lookup, pick);
    const label = 'language' in pick ? `Add x-default: the ${pick.language} page` : 'Add x-default';
    return this.apply(plan, label, describeClusterReport(plan.report, 'x-default'));
  }

  private apply(plan: ClusterPlan, label: string, words: string): ClustersOutcome {
    const set = this.host.set();
    applyExtChanges(set.rows, plan.exts, 'forward');
    const r = plan.report;
    const sized = `${label} (${plural(r.added + r.changed, 'alternate')} in ${plural(r.rows, 'row')})`;
    const entry = plan.exts.length > 0 ? entryOf(sized, { exts: plan.exts }, false) : null;
    // The reciprocity rule reaches other rows: the session's re-check of what changed takes them in.
    const changed = this.host.commit(entry, entry ? 'touched' : 'none', true);
    return { ...changed, report: plan.report, words };
  }

  private find(byPrefix: boolean): Found {
    const revision = this.host.revision();
    const f = this.found;
    if (f && f.revision === revision && f.byPrefix === byPrefix) return f;
    const set = this.host.set();
    const lookup = locLookupOf(this.host.result(), set.rows);
    this.found = { revision, byPrefix, index: findClusters(set.rows, lookup, byPrefix), lookup, lists: new Map() };
    return this.found;
  }

  private list(f: Found, filter: ClusterFilter): Int32Array {
    let list = f.lists.get(filter);
    if (!list) {
      const { count, flags } = f.index;
      const want = filter === 'incomplete' ? INCOMPLETE : filter === 'conflict' ? CLUSTER_CONFLICT : 0;
      const out = new Int32Array(want === 0 ? count : countMatching(flags, want));
      let n = 0;
      for (let k = 0; k < count; k++) if (want === 0 || (flags[k] as number) & want) out[n++] = k;
      list = out;
      f.lists.set(filter, list);
    }
    return list;
  }
}

function countMatching(flags: Uint8Array, want: number): number {
  let n = 0;
  for (let k = 0; k < flags.length; k++) if ((flags[k] as number) & want) n++;
  return n;
}
