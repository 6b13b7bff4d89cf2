import { readFileSync } from 'node:fs';
import { performance as perfHooks, type EventLoopUtilization } from 'node:perf_hooks';
import { StreamJob } from '../core/stream/stream-job';
import type { StreamReport } from '../core/stream/stream-types';
import { ROBOTS_TXT_NAME } from '../core/write/bundle';
import type { ExportFile } from '../core/write/options';
import { UsageError, dateOption, parseArgs, siteOption, stringOption } from './args';
import type { CheckSummary } from './check-command';
import { fileOptions } from './file-options';
import { problemText } from '../i18n/problem-text';
import type { Translator } from '../i18n/translator';
import { langOption, LANG_USAGE } from './lang-option';
import { formatProblems, plural, severityWord, summaryLine } from './report';
import { checkPaths, expectedUrlsOf, feedFile, feedLive } from './stream-files';
import { isLiveUrl } from './fetch/live-input';
import type { Problem } from '../core/rules/problem';
import { describeStreamDuplicates } from '../core/stream/describe-duplicates';
import { nodeGzipAsync } from './node-gzip';
import { OutDir, replacedLinkNote } from './out-dir';
import { pushAll } from '../core/base/push-all';

export const STREAM_USAGE = `stream FILE|URL... --site URL [--out DIR] [--format xml|txt] [--gzip] [--fix] [--max-urls N] [--legacy] [--no-duplicates] [--json] [--date YYYY-MM-DD] ${LANG_USAGE}`;

/** Files compressed and written at once, at most: bounds the memory of output waiting for the disk. */
const MAX_FILES_IN_FLIGHT = 3;

/** What `stream --json` prints: `check`'s summary, plus what was written and what it cost. */
export interface StreamSummary extends CheckSummary {
  written: {
    urls: number;
    files: { name: string; kind: 'sitemap' | 'index'; urls: number; rawBytes: number; bytes: number }[];
  } | null;
  /** With --fix: what was repaired and the problems left. */
  fixed: {
    applied: Record<string, number>;
    skipped: number;
    /** Each value an extension fix dropped, "URL: dropped …" (the first 1,000), and how many more. */
    dropped: string[];
    droppedMore: number;
    errors: number;
    warnings: number;
    infos: number;
    problems: Record<string, number>;
  } | null;
  seconds: number;
  /** The process's peak resident memory. */
  peakRssBytes: number;
  /** Held for duplicate detection at the end. */
  duplicateBytes: number;
  /** CPU the process used during the run, every thread (zlib's pool, the GC's helpers) counted. */
  cpuSeconds: number;
  /** Of `seconds`, the time the main thread (read, check, write) was busy rather than waiting. */
  mainThreadBusySeconds: number;
  /** CPU the main thread itself used, where the system tells it (Linux); null elsewhere. */
  mainThreadCpuSeconds: number | null;
}

/**
 * `stream`: checks sitemaps of any size and, with --out, re-splits them,
 * reading each file from disk piece by piece and writing each output file as
 * soon as it is complete (core/stream): memory does not grow with the number
 * of URLs, apart from duplicate detection (~13 bytes a URL; --no-duplicates
 * turns it off). Exit 0 no errors, 1 errors (with --fix: errors left in what
 * was written), 2 bad usage.
 */
