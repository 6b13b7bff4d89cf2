/** Builds the app as users get it and serves it with Vite's preview server for the browser benchmark. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { OUT_DIR } from '../dataset';

export const DIST = join(OUT_DIR, 'dist-browser-bench');

/** Builds the app; unminified when profiling, so a profile names the functions. */
export function buildApp(log: (s: string) => void, { minify = true } = {}): void {
  const t0 = performance.now();
  const flags = minify ? [] : ['--minify', 'false'];
  const r = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn', ...flags], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
  log(`built the app in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${DIST}`);
}

/** Starts `vite preview` on the port and resolves once it answers. */
export async function serveApp(port: number): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--outDir', DIST, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid);
    } catch {
      /* already gone */
    }
  };
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`vite preview did not answer on ${url}`);
}
