import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSet, type CheckOptions } from '../core/check/check-set';
import { applyChanges, applyExtChanges, applyFlagChanges, planFixes } from '../core/fix/plan-fixes';
import { crawlExclusions } from '../core/site-data/crawl-exclusions';
import { describeMerge } from '../core/fix/merge-report';
import { exportGzipped } from '../core/write/export-packed';
import { completeHreflangClusters } from './hreflang-fix';
import { errorsLeftByExport, repairedOnExport } from '../core/write/export-repairs';
import { ROBOTS_TXT_NAME } from '../core/write/bundle';
import { UsageError, parseArgs, stringOption } from './args';
import { fileOptions } from './file-options';
import { importSourcesOverlapped } from './load-files';
import { nodeGzipAsync } from './node-gzip';
import { plural } from './report';
import { rewriteUrls } from './rewrite-option';

export const EXPORT_USAGE =
  'export FILE|URL... --site URL --out DIR [--format xml|txt] [--gzip] [--fix] [--max-urls N] [--legacy] [--rewrite FROM=TO]';

/**
 * `export`: reads the files, optionally applies every safe fix, and writes
 * sitemaps split at the limits, an index when more than one results, and
 * robots.txt. Exit 1 when errors remain in what was written. With --gzip,
 * each file is gzipped on zlib's thread pool as soon as it is written.
 */
export async function runExport(args: readonly string[], out: (line: string) => void): Promise<number> {
  const parsed = parseArgs(args, ['site', 'out', 'format', 'max-urls', 'rewrite'], ['gzip', 'fix', 'legacy']);
  const siteUrl = stringOption(parsed, 'site');
  const outDir = stringOption(parsed, 'out');
  if (!siteUrl) throw new UsageError('--site URL is required: where the sitemaps will be hosted');
  if (!/^https?:\/\/[^/]/i.test(siteUrl))
    throw new UsageError(`--site must be an absolute http(s) URL, not "${siteUrl}"`);
  if (!outDir) throw new UsageError('--out DIR is required');
  const { format, limits } = fileOptions(parsed);

  const set = await importSourcesOverlapped(parsed.positional);
  // Before the check and the fixes: they judge the URLs as they will be written.
  const rewrite = stringOption(parsed, 'rewrite');
  if (rewrite) out(rewriteUrls(set, rewrite));
  const checkOpts: CheckOptions = { siteUrl };
  let result = checkSet(set, checkOpts);
  let removed = new Set<number>();
  if (parsed.options.has('fix')) {
    const plan = planFixes(set, result, 'all', { siteUrl });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    removed = new Set(plan.removeRows);
    const applied = Object.entries(plan.applied).map(([code, n]) => `${code} ×${n}`);
    out(
      `fixed: ${applied.length ? applied.join(', ') : 'nothing to fix'}${plan.skipped ? ` (${plural(plan.skipped, 'problem')} could not be fixed safely)` : ''}${removed.size ? `; removed ${plural(removed.size, 'duplicate row')}` : ''}`,
    );
    if (plan.merge) {
      const { summary, details } = describeMerge(plan.merge);
      for (const line of summary ? [summary, ...details] : details) out(line);
    }
    result = checkSet(set, checkOpts);
    const clusters = completeHreflangClusters(set, result);
    for (const line of clusters.lines) out(line);
    if (clusters.changed) result = checkSet(set, checkOpts);
  }

  const positions: number[] = [];
  // The crawl-* rules' fix: URLs the crawl found unfit are left out, and listed.
  const crawl = crawlExclusions(set);
  const candidates = crawl.positions ?? Array.from({ length: set.rows.length }, (_, i) => i);
  for (const i of candidates) if (!removed.has(set.rows.id[i] as number)) positions.push(i);
  for (const p of crawl.problems) out(`${p.severity} ${p.code}: ${p.message}`);
  const exported = await exportGzipped(
    set.rows,
    {
      format,
      gzip: parsed.options.has('gzip'),
      index: 'auto',
      siteUrl,
      limits,
      schemaLocation: false,
      lastmodForm: 'as-is',
      now: new Date(),
    },
    nodeGzipAsync,
    positions,
  );

  mkdirSync(outDir, { recursive: true });
  for (const file of exported.files) {
    writeFileSync(join(outDir, file.name), file.data);
    const what = file.kind === 'index' ? plural(file.urls, 'sitemap') : plural(file.urls, 'URL');
    out(`wrote ${join(outDir, file.name)} (${what}, ${plural(file.rawBytes, 'byte')} uncompressed)`);
  }
  writeFileSync(join(outDir, ROBOTS_TXT_NAME), exported.robotsTxt);
  out(`wrote ${join(outDir, ROBOTS_TXT_NAME)} (add its lines to your robots.txt)`);
  for (const p of exported.problems) out(`${p.severity} ${p.code}: ${p.message}`);

  const errors = errorsLeftByExport(result, repairedOnExport(set, result));
  if (errors > 0)
    out(
      `${plural(errors, 'error')} remain in the rows written; run "check" to list them${parsed.options.has('fix') ? '' : ', or add --fix'}`,
    );
  return errors > 0 ? 1 : 0;
}
