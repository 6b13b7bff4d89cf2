import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSet, recheckRows } from '../../check/check-set';
import { importFiles } from '../../read/import-files';
import { lastModifiedOf } from '../../read/crawl-export';
import { coverageKey, coverageOf, missingPages } from './crawl-coverage';

const DIR = join(__dirname, '../../../../fixtures/crawl-coverage');
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(DIR, name))) });

function covered() {
  const set = importFiles([file('sitemap.xml'), file('crawl.csv')]);
  const result = checkSet(set);
  const missing = () => result.problems.filter((p) => p.code === 'crawl-not-in-sitemap');
  return { set, result, missing };
}

describe('coverage keys (canonical-normalised)', () => {
  it('ignore case, a trailing slash, a fragment and a default port, but not the scheme or the query', () => {
    expect(coverageKey('https://Example.com/About/')).toBe(coverageKey('https://example.com/about'));
    expect(coverageKey('https://example.com')).toBe(coverageKey('https://example.com/'));
    expect(coverageKey('https://example.com:443/a#top')).toBe(coverageKey('https://example.com/a'));
    expect(coverageKey('http://example.com:80/a/?x=1')).toBe(coverageKey('http://example.com/a?x=1'));
    expect(coverageKey('http://example.com/a')).not.toBe(coverageKey('https://example.com/a'));
    expect(coverageKey('https://example.com/a?x=1')).not.toBe(coverageKey('https://example.com/a?x=2'));
    expect(coverageKey('https://example.com:8443/a')).not.toBe(coverageKey('https://example.com/a'));
  });
});

describe('crawl-not-in-sitemap', () => {
  it('reports exactly the indexable pages the sitemap misses, once each, at their line of the export', () => {
    const { missing, result } = covered();
    expect(missing().map((p) => [p.severity, p.file, p.line, p.message])).toEqual([
      [
        'info',
        'crawl.csv',
        7,
        'URL "https://example.com/shop/item-2" answered 200 and is indexable in the crawl (crawl.csv line 7), but no sitemap lists it; add it (Search Console: "Indexed, not submitted in sitemap")',
      ],
      [
        'info',
        'crawl.csv',
        9,
        'URL "https://example.com/blog/new-post" answered 200 and is indexable in the crawl (crawl.csv line 9), but no sitemap lists it; add it (Search Console: "Indexed, not submitted in sitemap")',
      ],
    ]);
    // The listed redirect is still reported as before; a variant of a listed URL is not missing.
    expect(result.byCode).toEqual({ 'crawl-redirect': 1, 'crawl-not-in-sitemap': 2 });
  });

  it('gives each missing page with the crawl’s Last-Modified as lastmod', () => {
    const { set } = covered();
    expect(missingPages(set)).toEqual([
      { url: 'https://example.com/shop/item-2', lastmod: '2024-05-14T08:12:31+00:00' },
      { url: 'https://example.com/blog/new-post', lastmod: '' },
    ]);
    expect(lastModifiedOf('2024-05-01 10:00')).toBe('2024-05-01');
    expect(lastModifiedOf('yesterday')).toBeUndefined();
  });

  it('counts listed and crawled, listed only and missing, with the depth and inlinks of each row', () => {
    const { set } = covered();
    const index = coverageOf(set);
    expect(index?.counts()).toEqual({ crawled: 5, listedOnly: 1, missing: 2, depth: true, inlinks: true });
    const about = index?.pageOf(1);
    expect([about?.url, about?.depth, about?.inlinks]).toEqual(['https://example.com/About/', 1, 8]);
    expect(index?.pageOf(4)).toBeNull();
  });

  it('is found again after an edit: a loc edited to a missing page lists it, and back', () => {
    const { set, result, missing } = covered();
    const old = set.rows.loc.get(4);
    set.rows.loc.set(4, 'https://example.com/Blog/New-Post/');
    recheckRows(set, result, [4]);
    expect(missing().map((p) => p.line)).toEqual([7]);
    expect(result.byCode['crawl-not-in-sitemap']).toBe(1);
    expect(coverageOf(set)?.counts()).toMatchObject({ crawled: 6, listedOnly: 0, missing: 1 });
    set.rows.loc.set(4, old);
    recheckRows(set, result, [4]);
    expect(missing().map((p) => p.line)).toEqual([7, 9]);
    const fresh = checkSet(set);
    expect(result.counts).toEqual(fresh.counts);
    expect(result.byCode).toEqual(fresh.byCode);
  });

  it('costs nothing and says nothing without a crawl export', () => {
    const set = importFiles([file('sitemap.xml')]);
    expect(checkSet(set).byCode).toEqual({});
    expect(coverageOf(set)).toBeNull();
    expect(missingPages(set)).toEqual([]);
  });
});
