/**
 * `--profile`: a sampled CPU profile of the page's main thread around one
 * step, written as a `.cpuprofile` (open it in DevTools' Performance panel)
 * and summed up by self time, so a cut is chosen from what the page really
 * spends, not from a guess.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Runs `step` under the CDP Profiler (100 µs samples); writes `dir/name.cpuprofile` and logs its top self times. */
export async function profiled<T>(
  page: Page,
  dir: string | null,
  name: string,
  step: () => Promise<T>,
  log: (s: string) => void,
): Promise<T> {
  if (!dir) return step();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  let result: T;
  try {
    result = await step();
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.detach();
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    log(`  profile ${path}\n${topSelf(profile, 25)}`);
  }
  return result;
}

/** The functions with the most self time, one line each: ms, share, name and place. */
export function topSelf(profile: Profile, count: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const f = node.callFrame;
    if (f.functionName === '(idle)') return;
    const file = f.url.split('/').pop() ?? '';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `    busy ${total.toFixed(1)} ms`,
    ...rows.map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`),
  ].join('\n');
}
