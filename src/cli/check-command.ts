import { checkSet } from '../core/check/check-set';
import { listProblems } from '../core/check/list-problems';
import { importFiles } from '../core/read/import-files';
import type { SitemapSet } from '../core/sitemap-set';
import { parseArgs, stringOption } from './args';
import { loadFiles } from './load-files';
import { nodeGunzip } from './node-gzip';
import { formatProblems, plural } from './report';

export const CHECK_USAGE = 'check FILE... [--site URL] [--json]';

/** The summary `check --json` prints: the shape scripts rely on. */
export interface CheckSummary {
  urls: number;
  sitemaps: number;
  indexes: number;
  errors: number;
  warnings: number;
  infos: number;
  problems: Record<string, number>;
}

/** `check`: prints the problems of the given files; exit 1 when any is an error. */
export function runCheck(args: readonly string[], out: (line: string) => void): number {
  const parsed = parseArgs(args, ['site'], ['json']);
  const siteUrl = stringOption(parsed, 'site');
  const set = importFiles(loadFiles(parsed.positional), { gunzip: nodeGunzip });
  const opts = siteUrl ? { siteUrl } : {};
  const result = checkSet(set, opts);
  const summary: CheckSummary = {
    urls: set.rows.length,
    sitemaps: countSitemaps(set),
    indexes: set.files.filter((f) => f.kind === 'sitemapindex').length,
    errors: result.counts.error,
    warnings: result.counts.warning,
    infos: result.counts.info,
    problems: { ...result.byCode } as Record<string, number>,
  };
  if (parsed.options.has('json')) {
    out(JSON.stringify(summary));
  } else {
    for (const line of formatProblems(listProblems(set, result, opts, 20), result.byCode)) out(line);
    out(`${plural(summary.urls, 'URL')} in ${plural(summary.sitemaps, 'sitemap')}${summary.indexes ? ` and ${(summary.indexes === 1 ? '1 index' : `${summary.indexes} indexes`)}` : ''}: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'info')}`);
  }
  return summary.errors > 0 ? 1 : 0;
}

export function countSitemaps(set: SitemapSet): number {
  return set.files.filter((f) => f.kind === 'urlset' || f.kind === 'text' || f.kind === 'csv' || f.kind === 'rss' || f.kind === 'atom').length;
}
