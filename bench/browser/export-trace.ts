/**
 * `--export --profile`: where an export's time goes, thread by thread. One
 * export again under a DevTools trace (the whole browser: page, worker, its
 * gzip helpers, the browser process writing the download), then for every
 * thread busy in it: its CPU and wall time, and a strip of its busy share per
 * slice of the export, so overlap (or the lack of it) can be seen at once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { exportZip } from './page-steps';
import type { TraceEvent } from './trace-event';

/** What a thread is to the export: the page, the main worker (which serializes), a gzip helper, or anything else. */
export type ThreadRole = 'page' | 'worker' | 'gzip helper' | 'other';

export interface ThreadUse {
  name: string;
  role: ThreadRole;
  /** CPU ms of its tasks within the export. */
  cpuMs: number;
  /** Wall ms of its tasks within the export. */
  busyMs: number;
  /** ms from the click to its first and last task's end. */
  firstMs: number;
  lastMs: number;
  /** Its busy share per slice, one character each (' ' idle … '#' busy throughout). */
  strip: string;
}

const MARK = 'bench-export-click';
/** The prefix of the export's own measures (src/worker/export-timing.ts's EXPORT_MEASURE). */
const STEP = 'export: ';
const SLICES = 50;
const SHADES = ' .:-=+*#';
/** The trace events that are one task of a thread's loop. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'TaskGraphRunner::RunTask']);

/**
 * Runs {@link exportZip} under a trace; the threads busy between the click
 * and the download, busiest first. The trace is written to `dir` (open it in
 * DevTools' Performance panel).
 */
export async function tracedExport(
  page: Page,
  gzip: boolean,
  dir: string,
): Promise<{ ms: number; threads: ThreadUse[]; steps: ExportSteps }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  let ms: number;
  try {
    // A user-timing mark in the page the moment Download is clicked (not Export, which opens the dialog): the trace's clock for the start.
    await page.evaluate((mark) => {
      const onClick = (e: MouseEvent) => {
        if (!(e.target instanceof Element) || e.target.closest('button')?.textContent?.trim() !== 'Download') return;
        performance.mark(mark);
        document.removeEventListener('click', onClick, true);
      };
      document.addEventListener('click', onClick, true);
    }, MARK);
    ms = (await exportZip(page, gzip)).ms;
  } finally {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `export-${gzip ? 'gzip' : 'plain'}.json`), JSON.stringify({ traceEvents: events }));
  return { ms, threads: threadUse(events, ms), steps: exportSteps(events) };
}

/**
 * The export's own steps, from the measures its threads made
 * (src/worker/export-timing.ts): the main worker's writing of the files, its
 * wait for the gzip helpers and the zip, the helpers' deflates summed; ms
 * from the click. What follows the zip is the hand-over (to the page, the
 * Blob, the browser's download).
 */
export interface ExportSteps {
  writeMs: number;
  waitMs: number;
  zipMs: number;
  /** When the zip was done, from the click. */
  zippedAtMs: number;
  deflates: number;
  /** The helpers' deflates, summed over the helpers (wall time of each, which a busy core stretches). */
  deflateMs: number;
  /** When the last deflate ended, from the click. */
  lastDeflateAtMs: number;
}

