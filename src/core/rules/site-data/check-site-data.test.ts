import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSet, recheckRows } from '../../check/check-set';
import { listProblems } from '../../check/list-problems';
import { snapshotSet, restoreSet } from '../../persist/document-snapshot';
import { importFiles } from '../../read/import-files';
import { mergeSets } from '../../read/merge-sets';
import { crawlExclusions } from './crawl-exclusions';
import { isRobotsTxt, robotsSitemaps } from './robots';

const DIR = join(__dirname, '../../../../fixtures/site');
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(DIR, name))) });

function problemsOf(...names: string[]) {
  const set = importFiles(names.map(file));
  const result = checkSet(set);
  return {
    set,
    result,
    list: listProblems(set, result).filter((p) => p.code.startsWith('robots-') || p.code.startsWith('crawl-')),
  };
}

describe('robots.txt as data', () => {
  it('is told from a text sitemap by its content', () => {
    expect(isRobotsTxt(readFileSync(join(DIR, 'robots.txt'), 'utf8'))).toBe(true);
    expect(isRobotsTxt('Sitemap: https://example.com/sitemap.xml\n')).toBe(true);
    expect(isRobotsTxt('https://example.com/a\nhttps://example.com/b\n')).toBe(false);
    expect(isRobotsTxt('Disallow: /\n')).toBe(false);
    expect(robotsSitemaps('Sitemap: https://example.com/a.xml\nsitemap: https://example.com/b.xml.gz\n')).toEqual([
      'https://example.com/a.xml',
      'https://example.com/b.xml.gz',
    ]);
  });

  it('reports the URLs it blocks for Googlebot, with its line, and the sitemaps it does not list', () => {
    const { set, list } = problemsOf('sitemap.xml', 'other-sitemap.txt', 'robots.txt');
    expect(set.files.map((f) => [f.name, f.kind, f.siteData?.kind])).toEqual([
      ['sitemap.xml', 'urlset', undefined],
      ['other-sitemap.txt', 'text', undefined],
      ['robots.txt', 'none', 'robots'],
    ]);
    expect(set.rows.length).toBe(9);
    expect(list.map((p) => [p.code, p.severity, p.file, p.line, p.message])).toEqual([
      [
        'robots-blocked',
        'warning',
        'sitemap.xml',
        4,
        'URL "https://example.com/private/report" is blocked for Googlebot by robots.txt line 6 ("Disallow: /private/"), so it cannot be crawled (Search Console: "Sitemap contains URLs which are blocked by robots.txt")',
      ],
      [
        'robots-blocked',
        'warning',
        'sitemap.xml',
        10,
        'URL "https://example.com/tmp/draft" is blocked for Googlebot by robots.txt line 7 ("Disallow: /tmp/"), so it cannot be crawled (Search Console: "Sitemap contains URLs which are blocked by robots.txt")',
      ],
      [
        'robots-not-listed',
        'info',
        'other-sitemap.txt',
        undefined,
        'robots.txt does not list this sitemap: add a "Sitemap: <URL of other-sitemap.txt>" line so crawlers find it',
      ],
    ]);
  });
});

describe('site data kept with the document', () => {
  it('survives a saved snapshot (structured clone) and a later import merged in', () => {
    const set = importFiles([file('sitemap.xml')]);
    mergeSets(set, importFiles([file('robots.txt'), file('crawl-sitebulb.csv')]));
    const back = restoreSet(structuredClone(snapshotSet(set, '', 0)));
    expect(back.files.map((f) => f.siteData?.kind ?? f.kind)).toEqual(['urlset', 'robots', 'crawl']);
    expect(checkSet(back).byCode).toEqual({
      'robots-blocked': 2,
      'crawl-not-found': 1,
      'crawl-noindex': 1,
      'crawl-canonical': 1,
    });
  });
});

describe('robots.txt matching', () => {
  it('finds URLs blocked through wildcards, escapes and queries (the quick pre-check skips none of them)', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    const urls = [
      'https://example.com/docs/a.pdf',
      'https://example.com/docs/a.pdf?x=1',
      'https://example.com/ü/page',
      'https://example.com/search?q=shoes',
      'https://example.com/ok',
      'https://other.example/docs/b.pdf',
    ];
    const set = importFiles([
      { name: 'urls.txt', bytes: enc(urls.join('\n')) },
      { name: 'robots.txt', bytes: enc('User-agent: *\nDisallow: /*.pdf$\nDisallow: /%C3%BC/\nDisallow: /search?\n') },
    ]);
    const blocked = listProblems(set, checkSet(set))
      .filter((p) => p.code === 'robots-blocked')
      .map((p) => /URL "([^"]+)"/.exec(p.message)?.[1]);
    // A robots.txt given without its URL holds for every site.
    expect(blocked).toEqual([
      'https://example.com/docs/a.pdf',
      'https://example.com/ü/page',
      'https://example.com/search?q=shoes',
      'https://other.example/docs/b.pdf',
    ]);
  });
});

