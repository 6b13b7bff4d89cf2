import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX, runAsync } from './test-helpers';

const SITE = ['--site', 'https://example.com/'];
const scratch = () => mkdtempSync(join(tmpdir(), 'sitemap-out-'));

/** A folder with links planted where export writes: sitemap.xml and robots.txt to files outside it, a hard link too. */
function planted(): { dir: string; outside: string[] } {
  const root = scratch();
  const dir = join(root, 'out');
  mkdirSync(dir);
  const outside = ['victim-1.txt', 'victim-2.txt', 'victim-3.txt'].map((n) => join(root, n));
  for (const f of outside) writeFileSync(f, 'precious\n');
  symlinkSync(outside[0] as string, join(dir, 'sitemap.xml'));
  symlinkSync(outside[1] as string, join(dir, 'robots.txt'));
  linkSync(outside[2] as string, join(dir, 'sitemap.txt'));
  return { dir, outside };
}

describe('--out is a folder the command owns', () => {
  it('never writes through a link planted inside it: export replaces each link with its file, and says so', async () => {
    const { dir, outside } = planted();
    const r = await runAsync('export', join(FIX, 'basic-urlset.xml'), ...SITE, '--layout', 'limits', '--out', dir);
    expect(r.err).toEqual([]);
    for (const f of outside) expect(readFileSync(f, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(dir, 'sitemap.xml')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(readFileSync(join(dir, 'robots.txt'), 'utf8')).toBe('Sitemap: https://example.com/sitemap.xml\n');
    expect(r.out).toContain(
      `note: ${join(dir, 'sitemap.xml')} was a link to another file; it was replaced by the file written, not written through`,
    );
    // No temporary file is left behind.
    expect(readdirSync(dir).sort()).toEqual(['robots.txt', 'sitemap.txt', 'sitemap.xml']);

    const txt = await runAsync(
      'export',
      join(FIX, 'urls.txt'),
      ...SITE,
      '--layout',
      'limits',
      '--out',
      dir,
      '--format',
      'txt',
    );
    expect(txt.out.some((l) => l.startsWith(`note: ${join(dir, 'sitemap.txt')} was a link`))).toBe(true);
    expect(readFileSync(outside[2] as string, 'utf8')).toBe('precious\n');
  });

  it('never writes through a link planted inside it: stream --out', async () => {
    const { dir, outside } = planted();
    const r = await runAsync('stream', join(FIX, 'basic-urlset.xml'), ...SITE, '--out', dir);
    expect(r.err).toEqual([]);
    for (const f of outside) expect(readFileSync(f, 'utf8')).toBe('precious\n');
    expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(r.out.filter((l) => l.startsWith('note: ')).length).toBe(2);
  });

  it('refuses an existing file as --out with a clear error, no stack trace', async () => {
    const file = join(scratch(), 'a-file');
    writeFileSync(file, 'x');
    for (const command of ['export', 'stream']) {
      const r = await runAsync(command, join(FIX, 'basic-urlset.xml'), ...SITE, '--out', file);
      expect(r.code).toBe(2);
      expect(r.err).toEqual([`error: --out ${file} is a file, not a folder: give a folder (it is made when missing)`]);
    }
    const under = await runAsync(
      'export',
      join(FIX, 'basic-urlset.xml'),
      ...SITE,
      '--layout',
      'limits',
      '--out',
      join(file, 'sub'),
    );
    expect(under.err).toEqual([`error: cannot make the folder ${join(file, 'sub')}: ${file} is a file, not a folder`]);
  });

  it('ends with a clear error where mkdir cannot make progress (/proc), and makes missing parents one by one', async () => {
    const r = await runAsync(
      'export',
      join(FIX, 'basic-urlset.xml'),
      ...SITE,
      '--layout',
      'limits',
      '--out',
      '/proc/nope/deeper',
    );
    expect(r.code).toBe(2);
    expect(r.err).toEqual([
      'error: cannot make the folder /proc/nope for --out /proc/nope/deeper: the system has no such place and makes none there (ENOENT)',
    ]);
    const deep = join(scratch(), 'a', 'b', 'c');
    const ok = await runAsync('export', join(FIX, 'basic-urlset.xml'), ...SITE, '--layout', 'limits', '--out', deep);
    expect(ok.code).toBe(0);
    expect(readdirSync(deep).sort()).toEqual(['robots.txt', 'sitemap.xml']);
  });

  it('says so when a folder stands where a file goes', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'sitemap.xml'));
    const r = await runAsync('export', join(FIX, 'basic-urlset.xml'), ...SITE, '--layout', 'limits', '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([`error: cannot write ${join(dir, 'sitemap.xml')}: a folder of that name is there`]);
  });

  it('takes an option-looking value as a usage error, never as a folder name', async () => {
    const cwd = process.cwd();
    const dir = scratch();
    process.chdir(dir);
    try {
      for (const command of ['export', 'stream']) {
        const r = await runAsync(command, join(FIX, 'basic-urlset.xml'), ...SITE, '--out', '--gzip');
        expect(r.code).toBe(2);
        expect(r.err[0]?.split('\n')[0]).toBe(
          'error: --out needs a value, not the option --gzip (write --out=--gzip for a value that starts with --)',
        );
      }
      expect(existsSync(join(dir, '--gzip'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });

  it('refuses a --site that would break a robots.txt line', async () => {
    const dir = scratch();
    for (const command of ['export', 'stream']) {
      const r = await runAsync(
        command,
        join(FIX, 'basic-urlset.xml'),
        '--site',
        'https://example.com/\nDisallow: /',
        '--out',
        dir,
      );
      expect(r.code).toBe(2);
      expect(r.err[0]?.split('\n')[0]).toBe(
        'error: --site must be one URL without white space, control characters or "#", not "https://example.com/\\nDisallow: /"',
      );
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
