/**
 * Where the heap goes after an import, by owner (issue 13: ≤ 120 B a URL).
 * Builds the app unminified (class names survive), imports the benchmark's
 * files through the UI as run.ts does, then takes a heap snapshot of the page
 * and of each worker once the import's autosave is written, and prints the owners that retain the most, in bytes
 * per URL, with the totals the benchmark's heap step reads.
 *
 *   node --import tsx bench/browser/heap-breakdown.ts [--size 200000] [--port 4198] [--no-build] [--min 0.5] [--profile]
 *
 * `--min` is the smallest owner printed, in bytes per URL; `--profile` also
 * prints the worker's CPU profile of the import, by self time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { dataDir, ensureDataSet } from '../dataset';
import { SITE_URL } from '../generate';
import { HeapProbe, untilSaved } from './heap';
import { largestOwners, owners } from './heap-snapshot';
import { importThroughPicker, installPageHelpers, setSiteUrl } from './page-steps';
import { buildApp, serveApp } from './serve';
import { topSelf } from './cpu-profile';

const log = (s: string) => process.stderr.write(`${s}\n`);

function parseArgs(argv: string[]): { n: number; port: number; build: boolean; min: number; profile: boolean } {
  const args = { n: 200_000, port: 4198, build: true, min: 0.5, profile: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => Number(argv[++i]);
    if (flag === '--size') args.n = value();
    else if (flag === '--port') args.port = value();
    else if (flag === '--no-build') args.build = false;
    else if (flag === '--min') args.min = value();
    else if (flag === '--profile') args.profile = true;
    else throw new Error(`unknown argument ${flag} (use --size, --port, --no-build, --min, --profile)`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const n = args.n;
  ensureDataSet(n, log);
  if (args.build) buildApp(log, { minify: false });
  const server = await serveApp(args.port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.context().addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const probe = await HeapProbe.attach(page);
    await page.goto(server.url);
    await page.getByLabel('Import sitemaps').waitFor({ state: 'attached' });
    await installPageHelpers(page);
    await setSiteUrl(page, SITE_URL);
    await page.waitForTimeout(300);
    const before = await probe.measure();
    const manifest = JSON.parse(readFileSync(join(dataDir(n), 'manifest.json'), 'utf8')) as {
      files: { name: string }[];
    };
    // The worker's own CPU profile of the import: where its seconds go (its parse helper is not attached).
    const worker = probe.workers[0];
    if (args.profile && worker) {
      await probe.sendToWorker(worker, 'Profiler.enable');
      await probe.sendToWorker(worker, 'Profiler.setSamplingInterval', { interval: 200 });
      await probe.sendToWorker(worker, 'Profiler.start');
    }
    const imported = await importThroughPicker(
      page,
      manifest.files.map((f) => join(dataDir(n), `${f.name}.gz`)),
      n,
    );
    if (args.profile && worker) {
      const { profile } = await probe.sendToWorker<{ profile: Parameters<typeof topSelf>[0] }>(worker, 'Profiler.stop');
      console.log(
        `the worker's CPU during the import (${(imported.ms / 1000).toFixed(2)} s, drop to rows shown):\n${topSelf(profile, 30)}`,
      );
    }
    const atImport = await probe.measure(1);
    const saveMs = await untilSaved(page);
    const after = await probe.measure();
    const sum = (h: typeof before) => h.page.used + h.page.backing + h.worker.used + h.worker.backing;
    console.log(
      `right after the import, its autosave under way: ${((sum(atImport) - sum(before)) / n).toFixed(1)} B/URL; saved ${saveMs} ms later`,
    );
    console.log(
      `${n} URLs: import ${(imported.ms / 1000).toFixed(2)} s; held per URL, page + ${after.workers} worker(s): ${((sum(after) - sum(before)) / n).toFixed(1)} B (settled after ${after.rounds} GC rounds)`,
    );
    console.log(
      `  page ${((after.page.used + after.page.backing - before.page.used - before.page.backing) / n).toFixed(1)} B/URL, worker(s) ${((after.worker.used + after.worker.backing - before.worker.used - before.worker.backing) / n).toFixed(1)} B/URL (V8 heap ${((after.worker.used - before.worker.used) / n).toFixed(1)}, array buffers ${((after.worker.backing - before.worker.backing) / n).toFixed(1)})`,
    );
    const targets: [string, string | null][] = [
      ['page', null],
      ...probe.workers.map((id, k): [string, string] => [`worker ${k + 1}`, id]),
    ];
    for (const [name, id] of targets) {
      const { total, owners: list } = owners(await probe.snapshot(id), args.min * n);
      console.log(`\n${name}: snapshot ${(total / n).toFixed(1)} B/URL (${(total / 1e6).toFixed(1)} MB)`);
      for (const o of list)
        console.log(`  ${(o.retained / n).toFixed(1).padStart(7)} B/URL  ${o.what.padEnd(44)} ${o.path.slice(0, 160)}`);
      console.log(
        `  as a MISS of the heap goal names them: ${largestOwners(list, n)
          .map((o) => `${o.name} ${o.bytesPerUrl.toFixed(1)} B`)
          .join(', ')}`,
      );
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
