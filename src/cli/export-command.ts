import { checkSet } from '../core/check/check-set';
import { type CheckOptions, type CheckResult } from '../core/check/check-result';
import { planFixes } from '../core/fix/plan-fixes';
import { applyChanges, applyExtChanges, applyFlagChanges, applyIndexChanges } from '../core/rows/changes';
import { crawlExclusions } from '../core/rules/site-data/crawl-exclusions';
import { describeMerge } from '../core/fix/merge-report';
import { exportGzipped } from '../core/write/export-packed';
import { completeHreflangClusters } from './hreflang-fix';
import { addMissingPages } from '../core/edit/add-missing-pages';
import type { SitemapSet } from '../core/read/sitemap-set';
import { errorsLeftByExport, repairedOnExport } from '../core/write/export-repairs';
import { ROBOTS_TXT_NAME } from '../core/write/bundle';
import {
  defaultLayout,
  groupFileName,
  isLayout,
  LAYOUTS,
  NEW_FILE_WORD,
  newRowsTargetOf,
  planLayout,
  type Layout,
} from '../core/write/layout';
import { setExportOptions } from '../core/write/set-export';
import { UsageError, dateOption, parseArgs, siteOption, stringOption } from './args';
import type { ExportFile } from '../core/write/options';
import { importFiles } from '../core/read/import-files';
import { ruleFor } from '../core/rules/registry';
import type { RuleCode } from '../core/rules/registry';
import { XML_MALFORMED } from '../core/rules/file/file-rules';
import { fileOptions } from './file-options';
import { HTML_SITEMAP_MAX_LINKS, htmlSitemap } from '../core/view/html-sitemap';
import { importSourcesOverlapped } from './load-files';
import { nodeGunzip, nodeGzipAsync } from './node-gzip';
import { OutDir, replacedLinkNote } from './out-dir';
import { plural } from './report';
import { rewriteUrls } from './rewrite-option';

export const EXPORT_USAGE =
  'export FILE|URL... --out DIR [--site URL] [--layout keep|limits|section|type|locale|month] [--new-urls-to FILE|new] [--format xml|txt|html] [--gzip] [--xsl] [--fix] [--add-missing] [--max-urls N] [--legacy] [--rewrite FROM=TO] [--date YYYY-MM-DD]';

/**
 * `export`: reads the files, optionally applies every safe fix, and writes
 * them in a layout: by default the user's own files back (keep: each under
 * its name, format and index) when the rows came from sitemap files, else
 * split at the limits; or by section, type, locale or month. Each file is
 * split at the limits, an index lists them, robots.txt gives its URL. The
 * origin is --site, else the imported index's own child URLs; when neither is
 * known and the files need URLs, nothing is written and it exits 2 with the
 * app's words. Exit 1 when errors remain in what was written. With --gzip,
 * each new file is gzipped on zlib's thread pool as soon as it is written.
 */
