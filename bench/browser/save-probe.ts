/*
 * How long the autosave after an import holds the worker, and what that does
 * to a sort clicked right after the import. A tick loop in the worker
 * (setTimeout 0) records every gap over 16 ms: each is one task that held the
 * worker. The page records when "Saving…" shows and goes.
 *
 *   node --import tsx bench/browser/save-probe.ts [--size 200000] [--port 5311] [--no-build] [--quiet]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Worker } from 'playwright-core';
import { dataDir, ensureDataSet } from '../dataset';
import { SITE_URL } from '../generate';
import { importThroughPicker, installPageHelpers, setSiteUrl, sortBy } from './page-steps';
import { buildApp, serveApp } from './serve';

const log = (s: string) => process.stderr.write(`${s}\n`);
const argv = process.argv.slice(2);
const arg = (flag: string, fallback: string) =>
  argv.includes(flag) ? (argv[argv.indexOf(flag) + 1] as string) : fallback;
const n = Number(arg('--size', '200000'));
const port = Number(arg('--port', '5311'));

async function main(): Promise<void> {
  ensureDataSet(n, log);
  if (!argv.includes('--no-build')) buildApp(log);
  const server = await serveApp(port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    const workers: Worker[] = [];
    page.on('worker', (w) => workers.push(w));
    const marks: [string, number][] = [];
    page.on('console', (m) => {
      const [tag, name, at] = m.text().split(' ');
      if (tag === 'PROBE') marks.push([name as string, Number(at)]);
    });
    await page.goto(server.url);
    await page.getByLabel('Import sitemaps').waitFor({ state: 'attached' });
    await installPageHelpers(page);
    await setSiteUrl(page, SITE_URL);
    await page.waitForTimeout(300);
    const worker = workers.find((w) => /sitemap/.test(w.url()));
    if (!worker) throw new Error(`no sitemap worker among ${workers.map((w) => w.url()).join(', ')}`);
    // tsx's keepNames `__name` calls travel in the evaluated functions: give the worker a no-op too.
    await worker.evaluate('globalThis.__name = (f) => f;');
    await worker.evaluate(() => {
      const g = globalThis as unknown as { __gaps: [number, number][] };
      g.__gaps = [];
      let last = performance.now();
      const tick = () => {
        const t = performance.now();
        if (t - last > 16) g.__gaps.push([performance.timeOrigin + last, t - last]);
        last = t;
        setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
    });
    await page.evaluate(() => {
      const g = window as unknown as { __saving: [string, number][] };
      g.__saving = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="save-status"]')?.textContent ?? '';
        const lastText = g.__saving.at(-1)?.[0];
        if (text !== lastText) g.__saving.push([text, performance.timeOrigin + performance.now()]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const manifest = JSON.parse(readFileSync(join(dataDir(n), 'manifest.json'), 'utf8')) as {
      files: { name: string }[];
    };
    const paths = manifest.files.map((f) => join(dataDir(n), `${f.name}.gz`));
    const imported = await importThroughPicker(page, paths, n);
    const importEnd = await page.evaluate(() => performance.timeOrigin + performance.now());
    // `--quiet`: nothing asked of the worker during the save, so every long task in it is the save's.
    const quiet = argv.includes('--quiet');
    const sortLoc = quiet ? NaN : await sortBy(page, 'loc');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="save-status"]')?.textContent?.startsWith('Saved'),
      null,
      { timeout: 300_000 },
    );
    await page.waitForTimeout(200);
    const sortLastmod = await sortBy(page, 'lastmod');
    const saving = await page.evaluate(() => (window as unknown as { __saving: [string, number][] }).__saving);
    const gaps = await worker.evaluate(() => (globalThis as unknown as { __gaps: [number, number][] }).__gaps);
    // A task running when the import was seen done counts too.
    const after = gaps.filter(([at, ms]) => at + ms >= importEnd);
    const savedAt = saving.find(([t, at]) => t.startsWith('Saved') && at >= importEnd)?.[1] ?? NaN;
    const during = after.filter(([at, ms]) => at + ms <= savedAt + 5);
    const longest = during.reduce((m, [, ms]) => Math.max(m, ms), 0);
    log(
      `n ${n}: import ${imported.ms.toFixed(0)} ms; sort by loc right after ${sortLoc.toFixed(0)} ms; by lastmod after the save ${sortLastmod.toFixed(0)} ms`,
    );
    log(
      `save done ${(savedAt - importEnd).toFixed(0)} ms after the import; worker tasks over 16 ms in between: ${during.length}, longest ${longest.toFixed(0)} ms`,
    );
    log(`  marks: ${marks.map(([k, at]) => `${k}@${(at - importEnd).toFixed(0)}`).join(' ')}`);
    log(
      `  tasks (ms after import: length): ${during.map(([at, ms]) => `${(at - importEnd).toFixed(0)}:${ms.toFixed(0)}`).join(' ')}`,
    );
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
