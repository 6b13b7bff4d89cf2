/**
 * `npm run bench`: parse and export throughput and memory of our core vs
 * peers on the same synthetic bytes (SPEC §6). Each case runs in its own
 * child process (child.ts); this file orchestrates, prints and saves.
 *
 *   node --expose-gc --import tsx bench/run.ts [--sizes 50000,1000000] [--runs 3] [--only parse/ours,saxes]
 *   node --expose-gc --import tsx bench/run.ts --super-linear [--runs 3] [--only attributes]   (super-linear.ts)
 *   node --expose-gc --import tsx bench/run.ts --large-site [--sizes 50000000] [--files 1000]   (large-site.ts)
 *   BENCH_QUICK=1 …   50,000 URLs × 1 run (smoke run); explicit flags still win.
 *   --only hreflang   only the hreflang cluster completion (bench/clusters.ts), after no case.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, type CaseResult, type ChildRequest } from './cases';
import { OUT_DIR, ensureDataSet } from './dataset';
import { formatGoals, formatSize, goalsFor, ratiosFor, summarize, type SizeSummary } from './report';

interface Args {
  sizes: number[];
  runs: number;
  only: string[];
  /** The hostile inputs timed at N and 2N instead (super-linear.ts). */
  superLinear: boolean;
  /** A large site streamed by the built command instead (large-site.ts); its size defaults to 50,000,000. */
  largeSite: boolean;
  /** Files the large site is split into. */
  files: number;
  sizesGiven: boolean;
}

function parseArgs(argv: string[]): Args {
  const quick = process.env.BENCH_QUICK === '1';
  const args: Args = {
    sizes: quick ? [50_000] : [50_000, 1_000_000],
    runs: quick ? 1 : 3,
    only: [],
    superLinear: false,
    largeSite: false,
    files: 1000,
    sizesGiven: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--sizes') {
      args.sizesGiven = true;
      args.sizes = value()
        .split(',')
        .map((s) => Number(s.replace(/_/g, '')));
    } else if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--only') args.only = value().split(',').filter(Boolean);
    else if (flag === '--super-linear') args.superLinear = true;
    else if (flag === '--large-site') args.largeSite = true;
    else if (flag === '--files') args.files = Number(value());
    else
      throw new Error(`unknown argument ${flag} (use --sizes, --runs, --only, --super-linear, --large-site, --files)`);
  }
  if (args.sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes: positive integers');
  if (!Number.isInteger(args.files) || args.files <= 0) throw new Error('--files: a positive integer');
  if (!Number.isInteger(args.runs) || args.runs <= 0) throw new Error('--runs: a positive integer');
  return args;
}

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), 'child.ts');

function runChild(req: ChildRequest): Promise<CaseResult> {
  const execArgv = process.execArgv.includes('--expose-gc') ? process.execArgv : ['--expose-gc', ...process.execArgv];
  return new Promise((resolve) => {
    let result: CaseResult | undefined;
    // Child stdout goes to our stderr, so that stdout carries the report only.
    const child = fork(CHILD, [JSON.stringify(req)], { execArgv, stdio: ['ignore', 2, 2, 'ipc'] });
    child.on('message', (m) => (result = m as CaseResult));
    child.on('exit', (code, signal) => {
      resolve(
        result ?? {
          id: req.id,
          n: req.n,
          runs: [],
          error: `child exited with ${signal ?? `code ${code}`} before reporting`,
        },
      );
    });
  });
}

/** Other processes on the machine skew absolute times (ratios less, since cases interleave): say so. */
function loadLine(when: string): string {
  const [l1, l5] = os.loadavg() as [number, number, number];
  const busy =
    l1 > os.cpus().length * 0.5
      ? ' — the machine is busy: absolute times are inflated, compare within this run only'
      : '';
  return `load average ${when}: ${l1.toFixed(2)} (1 min), ${l5.toFixed(2)} (5 min)${busy}`;
}

const log = (s: string): void => void process.stderr.write(`${s}\n`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.superLinear) {
    const { runSuperLinear } = await import('./super-linear');
    process.exitCode = runSuperLinear(args.runs, args.only);
    return;
  }
  if (args.largeSite) {
    const { runLargeSite } = await import('./large-site');
    process.exitCode = await runLargeSite(args.sizesGiven ? args.sizes : [50_000_000], args.files);
    return;
  }
  const cases = CASES.filter((c) => args.only.length === 0 || args.only.some((o) => c.id.includes(o)));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const header =
    `Sitemap Editor benchmark — Node ${process.version}, ${os.cpus().length} × ${cpu}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; sizes ${args.sizes.join(', ')}; ${args.runs} run(s) each, medians`;
  console.log(header);
  console.log(loadLine('at start'));
  console.log('');
  const sizes: SizeSummary[] = [];
  const raw: CaseResult[] = [];
  for (const n of args.sizes) {
    const manifest = ensureDataSet(n, log);
    const summaries = [];
    for (const c of cases) {
      const t0 = performance.now();
      log(`  ${n} ${c.id} …`);
      const result = await runChild({ id: c.id, n, runs: args.runs });
      raw.push(result);
      const s = summarize(result, manifest.xmlBytes);
      summaries.push(s);
      log(
        `  ${n} ${c.id}: ${s.error !== undefined ? `FAILED ${s.error}` : `median ${(s.ms / 1000).toFixed(3)} s`}` +
          ` (${((performance.now() - t0) / 1000).toFixed(1)} s with setup)`,
      );
      if (s.error === undefined && !s.countOk) log(`!!! URL COUNT MISMATCH in ${c.id}: ${s.urls.join(', ')} ≠ ${n}`);
    }
    const size: SizeSummary = {
      n,
      files: manifest.files.length,
      xmlBytes: manifest.xmlBytes,
      gzBytes: manifest.gzBytes,
      cases: summaries,
      ratios: ratiosFor(summaries),
      goals: goalsFor(summaries),
    };
    sizes.push(size);
    console.log(formatSize(size));
    console.log('');
  }
  console.log(formatGoals(sizes));
  // Issue 29's figure: hreflang cluster completion, 5 languages over 10,000 URLs (bench/clusters.ts).
  if (args.only.length === 0 || args.only.some((o) => 'hreflang/complete'.includes(o))) {
    console.log('');
    for (const line of (await import('./clusters')).benchClusters(10_000, 5, args.runs)) console.log(line);
  }
  console.log(loadLine('at end'));
  mkdirSync(OUT_DIR, { recursive: true });
  const jsonPath = join(OUT_DIR, 'node-bench.json');
  const json = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu,
    totalMemBytes: os.totalmem(),
    args,
    loadavgAtEnd: os.loadavg(),
    units: { time: 'ms', memory: 'bytes', mbPerSec: '1e6 bytes of the data set XML per second' },
    sizes,
    raw,
  };
  writeFileSync(jsonPath, JSON.stringify(json, null, 1));
  console.log('');
  console.log(`figures written to ${jsonPath}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
