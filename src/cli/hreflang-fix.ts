import type { CheckResult } from '../core/check/check-result';
import { applyExtChanges } from '../core/rows/changes';
import { describeClusterReport, LISTED_ROWS, planCompleteClusters } from '../core/clusters/complete-clusters';
import { findClusters } from '../core/clusters/find-clusters';
import { locLookupOf } from '../core/clusters/loc-lookup';
import type { SitemapSet } from '../core/read/sitemap-set';
import { formatNumber } from '../core/text/format';

/**
 * `export --fix`'s hreflang step: every cluster of alternates completed
 * (each member lists every member and the x-default), as the page's Add
 * return links does. `result` must be the check of the rows as they are.
 * The lines say what was added to which row, and which clusters were left.
 */
export function completeHreflangClusters(set: SitemapSet, result: CheckResult): { changed: boolean; lines: string[] } {
  const lookup = locLookupOf(result, set.rows);
  const index = findClusters(set.rows, lookup);
  if (index.count === 0) return { changed: false, lines: [] };
  const { exts, report } = planCompleteClusters(index, set.rows, lookup);
  applyExtChanges(set.rows, exts, 'forward');
  const lines = [`hreflang: ${describeClusterReport(report, 'return links')}`];
  for (const line of report.lines) lines.push(`  ${line}`);
  if (report.rows > LISTED_ROWS) lines.push(`  … and ${formatNumber(report.rows - LISTED_ROWS)} more rows`);
  for (const why of report.skipped) lines.push(`  left: ${why}`);
  if (report.skippedCount > report.skipped.length)
    lines.push(`  … and ${formatNumber(report.skippedCount - report.skipped.length)} more clusters left`);
  return { changed: exts.length > 0, lines };
}
