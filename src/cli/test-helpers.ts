/** Runs the CLI as `npm run cli -- …` would, collecting what it prints: for the CLI's tests. */
import { resolve } from 'node:path';
import { main, mainAsync } from './main';

/** The repository's small fixtures. */
export const FIX = resolve(__dirname, '../../fixtures');

export function run(...argv: string[]): { code: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

/** {@link run} for every command, `export` and `stream` included (mainAsync). */
export async function runAsync(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mainAsync(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}
