/**
 * Browser benchmark (`npm run bench:browser`): builds the app, serves it,
 * and drives headless Chromium through the real UI on the benchmark's
 * deterministic data set (gzipped files of 50,000 URLs), timing each step a
 * user takes. Then runs the Node benchmark on the same data, so both sets of
 * figures stand side by side (SPEC §6, issue 5).
 *
 *   node --import tsx bench/browser/run.ts [--sizes 50000,200000,1000000] [--runs 3] [--no-node] [--port 4198] [--grid] [--export] [--import] [--profile]
 *
 * `--grid` runs only the table's steps (import, sort, filter, edit, scroll);
 * `--export` only the import and the two exports (default options, gzip checked);
 * `--import` only the import (traced, as in every run: its phases are logged);
 * `--profile` builds the app unminified and writes a CPU profile of the
 * edits and of the scroll to bench/out/profiles (cpu-profile.ts); with
 * `--export`, each export is run once more under a trace and its threads'
 * use printed (export-trace.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { formatWholeBoard } from './report';
import { dataDir, ensureDataSet, OUT_DIR } from '../dataset';
import { forEachEntry, SITE_URL, URLS_PER_FILE } from '../generate';
import { scrollCpu } from './frame-cpu';
import { HeapProbe, untilSaved, workerHeapOwners } from './heap';
import {
  clearFilter,
  editLastmod,
  exportZip,
  filterBy,
  importThroughPicker,
  installPageHelpers,
  scrollTopToBottom,
  setSiteUrl,
  sortBy,
  type EditTiming,
} from './page-steps';
import {
  chooseFirstBranch,
  compareWith,
  expandDiagramBox,
  expandFirstHost,
  exportBoard,
  filterAdded,
  openDiagram,
} from './view-steps';
import { measurePageFloors } from './floors';
import { formatBrowserReport, formatNodeSideBySide, HEAP_GOAL, heapPerUrl, type BrowserRun } from './report';
import { buildApp, serveApp } from './serve';
import { parseArgs, type Args } from './args';
import { exportsOnly, importOnly, SKIPPED } from './partial-runs';
import { runNodeBench } from './node-bench';
import { measureWholeBoard, type WholeBoardFigures } from './board-steps';
import { profiled } from './cpu-profile';
import { formatImportTimeline, traceImport } from './import-trace';
import { recordWorkerCalls, viewStepHeldBy, workerCallsOfStep } from './worker-calls';

const FILTER_TEXT = 'color=navy';
/** The table's pause after typing before it filters (src/ui/table/TableToolbar.tsx). */
const TYPING_PAUSE_MS = 200;
const SCROLL_MS = 5_000;
/**
 * Edits timed in a row on row 1's lastmod, each flipping its future-date
 * warning on or off: the goal is judged on their median, as one edit on a
 * shared machine is mostly noise; the first is reported beside it.
 */
const EDITS: { value: string; present: boolean }[] = [
  { value: '2099-01-01', present: true },
  { value: '2020-01-01', present: false },
  { value: '2099-01-02', present: true },
  { value: '2020-01-02', present: false },
  { value: '2099-01-03', present: true },
];
const PROFILE_DIR = join(OUT_DIR, 'profiles');

const log = (s: string) => process.stderr.write(`${s}\n`);

function chromiumPath(): string | undefined {
  const p = process.env.CHROMIUM_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';
  return p === '' ? undefined : p;
}

/** How many generated locs contain the filter text: the row count the filter must show. */
function expectedFilterCount(n: number): number {
  let count = 0;
  forEachEntry(n, (e) => {
    if (e.loc.toLowerCase().includes(FILTER_TEXT)) count++;
  });
  return count;
}