describe('crawl exports as data', () => {
  it.each(['crawl-screaming-frog.csv', 'crawl-sitebulb.csv'])(
    "reads %s and reports what the crawl found, in Search Console's words",
    (name) => {
      const { set, result, list } = problemsOf('sitemap.xml', name);
      expect(set.rows.length).toBe(8);
      const expected: Record<string, string[]> = {
        'crawl-screaming-frog.csv': [
          'crawl-not-found /gone',
          'crawl-redirect /moved',
          'crawl-noindex /hidden',
          'crawl-canonical /copy',
          'crawl-server-error /broken',
        ],
        'crawl-sitebulb.csv': ['crawl-not-found /gone', 'crawl-noindex /hidden', 'crawl-canonical /copy'],
      };
      expect(list.map((p) => `${p.code} ${/example\.com(\/\w*)/.exec(p.message)?.[1]}`)).toEqual(expected[name]);
      expect(list.every((p) => p.file === 'sitemap.xml' && p.row !== undefined)).toBe(true);
      expect(result.byCode['crawl-not-found']).toBe(1);
    },
  );

  it('words each rule as Search Console does', () => {
    const { list } = problemsOf('sitemap.xml', 'crawl-screaming-frog.csv');
    expect(list.map((p) => /\(Search Console: "(.*)"\)$/.exec(p.message)?.[1])).toEqual([
      'Submitted URL not found (404)',
      'Page with redirect',
      "Submitted URL marked 'noindex'",
      'Submitted URL not selected as canonical',
      'Server error (5xx)',
    ]);
    expect(list[0]?.message).toBe(
      'URL "https://example.com/gone" answered 404 in the crawl (crawl-screaming-frog.csv line 3); leave it out of the sitemap (Search Console: "Submitted URL not found (404)")',
    );
  });

  it('finds the problems again after an edit, with the totals right', () => {
    const { set, result } = problemsOf('sitemap.xml', 'crawl-screaming-frog.csv', 'robots.txt');
    expect(result.byCode['crawl-not-found']).toBe(1);
    set.rows.loc.set(2, 'https://example.com/private/gone');
    recheckRows(set, result, [2]);
    set.rows.loc.set(1, 'https://example.com/public/report');
    recheckRows(set, result, [1]);
    expect(result.byCode['crawl-not-found']).toBeUndefined();
    expect(result.byCode['robots-blocked']).toBe(2);
    expect(result.problems.filter((p) => p.code === 'robots-blocked').map((p) => p.row)).toEqual(
      [7, 2].map((i) => set.rows.id[i]),
    );
    const fresh = checkSet(set);
    expect(result.counts).toEqual(fresh.counts);
    expect(result.byCode).toEqual(fresh.byCode);
  });
});

describe("the crawl rules' fix", () => {
  it('leaves the URLs out of the export and lists them', () => {
    const set = importFiles(['sitemap.xml', 'crawl-screaming-frog.csv'].map(file));
    const { positions, problems, counts } = crawlExclusions(set);
    expect(counts).toEqual({
      'crawl-not-found': 1,
      'crawl-redirect': 1,
      'crawl-noindex': 1,
      'crawl-canonical': 1,
      'crawl-server-error': 1,
    });
    expect(positions?.map((p) => set.rows.loc.get(p))).toEqual([
      'https://example.com/',
      'https://example.com/private/report',
      'https://example.com/tmp/draft',
    ]);
    expect(problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      [
        'crawl-not-found',
        'info',
        'Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/gone) (Search Console: "Submitted URL not found (404)")',
      ],
      [
        'crawl-redirect',
        'info',
        'Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/moved) (Search Console: "Page with redirect")',
      ],
      [
        'crawl-noindex',
        'info',
        'Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/hidden) (Search Console: "Submitted URL marked \'noindex\'")',
      ],
      [
        'crawl-canonical',
        'info',
        'Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/copy) (Search Console: "Submitted URL not selected as canonical")',
      ],
      [
        'crawl-server-error',
        'info',
        'Left out of the export: 1 URL the crawl found unfit for a sitemap (https://example.com/broken) (Search Console: "Server error (5xx)")',
      ],
    ]);
    expect(crawlExclusions(importFiles([file('sitemap.xml')]))).toEqual({
      positions: undefined,
      problems: [],
      counts: {},
    });
  });
});
