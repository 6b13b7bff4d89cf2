import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from './fetch/test-site';

const ROOT = resolve(__dirname, '../..');
const run = promisify(execFile);

let site: TestSite;
let home = '';

/**
 * The installable command as a user gets it: built, packed, installed from
 * the tarball into an empty folder (offline: it has no dependencies), and
 * run there with npx against a live site on 127.0.0.1.
 */
beforeAll(async () => {
  site = await startTestSite();
  const work = mkdtempSync(join(tmpdir(), 'sitemap-editor-pack-'));
  const pkgDir = join(work, 'package');
  execFileSync('npx', ['tsx', 'src/cli/build-cli.ts', pkgDir], { cwd: ROOT, stdio: 'pipe' });
  execFileSync('npm', ['pack', pkgDir, '--pack-destination', work, '--silent'], { cwd: work, stdio: 'pipe' });
  home = join(work, 'home');
  mkdirSync(home);
  const tarball = readdirSync(work).find((n) => n.endsWith('.tgz')) as string;
  execFileSync('npm', ['i', '--offline', '--no-audit', '--no-fund', '--no-save', join(work, tarball)], {
    cwd: home,
    stdio: 'pipe',
  });
}, 60_000);
afterAll(() => site?.close());

async function sitemapEditor(...args: string[]): Promise<{ code: number; stdout: string }> {
  return sitemapEditorIn(process.env, ...args);
}

async function sitemapEditorIn(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run('npx', ['--no', '--', 'sitemap-editor', ...args], { cwd: home, env });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, stdout: err.stdout };
  }
}

/** The slow sitemap takes 6 s: past this timeout, with room for a loaded machine. */
const FAST = ['--timeout', '3000', '--retry-delay', '10'];

describe('the installed command', () => {
  it('answers --version and --help', async () => {
    expect(await sitemapEditor('--version')).toEqual({ code: 0, stdout: '0.1.0\n' });
    const help = await sitemapEditor('--help');
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n')[0]).toBe(
      'usage: sitemap-editor check FILE|URL... [--site URL] [--format text|json|github|junit] [--json] [--fail-on error|warning|never] [--probe N|all] [--date YYYY-MM-DD] [--lang en|tr|sr|sr-Cyrl]',
    );
  }, 20_000);

  it('checks a live site from its robots.txt in every format', async () => {
    const robots = `${site.origin}/robots.txt`;
    // One after another: four runs at once on a loaded machine can time out where they should not.
    const json = await sitemapEditor('check', robots, '--format', 'json', ...FAST);
    const text = await sitemapEditor('check', robots, ...FAST);
    const github = await sitemapEditor('check', robots, '--format', 'github', ...FAST);
    const junit = await sitemapEditor('check', robots, '--format', 'junit', '--fail-on', 'never', ...FAST);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect([report.urls, report.sitemaps, report.indexes, report.errors, report.warnings, report.infos]).toEqual([
      9, 4, 1, 3, 2, 1,
    ]);
    expect(report.problems).toEqual({
      'fetch-redirected': 1,
      'fetch-http-error': 1,
      'not-a-sitemap': 1,
      'fetch-failed': 1,
      'robots-blocked': 1,
      'loc-not-allowed': 1,
    });

    expect(text.code).toBe(1);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(
      '9 URLs in 4 sitemaps and 1 index: 3 errors, 2 warnings, 1 info',
    );

    const kinds = github.stdout
      .trimEnd()
      .split('\n')
      .slice(0, -1)
      .map((l) => /^::(\w+) .*title=([\w-]+)::/.exec(l)?.slice(1).join(' '));
    expect(kinds).toEqual([
      'error not-a-sitemap',
      'notice fetch-redirected',
      'error fetch-http-error',
      'error fetch-failed',
      'warning robots-blocked',
      'warning loc-not-allowed',
    ]);

    expect(junit.code).toBe(0);
    expect(junit.stdout).toContain('<testsuite name="sitemaps" tests="10" failures="0"');
  }, 60_000);

  it('speaks Turkish with --lang tr and Serbian under LANG=sr_RS@latin (its catalogues are in the bundle)', async () => {
    const file = resolve(ROOT, 'fixtures/urls.csv');
    const tr = await sitemapEditor('check', file, '--lang', 'tr');
    expect(tr.code).toBe(1);
    expect(tr.stdout).toContain('hata priority-format: priority ondalık bir sayı değil — ');
    expect(tr.stdout.trimEnd().split('\n').at(-1)).toBe('2 URL, 1 site haritası: 3 hata, 0 uyarı, 0 bilgi');
    const sr = await sitemapEditorIn({ ...process.env, LC_ALL: '', LANG: 'sr_RS@latin' }, 'check', file);
    expect(sr.stdout.trimEnd().split('\n').at(-1)).toBe('2 URL-a, 1 mapa sajta: 3 greške, 0 upozorenja, 0 info');
  }, 20_000);
});
