/**
 * The first step of `npm run test:e2e`: finds the Chromium the browser tests
 * drive, or installs one, and says in one line what it did. On Debian/Ubuntu
 * as root it installs Debian's `chromium` with apt-get; otherwise (or if that
 * fails) it runs Playwright's own download. Where neither works it stops with
 * the command to run by hand.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium, type BrowserProbe } from './find-chromium';

export interface Installer extends BrowserProbe {
  isRoot: boolean;
  isDebianLike: boolean;
  /** Runs a command with its output shown; true when it exits 0. */
  run(command: string, args: string[]): boolean;
}

export type EnsureResult = { ok: true; path: string; line: string } | { ok: false; message: string };

const BY_HAND =
  'No Chromium for the browser tests. Install one with `sudo apt-get install -y chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary.';

const SOURCE_WORDS = {
  CHROMIUM_PATH: 'CHROMIUM_PATH',
  debian: "Debian's chromium",
  playwright: "Playwright's Chromium",
} as const;

/** Finds a Chromium, installing one when there is none. */
export function ensureChromium(sys: Installer): EnsureResult {
  const first = findChromium(sys);
  if (first.found)
    return { ok: true, path: first.path, line: `Browser tests use ${first.path} (${SOURCE_WORDS[first.source]}).` };
  if (first.error) return { ok: false, message: first.error };

  const wantsPlaywright = sys.env.CHROMIUM_PATH === '';
  if (!wantsPlaywright && sys.isDebianLike && sys.isRoot) {
    if (sys.run('apt-get', ['update']) && sys.run('apt-get', ['install', '-y', 'chromium'])) {
      const after = findChromium(sys);
      if (after.found)
        return {
          ok: true,
          path: after.path,
          line: `Installed Debian's chromium (apt-get install -y chromium): browser tests use ${after.path}.`,
        };
    }
  }
  if (sys.run('npx', ['playwright', 'install', 'chromium'])) {
    const after = findChromium(sys);
    if (after.found)
      return {
        ok: true,
        path: after.path,
        line: `Installed Playwright's Chromium (npx playwright install chromium): browser tests use ${after.path}.`,
      };
  }
  return { ok: false, message: BY_HAND };
}

function isDebianLike(): boolean {
  if (existsSync('/etc/debian_version')) return true;
  try {
    return /^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

function main(): void {
  const result = ensureChromium({
    env: process.env,
    exists: existsSync,
    playwrightChromium: () => chromium.executablePath(),
    isRoot: process.getuid?.() === 0,
    isDebianLike: isDebianLike(),
    run: (command, args) =>
      spawnSync(command, args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0,
  });
  if (result.ok) {
    console.log(result.line);
  } else {
    console.error(result.message);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
