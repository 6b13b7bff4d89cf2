/** The runs `--grid`, `--export` and `--import` make: the steps they leave out are reported as n/a. */
import os from 'node:os';
import type { Page } from 'playwright-core';
import { exportZip } from './page-steps';
import type { BrowserRun } from './report';
import { exportCpu, formatSteps, formatThreads, tracedExport } from './export-trace';

const log = (s: string) => process.stderr.write(`${s}\n`);

/** The steps `--grid` leaves out, reported as n/a. */
export const SKIPPED = {
  exportPreviewMs: NaN,
  exportMs: NaN,
  exportBytes: NaN,
  exportName: '',
  exportPlainMs: NaN,
  exportPlainBytes: NaN,
  floorGzipMs: NaN,
  floorOurGzipMs: NaN,
  treeExpandMs: NaN,
  treeBranches: NaN,
  branchFilterMs: NaN,
  branchRows: NaN,
  compareMs: NaN,
  compareFilterMs: NaN,
  diagramOpenMs: NaN,
  diagramBoxes: NaN,
  diagramExpandMs: NaN,
  diagramExpandBoxes: NaN,
  boardSvgMs: NaN,
  boardPdfMs: NaN,
  boardBoxes: NaN,
};

/** The table's steps (sort, filter, edit, scroll), not run by `--export` and `--import`: n/a. */
const NO_TABLE_STEPS = {
  sortLocMs: NaN,
  sortLastmodMs: NaN,
  filter: { filtering: NaN, fromTyping: NaN },
  editsMs: [NaN],
  scroll: { fps: NaN, frames: 0, ms: NaN, maxGapMs: NaN, longFrames: 0, placeholderFrames: 0, sweepFrames: 0 },
  scrollCpu: { frames: 0, cpuMsPerFrame: NaN, styleLayoutMsPerFrame: NaN, paintMsPerFrame: NaN, breakdown: [] },
};

/** `--export`: the two exports after the import (then, with `--profile`, each again under a trace); the other steps n/a. */
export async function exportsOnly(
  page: Page,
  imported: Pick<BrowserRun, 'n' | 'importMs' | 'importFrames' | 'heap' | 'heapOwners'> & {
    floors: { decodeMs: number; gzipMs: number; ourGzipMs: number };
  },
  traceDir: string | null,
  errors: string[],
): Promise<BrowserRun> {
  const exportedPlain = await exportZip(page, false);
  const exported = await exportZip(page, true);
  let cpu: BrowserRun['exportCpu'];
  if (traceDir) {
    const cores = os.cpus().length;
    const plain = await tracedExport(page, false, traceDir);
    log(formatThreads('export, default options', plain.ms, plain.threads, cores));
    log(formatSteps(plain.steps, plain.ms));
    const gz = await tracedExport(page, true, traceDir);
    log(formatThreads('export, gzip checked', gz.ms, gz.threads, cores));
    log(formatSteps(gz.steps, gz.ms));
    cpu = {
      plain: exportCpu(plain.threads, plain.ms, plain.steps),
      gzip: exportCpu(gz.threads, gz.ms, gz.steps),
      cores,
    };
  }
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  return {
    ...SKIPPED,
    ...NO_TABLE_STEPS,
    n: imported.n,
    importMs: imported.importMs,
    importFrames: imported.importFrames,
    heap: imported.heap,
    heapOwners: imported.heapOwners,
    floorDecodeMs: imported.floors.decodeMs,
    pageHeapAfterScroll: imported.heap.after.page,
    exportPreviewMs: exported.previewMs,
    exportMs: exported.ms,
    exportBytes: exported.bytes,
    exportName: exported.name,
    exportPlainMs: exportedPlain.ms,
    exportPlainBytes: exportedPlain.bytes,
    floorGzipMs: imported.floors.gzipMs,
    floorOurGzipMs: imported.floors.ourGzipMs,
    exportCpu: cpu,
  };
}

/** `--import`: the import's figures; every other step n/a. */
export function importOnly(
  imported: Pick<BrowserRun, 'n' | 'importMs' | 'importCpu' | 'importFrames' | 'heap' | 'floorDecodeMs'>,
): BrowserRun {
  return { ...SKIPPED, ...NO_TABLE_STEPS, ...imported, pageHeapAfterScroll: imported.heap.after.page };
}
