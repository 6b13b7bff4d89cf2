import { checkSet } from '../core/check/check-set';
import { applyFileLocations, describeFileLocation } from '../core/check/file-location';
import { listProblems } from '../core/check/list-problems';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { Problem } from '../core/rules/problem';
import { UsageError, dateOption, parseArgs, stringOption, type ParsedArgs } from './args';
import type { CheckResult } from '../core/check/check-result';
import { Fetcher } from './fetch/fetch-policy';
import { namedHosts } from './fetch/live-input';
import type { FetchPolicy } from './fetch/policy';
import { parseProbeCount, probeLine, probeListed, probeReport, type ProbeOutcome } from './probe';
import { byCode, byFile, LIST_PER_CODE, plainProblem, type CheckReport, type ReportFile } from './formats/check-report';
import { formatGithub } from './formats/github';
import { formatJunit, type FailOn } from './formats/junit';
import { importSources } from './load-files';
import { langOption, LANG_USAGE } from './lang-option';
import { formatProblems, summaryLine } from './report';
import type { Translator } from '../i18n/translator';

export const CHECK_USAGE = `check FILE|URL... [--site URL] [--format text|json|github|junit] [--json] [--fail-on error|warning|never] [--probe N|all] [--date YYYY-MM-DD] ${LANG_USAGE}`;

/** The summary `check --json` prints (the first keys of {@link CheckReport}). */
export type CheckSummary = Omit<CheckReport, 'files' | 'list'>;

type Format = 'text' | 'json' | 'github' | 'junit';

/** A check read and checked, before its report. */
interface Checked {
  started: number;
  parsed: ParsedArgs;
  siteUrl: string | undefined;
  /** --date: the check's date; undefined for today. */
  now: Date | undefined;
  format: Format;
  failOn: FailOn;
  words: Translator;
  set: SitemapSet;
  result: CheckResult;
}

/**
 * `check`: prints the problems of the given files and live URLs in the
 * chosen format; exit 1 when a problem at or above --fail-on (default
 * error) is found. `--probe` is {@link runCheckProbed}'s.
 */
export function runCheck(args: readonly string[], out: (line: string) => void): number {
  if (args.some((a) => a === '--probe' || a.startsWith('--probe=')))
    throw new UsageError('--probe asks the site, which the synchronous check cannot (run the command itself)');
  return printReport(readAndCheck(args), out, null);
}

/**
 * `check … --probe N|all`: {@link runCheck}, with `N` listed URLs (a random
 * sample, or all) asked for their live status through one Fetcher under
 * `policy`, only on the site's hosts: those of the live URLs given and of
 * --site. Their problems join the report; a line says what the probe got.
 */
export async function runCheckProbed(
  args: readonly string[],
  out: (line: string) => void,
  policy: FetchPolicy,
  random?: () => number,
): Promise<number> {
  const checked = readAndCheck(args);
  const count = parseProbeCount(stringOption(checked.parsed, 'probe') ?? '');
  const hosts = new Set(namedHosts([...checked.parsed.positional, ...(checked.siteUrl ? [checked.siteUrl] : [])]));
  if (hosts.size === 0)
    throw new UsageError(
      '--probe needs the site: a live URL of its sitemaps, or --site URL (only its hosts are probed)',
    );
  const fetcher = new Fetcher({ ...policy, sameHost: true, namedHosts: [...hosts] });
  let probe: ProbeOutcome;
  try {
    probe = await probeListed(checked.set, fetcher, hosts, count, random);
  } finally {
    fetcher.close();
  }
  const { result } = checked;
  for (const p of probe.problems) {
    result.problems.push(p);
    result.counts[p.severity]++;
    result.byCode[p.code] = (result.byCode[p.code] ?? 0) + 1;
  }
  return printReport(checked, out, probe);
}

