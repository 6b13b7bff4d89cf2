/**
 * One cell edit under a DevTools trace, printed as a timeline in ms from the
 * Enter keydown: the page's main-thread tasks (the keydown, the worker's
 * answer, each frame's animation callbacks, style, layout, paint) and the
 * worker's tasks, up to the frame whose animation callback first saw the row
 * with its re-checked problem. Tells what sits between the keydown and that
 * frame before anything is cut (issue 13 point 4).
 *
 *   node --import tsx bench/browser/edit-trace.ts [--size 200000] [--port 4199] [--edits 3] [--no-build]
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { dataDir, ensureDataSet } from '../dataset';
import { SITE_URL } from '../generate';
import { editLastmod, importThroughPicker, installPageHelpers, setSiteUrl, type EditTiming } from './page-steps';
import { buildApp, serveApp } from './serve';
import type { TraceEvent } from './trace-event';

const log = (s: string) => process.stderr.write(`${s}\n`);

/** The events worth a line: tasks and what a frame does on the main thread. */
const SHOWN = new Set([
  'EventDispatch',
  'FunctionCall',
  'FireAnimationFrame',
  'TimerFire',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'BeginMainThreadFrame',
  'BeginFrame',
  'DrawFrame',
  'RunMicrotasks',
  'V8.GC_SCAVENGER',
  'MinorGC',
  'MajorGC',
  'ScheduleStyleRecalculation',
  'HitTest',
  'ParseHTML',
  'v8.callFunction',
]);

async function traced(
  page: Page,
  edit: () => Promise<EditTiming>,
): Promise<{ timing: EditTiming; events: TraceEvent[] }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,blink.user_timing,v8.execute',
    transferMode: 'ReportEvents',
  });
  let timing: EditTiming;
  try {
    timing = await edit();
  } finally {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
  }
  return { timing, events };
}

function timeline(events: TraceEvent[], ms: number): string {
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const keydown = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!keydown) return '  (no keydown in the trace)';
  const main = `${keydown.pid}:${keydown.tid}`;
  const t0 = keydown.ts;
  const end = t0 + (ms + 25) * 1000;
  const lines: string[] = [];
  for (const e of events.sort((a, b) => a.ts - b.ts)) {
    if (e.ts < t0 - 2000 || e.ts > end) continue;
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? '';
    const isMain = `${e.pid}:${e.tid}` === main;
    const isWorker = thread.startsWith('DedicatedWorker');
    const isCompositor = thread === 'Compositor' || thread.startsWith('VizCompositor');
    if (!isMain && !isWorker && !isCompositor) continue;
    if (!SHOWN.has(e.name) && !(e.cat ?? '').includes('user_timing')) continue;
    if (isCompositor && e.name !== 'BeginFrame' && e.name !== 'DrawFrame') continue;
    const at = ((e.ts - t0) / 1000).toFixed(2).padStart(7);
    const dur = e.dur !== undefined ? `${(e.dur / 1000).toFixed(2)} ms` : '';
    const what = e.args?.data?.type ?? e.args?.data?.functionName ?? '';
    lines.push(
      `  ${at}  ${(isMain ? 'main' : isWorker ? 'worker' : thread).padEnd(14)} ${e.name}${what ? ` (${what})` : ''} ${dur}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string, d: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? (argv[i + 1] as string) : d;
  };
  const n = Number(opt('--size', '200000'));
  const port = Number(opt('--port', '4199'));
  const edits = Number(opt('--edits', '3'));
  ensureDataSet(n, log);
  if (!argv.includes('--no-build')) buildApp(log, { minify: false });
  const server = await serveApp(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('Import sitemaps').waitFor({ state: 'attached' });
    await installPageHelpers(page);
    await setSiteUrl(page, SITE_URL);
    await page.waitForTimeout(300);
    const manifest = JSON.parse(readFileSync(join(dataDir(n), 'manifest.json'), 'utf8')) as {
      files: { name: string }[];
    };
    const imported = await importThroughPicker(
      page,
      manifest.files.map((f) => join(dataDir(n), `${f.name}.gz`)),
      n,
    );
    log(`imported ${n} URLs in ${imported.ms.toFixed(0)} ms; load ${os.loadavg()[0]?.toFixed(2)}`);
    for (let k = 0; k < edits; k++) {
      const future = k % 2 === 0;
      const { timing, events } = await traced(page, () =>
        editLastmod(page, future ? `2099-01-0${k + 1}` : `2020-01-0${k + 1}`, 'lastmod-future', future),
      );
      const { ms, frame, firstFrameMs, answerMs, redrawn } = timing;
      console.log(
        `edit ${k + 1}: ${ms.toFixed(1)} ms, frame ${frame} (first at ${firstFrameMs.toFixed(1)} ms), answer at ${answerMs.toFixed(1)} ms${redrawn ? ', drawn again' : ''} (load ${os.loadavg()[0]?.toFixed(2)})\n${timeline(events, Math.max(ms, answerMs))}\n`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
