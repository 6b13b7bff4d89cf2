/*
 * The messages of the Languages view: the page asks for the clusters'
 * counts, then for windows of clusters as it scrolls (never all of them),
 * and for the two cluster changes. The clusters stay in the worker.
 */
import type { ClusterReport } from '../core/clusters/complete-clusters';
import type { Changed } from './protocol';

/** Pages of one language a cluster row carries: more than one already means its links disagree. */
export const MEMBERS_SHOWN = 3;

/** Which clusters the view lists. */
export type ClusterFilter = 'all' | 'incomplete' | 'conflict';

/** How clusters are found: from the alternates, and with `byPrefix` from locale path prefixes too. */
export interface ClusterAsk {
  byPrefix: boolean;
  filter: ClusterFilter;
}

export interface LanguagesSummary {
  /** The document's revision the clusters were found at: a pick of one cluster names it. */
  revision: number;
  byPrefix: boolean;
  /** Clusters in all. */
  clusters: number;
  /** Clusters with a member lacking alternates (missing or one-way links). */
  incomplete: number;
  /** Clusters with a one-way link. */
  oneWay: number;
  /** Clusters whose links disagree (two pages for a language, a page with two languages, two x-defaults). */
  conflicts: number;
  /** Clusters with a member no link gives a language. */
  unknown: number;
  /** The columns: each language used, the most used first. */
  languages: string[];
  /** Clusters the filter lists. */
  shown: number;
  /** Alternates left out: no href, or one that is not an absolute http(s) URL. */
  unusableLinks: number;
}

/** One page of a cluster. */
export interface ClusterMember {
  /** Its place in the cluster (a pick of one cluster's x-default names it). */
  member: number;
  /** Index into LanguagesSummary.languages; -1 when no alternate gives one. */
  lang: number;
  url: string;
  /** The first row with this URL (its details can be opened); null for a page outside these sitemaps. */
  rowId: number | null;
  /** Alternates of the cluster (itself and the x-default included) its rows lack. */
  missing: number;
  /** Of those, the pages that list this one while it does not list them. */
  oneWay: number;
}

export interface ClusterRow {
  /** Its number at the summary's revision. */
  cluster: number;
  /** CLUSTER_FLAG bits (core/clusters/cluster-index.ts). */
  flags: number;
  /** Its pages, at most {@link MEMBERS_SHOWN} a language (links that disagree can name thousands). */
  members: ClusterMember[];
  /** Pages per language (by index into the languages), and at the end those without one. */
  memberCounts: number[];
  /** The x-default the members name; null when none. */
  xDefault: string | null;
  /** Another x-default some member names instead; null when they agree. */
  xDefaultOther: string | null;
  /** Why nothing is added to it, when its links disagree; null otherwise. */
  conflict: string | null;
}

/** The answer to a cluster change: the totals, and what it did, row by row. */
export interface ClustersOutcome extends Changed {
  report: ClusterReport;
  /** The report in one sentence. */
  words: string;
}
