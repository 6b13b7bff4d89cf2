import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX, run, runAsync } from './test-helpers';

const SITE = join(FIX, 'site');

describe('cli with robots.txt and crawl data', () => {
  it('check reports blocked URLs, unlisted sitemaps and what the crawl found', () => {
    const r = run(
      'check',
      join(SITE, 'sitemap.xml'),
      join(SITE, 'other-sitemap.txt'),
      join(SITE, 'robots.txt'),
      join(SITE, 'crawl-sitebulb.csv'),
      '--json',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out[0] ?? '');
    expect(report.problems).toEqual({
      'robots-blocked': 2,
      'robots-not-listed': 1,
      'crawl-not-found': 1,
      'crawl-noindex': 1,
      'crawl-canonical': 1,
    });
    expect([report.urls, report.sitemaps, report.errors, report.warnings, report.infos]).toEqual([9, 2, 0, 5, 1]);
    expect(report.files.map((f: { name: string; kind: string; urls: number }) => [f.name, f.kind, f.urls])).toEqual([
      ['sitemap.xml', 'urlset', 8],
      ['other-sitemap.txt', 'text', 1],
      ['robots.txt', 'none', 0],
      ['crawl-sitebulb.csv', 'none', 0],
    ]);
  });

  it('--fail-on warning fails on warnings alone; never does not fail', () => {
    const args = ['check', join(SITE, 'sitemap.xml'), join(SITE, 'robots.txt')];
    expect(run(...args).code).toBe(0);
    expect(run(...args, '--fail-on', 'warning').code).toBe(1);
    expect(run(...args, '--fail-on', 'never', '--format', 'github').code).toBe(0);
    expect(run(...args, '--fail-on', 'sometimes').code).toBe(2);
    expect(run(...args, '--format', 'yaml').code).toBe(2);
  });

  it('export leaves out what the crawl found unfit, and lists it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-crawl-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(SITE, 'sitemap.xml'),
      join(SITE, 'crawl-screaming-frog.csv'),
      '--site',
      'https://example.com/',
      '--out',
      dir,
      '--format',
      'txt',
    );
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'sitemap.txt'), 'utf8')).toBe(
      'https://example.com/\nhttps://example.com/private/report\nhttps://example.com/tmp/draft\n',
    );
    expect(r.out.slice(0, 5).map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'info crawl-not-found',
      'info crawl-redirect',
      'info crawl-noindex',
      'info crawl-canonical',
      'info crawl-server-error',
    ]);
    expect(r.out[0]).toBe(
      'info crawl-not-found: Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/gone) (Search Console: "Submitted URL not found (404)")',
    );
  });
});
