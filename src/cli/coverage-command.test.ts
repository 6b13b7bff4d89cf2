import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX, run, runAsync } from './test-helpers';

const COVERAGE = join(FIX, 'crawl-coverage');
const SITEMAP = join(COVERAGE, 'sitemap.xml');
const CRAWL = join(COVERAGE, 'crawl.csv');

describe('coverage from a crawl export, on the command line', () => {
  it('check SITEMAP CRAWL.csv reports the indexable pages no sitemap lists, variants of listed ones aside', () => {
    const r = run('check', SITEMAP, CRAWL, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out[0] ?? '');
    expect(report.problems).toEqual({ 'crawl-redirect': 1, 'crawl-not-in-sitemap': 2 });
    expect(
      report.list
        .filter((p: { code: string }) => p.code === 'crawl-not-in-sitemap')
        .map((p: { file: string; line: number }) => `${p.file}:${p.line}`),
    ).toEqual(['crawl.csv:7', 'crawl.csv:9']);
    const text = run('check', SITEMAP, CRAWL);
    expect(text.out).toContain(
      'crawl.csv:9: info crawl-not-in-sitemap: URL "https://example.com/blog/new-post" answered 200 and is indexable in the crawl (crawl.csv line 9), but no sitemap lists it; add it (Search Console: "Indexed, not submitted in sitemap")',
    );
  });

  it('export --add-missing writes them (with the crawl’s Last-Modified), and leaves the redirect out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-coverage-'));
    const r = await runAsync('export', SITEMAP, CRAWL, '--add-missing', '--out', dir);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('added 2 pages the crawl found indexable and no sitemap listed (crawl-not-in-sitemap)');
    const xml = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://example.com/',
      'https://example.com/about',
      'https://example.com/blog/',
      'https://example.com/orphan',
      'https://example.com/shop/item-1',
      'https://example.com/shop/item-2',
      'https://example.com/blog/new-post',
    ]);
    expect(xml).toContain(
      '<loc>https://example.com/shop/item-2</loc>\n    <lastmod>2024-05-14T08:12:31+00:00</lastmod>',
    );
    // What was written is checked back: nothing is missing any more.
    const again = run('check', join(dir, 'sitemap.xml'), CRAWL, '--json');
    expect(JSON.parse(again.out[0] ?? '').problems).toEqual({});
  });

  it('export --add-missing without a crawl export says what it needs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-coverage-'));
    const r = await runAsync('export', SITEMAP, '--add-missing', '--out', dir);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(
      'added no page: --add-missing adds the pages a crawl export (CSV) given with the sitemaps found and no sitemap lists',
    );
  });
});