export function exportSteps(events: TraceEvent[]): ExportSteps {
  const start = events.filter((e) => e.name === MARK).at(-1)?.ts;
  if (start === undefined) throw new Error('the trace holds no click mark');
  const steps: ExportSteps = {
    writeMs: 0,
    waitMs: 0,
    zipMs: 0,
    zippedAtMs: 0,
    deflates: 0,
    deflateMs: 0,
    lastDeflateAtMs: 0,
  };
  const open = new Map<string, TraceEvent>();
  const measures = events
    .filter((e) => e.name.startsWith(STEP) && (e.ph === 'b' || e.ph === 'e') && e.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  for (const e of measures) {
    const id = `${e.pid}:${e.tid}:${e.name}:${e.id ?? e.id2?.local ?? ''}`;
    if (e.ph === 'b') {
      open.set(id, e);
      continue;
    }
    const b = open.get(id);
    open.delete(id);
    if (!b) continue;
    const ms = (e.ts - b.ts) / 1000;
    const endMs = (e.ts - start) / 1000;
    switch (e.name.slice(STEP.length)) {
      case 'write files':
        steps.writeMs += ms;
        break;
      case 'wait for the helpers':
        steps.waitMs += ms;
        break;
      case 'zip':
        steps.zipMs += ms;
        steps.zippedAtMs = Math.max(steps.zippedAtMs, endMs);
        break;
      case 'helper deflate':
        steps.deflates++;
        steps.deflateMs += ms;
        steps.lastDeflateAtMs = Math.max(steps.lastDeflateAtMs, endMs);
        break;
    }
  }
  return steps;
}

/** The steps as one line for the log. */
export function formatSteps(s: ExportSteps, ms: number): string {
  return `    steps: worker writes the files ${s.writeMs.toFixed(0)} ms, waits for the helpers ${s.waitMs.toFixed(0)} ms, lays out the zip ${s.zipMs.toFixed(0)} ms (done at ${s.zippedAtMs.toFixed(0)} ms); helpers: ${s.deflates} deflates, ${s.deflateMs.toFixed(0)} ms summed, the last done at ${s.lastDeflateAtMs.toFixed(0)} ms; hand-over after the zip ${(ms - s.zippedAtMs).toFixed(0)} ms`;
}

export function threadUse(events: TraceEvent[], ms: number): ThreadUse[] {
  const marks = events.filter((e) => e.name === MARK);
  const start = marks[marks.length - 1]?.ts;
  if (start === undefined) throw new Error('the trace holds no click mark');
  const end = start + ms * 1000;
  const names = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  // Gzip helpers are the workers that ran gzip.worker's script (or, before it deflated on its own, CompressionStream); the page's renderer is the one that made the mark.
  const deflating = new Set(
    events
      .filter(
        (e) =>
          e.name === 'CompressionStream Deflate' ||
          (e.name === 'FunctionCall' && /\/gzip\.worker[^/]*\.js/.test(e.args?.data?.url ?? '')),
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const markKey = `${marks[marks.length - 1]?.pid}:${marks[marks.length - 1]?.tid}`;
  const roleOf = (key: string): ThreadRole => {
    if (key === markKey) return 'page';
    if (deflating.has(key)) return 'gzip helper';
    return names.get(key) === 'DedicatedWorker thread' && key.split(':')[0] === markKey.split(':')[0]
      ? 'worker'
      : 'other';
  };
  const slice = (end - start) / SLICES;
  const by = new Map<string, { cpu: number; busy: number; first: number; last: number; slices: number[] }>();
  // A thread's tasks, outermost only (a task may nest another's trace event).
  const tasks = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && TASKS.has(e.name))
    .sort((x, y) => x.ts - y.ts);
  const covered = new Map<string, number>();
  for (const e of tasks) {
    const key = `${e.pid}:${e.tid}`;
    const dur = e.dur as number;
    if (e.ts + dur <= (covered.get(key) ?? 0)) continue;
    covered.set(key, e.ts + dur);
    const a = Math.max(e.ts, start);
    const b = Math.min(e.ts + dur, end);
    if (b <= a) continue;
    let t = by.get(key);
    if (!t) by.set(key, (t = { cpu: 0, busy: 0, first: Infinity, last: 0, slices: new Array<number>(SLICES).fill(0) }));
    const share = (b - a) / dur;
    t.cpu += (e.tdur ?? dur) * share;
    t.busy += b - a;
    t.first = Math.min(t.first, a - start);
    t.last = Math.max(t.last, b - start);
    for (let s = Math.floor((a - start) / slice); s < SLICES && start + s * slice < b; s++) {
      const lo = Math.max(a, start + s * slice);
      const hi = Math.min(b, start + (s + 1) * slice);
      if (hi > lo) t.slices[s] = (t.slices[s] as number) + (hi - lo) / slice;
    }
  }
  return [...by.entries()]
    .filter(([, t]) => t.busy >= 20_000)
    .map(([key, t]) => ({
      name: `${names.get(key) ?? 'thread'} (${key})`,
      role: roleOf(key),
      cpuMs: t.cpu / 1000,
      busyMs: t.busy / 1000,
      firstMs: t.first / 1000,
      lastMs: t.last / 1000,
      strip: t.slices.map((f) => SHADES[Math.min(SHADES.length - 1, Math.round(f * (SHADES.length - 1)))]).join(''),
    }))
    .sort((x, y) => y.busyMs - x.busyMs);
}

/** CPU ms of an export by role: the worker's (serialization, the zip), the helpers' (compression), the page's, the rest. */
export interface ExportCpu {
  workerMs: number;
  helpersMs: number;
  pageMs: number;
  otherMs: number;
  /** The traced export's own wall time (click → download), which the cores' idle time is counted against. */
  tracedMs: number;
  steps: ExportSteps;
}

/** The threads' CPU summed by role, beside the traced export's wall `ms`. The parse helper, idle here, counts as a worker only if it ran: it is in `workerMs` then. */
export function exportCpu(threads: ThreadUse[], ms: number, steps: ExportSteps): ExportCpu {
  const sum = (role: ThreadRole) => threads.filter((t) => t.role === role).reduce((n, t) => n + t.cpuMs, 0);
  return {
    workerMs: sum('worker'),
    helpersMs: sum('gzip helper'),
    pageMs: sum('page'),
    otherMs: sum('other'),
    tracedMs: ms,
    steps,
  };
}

/**
 * The threads as lines for the log, after their CPU time summed: divided by
 * the cores, the least wall time this work could take on this machine, busy
 * or not (a busy machine stretches the wall time, barely the CPU time).
 */
export function formatThreads(label: string, ms: number, threads: ThreadUse[], cores: number): string {
  const cpu = threads.reduce((sum, t) => sum + t.cpuMs, 0);
  const head = `  ${label}: ${(ms / 1000).toFixed(2)} s traced, CPU of every thread ${(cpu / 1000).toFixed(2)} s (÷ ${cores} cores: ${(cpu / cores / 1000).toFixed(2)} s at least); each strip is the export in ${SLICES} slices of ${(ms / SLICES).toFixed(0)} ms`;
  const lines = threads.map(
    (t) =>
      `    |${t.strip}| cpu ${t.cpuMs.toFixed(0).padStart(5)} ms, busy ${t.busyMs.toFixed(0).padStart(5)} ms, ${t.firstMs.toFixed(0)}–${t.lastMs.toFixed(0)} ms  ${t.role}: ${t.name}`,
  );
  return [head, ...lines].join('\n');
}
