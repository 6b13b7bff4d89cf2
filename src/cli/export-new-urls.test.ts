import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX, runAsync } from './test-helpers';

const YOAST = ['sitemap_index.xml', 'post-sitemap.xml', 'page-sitemap.xml'].map((n) => join(FIX, 'layouts/yoast', n));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** A CSV of two URLs no sitemap holds: rows with no file of their own, as the page's added rows. */
function newRowsCsv(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-rows-'));
  const file = join(dir, 'new.csv');
  writeFileSync(
    file,
    'loc,lastmod\nhttps://shop-demo.example/blog/new-post/,2025-01-02\nhttps://shop-demo.example/contact/,2025-01-03\n',
  );
  return file;
}

describe('cli export --new-urls-to (the app’s New URLs go to)', () => {
  it('by default files new rows as the app does: by first path segment, else a new sitemap-added.xml', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auto-'));
    const r = await runAsync('export', ...YOAST, newRowsCsv(), '--out', dir);
    expect(r.code).toBe(0);
    expect(locs(readFileSync(join(dir, 'post-sitemap.xml'), 'utf8'))).toContain(
      'https://shop-demo.example/blog/new-post/',
    );
    expect(locs(readFileSync(join(dir, 'sitemap-added.xml'), 'utf8'))).toEqual(['https://shop-demo.example/contact/']);
  });

  it('sends every new row to the kept file named, by its name as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'named-'));
    const r = await runAsync('export', ...YOAST, newRowsCsv(), '--out', dir, '--new-urls-to', 'page-sitemap.xml');
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'page-sitemap.xml',
      'post-sitemap.xml',
      'robots.txt',
      'sitemap_index.xml',
    ]);
    expect(locs(readFileSync(join(dir, 'page-sitemap.xml'), 'utf8')).slice(-2)).toEqual([
      'https://shop-demo.example/blog/new-post/',
      'https://shop-demo.example/contact/',
    ]);
    expect(r.out.join('\n')).toContain('2 URLs with no sitemap file of their own');
    expect(r.out.join('\n')).toContain('go to page-sitemap.xml');
  });

  it('"new" writes them to a new sitemap-added.xml the index lists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-'));
    const r = await runAsync('export', ...YOAST, newRowsCsv(), '--out', dir, '--new-urls-to', 'new');
    expect(r.code).toBe(0);
    expect(locs(readFileSync(join(dir, 'sitemap-added.xml'), 'utf8'))).toHaveLength(2);
    expect(locs(readFileSync(join(dir, 'sitemap_index.xml'), 'utf8'))).toEqual([
      'https://shop-demo.example/post-sitemap.xml',
      'https://shop-demo.example/page-sitemap.xml',
      'https://shop-demo.example/sitemap-added.xml',
    ]);
  });

  it('an unknown file name is a usage error naming the files it may name; another layout refuses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-'));
    const bad = await runAsync('export', ...YOAST, '--out', dir, '--new-urls-to', 'news-sitemap.xml');
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toContain(
      '--new-urls-to must name a file kept (post-sitemap.xml, page-sitemap.xml) or "new" (a new sitemap-added.xml), not "news-sitemap.xml"',
    );
    const section = await runAsync('export', ...YOAST, '--out', dir, '--layout', 'section', '--new-urls-to', 'new');
    expect(section.code).toBe(2);
    expect(section.err.join('\n')).toContain('--new-urls-to applies to --layout keep only');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('cli export of an index with relative child locs', () => {
  const files = [
    join(FIX, 'layouts/relative-index/sitemap_index.xml'),
    join(FIX, 'layouts/yoast/post-sitemap.xml'),
    join(FIX, 'layouts/yoast/page-sitemap.xml'),
  ];
  const absolute = ['https://shop-demo.example/post-sitemap.xml', 'https://shop-demo.example/page-sitemap.xml'];

  it('--fix with --site makes them absolute in the index and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rel-fix-'));
    const r = await runAsync('export', ...files, '--out', dir, '--fix', '--site', 'https://shop-demo.example/');
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('fixed: loc-not-absolute ×2');
    expect(r.out.join('\n')).not.toContain('a relative URL: written absolute');
    expect(locs(readFileSync(join(dir, 'sitemap_index.xml'), 'utf8'))).toEqual(absolute);
  });

  it('not fixed, the export writes them absolute and says each one; without any origin nothing is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rel-'));
    const r = await runAsync('export', ...files, '--out', dir, '--site', 'https://shop-demo.example/');
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain(
      'info loc-not-absolute: sitemap_index.xml lists "post-sitemap.xml", a relative URL: written absolute, as https://shop-demo.example/post-sitemap.xml',
    );
    expect(locs(readFileSync(join(dir, 'sitemap_index.xml'), 'utf8'))).toEqual(absolute);
    const none = mkdtempSync(join(tmpdir(), 'rel-none-'));
    const refused = await runAsync('export', ...files, '--out', none, '--fix');
    expect(refused.code).toBe(2);
    expect(refused.out[0]).toBe('fixed: nothing to fix (2 problems could not be fixed safely)');
    expect(readdirSync(none)).toEqual([]);
  });
});
