import { describe, expect, it } from 'vitest';
import { ensureChromium, type Installer } from './ensure-chromium';
import { DEBIAN_CHROMIUM, executablePathFor, findChromium } from './find-chromium';

const OWN = '/root/.cache/ms-playwright/chromium-1234/chrome-linux/chrome';

interface Fake extends Installer {
  runs: string[];
}

/**
 * A machine with the given files; `installs` says which binary each install
 * command puts on it (absent: the command fails).
 */
function machine(opts: {
  files?: string[];
  env?: Record<string, string>;
  root?: boolean;
  debian?: boolean;
  installs?: { apt?: string; playwright?: string };
}): Fake {
  const files = new Set(opts.files ?? []);
  const runs: string[] = [];
  return {
    runs,
    env: opts.env ?? {},
    exists: (p) => files.has(p),
    playwrightChromium: () => OWN,
    isRoot: opts.root ?? false,
    isDebianLike: opts.debian ?? false,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      runs.push(line);
      if (line === 'apt-get update') return opts.installs?.apt !== undefined;
      const put =
        line === 'apt-get install -y chromium'
          ? opts.installs?.apt
          : line === 'npx playwright install chromium'
            ? opts.installs?.playwright
            : undefined;
      if (put === undefined) return false;
      files.add(put);
      return true;
    },
  };
}

describe('findChromium', () => {
  it("takes CHROMIUM_PATH first, then Debian's, then Playwright's own", () => {
    const all = ['/opt/chrome', DEBIAN_CHROMIUM, OWN];
    expect(findChromium(machine({ files: all, env: { CHROMIUM_PATH: '/opt/chrome' } }))).toEqual({
      found: true,
      path: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    });
    expect(findChromium(machine({ files: all }))).toEqual({ found: true, path: DEBIAN_CHROMIUM, source: 'debian' });
    expect(findChromium(machine({ files: [OWN] }))).toEqual({ found: true, path: OWN, source: 'playwright' });
    expect(findChromium(machine({}))).toEqual({ found: false });
  });

  it('reads an empty CHROMIUM_PATH as "Playwright\'s own browser", even beside Debian\'s', () => {
    const found = findChromium(machine({ files: [DEBIAN_CHROMIUM, OWN], env: { CHROMIUM_PATH: '' } }));
    expect(found).toEqual({ found: true, path: OWN, source: 'playwright' });
    expect(executablePathFor(found)).toBeUndefined();
  });

  it('names a system binary for Playwright to launch', () => {
    expect(executablePathFor(findChromium(machine({ files: [DEBIAN_CHROMIUM] })))).toBe(DEBIAN_CHROMIUM);
    expect(executablePathFor({ found: false })).toBeUndefined();
  });
});

describe('ensureChromium', () => {
  it('installs nothing when a browser is there, and says which it uses', () => {
    const sys = machine({ files: [DEBIAN_CHROMIUM], root: true, debian: true });
    expect(ensureChromium(sys)).toEqual({
      ok: true,
      path: DEBIAN_CHROMIUM,
      line: "Browser tests use /usr/bin/chromium (Debian's chromium).",
    });
    expect(sys.runs).toEqual([]);
  });

  it('uses CHROMIUM_PATH as given, and stops when it points at nothing', () => {
    const given = machine({ files: ['/opt/chrome'], env: { CHROMIUM_PATH: '/opt/chrome' } });
    expect(ensureChromium(given)).toEqual({
      ok: true,
      path: '/opt/chrome',
      line: 'Browser tests use /opt/chrome (CHROMIUM_PATH).',
    });
    const wrong = machine({ files: [DEBIAN_CHROMIUM], env: { CHROMIUM_PATH: '/opt/none' }, root: true, debian: true });
    expect(ensureChromium(wrong)).toEqual({
      ok: false,
      message: 'CHROMIUM_PATH is set to /opt/none, which does not exist. Point it at a Chromium binary, or unset it.',
    });
    expect(wrong.runs).toEqual([]);
  });

  it("as root on Debian with no browser, installs Debian's chromium with apt-get", () => {
    const sys = machine({ root: true, debian: true, installs: { apt: DEBIAN_CHROMIUM, playwright: OWN } });
    expect(ensureChromium(sys)).toEqual({
      ok: true,
      path: DEBIAN_CHROMIUM,
      line: "Installed Debian's chromium (apt-get install -y chromium): browser tests use /usr/bin/chromium.",
    });
    expect(sys.runs).toEqual(['apt-get update', 'apt-get install -y chromium']);
  });

  it("not as root, or not on Debian, downloads Playwright's Chromium", () => {
    for (const sys of [
      machine({ root: false, debian: true, installs: { apt: DEBIAN_CHROMIUM, playwright: OWN } }),
      machine({ root: true, debian: false, installs: { playwright: OWN } }),
    ]) {
      expect(ensureChromium(sys)).toEqual({
        ok: true,
        path: OWN,
        line: `Installed Playwright's Chromium (npx playwright install chromium): browser tests use ${OWN}.`,
      });
      expect(sys.runs).toEqual(['npx playwright install chromium']);
    }
  });

  it("falls back to Playwright's download when apt-get fails", () => {
    const sys = machine({ root: true, debian: true, installs: { playwright: OWN } });
    expect(ensureChromium(sys)).toMatchObject({ ok: true, path: OWN });
    expect(sys.runs).toEqual(['apt-get update', 'npx playwright install chromium']);
  });

  it("an empty CHROMIUM_PATH downloads Playwright's browser rather than apt-get's", () => {
    const sys = machine({
      env: { CHROMIUM_PATH: '' },
      root: true,
      debian: true,
      installs: { apt: DEBIAN_CHROMIUM, playwright: OWN },
    });
    expect(ensureChromium(sys)).toMatchObject({ ok: true, path: OWN });
    expect(sys.runs).toEqual(['npx playwright install chromium']);
  });

  it('stops with the command to run when nothing can be installed', () => {
    const sys = machine({ root: true, debian: true });
    expect(ensureChromium(sys)).toEqual({
      ok: false,
      message:
        'No Chromium for the browser tests. Install one with `sudo apt-get install -y chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    });
    expect(sys.runs).toEqual(['apt-get update', 'npx playwright install chromium']);
  });
});
