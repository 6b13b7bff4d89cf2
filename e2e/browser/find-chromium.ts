/**
 * Which Chromium the browser tests drive. Shared by the set-up step that may
 * install one (ensure-chromium.ts) and by playwright.config.ts, so both agree.
 */

/** Debian's (and Ubuntu's deb) Chromium. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface BrowserProbe {
  env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
  /** Where Playwright's own downloaded Chromium would be (it may not be there). */
  playwrightChromium(): string;
}

export type BrowserSource = 'CHROMIUM_PATH' | 'debian' | 'playwright';

export type BrowserFound = { found: true; path: string; source: BrowserSource } | { found: false; error?: string };

/**
 * `CHROMIUM_PATH` first (the empty string asks for Playwright's own browser),
 * then Debian's `/usr/bin/chromium`, then Playwright's download.
 */
export function findChromium(probe: BrowserProbe): BrowserFound {
  const asked = probe.env.CHROMIUM_PATH ?? probe.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  const own = probe.playwrightChromium();
  if (asked === '') {
    return probe.exists(own) ? { found: true, path: own, source: 'playwright' } : { found: false };
  }
  if (asked !== undefined) {
    return probe.exists(asked)
      ? { found: true, path: asked, source: 'CHROMIUM_PATH' }
      : {
          found: false,
          error: `CHROMIUM_PATH is set to ${asked}, which does not exist. Point it at a Chromium binary, or unset it.`,
        };
  }
  if (probe.exists(DEBIAN_CHROMIUM)) return { found: true, path: DEBIAN_CHROMIUM, source: 'debian' };
  if (probe.exists(own)) return { found: true, path: own, source: 'playwright' };
  return { found: false };
}

/**
 * The `executablePath` to launch: Playwright picks its own build itself (its
 * headless shell, when headless), so only a system binary is named.
 */
export function executablePathFor(found: BrowserFound): string | undefined {
  return found.found && found.source !== 'playwright' ? found.path : undefined;
}
