import type { LocLookup } from '../check/ext-check';
import type { UrlRows } from '../rows/rows';
import { buildClusterIndex, type ClusterIndex } from './cluster-index';
import { markClusterStatus } from './cluster-status';

/**
 * The hreflang clusters of the rows, each flagged with what it lacks: from
 * the alternates, and with `byPrefix` from locale path prefixes too (see
 * buildClusterIndex). `lookup` finds rows by loc: the check's duplicate index.
 */
export function findClusters(rows: UrlRows, lookup: LocLookup, byPrefix = false): ClusterIndex {
  const index = buildClusterIndex(rows, lookup, byPrefix);
  markClusterStatus(index, rows, lookup);
  return index;
}
