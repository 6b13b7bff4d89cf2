/** The browser benchmark's tables: medians per size, the SPEC goals, and the Node figures beside them. */
import { median } from '../measure';
import { table, type SizeSummary } from '../report';
import type { ExportCpu } from './export-trace';
import type { FrameCpu } from './frame-cpu';
import type { HeapFigures } from './heap';
import type { HeapOwner } from './heap-snapshot';
import type { ImportCpu } from './import-trace';
import type { EditTiming, FilterTiming, FrameStats, ScrollStats } from './page-steps';
import { viewStepHeldBy, type WorkerCall } from './worker-calls';
import { editHeldBy, exportHeldBy, heapHeldBy, importHeldBy, int, ms, ms1, scrollHeldBy, times } from './held-by';

export interface BrowserRun {
  n: number;
  importMs: number;
  importFrames: FrameStats;
  /** The import's trace (import-trace.ts): its phases on each worker and each thread's CPU. */
  importCpu?: ImportCpu;
  /** Before the import; after it once its autosave is written (what the document holds); and right after it, the autosave under way. */
  heap: {
    before: { page: HeapFigures; worker: HeapFigures };
    after: { page: HeapFigures; worker: HeapFigures };
    atImport?: { page: HeapFigures; worker: HeapFigures };
  };
  /** When the heap misses its goal at 1M: the largest owners in the workers' heap snapshots right after the import (heap-snapshot.ts). */
  heapOwners?: HeapOwner[];
  sortLocMs: number;
  /** The requests to the worker during the sort by loc (worker-calls.ts), for its heldBy. */
  sortLocCalls?: WorkerCall[];
  /** The second click on loc's header: descending, from the order the first sort kept. */
  sortLocFlipMs?: number;
  sortLocFlipCalls?: WorkerCall[];
  sortLastmodMs: number;
  sortLastmodCalls?: WorkerCall[];
  filter: FilterTiming;
  /** Row 1's lastmod edited a few times in a row (run.ts EDITS): Enter → the row shows its re-checked problems. */
  editsMs: number[];
  /** The same edits' parts: the frame that showed the row, the first frame's and the answer's ms from the keydown. */
  editTimings?: EditTiming[];
  scroll: ScrollStats;
  /** The page's heap (not the worker's) after the scroll. */
  pageHeapAfterScroll: HeapFigures;
  /** A second scroll, traced: main-thread CPU per frame. */
  scrollCpu: FrameCpu;
  /** Export opened → the preview lists the files. */
  exportPreviewMs: number;
  exportMs: number;
  exportBytes: number;
  exportName: string;
  /** The same with the default options (Gzip each file unchecked): plain files deflated in the zip. */
  exportPlainMs: number;
  exportPlainBytes: number;
  /** The page's own DecompressionStream + TextDecoder over the same .gz files (floors.ts). */
  floorDecodeMs: number;
  /** The page's own CompressionStream over the decoded XML, one thread (floors.ts). */
  floorGzipMs: number;
  /** Our fastGzip (fast-deflate.ts, what the gzip helpers run) over the same bytes on the page's thread (floors.ts). */
  floorOurGzipMs: number;
  /** `--export --profile`: each export's CPU by thread role, from its trace (export-trace.ts), and the machine's cores. */
  exportCpu?: { plain: ExportCpu; gzip: ExportCpu; cores: number };
  treeExpandMs: number;
  treeBranches: number;
  branchFilterMs: number;
  branchRows: number;
  /** Load a "before" set of all files but one (NaN with a single file). */
  compareMs: number;
  compareFilterMs: number;
  /** Diagram pressed → the one host drawn open at its first level; the boxes drawn. */
  diagramOpenMs: number;
  diagramBoxes: number;
  /** → on the biggest closed box → its children drawn; the boxes drawn then. */
  diagramExpandMs: number;
  diagramExpandBoxes: number;
  /** The whole board downloaded (click → download): as SVG, as a one-page PDF; and its boxes. */
  boardSvgMs: number;
  boardPdfMs: number;
  boardBoxes: number;
}

export interface NodeFigures {
  date: string;
  sizes: SizeSummary[];
}

/** SPEC §6: bytes of JS heap a URL, page and worker, at 1,000,000 URLs. */
export const HEAP_GOAL = 120;