export async function runStream(args: readonly string[], out: (line: string) => void): Promise<number> {
  const started = performance.now();
  const cost = { cpu: process.cpuUsage(), loop: perfHooks.eventLoopUtilization(), thread: threadCpuSeconds() };
  const parsed = parseArgs(
    args,
    ['site', 'out', 'format', 'max-urls', 'date', 'lang'],
    ['gzip', 'fix', 'legacy', 'no-duplicates', 'json'],
  );
  const siteUrl = siteOption(parsed);
  const checkDate = dateOption(parsed);
  const words = langOption(parsed);
  const outPath = stringOption(parsed, 'out');
  if (outPath && !siteUrl) throw new UsageError('--site URL is required with --out: where the sitemaps will be hosted');
  const { format, limits, maxUrls } = fileOptions(parsed);
  if (!outPath && (parsed.options.has('gzip') || parsed.options.has('fix') || maxUrls !== undefined)) {
    throw new UsageError('--gzip, --fix and --max-urls shape the files written: give --out DIR');
  }
  checkPaths(parsed.positional);
  const json = parsed.options.has('json');
  const gzip = parsed.options.has('gzip');

  const writer = outPath ? new OutputWriter(OutDir.open(outPath), gzip, json ? () => {} : out) : null;
  const job = new StreamJob({
    siteUrl,
    checkDate,
    fix: parsed.options.has('fix'),
    duplicates: !parsed.options.has('no-duplicates'),
    expectedUrls: expectedUrlsOf(parsed.positional),
    write: writer
      ? {
          format,
          gzip,
          index: 'auto',
          limits,
          schemaLocation: false,
          lastmodForm: 'as-is',
          // The names get their .gz here; the bytes are gzipped by zlib on its own
          // threads (OutputWriter) while this thread reads on.
          gzipper: (raw) => raw,
        }
      : undefined,
    onFile: writer ? (file) => writer.add(file) : undefined,
  });
  const fetchProblems: Problem[] = [];
  for (const path of parsed.positional) {
    const between = () => writer?.drain(MAX_FILES_IN_FLIGHT - 1) ?? Promise.resolve();
    if (isLiveUrl(path)) pushAll(fetchProblems, await feedLive(job, path, between));
    else await feedFile(job, path, between, () => {});
  }
  const report = job.finish();
  report.examples = fetchProblems.concat(report.examples);
  for (const p of fetchProblems) {
    report.byCode[p.code] = (report.byCode[p.code] ?? 0) + 1;
    report.counts[p.severity]++;
  }
  if (writer) {
    await writer.drain(0);
    const robots = writer.dir.writeSync(ROBOTS_TXT_NAME, report.written?.robotsTxt ?? '');
    if (!json) out(`wrote ${robots.path} (add its lines to your robots.txt)`);
    if (!json && robots.replacedLink) out(replacedLinkNote(robots));
  }
  const summary = summarize(report, writer?.written ?? null, (performance.now() - started) / 1000, cost);
  if (json) out(JSON.stringify(summary));
  else printReport(report, summary, out, words);
  const errors = summary.fixed ? summary.fixed.errors : summary.errors;
  return errors > 0 ? 1 : 0;
}

function summarize(
  report: StreamReport,
  written: StreamSummary['written'],
  seconds: number,
  since: { cpu: NodeJS.CpuUsage; loop: EventLoopUtilization; thread: number | null },
): StreamSummary {
  const fixes = report.fixes;
  const cpu = process.cpuUsage(since.cpu);
  const loop = perfHooks.eventLoopUtilization(since.loop);
  const thread = threadCpuSeconds();
  return {
    urls: report.urls,
    sitemaps: report.files.filter((f) => f.kind === 'urlset' || f.kind === 'text' || f.kind === 'csv').length,
    indexes: report.files.filter((f) => f.kind === 'sitemapindex').length,
    errors: report.counts.error,
    warnings: report.counts.warning,
    infos: report.counts.info,
    problems: { ...report.byCode } as Record<string, number>,
    written,
    fixed: fixes && {
      applied: { ...fixes.applied } as Record<string, number>,
      skipped: fixes.skipped,
      dropped: fixes.dropped,
      droppedMore: fixes.droppedMore,
      errors: fixes.counts.error,
      warnings: fixes.counts.warning,
      infos: fixes.counts.info,
      problems: { ...fixes.byCode } as Record<string, number>,
    },
    seconds: Math.round(seconds * 100) / 100,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    duplicateBytes: report.duplicateBytes,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    mainThreadBusySeconds: Math.round(loop.active / 10) / 100,
    mainThreadCpuSeconds:
      thread !== null && since.thread !== null ? Math.round((thread - since.thread) * 100) / 100 : null,
  };
}