export async function runExport(args: readonly string[], out: (line: string) => void): Promise<number> {
  const parsed = parseArgs(
    args,
    ['site', 'out', 'format', 'max-urls', 'rewrite', 'layout', 'date', 'new-urls-to'],
    ['gzip', 'fix', 'legacy', 'add-missing', 'xsl'],
  );
  const siteUrl = siteOption(parsed) ?? '';
  const checkDate = dateOption(parsed);
  const outPath = stringOption(parsed, 'out');
  const layoutName = stringOption(parsed, 'layout');
  if (layoutName !== undefined && !isLayout(layoutName))
    throw new UsageError(`--layout must be one of ${LAYOUTS.join(', ')}, not "${layoutName}"`);
  if (!outPath) throw new UsageError('--out DIR is required');
  const { format, limits } = fileOptions(parsed, ['html']);
  const html = stringOption(parsed, 'format') === 'html';
  // Before any reading: a bad --out stops the command at once.
  const outDir = OutDir.open(outPath);

  const set = await importSourcesOverlapped(parsed.positional);
  // Before the check and the fixes: they judge the URLs as they will be written.
  const rewrite = stringOption(parsed, 'rewrite');
  if (rewrite) out(rewriteUrls(set, rewrite));
  // The pages a crawl export found that no sitemap lists (crawl-not-in-sitemap), added as new rows: the layout files them.
  if (parsed.options.has('add-missing')) out(addedPagesLine(addMissingPages(set).length, set));
  const now = new Date();
  // The check's date (--date, else now); the files' own time stays now.
  const checkOpts: CheckOptions = { siteUrl, now: checkDate ?? now };
  let result = checkSet(set, checkOpts);
  let removed = new Set<number>();
  if (parsed.options.has('fix')) {
    const plan = planFixes(set, result, 'all', { siteUrl, now: checkOpts.now });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    // An index's entries too: a relative child loc made absolute with --site is written as fixed.
    applyIndexChanges(set.sitemaps, plan.indexChanges, 'forward');
    removed = new Set(plan.removeRows);
    const applied = Object.entries(plan.applied).map(([code, n]) => `${code} ×${n}`);
    out(
      `fixed: ${applied.length ? applied.join(', ') : 'nothing to fix'}${plan.skipped ? ` (${plural(plan.skipped, 'problem')} could not be fixed safely)` : ''}${removed.size ? `; removed ${plural(removed.size, 'duplicate row')}` : ''}`,
    );
    for (const line of plan.dropped) out(line);
    if (plan.droppedMore > 0) out(`… and ${plural(plan.droppedMore, 'more dropped value')}`);
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
  if (html) return writeHtmlSitemap(set, positions, outDir, out);
  const layout = layoutName ?? defaultLayout(set);
  const newRowsTo = newRowsOption(stringOption(parsed, 'new-urls-to'), set, layout, { format, gzip: false });
  const { options, origin } = setExportOptions(
    set,
    { layout, siteUrl, ...(newRowsTo ? { newRowsTo } : {}) },
    {
      format,
      gzip: parsed.options.has('gzip'),
      index: 'auto',
      limits,
      schemaLocation: false,
      stylesheet: parsed.options.has('xsl'),
      lastmodForm: 'as-is',
      now,
    },
    positions,
  );
  if (!siteUrl && origin.from === 'index') out(`served from ${origin.url} (the imported index's URLs)`);
  const exported = await exportGzipped(set.rows, options, nodeGzipAsync, positions);
  // Never a relative location: the same words as the app's Download.
  if (exported.refused) throw new UsageError(`${exported.refused} (--site URL)`);

  for (const file of exported.files) {
    // Kept files keep their folders (Hugo's en/sitemap.xml); OutDir makes them.
    const written = outDir.writeSync(file.name, file.data);
    const what = file.kind === 'index' ? plural(file.urls, 'sitemap') : plural(file.urls, 'URL');
    out(`wrote ${written.path} (${what}, ${plural(file.rawBytes, 'byte')} uncompressed)`);
    if (written.replacedLink) out(replacedLinkNote(written));
  }
  for (const asset of exported.assets ?? []) {
    const written = outDir.writeSync(asset.name, asset.data);
    out(`wrote ${written.path} (the stylesheet the files name: a table in browsers that apply XSLT)`);
    if (written.replacedLink) out(replacedLinkNote(written));
  }
  if (exported.robotsTxt !== '') {
    const robots = outDir.writeSync(ROBOTS_TXT_NAME, exported.robotsTxt);
    out(`wrote ${robots.path} (add its lines to your robots.txt)`);
    if (robots.replacedLink) out(replacedLinkNote(robots));
  }
  for (const p of exported.problems) out(`${p.severity} ${p.code}: ${p.message}`);

  // What remains is what `check` finds in the files written: they are read back and checked as it
  // would, so the two always agree. What the files read lost on the way (a file error, a row not
  // written) is said apart: it is not in what was written.
  const writtenCheck = checkWritten(exported.files, siteUrl, checkOpts.now ?? now);
  const repaired = repairedOnExport(set, result, siteUrl);
  const lost = errorsLeftByExport(result, repaired) - writtenCheck.counts.error;
  if (lost > 0)
    out(
      `${plural(lost, 'error')} in the files read ${lost === 1 ? 'is' : 'are'} not in what was written (${errorCodes(result, repaired, writtenCheck)}): what ${lost === 1 ? 'it names was' : 'they name was'} not read or not written; run "check" on the files read to list ${lost === 1 ? 'it' : 'them'}`,
    );
  const errors = writtenCheck.counts.error;
  if (errors > 0)
    out(
      `${plural(errors, 'error')} ${errors === 1 ? 'remains' : 'remain'} in the files written (${errorCodes(writtenCheck)}); run "check" on them to list them${parsed.options.has('fix') ? '' : ', or add --fix'}`,
    );
  return errors > 0 ? 1 : 0;
}

/** The files written, read back and checked as `check` reads and checks them. */
function checkWritten(files: readonly ExportFile[], siteUrl: string, now: Date): CheckResult {
  const back = importFiles(
    files.map((f) => ({ name: f.name, bytes: f.data })),
    { gunzip: nodeGunzip },
  );
  return checkSet(back, { siteUrl, now });
}

/** The codes of a result's errors with their counts (`loc-missing ×2`), less those repaired and those in `less`. */
function errorCodes(result: CheckResult, repaired: Partial<Record<RuleCode, number>> = {}, less?: CheckResult): string {
  const parts: string[] = [];
  for (const [code, n] of Object.entries(result.byCode) as [RuleCode, number][]) {
    if (ruleFor(code).severity !== 'error' && code !== XML_MALFORMED.code) continue;
    const k = n - (repaired[code] ?? 0) - (less?.byCode[code] ?? 0);
    if (k > 0) parts.push(`${code} ×${k}`);
  }
  return parts.join(', ');
}

/** What --add-missing did, in one line. */
function addedPagesLine(added: number, set: SitemapSet): string {
  if (!set.files.some((f) => f.siteData?.kind === 'crawl'))
    return 'added no page: --add-missing adds the pages a crawl export (CSV) given with the sitemaps found and no sitemap lists';
  return added === 0
    ? 'added no page: every indexable page of the crawl is listed'
    : `added ${plural(added, 'page')} the crawl found indexable and no sitemap listed (crawl-not-in-sitemap)`;
}

/**
 * `--new-urls-to FILE|new`, the app's "New URLs go to": the stem of the kept
 * file new rows go to (or `new`, a new sitemap-added.xml); undefined leaves
 * them to the layout (the file holding most URLs of their first path
 * segment). A usage error names the files it may name.
 */
function newRowsOption(
  name: string | undefined,
  set: SitemapSet,
  layout: Layout,
  opts: { format: 'xml' | 'txt'; gzip: boolean },
): string | undefined {
  if (name === undefined) return undefined;
  if (layout !== 'keep')
    throw new UsageError(
      `--new-urls-to applies to --layout keep only (the layout is ${layout}): other layouts file every URL by its own key`,
    );
  const kept = planLayout(set, 'keep', [], opts).groups.filter((g) => g.source !== '');
  const stem = newRowsTargetOf(kept, name);
  if (stem === undefined)
    throw new UsageError(
      `--new-urls-to must name a file kept (${kept.length > 0 ? kept.map(groupFileName).join(', ') : 'none was read'}) or "${NEW_FILE_WORD}" (a new sitemap-added.xml), not "${name}"`,
    );
  return stem;
}

/** `--format html`: one sitemap.html for people (core/view/html-sitemap.ts), in place of the XML files. */
function writeHtmlSitemap(set: SitemapSet, positions: number[], outDir: OutDir, out: (line: string) => void): number {
  const page = htmlSitemap(set, positions);
  const written = outDir.writeSync(page.name, page.data);
  out(
    `wrote ${written.path} (${plural(page.links, 'page')} by section, for people; search engines read the XML sitemaps)`,
  );
  if (page.leftOut > 0)
    out(
      `${plural(page.leftOut, 'URL')} left out: an HTML sitemap lists at most ${HTML_SITEMAP_MAX_LINKS.toLocaleString('en')} links`,
    );
  if (written.replacedLink) out(replacedLinkNote(written));
  return 0;
}