/** JS heap (V8 heap plus ArrayBuffer stores) of page and worker held after import, per URL. */
export function heapPerUrl(r: Pick<BrowserRun, 'n' | 'heap'>): number {
  const total = (h: { page: HeapFigures; worker: HeapFigures }) =>
    h.page.used + h.page.backing + h.worker.used + h.worker.backing;
  return (total(r.heap.after) - total(r.heap.before)) / r.n;
}

interface Metric {
  name: string;
  value: (r: BrowserRun) => number;
  show: (x: number) => string;
  /** The SPEC goal at 1,000,000 URLs: passes when `value` is below (or, with `atLeast`, at or above) it. */
  goal?: { limit: number; atLeast?: boolean; text: string; inclusive?: boolean };
  /** For a MISS: what holds the step back, from the same run's figures. */
  heldBy?: (r: BrowserRun) => string;
}

const METRICS: Metric[] = [
  {
    name: 'import + check (drop → rows shown)',
    value: (r) => r.importMs,
    show: ms,
    goal: { limit: 2000, text: '≤ 2 s (SPEC §6)', inclusive: true },
    heldBy: importHeldBy,
  },
  { name: '  floor: page DecompressionStream + TextDecoder', value: (r) => r.floorDecodeMs, show: ms },
  {
    name: '  import + check ÷ that floor',
    value: (r) => r.importMs / r.floorDecodeMs,
    show: times,
    goal: { limit: 3, text: '≤ 3× (issue 13)', inclusive: true },
    heldBy: importHeldBy,
  },
  { name: '  longest frame during import', value: (r) => r.importFrames.maxGapMs, show: ms },
  { name: '  frames > 50 ms during import', value: (r) => r.importFrames.longFrames, show: int },
  {
    name: 'JS heap held per URL (page + worker)',
    value: heapPerUrl,
    show: (x) => `${x.toFixed(0)} B`,
    goal: { limit: HEAP_GOAL, text: '≤ 120 B (SPEC §6)', inclusive: true },
    heldBy: heapHeldBy,
  },
  {
    name: '  the same right after import, its autosave under way',
    value: (r) =>
      r.heap.atImport ? heapPerUrl({ n: r.n, heap: { before: r.heap.before, after: r.heap.atImport } }) : NaN,
    show: (x) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(0)} B`),
  },
  {
    name: '  worker heap after import',
    value: (r) => r.heap.after.worker.used + r.heap.after.worker.backing,
    show: (x) => `${(x / 1e6).toFixed(0)} MB`,
  },
  {
    name: '  page heap after import',
    value: (r) => r.heap.after.page.used + r.heap.after.page.backing,
    show: (x) => `${(x / 1e6).toFixed(1)} MB`,
  },
  {
    name: '  page heap after the scroll',
    value: (r) => r.pageHeapAfterScroll.used + r.pageHeapAfterScroll.backing,
    show: (x) => `${(x / 1e6).toFixed(1)} MB`,
  },
  {
    name: 'sort by loc',
    value: (r) => r.sortLocMs,
    show: ms,
    goal: { limit: 1000, text: '< 1 s' },
    heldBy: (r) => viewStepHeldBy(r.sortLocMs, r.sortLocCalls),
  },
  {
    name: '  sort by loc again, flipped to descending',
    value: (r) => r.sortLocFlipMs ?? NaN,
    show: ms,
    goal: { limit: 1000, text: '< 1 s' },
    heldBy: (r) => viewStepHeldBy(r.sortLocFlipMs ?? NaN, r.sortLocFlipCalls),
  },
  {
    name: 'sort by lastmod',
    value: (r) => r.sortLastmodMs,
    show: ms,
    goal: { limit: 1000, text: '< 1 s' },
    heldBy: (r) => viewStepHeldBy(r.sortLastmodMs, r.sortLastmodCalls),
  },
  {
    name: 'text filter (after the 200 ms typing pause)',
    value: (r) => r.filter.filtering,
    show: ms,
    goal: { limit: 300, text: '< 300 ms' },
  },
  { name: '  text filter from the keystroke', value: (r) => r.filter.fromTyping, show: ms },
  {
    name: 'cell edit → row re-checked (median of the edits)',
    value: (r) => median(r.editsMs),
    show: ms1,
    goal: { limit: 30, text: '≤ 30 ms', inclusive: true },
    heldBy: editHeldBy,
  },
  { name: '  first edit', value: (r) => r.editsMs[0] ?? NaN, show: ms1 },
  { name: '  slowest edit', value: (r) => Math.max(...r.editsMs), show: ms1 },
  {
    name: '  edits shown after the first frame',
    value: (r) => (r.editTimings ?? []).filter((e) => e.frame > 1).length,
    show: int,
  },
  {
    name: '  worker answer from the keydown (median)',
    value: (r) => median((r.editTimings ?? []).map((e) => e.answerMs)),
    show: ms1,
  },
  {
    name: 'scroll top → bottom in 5 s: fps',
    value: (r) => r.scroll.fps,
    show: (x) => x.toFixed(1),
    goal: { limit: 55, atLeast: true, text: '≥ 55 fps' },
    heldBy: scrollHeldBy,
  },
  { name: '  longest frame while scrolling', value: (r) => r.scroll.maxGapMs, show: ms },
  {
    name: '  main-thread CPU per frame (traced run)',
    value: (r) => r.scrollCpu.cpuMsPerFrame,
    show: (x) => `${x.toFixed(1)} ms`,
  },
  {
    name: '    of which style + layout',
    value: (r) => r.scrollCpu.styleLayoutMsPerFrame,
    show: (x) => `${x.toFixed(1)} ms`,
  },
  {
    name: '    of which paint, layerize and commit',
    value: (r) => r.scrollCpu.paintMsPerFrame,
    show: (x) => `${x.toFixed(1)} ms`,
  },
  {
    name: '  frames showing a row still loading',
    value: (r) => (100 * r.scroll.placeholderFrames) / r.scroll.frames,
    show: (x) => `${x.toFixed(0)} %`,
  },
  {
    name: '  frames showing rows in their sweep form (loc only)',
    value: (r) => (100 * (r.scroll.sweepFrames ?? 0)) / r.scroll.frames,
    show: (x) => `${x.toFixed(0)} %`,
  },
  { name: 'export dialog: open → files planned', value: (r) => r.exportPreviewMs, show: ms },
  {
    name: 'export: Download → zip handed over (gzip checked)',
    value: (r) => r.exportMs,
    show: ms,
    goal: { limit: 2500, text: '≤ 2.5 s (issue 13)', inclusive: true },
    heldBy: exportHeldBy('gzip'),
  },
  { name: '  zip size', value: (r) => r.exportBytes, show: (x) => `${(x / 1e6).toFixed(1)} MB` },
  {
    name: 'export, default options (gzip unchecked)',
    value: (r) => r.exportPlainMs,
    show: ms,
    goal: { limit: 2500, text: '≤ 2.5 s (issue 13)', inclusive: true },
    heldBy: exportHeldBy('plain'),
  },
  { name: '  zip size', value: (r) => r.exportPlainBytes, show: (x) => `${(x / 1e6).toFixed(1)} MB` },
  { name: '  floor: page CompressionStream, one thread', value: (r) => r.floorGzipMs, show: ms },
  { name: "  floor: our deflate (the gzip helpers'), one thread", value: (r) => r.floorOurGzipMs, show: ms },
  { name: 'structure: expand the host', value: (r) => r.treeExpandMs, show: ms },
  { name: 'structure: choose a branch → table filtered', value: (r) => r.branchFilterMs, show: ms },
  { name: 'compare: load before (all files but one) → counts', value: (r) => r.compareMs, show: ms },
  { name: 'compare: filter "Added" → table filtered', value: (r) => r.compareFilterMs, show: ms },
  {
    name: 'diagram: first draw (host open at its first level)',
    value: (r) => r.diagramOpenMs,
    show: ms,
    goal: { limit: 1000, text: '< 1 s' },
  },
  { name: '  boxes drawn', value: (r) => r.diagramBoxes, show: int },
  {
    name: 'diagram: expand a box (→)',
    value: (r) => r.diagramExpandMs,
    show: ms,
    goal: { limit: 300, text: '< 300 ms' },
  },
  { name: '  boxes drawn', value: (r) => r.diagramExpandBoxes, show: int },
  {
    name: 'diagram: the whole board as SVG (click → download)',
    value: (r) => r.boardSvgMs,
    show: ms,
    goal: { limit: 2000, text: '< 2 s' },
  },
  {
    name: 'diagram: the whole board as a one-page PDF',
    value: (r) => r.boardPdfMs,
    show: ms,
    goal: { limit: 2000, text: '< 2 s' },
  },
  { name: '  boxes drawn', value: (r) => r.boardBoxes, show: int },
];

export function formatBrowserReport(header: string, runs: BrowserRun[]): string {
  const sizes = [...new Set(runs.map((r) => r.n))];
  const rows: string[][] = [['step (medians)', ...sizes.map((n) => `${int(n)} URLs`), 'goal at 1M', 'at 1M']];
  for (const m of METRICS) {
    const medians = sizes.map((n) => median(runs.filter((r) => r.n === n).map(m.value)));
    const at1M = sizes.indexOf(1_000_000);
    let verdict = '';
    if (m.goal && at1M >= 0) {
      const v = medians[at1M] as number;
      // A step this run left out (--grid, --export) has no verdict: "MISS (NaN×)" would claim a measurement.
      if (Number.isNaN(v)) {
        rows.push([m.name, ...medians.map(m.show), m.goal.text, 'not run']);
        continue;
      }
      const pass = m.goal.atLeast ? v >= m.goal.limit : m.goal.inclusive ? v <= m.goal.limit : v < m.goal.limit;
      const by = m.goal.atLeast ? m.goal.limit / v : v / m.goal.limit;
      const last = runs.filter((r) => r.n === 1_000_000).at(-1);
      verdict = pass ? 'PASS' : `MISS (${by.toFixed(2)}× the goal${m.heldBy && last ? `; ${m.heldBy(last)}` : ''})`;
    }
    rows.push([m.name, ...medians.map(m.show), m.goal?.text ?? '', verdict]);
  }
  const spread = sizes.map((n) => {
    const imports = runs.filter((r) => r.n === n).map((r) => ms(r.importMs));
    return `${int(n)}: ${imports.join(', ')}`;
  });
  return (
    `${header}\n\n${table(rows)}\n\nimport times of every run — ${spread.join('; ')}\n` +
    `filter expected and shown: the filter step waits for the exact row count computed from the generator.`
  );
}

export function formatNodeSideBySide(runs: BrowserRun[], node: NodeFigures): string {
  const rows: string[][] = [
    [
      'size',
      'Chromium import+check',
      'Node ours parse+check',
      'Node saxes parse only',
      'Chromium export',
      'Node ours export',
      'Node sitemap export',
    ],
  ];
  for (const s of node.sizes) {
    const b = runs.filter((r) => r.n === s.n);
    const c = (id: string) => s.cases.find((x) => x.id === id);
    const t = (id: string) => {
      const x = c(id);
      return x && x.error === undefined ? ms(x.ms) : 'n/a';
    };
    rows.push([
      `${int(s.n)} URLs`,
      b.length ? ms(median(b.map((r) => r.importMs))) : 'n/a',
      t('parse/ours'),
      t('parse/saxes'),
      b.length ? ms(median(b.map((r) => r.exportMs))) : 'n/a',
      t('export/ours'),
      t('export/sitemap-whole'),
    ]);
  }
  return `\nSide by side with the Node benchmark (npm run bench, same data, run ${node.date}):\n${table(rows)}`;
}

/** The whole board at 2,000 boxes (board-steps.ts): the medians of its runs, against the issue's 2 s. */
export function formatWholeBoard(runs: readonly { svgMs: number; pdfMs: number; boxes: number }[]): string {
  const svg = median(runs.map((r) => r.svgMs));
  const pdf = median(runs.map((r) => r.pdfMs));
  const verdict = (v: number) => (v < 2000 ? 'PASS' : `MISS (${(v / 2000).toFixed(2)}× the goal)`);
  return [
    `the whole board of ${int(runs[0]?.boxes ?? NaN)} boxes (a flat sitemap of 100,000 pages), click → download, medians of ${runs.length}:`,
    `  SVG ${ms(svg)} (< 2 s: ${verdict(svg)}), one-page PDF ${ms(pdf)} (< 2 s: ${verdict(pdf)})`,
  ].join('\n');
}
