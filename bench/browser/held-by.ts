/** What holds a step back when it misses its goal, told from the same run's figures (the report's "held by" column). */
import os from 'node:os';
import { median } from '../measure';
import type { ExportCpu } from './export-trace';
import type { HeapFigures } from './heap';
import type { BrowserRun } from './report';
/** One decimal: the edit's goal is 30 ms, and "30 ms" beside a MISS of 30.3 says nothing. */
export const ms1 = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(1)} ms`);
export const int = (x: number) => Math.round(x).toLocaleString('en-US');
export const ms = (x: number) =>
  Number.isNaN(x) ? 'n/a' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`;

export const times = (x: number) => `${x.toFixed(2)}×`;

/**
 * An export's time against the page's own gzip of the same bytes: the
 * compression's share on the machine's cores, and, when traced, the CPU the
 * export spent by thread: summed and divided by the cores, the least wall
 * time the same work can take here however well it overlaps.
 */
export function exportHeldBy(which: 'plain' | 'gzip'): (r: BrowserRun) => string {
  return (r) => {
    const cores = r.exportCpu?.cores ?? os.cpus().length;
    const floor = `our deflate (the gzip helpers') takes ${ms(r.floorOurGzipMs)} on one thread over these bytes (CompressionStream, zlib level 6: ${ms(r.floorGzipMs)}), so ≥ ${ms(r.floorOurGzipMs / cores)} on ${cores} cores before any serialization`;
    const c = r.exportCpu?.[which];
    const took = which === 'plain' ? r.exportPlainMs : r.exportMs;
    if (!c)
      return `${floor}; the other ${ms(took - r.floorOurGzipMs / cores)} of this export is serialization, the zip and the hand-over (--export --profile splits it by thread)`;
    const total = c.workerMs + c.helpersMs + c.pageMs + c.otherMs;
    // The main worker's share is one thread's work: past total ÷ cores, it is the bound however the rest overlaps.
    const bound =
      c.workerMs > total / cores
        ? `the worker's serialization is the bound (one thread, ${ms(c.workerMs)})`
        : `≥ ${ms(total / cores)} on ${cores} cores`;
    // What the cores did not spend on the export while it ran: overlap still to win, or (on a busy machine) other programs' share.
    const idle = Math.max(0, c.tracedMs * cores - total);
    return `${floor}; traced CPU: worker (serialize, zip) ${ms(c.workerMs)}, gzip helpers ${ms(c.helpersMs)}, page ${ms(c.pageMs)}, other ${ms(c.otherMs)} = ${ms(total)}, ${bound}; in the traced ${ms(c.tracedMs)} the ${cores} cores had ${ms(idle)} left (${Math.round((100 * idle) / (c.tracedMs * cores))} %), lost to overlap or to other programs; steps: ${stepsOf(c)}`;
  };
}

/** The traced export's steps (export-trace.ts) in a few words: the worker's, the helpers', the hand-over. */
function stepsOf(c: ExportCpu): string {
  const s = c.steps;
  return `the worker wrote the files in ${ms(s.writeMs)}, waited ${ms(s.waitMs)} for the helpers, laid out the zip in ${ms(s.zipMs)}; the helpers' ${s.deflates} deflates took ${ms(s.deflateMs)} summed, the last done at ${ms(s.lastDeflateAtMs)}; the hand-over after the zip ${ms(c.tracedMs - s.zippedAtMs)}`;
}

/** The heap held after import: the worker's and the page's shares, and the largest owners the run's snapshot found. */
export function heapHeldBy(r: BrowserRun): string {
  const d = (who: 'page' | 'worker', what: keyof HeapFigures) =>
    (r.heap.after[who][what] - r.heap.before[who][what]) / r.n;
  const b = (x: number) => `${x.toFixed(0)} B`;
  const shares = `worker ${b(d('worker', 'used') + d('worker', 'backing'))} a URL (V8 heap ${b(d('worker', 'used'))}, array buffers ${b(d('worker', 'backing'))}), page ${b(d('page', 'used') + d('page', 'backing'))}`;
  const owners = r.heapOwners?.length
    ? `; largest in the worker's snapshot: ${r.heapOwners.map((o) => `${o.name} ${o.bytesPerUrl.toFixed(1)} B`).join(', ')}`
    : '';
  return shares + owners;
}

