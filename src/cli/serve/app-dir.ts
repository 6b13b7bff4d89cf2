import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the built app is: the installed command carries it beside its
 * bundle (`app/`, build-cli.ts copies dist/ there); in a checkout it is the
 * build's `dist/` (npm run build). `--app DIR` names another.
 */
export function defaultAppDir(): string {
  // __dirname is the bundle's folder in the installed command (CommonJS); absent when run from source as ESM.
  const here = typeof __dirname === 'string' ? __dirname : '';
  if (here !== '' && existsSync(join(here, 'app', 'index.html'))) return join(here, 'app');
  return resolve('dist');
}
