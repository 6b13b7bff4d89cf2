/**
 * A core module bundled for the page, so a floor can run our own code on the
 * page's thread beside the platform's (floors.ts, compressors.ts): esbuild,
 * already installed with Vite, builds `entry` as a script that sets
 * `globalThis[name]` to its exports.
 */
import { buildSync } from 'esbuild';

export function pageScript(entry: string, name: string): string {
  const out = buildSync({ entryPoints: [entry], bundle: true, format: 'iife', globalName: name, platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}
