/*
 * Add return links: every member of a cluster lists every member (itself
 * included) and the cluster's x-default, so each pair links both ways. Only
 * alternates are added: nothing a row had is changed, moved or dropped (its
 * images, videos, news and unknown elements stay where they were), and every
 * row changed is listed. A cluster whose links disagree (two pages for one
 * language, a page given two languages, two x-defaults) is left as it is and
 * named: completing it would spread the mistake to every member.
 */
import type { LocLookup } from '../check/ext-check';
import { alternateLink, withAlternatesAdded } from '../edit/hreflang-edit';
import type { ExtChange } from '../rows/changes';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { CLUSTER_CONFLICT, CLUSTER_FLAG, nodeUrl, type ClusterIndex } from './cluster-index';
import { clusterTargets, lists, rowAlternates, rowsOfNode } from './cluster-status';
import { plural } from '../text/format';
import { formatNumber } from '../text/format';

/** Rows named one by one in a report; the rest are counted. */
export const LISTED_ROWS = 1000;

/** What a cluster change did, for the notice and the CLI: nothing changed goes unsaid. */
export interface ClusterReport {
  /** Clusters with a row changed. */
  clusters: number;
  rows: number;
  /** Alternates added. */
  added: number;
  /** x-default alternates whose href was changed (Add x-default). */
  changed: number;
  /** Clusters left as they were, and why (the first {@link LISTED_ROWS}); `skippedCount` counts them all. */
  skipped: string[];
  skippedCount: number;
  /** Members no link gives a language: given the others' links, but nobody can list them. */
  unknown: number;
  /** "https://…/de/: + en https://…/en/, + x-default https://…/" for the first {@link LISTED_ROWS} rows changed. */
  lines: string[];
}

export interface ClusterPlan {
  exts: ExtChange[];
  report: ClusterReport;
}

export function emptyReport(): ClusterReport {
  return { clusters: 0, rows: 0, added: 0, changed: 0, skipped: [], skippedCount: 0, unknown: 0, lines: [] };
}

/**
 * The changes that complete every cluster `include` accepts (all by
 * default). One change per row, its `before` the row's own array.
 */
export function planCompleteClusters(
  index: ClusterIndex,
  rows: UrlRows,
  lookup: LocLookup,
  include: (k: number) => boolean = () => true,
): ClusterPlan {
  const exts: ExtChange[] = [];
  const report = emptyReport();
  for (let k = 0; k < index.count; k++) {
    if (!include(k)) continue;
    if ((index.flags[k] as number) & CLUSTER_CONFLICT) {
      skip(report, conflictWords(index, rows, k));
      continue;
    }
    const targets = clusterTargets(index, rows, k);
    // One element per target, shared by the rows that get it: elements are never changed in place.
    const elements = new Map<number, ExtElement>();
    const elementOf = (t: number) => {
      let el = elements.get(t);
      if (!el) {
        const target = targets[t] as (typeof targets)[number];
        el = alternateLink(target.hreflang, target.href);
        elements.set(t, el);
      }
      return el;
    };
    const before = exts.length;
    for (let i = index.start[k] as number; i < (index.start[k + 1] as number); i++) {
      const node = index.node[i] as number;
      if ((index.lang[i] as number) < 0) report.unknown++;
      if (node >= index.rowCount) continue;
      rowsOfNode(lookup, node, (q) => {
        const own = rowAlternates(rows, q);
        const added: ExtElement[] = [];
        const words: string[] = [];
        targets.forEach((t, j) => {
          if (lists(own, t)) return;
          added.push(elementOf(j));
          words.push(`+ ${t.hreflang} ${t.href}`);
        });
        if (added.length === 0) return;
        const had = rows.ext[q];
        exts.push({ row: rows.id[q] as number, before: had, after: withAlternatesAdded(had ?? [], added) });
        report.rows++;
        report.added += added.length;
        if (report.lines.length < LISTED_ROWS) report.lines.push(`${rows.loc.get(q).trim()}: ${words.join(', ')}`);
      });
    }
    if (exts.length > before) report.clusters++;
  }
  return { exts, report };
}

export function skip(report: ClusterReport, why: string): void {
  report.skippedCount++;
  if (report.skipped.length < LISTED_ROWS) report.skipped.push(why);
}

/** Why cluster k is left as it is, naming the pages: "two pages for de: …, …". */
export function conflictWords(index: ClusterIndex, rows: UrlRows, k: number): string {
  const f = index.flags[k] as number;
  const from = index.start[k] as number;
  const to = index.start[k + 1] as number;
  const url = (i: number) => nodeUrl(index, rows, index.node[i] as number);
  const head = `The cluster of ${url(from)}`;
  if (f & CLUSTER_FLAG.languageTwice) {
    for (let i = from + 1; i < to; i++) {
      const l = index.lang[i] as number;
      if (l >= 0 && index.lang[i - 1] === l) {
        let n = 2;
        while (i + n - 1 < to && index.lang[i + n - 1] === l) n++;
        const more = n > 2 ? ` and ${formatNumber(n - 2)} more` : '';
        return `${head} has ${formatNumber(n)} pages for ${index.languages[l]}: ${url(i - 1)}, ${url(i)}${more}; correct the alternates in one of them first`;
      }
    }
  }
  if (f & CLUSTER_FLAG.pageTwoLanguages)
    return `${head} gives one page two languages; correct the alternates that name it with another hreflang first`;
  const a = nodeUrl(index, rows, index.xDefault[k] as number);
  const b = nodeUrl(index, rows, index.xDefaultOther[k] as number);
  return `${head} names two x-defaults, ${a} and ${b}; choose one with Add x-default first`;
}

/** "Added 12 return links to 4 rows in 2 clusters": the report's first words. */
export function describeClusterReport(r: ClusterReport, what: 'return links' | 'x-default'): string {
  const parts: string[] = [];
  if (r.rows === 0) parts.push(what === 'x-default' ? 'No x-default needed setting' : 'Every cluster was complete');
  else {
    const done: string[] = [];
    if (r.added > 0) done.push(`added ${plural(r.added, what === 'x-default' ? 'x-default link' : 'return link')}`);
    if (r.changed > 0) done.push(`changed ${plural(r.changed, 'x-default link')}`);
    const text = `${done.join(' and ')} in ${plural(r.rows, 'row')} of ${plural(r.clusters, 'cluster')}`;
    parts.push(text.charAt(0).toUpperCase() + text.slice(1) + '; every other element of those rows is kept');
  }
  if (r.skippedCount > 0)
    parts.push(
      `${plural(r.skippedCount, 'cluster')} left as ${r.skippedCount === 1 ? 'it was (its' : 'they were (their'} links disagree)`,
    );
  if (r.unknown > 0 && what === 'return links')
    parts.push(
      `${plural(r.unknown, 'page')} no alternate gives a language: they list the others, but nobody can list them until one does`,
    );
  return parts.join('; ') + '.';
}