async function measureOnce(
  browser: Browser,
  url: string,
  n: number,
  filterCount: number,
  args: Args,
): Promise<BrowserRun> {
  const profileDir = args.profile ? PROFILE_DIR : null;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  // tsx compiles this file with esbuild's keepNames, whose `__name(fn)` calls
  // travel inside the functions handed to page.evaluate: give the page a no-op.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(recordWorkerCalls);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const probe = await HeapProbe.attach(page);
    await page.goto(url);
    await page.getByLabel('Import sitemaps').waitFor({ state: 'attached' });
    await installPageHelpers(page);
    await setSiteUrl(page, SITE_URL);
    await page.waitForTimeout(300);
    const before = await probe.measure();

    const manifest = JSON.parse(readFileSync(join(dataDir(n), 'manifest.json'), 'utf8')) as {
      files: { name: string }[];
    };
    const paths = manifest.files.map((f) => join(dataDir(n), `${f.name}.gz`));
    // Traced: the report's "held back by" comes from this very import's phases and threads.
    const finishTrace = await traceImport(page);
    const imported = await importThroughPicker(page, paths, n);
    const importCpu = await finishTrace(imported.ms);
    log(formatImportTimeline(importCpu, imported.ms));
    // Right after the import, its autosave under way; then what the document holds once it is saved.
    const atImport = await probe.measure(1);
    const saveMs = await untilSaved(page);
    const after = await probe.measure();
    log(
      `  heap right after import ${((atImport.page.used + atImport.page.backing + atImport.worker.used + atImport.worker.backing) / n).toFixed(0)} B/URL (autosave under way), saved ${saveMs} ms later, then ${after.rounds} GC round(s)`,
    );
    // A MISS says who holds the heap: the workers' snapshots, taken before any other step (untimed).
    const heapOwners =
      n >= 1_000_000 && heapPerUrl({ n, heap: { before, after } }) > HEAP_GOAL
        ? await workerHeapOwners(probe, n)
        : undefined;
    // Untimed by the app: the page's own decode and gzip of the same files.
    const floors = await measurePageFloors(page, paths);
    if (args.importOnly)
      return importOnly({
        n,
        importMs: imported.ms,
        importCpu,
        importFrames: imported.frames,
        heap: { before, after, atImport },
        floorDecodeMs: floors.decodeMs,
      });
    if (args.exportOnly)
      return {
        ...(await exportsOnly(
          page,
          {
            n,
            importMs: imported.ms,
            importFrames: imported.frames,
            heap: { before, after, atImport },
            heapOwners,
            floors,
          },
          profileDir,
          errors,
        )),
        importCpu,
      };

    const sortLoc = await sortBy(page, 'loc');
    const sortLocCalls = await workerCallsOfStep(page);
    log(
      `  sort by loc ${sortLoc.toFixed(0)} ms: ${viewStepHeldBy(sortLoc, sortLocCalls)}; calls ${sortLocCalls.map((c) => `${c.type} ${c.postedMs.toFixed(0)}→${c.answeredMs.toFixed(0)}`).join(', ')}`,
    );
    // The user's next click on loc: descending, from the order the first sort kept (text-order.ts).
    const sortLocFlip = await sortBy(page, 'loc', 'descending');
    const sortLocFlipCalls = await workerCallsOfStep(page);
    log(
      `  sort by loc flipped to descending ${sortLocFlip.toFixed(0)} ms: ${viewStepHeldBy(sortLocFlip, sortLocFlipCalls)}`,
    );
    const sortLastmod = await sortBy(page, 'lastmod');
    const sortLastmodCalls = await workerCallsOfStep(page);
    log(`  sort by lastmod ${sortLastmod.toFixed(0)} ms: ${viewStepHeldBy(sortLastmod, sortLastmodCalls)}`);
    const filter = await filterBy(page, FILTER_TEXT, filterCount, TYPING_PAUSE_MS);
    await clearFilter(page, n);
    const edits = await profiled(
      page,
      profileDir,
      `edit-${n}`,
      async () => {
        const timings: EditTiming[] = [];
        for (const e of EDITS) timings.push(await editLastmod(page, e.value, 'lastmod-future', e.present));
        return timings;
      },
      log,
    );
    const scroll = await profiled(page, profileDir, `scroll-${n}`, () => scrollTopToBottom(page, SCROLL_MS), log);
    // Again under a trace: the CPU a frame costs, which a busy machine barely moves (fps above it does).
    const scrollCost = await scrollCpu(page, SCROLL_MS);
    log(
      `  scroll, main-thread ms per frame: ${scrollCost.breakdown.map(([name, t]) => `${name} ${t.toFixed(2)}`).join(', ')}`,
    );
    // The page's own share after a million rows went by: the grid must not keep per-row objects alive.
    const afterScroll = await probe.measure();
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    const grid = {
      n,
      importMs: imported.ms,
      importCpu,
      importFrames: imported.frames,
      heap: { before, after, atImport },
      heapOwners,
      sortLocMs: sortLoc,
      sortLocCalls,
      sortLocFlipMs: sortLocFlip,
      sortLocFlipCalls,
      sortLastmodMs: sortLastmod,
      sortLastmodCalls,
      filter,
      editsMs: edits.map((e) => e.ms),
      editTimings: edits,
      scroll,
      pageHeapAfterScroll: afterScroll.page,
      scrollCpu: scrollCost,
      floorDecodeMs: floors.decodeMs,
    };
    if (args.grid) return { ...grid, ...SKIPPED };
    const exportedPlain = await exportZip(page, false);
    const exported = await exportZip(page, true);
    const tree = await expandFirstHost(page);
    const branch = await chooseFirstBranch(page, n);
    await page.getByRole('button', { name: 'Show every branch' }).first().click();
    // "Before" = every file but the last: the last file's URLs are the ones added.
    const beforePaths = paths.slice(0, -1);
    const added = n - (paths.length - 1) * URLS_PER_FILE;
    const compare = beforePaths.length > 0 ? await compareWith(page, beforePaths, added) : NaN;
    const compareFilter = beforePaths.length > 0 ? await filterAdded(page, added) : NaN;
    const diagram = await openDiagram(page);
    const diagramExpand = await expandDiagramBox(page);
    const expandCalls = await workerCallsOfStep(page);
    log(
      `  diagram box opened in ${diagramExpand.ms.toFixed(0)} ms; worker calls ${expandCalls.map((c) => `${c.type} ${c.postedMs.toFixed(0)}→${c.answeredMs.toFixed(0)}`).join(', ') || 'none'}`,
    );
    const boardSvg = await exportBoard(page, 'SVG');
    const boardPdf = await exportBoard(page, 'PDF');
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return {
      ...grid,
      exportPreviewMs: exported.previewMs,
      exportMs: exported.ms,
      exportBytes: exported.bytes,
      exportName: exported.name,
      exportPlainMs: exportedPlain.ms,
      exportPlainBytes: exportedPlain.bytes,
      floorGzipMs: floors.gzipMs,
      floorOurGzipMs: floors.ourGzipMs,
      treeExpandMs: tree.ms,
      treeBranches: tree.branches,
      branchFilterMs: branch.ms,
      branchRows: branch.rows,
      compareMs: compare,
      compareFilterMs: compareFilter,
      diagramOpenMs: diagram.ms,
      diagramBoxes: diagram.boxes,
      diagramExpandMs: diagramExpand.ms,
      diagramExpandBoxes: diagramExpand.boxes,
      boardSvgMs: boardSvg.ms,
      boardPdfMs: boardPdf.ms,
      boardBoxes: boardSvg.boxes,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const [l1s] = os.loadavg();
  const machine = `${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  for (const n of args.sizes) ensureDataSet(n, log);
  buildApp(log, { minify: !args.profile });
  const server = await serveApp(args.port);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const version = browser.version();
  const results: BrowserRun[] = [];
  const boards: WholeBoardFigures[] = [];
  try {
    for (const n of args.sizes) {
      const filterCount = expectedFilterCount(n);
      for (let run = 1; run <= args.runs; run++) {
        const t0 = performance.now();
        log(`  ${n} URLs, run ${run}/${args.runs} …`);
        const r = await measureOnce(browser, server.url, n, filterCount, args);
        results.push(r);
        log(
          `  ${n} URLs, run ${run}: import ${(r.importMs / 1000).toFixed(2)} s, export ${(r.exportMs / 1000).toFixed(2)} s (${((performance.now() - t0) / 1000).toFixed(0)} s in all)`,
        );
      }
    }
    if (!args.grid && !args.exportOnly && !args.importOnly)
      for (let run = 1; run <= args.runs; run++) {
        const b = await measureWholeBoard(browser, server.url);
        boards.push(b);
        log(
          `  the whole board of ${b.boxes} boxes, run ${run}: SVG ${Math.round(b.svgMs)} ms, PDF ${Math.round(b.pdfMs)} ms`,
        );
      }
  } finally {
    await browser.close();
    server.stop();
  }
  const [l1e] = os.loadavg();
  const header = `Browser benchmark — Chromium ${version} headless, ${machine}; load ${l1s?.toFixed(1)} → ${l1e?.toFixed(1)}; ${args.runs} run(s) per size, medians`;
  console.log(formatBrowserReport(header, results));
  if (boards.length > 0) console.log(formatWholeBoard(boards));
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(
    join(OUT_DIR, 'browser-bench.json'),
    JSON.stringify({ date: new Date().toISOString(), chromium: version, machine, args, results }, null, 1),
  );
  if (args.node) {
    const node = runNodeBench(args.sizes, args.runs);
    if (node) console.log(formatNodeSideBySide(results, node));
  }
  console.log(`\nfigures written to ${join(OUT_DIR, 'browser-bench.json')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