/**
 * CPU seconds of the calling thread so far, from Linux's /proc (utime and
 * stime, in USER_HZ, 100 a second); null where there is none. Node 20 has no
 * call for one thread's CPU: the process's counts zlib's pool and the GC's helpers too.
 */
function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** The text report in the `--lang` language (its problem lines as check prints them). */
function printReport(report: StreamReport, s: StreamSummary, out: (line: string) => void, words: Translator): void {
  for (const line of formatProblems(report.examples, report.byCode, words)) out(line);
  for (const p of report.written?.problems ?? [])
    out(`${severityWord(p.severity, words)} ${p.code}: ${problemText(p, words)}`);
  if (s.fixed) {
    const applied = Object.entries(s.fixed.applied).map(([code, n]) => `${code} ×${words.n(n)}`);
    const list = applied.length ? applied.join(', ') : words.t('cli.stream.nothingFixed');
    const skipped = s.fixed.skipped;
    out(skipped ? words.t('cli.stream.fixedSkipped', { list, count: skipped }) : words.t('cli.stream.fixed', { list }));
    for (const line of s.fixed.dropped) out(line);
    if (s.fixed.droppedMore > 0) out(`… and ${plural(s.fixed.droppedMore, 'more dropped value')}`);
    for (const line of describeStreamDuplicates(report.fixes?.duplicates ?? null)) out(line);
  }
  out(summaryLine(s, words));
  if (s.fixed)
    out(words.t('cli.stream.left', { errors: s.fixed.errors, warnings: s.fixed.warnings, infos: s.fixed.infos }));
  const w = s.written;
  const seconds = words.n(s.seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const memory = words.bytes(s.peakRssBytes);
  const line = w
    ? words.t(w.files.some((f) => f.kind === 'index') ? 'cli.stream.wroteWithIndex' : 'cli.stream.wrote', {
        sitemaps: w.files.filter((f) => f.kind === 'sitemap').length,
        urls: w.urls,
        seconds,
        memory,
      })
    : words.t('cli.stream.checked', { seconds, memory });
  out(s.duplicateBytes ? words.t('cli.stream.duplicateMemory', { line, memory: words.bytes(s.duplicateBytes) }) : line);
}

/**
 * Writes the files the job hands over, gzipping them first when asked
 * (zlib's async gzip runs on libuv's threads, beside the reading), and
 * reports each in order once it is on disk.
 */
class OutputWriter {
  readonly written: NonNullable<StreamSummary['written']> = { urls: 0, files: [] };
  private readonly inFlight = new Set<Promise<void>>();
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    readonly dir: OutDir,
    private readonly gzip: boolean,
    private readonly out: (line: string) => void,
  ) {}

  add(file: ExportFile): void {
    const work = (async () => {
      // One task on zlib's pool per file (nodeGzipAsync's output chunk holds the whole gzip): with
      // zlib's 16 KiB default, each piece waited for this thread, busy reading, before the next.
      const data = this.gzip ? await nodeGzipAsync(file.data) : file.data;
      const written = await this.dir.write(file.name, data);
      return { bytes: data.length, written };
    })();
    const before = this.tail;
    const done = Promise.all([before, work])
      .then(([, { bytes, written }]) => {
        this.written.files.push({ name: file.name, kind: file.kind, urls: file.urls, rawBytes: file.rawBytes, bytes });
        if (file.kind === 'sitemap') this.written.urls += file.urls;
        const what = file.kind === 'index' ? plural(file.urls, 'sitemap') : plural(file.urls, 'URL');
        this.out(`wrote ${written.path} (${what}, ${plural(file.rawBytes, 'byte')} uncompressed)`);
        if (written.replacedLink) this.out(replacedLinkNote(written));
      })
      .catch((e: unknown) => {
        this.failure ??= e;
      });
    this.tail = done;
    this.inFlight.add(done);
    void done.then(() => this.inFlight.delete(done));
  }

  /** Waits until at most `max` files are still being written; throws what writing failed with. */
  async drain(max: number): Promise<void> {
    while (this.inFlight.size > max) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
  }
}
