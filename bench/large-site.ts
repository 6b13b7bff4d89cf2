/**
 * `npm run bench -- --large-site [--sizes 50000000] [--files 1000]`: a
 * large site's sitemaps (issue 33 point 5), streamed by the installed command
 * as a user runs it. N URLs of the benchmark's shop (generate.ts) in F gzipped
 * urlsets of equal size behind a sitemap index, generated into a temporary
 * folder (never kept: ~2 GB at 50,000,000) and removed afterwards. Each file
 * from the second on repeats one URL of the file before it, so duplicates
 * must be found across files: loc-duplicate must count exactly 2 × (F − 1)
 * and nothing else may be reported. Then `stream FILES… --site URL --json`
 * under `/usr/bin/time -v`: wall time, URLs per second, peak resident memory,
 * the duplicate table's bytes (and so its bytes per URL), CPU time.
 *
 * With several sizes (e.g. `--sizes 5000000,50000000`) the peak memory
 * minus the duplicate table is printed for each, to show it is flat.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StreamSummary } from '../src/cli/stream-command';
import { OUT_DIR } from './dataset';
import { SITE_URL } from './generate';
import { largeSiteProblems, writeLargeSite } from './large-site-input';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
interface TimeV {
  userSeconds: number;
  systemSeconds: number;
  maxRssBytes: number;
}

/** The figures of GNU time's `-v` report. */
function parseTimeV(stderr: string): TimeV | null {
  const num = (label: string): number | null => {
    const m = new RegExp(`${label}: ([0-9.]+)`).exec(stderr);
    return m ? Number(m[1]) : null;
  };
  const user = num('User time \\(seconds\\)');
  const system = num('System time \\(seconds\\)');
  const rss = num('Maximum resident set size \\(kbytes\\)');
  return user === null || system === null || rss === null
    ? null
    : { userSeconds: user, systemSeconds: system, maxRssBytes: rss * 1024 };
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const mib = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;
const fmt = (k: number): string => k.toLocaleString('en-US');

/** Runs the large-site case at each size; returns the exit status (1 when a count is not the expected one). */
export async function runLargeSite(sizes: readonly number[], files: number): Promise<number> {
  const base = mkdtempSync(join(os.tmpdir(), 'sitemap-large-site-'));
  const results: unknown[] = [];
  let status = 0;
  try {
    const cli = join(base, 'cli');
    execFileSync('npx', ['tsx', 'src/cli/build-cli.ts', cli], { cwd: REPO, stdio: 'pipe' });
    const time = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
    for (const n of sizes) {
      const dir = join(base, `in-${n}`);
      mkdirSync(dir);
      console.error(`large site: generating ${fmt(n)} URLs in ${files} gzipped files … (load ${load()})`);
      const input = writeLargeSite(dir, n, files);
      console.error(
        `large site: generated in ${input.seconds.toFixed(0)} s: ${(input.xmlBytes / 1e9).toFixed(2)} GB of XML, ${(input.gzBytes / 1e9).toFixed(2)} GB gzipped`,
      );
      const loadBefore = load();
      const command = [join(cli, 'sitemap-editor.cjs'), 'stream', ...input.paths, '--site', SITE_URL, '--json'];
      const t0 = performance.now();
      const r = time ? await run(time, ['-v', process.execPath, ...command]) : await run(process.execPath, command);
      const wall = (performance.now() - t0) / 1000;
      const loadAfter = load();
      rmSync(dir, { recursive: true, force: true });
      const s = JSON.parse(r.stdout) as StreamSummary;
      const timeV = time ? parseTimeV(r.stderr) : null;
      const expected = largeSiteProblems(files);
      const countsOk = s.urls === n && JSON.stringify(s.problems) === JSON.stringify(expected);
      if (!countsOk) status = 1;
      const distinct = n - (files - 1);
      const cpu = timeV ? timeV.userSeconds + timeV.systemSeconds : s.cpuSeconds;
      // With more files than are sampled for an estimate (32), the table doubles as it fills, the old one
      // held while its hashes move: the peak is then 1.5 × the table on top of what does not grow.
      const beside = s.peakRssBytes - 1.5 * s.duplicateBytes;
      const main = s.mainThreadCpuSeconds === null ? 'not known' : `${s.mainThreadCpuSeconds.toFixed(1)} s`;
      console.log(
        `large site, ${fmt(n)} URLs in ${files} gzipped files + an index (${(input.xmlBytes / 1e9).toFixed(2)} GB of XML): ` +
          `${s.seconds.toFixed(1)} s inside (${wall.toFixed(1)} s wall), ${fmt(Math.round(n / s.seconds))} URLs/s; ` +
          `CPU ${cpu.toFixed(1)} s${timeV ? ' (time -v)' : ''}, of which the main thread ${main} ` +
          `(${fmt(Math.round(n / cpu))} URLs per CPU second); peak RSS ${mib(s.peakRssBytes)}: the duplicate table ` +
          `${mib(s.duplicateBytes)} (${(s.duplicateBytes / distinct).toFixed(1)} B per distinct URL), ` +
          `peak − 1.5 × table ${mib(beside)}; ` +
          `loc-duplicate ${fmt(s.problems['loc-duplicate'] ?? 0)} (expected ${fmt(expected['loc-duplicate'] ?? 0)}) — ` +
          `${countsOk ? 'counts exact' : `!!! COUNTS WRONG: ${JSON.stringify(s.problems)}, ${s.urls} URLs`}; exit ${r.code}; ` +
          `load ${loadBefore} → ${loadAfter}`,
      );
      results.push({ n, files, input, wall, summary: s, timeV, loadBefore, loadAfter, countsOk, exit: r.code });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const jsonPath = join(OUT_DIR, 'large-site.json');
  writeFileSync(jsonPath, JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, results }, null, 1));
  console.log(`figures written to ${jsonPath}`);
  return status;
}
