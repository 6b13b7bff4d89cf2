/**
 * A core module bundled for the page, so a floor can run our own code on the
 * page's thread beside the platform's (floors.ts, compressors.ts): esbuild,
 * already installed with Vite, builds `entry` as a script whose exports
 * become `globalThis[name]`.
 */
import { buildSync } from 'esbuild';
import type { Page } from 'playwright-core';

export function pageScript(entry: string, name: string): string {
  const out = buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: name,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return `${file.text}\nglobalThis.${name} = ${name};`;
}

/**
 * Runs {@link pageScript} in the page through the DevTools protocol, which
 * the app's Content-Security-Policy (no inline scripts) does not apply to.
 */
export async function installPageScript(page: Page, entry: string, name: string): Promise<void> {
  await page.evaluate(`${pageScript(entry, name)}\nundefined`);
}