function readAndCheck(args: readonly string[]): Checked {
  const started = performance.now();
  const parsed = parseArgs(args, ['site', 'format', 'fail-on', 'probe', 'lang', 'date'], ['json']);
  const siteUrl = stringOption(parsed, 'site');
  const now = dateOption(parsed);
  const format = (stringOption(parsed, 'format') ?? (parsed.options.has('json') ? 'json' : 'text')) as Format;
  if (!['text', 'json', 'github', 'junit'].includes(format))
    throw new UsageError(`--format must be text, json, github or junit, not "${format}"`);
  const failOn = (stringOption(parsed, 'fail-on') ?? 'error') as FailOn;
  if (!['error', 'warning', 'never'].includes(failOn))
    throw new UsageError(`--fail-on must be error, warning or never, not "${failOn}"`);
  const words = langOption(parsed);

  const set = importSources(parsed.positional);
  const opts = { ...(siteUrl ? { siteUrl } : {}), ...(now ? { now } : {}) };
  const result = checkSet(set, opts);
  // Live sources: the location rule by each sitemap's own URL, unless a Site URL says otherwise.
  if (!siteUrl) applyFileLocations(set, result);
  return { started, parsed, siteUrl, now, format, failOn, words, set, result };
}

/** Prints a check's report in its format (with the probe's line); the exit status. */
function printReport(checked: Checked, out: (line: string) => void, probe: ProbeOutcome | null): number {
  const { started, siteUrl, now, format, failOn, words, set, result } = checked;
  const opts = { ...(siteUrl ? { siteUrl } : {}), ...(now ? { now } : {}) };
  const report: CheckReport = {
    urls: set.rows.length,
    sitemaps: countSitemaps(set),
    indexes: set.files.filter((f) => f.kind === 'sitemapindex').length,
    errors: result.counts.error,
    warnings: result.counts.warning,
    infos: result.counts.info,
    problems: { ...result.byCode } as Record<string, number>,
    files: [],
    list: [],
  };
  const bounded = format === 'text' || format === 'github';
  const all = listProblems(set, result, opts, bounded ? 20 : Infinity).map((p) => describeFileLocation(set, p));
  if (format === 'json' || format === 'junit') report.files = reportFiles(set, all);

  if (probe) report.probe = probeReport(probe);
  if (format === 'json') {
    // Another language adds its words beside the English ones scripts read (lang, each problem's title).
    const translated = words.lang === 'en' ? null : words;
    if (translated) report.lang = translated.lang;
    report.list = [...byCode(all).values()]
      .flatMap((l) => l.slice(0, LIST_PER_CODE))
      .map((p) => plainProblem(p, translated));
    out(JSON.stringify(report));
  } else if (format === 'junit') {
    out(formatJunit(report.files, all, failOn, (performance.now() - started) / 1000, words));
  } else {
    const lines =
      format === 'github' ? formatGithub(all, result.byCode, words) : formatProblems(all, result.byCode, words);
    for (const line of lines) out(line);
    if (probe) out(probeLine(probe));
    out(summaryLine(report, words));
  }
  const failing = failOn === 'never' ? 0 : report.errors + (failOn === 'warning' ? report.warnings : 0);
  return failing > 0 ? 1 : 0;
}

/** Every file read, and every URL asked for that gave no file, with its totals. */
function reportFiles(set: SitemapSet, problems: readonly Problem[]): ReportFile[] {
  const grouped = byFile(problems);
  const files: ReportFile[] = set.files.map((f) => ({
    name: f.name,
    kind: f.kind,
    urls: f.kind === 'sitemapindex' || f.kind === 'none' ? 0 : f.count,
    errors: 0,
    warnings: 0,
    infos: 0,
  }));
  for (const name of grouped.keys()) {
    if (name !== '' && !files.some((f) => f.name === name))
      files.push({ name, kind: 'none', urls: 0, errors: 0, warnings: 0, infos: 0 });
  }
  for (const f of files) {
    for (const p of grouped.get(f.name) ?? [])
      f[p.severity === 'error' ? 'errors' : p.severity === 'warning' ? 'warnings' : 'infos']++;
  }
  return files;
}

export function countSitemaps(set: SitemapSet): number {
  return set.files.filter(
    (f) => f.kind === 'urlset' || f.kind === 'text' || f.kind === 'csv' || f.kind === 'rss' || f.kind === 'atom',
  ).length;
}
