import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX, run, runAsync } from './test-helpers';

const CLEAN = join(FIX, 'ext-clean.xml');
/** Its one news entry was published on 2024-05-01: recent on 2024-05-02, old by 2030. */
const NEAR = '2024-05-02';
const LATER = '2030-01-01';

const problems = (out: string[]): Record<string, number> =>
  (JSON.parse(out[out.length - 1] as string) as { problems: Record<string, number> }).problems;

describe('--date YYYY-MM-DD: the check’s date', () => {
  it('is said in --help, and in each command’s usage', () => {
    const help = run('--help').out.join('\n');
    expect(help).toContain('--date YYYY-MM-DD (check, export, stream)');
    for (const cmd of ['check', 'export', 'stream'])
      expect(help).toMatch(new RegExp(`${cmd} [^\\n]*\\[--date YYYY-MM-DD\\]`));
  });

  it.each(['2026-02-30', '03.12.2026', 'tomorrow', '2026-12-3', '2026-13-01'])(
    'refuses %s with a usage error',
    (bad) => {
      const r = run('check', CLEAN, '--date', bad);
      expect(r.code).toBe(2);
      expect(r.err[0]?.split('\n')[0]).toBe(
        `error: --date must be a day written YYYY-MM-DD (the check's date, e.g. 2026-12-03), not "${bad}"`,
      );
    },
  );

  it('check: news-too-old measures to it', () => {
    expect(problems(run('check', CLEAN, '--json', '--date', NEAR).out)).toEqual({});
    const later = run('check', CLEAN, '--json', '--date', LATER);
    expect(problems(later.out)).toEqual({ 'news-too-old': 1 });
    // A warning: the check still passes at the default --fail-on error.
    expect(later.code).toBe(0);
  });

  it('stream: the same', async () => {
    const near = await runAsync('stream', CLEAN, '--json', '--date', NEAR);
    expect(problems(near.out)).toEqual({});
    const later = await runAsync('stream', CLEAN, '--json', '--date', LATER);
    expect(problems(later.out)).toEqual({ 'news-too-old': 1 });
    const bad = await runAsync('stream', CLEAN, '--date', '2026-02-30');
    expect(bad.code).toBe(2);
  });

  it('export --fix: drops the old <news:news>, lists it, keeps the URL and its other extensions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-date-'));
    const src = join(dir, 'news.xml');
    writeFileSync(
      src,
      `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://example.com/old</loc><news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-11-20</news:publication_date><news:title>Old story</news:title></news:news><image:image><image:loc>https://example.com/i.jpg</image:loc></image:image></url>
<url><loc>https://example.com/new</loc><news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-12-02T08:00:00Z</news:publication_date><news:title>Fresh story</news:title></news:news></url>
</urlset>
`,
    );
    const out = join(dir, 'out');
    const r = await runAsync(
      'export',
      src,
      '--site',
      'https://example.com/',
      '--out',
      out,
      '--fix',
      '--date',
      '2026-12-03',
    );
    expect(r.code).toBe(0);
    expect(r.out.slice(0, 2)).toEqual([
      'fixed: news-too-old ×1',
      'https://example.com/old: dropped <news:news> "Old story" (Daily, en; published 2026-11-20)',
    ]);
    const xml = readFileSync(join(out, 'news.xml'), 'utf8');
    expect(xml).toContain('<loc>https://example.com/old</loc>');
    expect(xml).toContain('<image:loc>https://example.com/i.jpg</image:loc>');
    expect(xml).not.toContain('Old story');
    expect(xml).toContain('Fresh story');

    // At a date when both are recent, nothing is dropped.
    const near = await runAsync(
      'export',
      src,
      '--site',
      'https://example.com/',
      '--out',
      join(dir, 'near'),
      '--fix',
      '--date',
      '2026-11-21',
    );
    expect(near.out[0]).toBe('fixed: nothing to fix');
    expect(readFileSync(join(dir, 'near', 'news.xml'), 'utf8')).toContain('Old story');
  });

  it('stream --fix: drops the old <news:news> and the deprecated image tags, lists each, keeps the URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-date-'));
    const src = join(dir, 'news.xml');
    writeFileSync(
      src,
      `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://example.com/old</loc><news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-11-20</news:publication_date><news:title>Old story</news:title></news:news><image:image><image:loc>https://example.com/i.jpg</image:loc><image:caption>A caption</image:caption></image:image></url>
<url><loc>https://example.com/new</loc><news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-12-02T08:00:00Z</news:publication_date><news:title>Fresh story</news:title></news:news></url>
</urlset>
`,
    );
    const out = join(dir, 'out');
    const r = await runAsync(
      'stream',
      src,
      '--site',
      'https://example.com/',
      '--out',
      out,
      '--fix',
      '--date',
      '2026-12-03',
    );
    expect(r.code).toBe(0);
    const fixed = r.out.find((l) => l.startsWith('fixed: ')) ?? '';
    expect(fixed).toContain('news-too-old ×1');
    expect(fixed).toContain('image-deprecated ×1');
    const dropped = r.out.filter((l) => l.includes(': dropped '));
    expect(dropped).toContain(
      'https://example.com/old: dropped <news:news> "Old story" (Daily, en; published 2026-11-20)',
    );
    expect(dropped.some((l) => l.startsWith('https://example.com/old: dropped <image:caption>'))).toBe(true);
    expect(r.out.find((l) => l.startsWith('left in what was written'))).toContain('0 warnings');
    const xml = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(xml).toContain('<loc>https://example.com/old</loc>');
    expect(xml).toContain('<image:loc>https://example.com/i.jpg</image:loc>');
    expect(xml).not.toContain('Old story');
    expect(xml).not.toContain('A caption');
    expect(xml).toContain('Fresh story');
  });
});
