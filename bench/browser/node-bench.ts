import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT_DIR } from '../dataset';
import type { NodeFigures } from './report';

const log = (s: string) => process.stderr.write(`${s}\n`);

/** Runs the Node benchmark's headline cases on the same sizes and reads its figures back. */
export function runNodeBench(sizes: number[], runs: number): NodeFigures | null {
  log(`running the Node benchmark (npm run bench) on ${sizes.join(', ')} URLs …`);
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      'bench/run.ts',
      '--sizes',
      sizes.join(','),
      '--runs',
      String(runs),
      '--only',
      'parse/ours,parse/saxes,export/ours,export/sitemap-whole',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const path = join(OUT_DIR, 'node-bench.json');
  if (r.status !== 0 || !existsSync(path)) {
    log(`!!! the Node benchmark failed (${r.status ?? r.signal})`);
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8')) as NodeFigures;
}