/**
 * An import's time by where it went, from its own trace: each worker's
 * phases (summed by name), the page's time after the worker answered, and
 * the cores' time left idle: the import's wall time on every core less the
 * workers' synchronous phases (their busy time), the page's and the other
 * threads' traced CPU (gunzip runs on the browser's thread pool). Idle core
 * time is what better overlap could still win; none left means less work.
 */
export function importHeldBy(r: BrowserRun): string {
  const c = r.importCpu;
  if (!c) return 'the import was not traced';
  const cores = os.cpus().length;
  const by = (thread: 'worker' | 'helper') => {
    const sums = new Map<string, number>();
    for (const p of c.phases) if (p.thread === thread) sums.set(p.name, (sums.get(p.name) ?? 0) + p.ms);
    return sums;
  };
  const list = (sums: Map<string, number>) => [...sums].map(([name, t]) => `${name} ${ms(t)}`).join(', ');
  const busy = (sums: Map<string, number>) =>
    [...sums].filter(([name]) => !ASYNC_PHASES.has(name)).reduce((n, [, t]) => n + t, 0);
  const worker = by('worker');
  const helper = by('helper');
  const workerEnd = Math.max(0, ...c.phases.filter((p) => p.thread === 'worker').map((p) => p.startMs + p.ms));
  const used = busy(worker) + busy(helper) + c.pageMs + c.otherMs;
  const idle = Math.max(0, cores * r.importMs - used);
  return (
    `worker: ${list(worker)}; helper: ${list(helper)}; page after the worker's last phase ${ms(r.importMs - workerEnd)}; ` +
    `busy: worker ${ms(busy(worker))}, helper ${ms(busy(helper))}, page CPU ${ms(c.pageMs)}, other threads' CPU (gunzip, I/O) ${ms(c.otherMs)}; ` +
    `core time left to others or idle ${ms(idle)} of ${ms(cores * r.importMs)} (${cores} cores)`
  );
}

/** The phases that wait (for the files, the platform's gunzip, the helper) rather than run on their thread. */
const ASYNC_PHASES = new Set(['read files', 'gunzip', 'helper gunzip', 'wait for the helper']);

/**
 * A scroll's frames against the main thread's CPU per frame (a frame's
 * budget at 55 fps is 18 ms), its longest frame, and how many frames waited
 * for rows from the worker.
 */
export function scrollHeldBy(r: BrowserRun): string {
  const c = r.scrollCpu;
  const s = r.scroll;
  const share = (n: number) => `${((100 * n) / s.frames).toFixed(0)} %`;
  return (
    `main-thread CPU ${c.cpuMsPerFrame.toFixed(1)} ms a frame (style + layout ${c.styleLayoutMsPerFrame.toFixed(1)}, paint ${c.paintMsPerFrame.toFixed(1)}) of an 18 ms budget; ` +
    `longest frame ${s.maxGapMs.toFixed(0)} ms, ${s.longFrames} over 50 ms; ${share(s.placeholderFrames)} of frames showed a row still loading, ${share(s.sweepFrames ?? 0)} rows in their sweep form`
  );
}

/**
 * An edit's time by its parts, from the same run's edits: which frame after
 * the keydown showed the row, when the first frame came (the keydown's own
 * task, then the wait for the display's next frame), when the worker's
 * answer came and how often the row had to be drawn again from it.
 */
export function editHeldBy(r: BrowserRun): string {
  const t = r.editTimings ?? [];
  if (t.length === 0) return 'no timings of the parts';
  const frames = t.map((e) => e.frame);
  const late = frames.filter((f) => f > 1).length;
  return (
    `the row showed in frame ${frames.join(', ')} after the keydown (${late} of ${t.length} after the first); ` +
    `first frame at ${median(t.map((e) => e.firstFrameMs)).toFixed(1)} ms (median: the keydown's task, then the wait for the display's frame), ` +
    `worker's answer at ${median(t.map((e) => e.answerMs)).toFixed(1)} ms; ${t.filter((e) => e.redrawn).length} of ${t.length} drawn again from the answer`
  );
}
