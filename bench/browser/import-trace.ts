/**
 * Where an import's time goes, from a DevTools trace of the timed import
 * itself: the phases the worker and its parse helper measure
 * (src/worker/import-timing.ts, "import: …" User Timing measures), and
 * each thread's CPU between the picker's change and the rows shown. The
 * report's "held back by" for the import is built from these figures.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { TraceEvent } from './trace-event';

/** One measured phase: which thread, ms from the change, how long. */
export interface ImportPhase {
  thread: 'worker' | 'helper' | 'page' | 'other';
  name: string;
  startMs: number;
  ms: number;
}

export interface ImportCpu {
  /**
   * CPU ms by thread role between the change and the rows shown, from the
   * trace's tasks. The workers' own figures undercount (the trace misses some
   * of their long tasks): their busy time is read from their phases instead.
   */
  workerMs: number;
  helperMs: number;
  pageMs: number;
  otherMs: number;
  phases: ImportPhase[];
}

const MARK = 'bench-import-change';
const PREFIX = 'import: ';
/** A thread's units of work; a promise's continuation can run in a microtask checkpoint outside any task. */
const TASKS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadPool_RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
]);

/** Starts a trace before the import; `finish(ms)` ends it and sums it up over the ms the import took. */
export async function traceImport(page: Page): Promise<(ms: number) => Promise<ImportCpu>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  await page.evaluate((mark) => {
    document.addEventListener('change', () => performance.mark(mark), { capture: true, once: true });
  }, MARK);
  return async (ms) => {
    await stop(cdp);
    if (process.env.IMPORT_TRACE_DUMP)
      (await import('node:fs')).writeFileSync(process.env.IMPORT_TRACE_DUMP, JSON.stringify({ traceEvents: events }));
    return importCpu(events, ms);
  };
}

async function stop(cdp: CDPSession): Promise<void> {
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
}

export function importCpu(events: TraceEvent[], ms: number): ImportCpu {
  const mark = events.filter((e) => e.name === MARK).at(-1);
  if (!mark) throw new Error('the trace holds no change mark');
  const start = mark.ts;
  const end = start + ms * 1000;
  const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const pageKey = key(mark);
  // The threads that measured import phases: the helper's start with "helper".
  const measures = events.filter((e) => e.name.startsWith(PREFIX) && (e.ph === 'b' || e.ph === 'e'));
  const helperKeys = new Set(measures.filter((e) => e.name.startsWith(`${PREFIX}helper`)).map(key));
  const workerKeys = new Set(measures.filter((e) => !e.name.startsWith(`${PREFIX}helper`)).map(key));
  const roleOf = (k: string): ImportPhase['thread'] =>
    k === pageKey ? 'page' : helperKeys.has(k) ? 'helper' : workerKeys.has(k) ? 'worker' : 'other';
  const phases: ImportPhase[] = [];
  const open = new Map<string, TraceEvent>();
  for (const e of measures.sort((a, b) => a.ts - b.ts)) {
    const id = `${key(e)}:${e.name}:${e.id ?? e.id2?.local ?? ''}`;
    if (e.ph === 'b') open.set(id, e);
    else {
      const b = open.get(id);
      open.delete(id);
      if (b)
        phases.push({
          thread: roleOf(key(e)),
          name: e.name.slice(PREFIX.length),
          startMs: (b.ts - start) / 1000,
          ms: (e.ts - b.ts) / 1000,
        });
    }
  }
  const cpu = { page: 0, worker: 0, helper: 0, other: 0 };
  const covered = new Map<string, number>();
  const tasks = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && TASKS.has(e.name))
    .sort((x, y) => x.ts - y.ts);
  for (const e of tasks) {
    const k = key(e);
    const dur = e.dur as number;
    if (e.ts + dur <= (covered.get(k) ?? 0)) continue;
    covered.set(k, e.ts + dur);
    const a = Math.max(e.ts, start);
    const b = Math.min(e.ts + dur, end);
    if (b <= a) continue;
    cpu[roleOf(k)] += ((e.tdur ?? dur) * (b - a)) / dur / 1000;
  }
  return { workerMs: cpu.worker, helperMs: cpu.helper, pageMs: cpu.page, otherMs: cpu.other, phases };
}

/** The phases measured once per file. */
const PER_FILE = new Set(['read', 'gunzip', 'helper read', 'helper gunzip']);

const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);

/** The phases as a timeline for the log: each at its start, thread by thread. */
export function formatImportTimeline(c: ImportCpu, importMs: number): string {
  // The reads and gunzip waits come file by file: one line each, from the first to the last.
  const runs: (ImportPhase & { endMs: number; count: number })[] = [];
  const byName = new Map<string, ImportPhase & { endMs: number; count: number }>();
  for (const p of [...c.phases].sort((a, b) => a.startMs - b.startMs)) {
    const key = `${p.thread}:${p.name}`;
    const seen = byName.get(key);
    if (seen && PER_FILE.has(p.name)) {
      seen.ms += p.ms;
      seen.endMs = p.startMs + p.ms;
      seen.count++;
      continue;
    }
    const run = { ...p, endMs: p.startMs + p.ms, count: 1 };
    byName.set(key, run);
    runs.push(run);
  }
  const lines = runs
    .sort((a, b) => a.startMs - b.startMs)
    .map(
      (p) =>
        `    ${ms(p.startMs).padStart(8)} → ${ms(p.endMs).padStart(8)}  ${p.thread.padEnd(6)} ${p.name} (${ms(p.ms)}${p.count > 1 ? ` in ${p.count}` : ''})`,
    );
  return [
    `  import ${ms(importMs)}: traced CPU page ${ms(c.pageMs)}, other threads ${ms(c.otherMs)}; the workers' phases:`,
    ...lines,
  ].join('\n');
}
