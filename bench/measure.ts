/**
 * Timing and memory helpers. Run under `node --expose-gc`.
 *
 * - time: performance.now() around the measured call only.
 * - peak heap: V8's used heap just before every GC during the call (via
 *   v8.GCProfiler) and at its end; the heap only grows between GCs, so the
 *   maximum of those is the true peak. Reported above the baseline taken
 *   after a full GC at the start of the call.
 * - peak RSS: process RSS sampled every 2 ms by a worker thread (it keeps
 *   sampling while the main thread is busy in synchronous code).
 * - retained: heapUsed + external (typed-array stores are external) after a
 *   full GC with the result alive, minus the same figure before the call.
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * Lets pending callbacks run (stream teardown after a promise resolves can
 * still hold a finished run's result for a turn of the event loop), then
 * collects. Without it a run's baseline can include the previous run's result.
 */
export async function settle(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
  fullGc();
}

export function fullGc(): void {
  if (!globalThis.gc) throw new Error('run with node --expose-gc');
  globalThis.gc();
  globalThis.gc();
}

/** heapUsed + external: what a full GC leaves alive, including typed-array stores. */
export function liveBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const SAMPLER = `
const { workerData } = require('node:worker_threads');
const peak = new Int32Array(workerData);
setInterval(() => {
  const kb = Math.round(process.memoryUsage.rss() / 1024);
  if (kb > Atomics.load(peak, 0)) Atomics.store(peak, 0, kb);
}, 2);
`;

/** Samples process RSS from a worker thread; reset() before a step, peak() after. */
export class RssSampler {
  private readonly shared = new SharedArrayBuffer(4);
  private readonly peakKb = new Int32Array(this.shared);
  private readonly worker: Worker;
  constructor() {
    this.worker = new Worker(SAMPLER, { eval: true, workerData: this.shared });
    this.worker.unref();
  }
  reset(): void {
    Atomics.store(this.peakKb, 0, Math.round(process.memoryUsage.rss() / 1024));
  }
  /** Peak RSS in bytes since the last reset. */
  peak(): number {
    const now = Math.round(process.memoryUsage.rss() / 1024);
    return Math.max(now, Atomics.load(this.peakKb, 0)) * 1024;
  }
  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

export interface StepMeasure {
  ms: number;
  /** V8 used heap at the start, after a full GC (bytes). */
  heapStart: number;
  /** liveBytes() at the start, after a full GC (bytes). */
  liveStart: number;
  /** Peak V8 used heap during the step, above the heap at its start (bytes). */
  peakHeap: number;
  /** Peak process RSS during the step (absolute, bytes). */
  peakRss: number;
  /**
   * CPU time of the process during the step (user + system, every thread:
   * GC's helpers, which on an idle machine run beside the main thread and
   * cost no wall time, and the RSS sampler's). On a shared machine it moves
   * far less with the other jobs than the wall time.
   */
  cpuMs: number;
}

/**
 * Runs `fn` once and measures it. Pending callbacks and a full GC run first
 * (not timed) so that earlier garbage does not land in this step.
 */
export async function measureStep<T>(
  sampler: RssSampler,
  fn: () => T | Promise<T>,
): Promise<{ value: T; m: StepMeasure }> {
  await settle();
  const heap0 = process.memoryUsage().heapUsed;
  const live0 = liveBytes();
  sampler.reset();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const stats = profiler.stop();
  let peak = process.memoryUsage().heapUsed;
  for (const s of stats.statistics) peak = Math.max(peak, s.beforeGC.heapStatistics.usedHeapSize);
  return {
    value,
    m: {
      ms,
      heapStart: heap0,
      liveStart: live0,
      peakHeap: Math.max(0, peak - heap0),
      peakRss: sampler.peak(),
      cpuMs: (cpu.user + cpu.system) / 1000,
    },
  };
}

/**
 * Bytes still held since `liveStart` (from measureStep), after a full GC.
 * Resets V8's RegExp last-match state first: it keeps the subject string of
 * the last regexp run alive (e.g. a whole decoded file), which is no part of
 * the result being measured and goes as soon as any other regexp runs.
 */
export async function retainedSince(liveStart: number): Promise<number> {
  /(?:)/.exec('');
  await settle();
  return liveBytes() - liveStart;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
