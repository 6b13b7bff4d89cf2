/**
 * The page's main-thread CPU time per frame while scrolling, from a
 * DevTools trace: thread time, not wall time, so a machine busy with other
 * work slows the frames down but barely moves this figure, and runs on a
 * shared machine can be set side by side.
 */
import type { Page } from 'playwright-core';
import { scrollTopToBottom, type ScrollStats } from './page-steps';
import type { TraceEvent } from './trace-event';

export interface FrameCpu {
  frames: number;
  /** Main-thread CPU ms per frame: every task (script, style, layout, paint). */
  cpuMsPerFrame: number;
  /** Of that, style and layout. */
  styleLayoutMsPerFrame: number;
  /** Of that, pre-paint, paint, layerize and commit to the compositor. */
  paintMsPerFrame: number;
  /** Every traced event name by thread ms per frame, largest first (nested events count in their parents too): where the time goes. */
  breakdown: [string, number][];
}

/** Scrolls top to bottom in `ms` again, under a trace, and sums the renderer main thread's CPU time. */
export async function scrollCpu(page: Page, ms: number): Promise<FrameCpu> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  let stats: ScrollStats;
  try {
    stats = await scrollTopToBottom(page, ms);
  } finally {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
  }
  // The page's main thread: the renderer thread that ran script.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const ran = (t: TraceEvent) => events.some((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FunctionCall');
  const main = mains.find(ran);
  if (!main) throw new Error('the trace holds no renderer main thread that ran script');
  let cpu = 0;
  const by = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid || e.tdur === undefined) continue;
    if (e.name === 'RunTask') cpu += e.tdur;
    else by.set(e.name, (by.get(e.name) ?? 0) + e.tdur);
  }
  const per = (names: string[]) => names.reduce((sum, name) => sum + (by.get(name) ?? 0), 0) / 1000 / stats.frames;
  return {
    frames: stats.frames,
    cpuMsPerFrame: cpu / 1000 / stats.frames,
    styleLayoutMsPerFrame: per(['UpdateLayoutTree', 'Layout']),
    paintMsPerFrame: per(['PrePaint', 'Paint', 'Layerize', 'Commit']),
    breakdown: [...by.entries()]
      .map(([name, t]): [string, number] => [name, t / 1000 / stats.frames])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14),
  };
}
