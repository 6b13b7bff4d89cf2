import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf, type RowInput } from '../check/test-helpers';
import { UrlRows } from '../rows';
import type { SitemapSet } from '../sitemap-set';
import { ALL_ROWS, queryRows } from './query';
import { locInBranch, NOT_ABSOLUTE_KEY, treeChildren } from './tree';

const H = 'https://www.example.com';
const NOW = new Date('2025-01-01T00:00:00Z');

function fixture(): SitemapSet {
  const entries: (RowInput | string)[] = [
    { loc: `${H}/`, lastmod: '2024-01-01' },
    { loc: `${H}/blog`, lastmod: '2024-03-01' },
    { loc: `${H}/blog/2024/a`, lastmod: '2024-05-02T10:00:00+00:00' },
    { loc: `${H}/blog/2024/b?page=2`, lastmod: '2024/12/31' },
    { loc: `${H}/blog/2023/c`, lastmod: '2023-12-31' },
    { loc: `${H}/blogger` },
    { loc: `${H}/about#team`, lastmod: '2024-02-02' },
    'https://shop.example.com/item/1',
    '/relative/page',
    'http://old.example.com/x',
    '',
  ];
  return setOf(entries);
}

describe('treeChildren', () => {
  const set = fixture();
  const result = checkSet(set, { now: NOW });

  it('lists the hosts and the not-absolute bucket at the top, by count then label', () => {
    const top = treeChildren(set.rows, result, '');
    expect(top.children.map((c) => [c.key, c.label, c.urls, c.hasChildren])).toEqual([
      [H, 'www.example.com', 7, true],
      [NOT_ABSOLUTE_KEY, '(not absolute)', 2, false],
      ['http://old.example.com', 'http://old.example.com', 1, true],
      ['https://shop.example.com', 'shop.example.com', 1, true],
    ]);
    expect(top.omitted).toBe(0);
    // The relative and the empty loc have problems; 2024/12/31 is a bad lastmod, and never the newest.
    expect(top.children[1]?.problems).toBe(2);
    expect(top.children[0]?.problems).toBe(result.rowCodes.slice(0, 7).filter((m) => m !== 0).length);
    expect(top.children[0]?.newestLastmod).toBe('2024-05-02T10:00:00+00:00');
  });

  it('splits a host into path segments, a page at the branch itself counting in none of its children', () => {
    const host = treeChildren(set.rows, result, H);
    expect(host.children.map((c) => [c.key, c.label, c.urls, c.hasChildren, c.newestLastmod])).toEqual([
      [`${H}/blog`, 'blog', 4, true, '2024-05-02T10:00:00+00:00'],
      [`${H}/about`, 'about', 1, false, '2024-02-02'],
      [`${H}/blogger`, 'blogger', 1, false, ''],
    ]);
    const blog = treeChildren(set.rows, result, `${H}/blog`);
    expect(blog.children.map((c) => [c.label, c.urls, c.hasChildren])).toEqual([
      ['2024', 2, true],
      ['2023', 1, true],
    ]);
    expect(treeChildren(set.rows, result, `${H}/blog/2024`).children.map((c) => c.label)).toEqual(['a', 'b']);
    expect(treeChildren(set.rows, result, NOT_ABSOLUTE_KEY).children).toEqual([]);
  });

  it('leaves out the smallest branches beyond the limit, saying how many and how many rows', () => {
    const host = treeChildren(set.rows, result, H, 1);
    expect(host.children.map((c) => c.label)).toEqual(['blog']);
    expect(host.omitted).toBe(2);
    expect(host.omittedUrls).toBe(2);
  });

  it('matches the rows a prefix filter shows, branch for branch', () => {
    for (const key of ['', H, `${H}/blog`, `${H}/blog/2024`, `${H}/about`, NOT_ABSOLUTE_KEY]) {
      for (const child of treeChildren(set.rows, result, key).children) {
        expect(queryRows(set, result, { ...ALL_ROWS, prefix: child.key }).length).toBe(child.urls);
      }
    }
    expect(queryRows(set, result, ALL_ROWS).length).toBe(set.rows.length);
    expect(queryRows(set, result, { ...ALL_ROWS, prefix: `${H}/blog` }).length).toBe(4);
  });

  it('builds a level of 200,000 rows in one pass', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 200_000; i++) {
      rows.pushValues(`https://big.example/s${i % 50}/p${i}`, `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, '', '', undefined, 0, 0, 0, 0);
    }
    rows.seal();
    const big: SitemapSet = { rows, files: [], sitemaps: [], problems: [] };
    const res = checkSet(big, { now: NOW });
    const t0 = performance.now();
    const top = treeChildren(rows, res, '');
    const level = treeChildren(rows, res, 'https://big.example');
    const ms = performance.now() - t0;
    console.info(`structure tree, 200,000 rows: two levels in ${ms.toFixed(0)} ms`);
    expect(top.children[0]?.urls).toBe(200_000);
    expect(level.children).toHaveLength(50);
    // s0 holds the rows i = 0, 50, 100…: i % 28 is even there, so the newest day is the 27th.
    expect(level.children[0]).toMatchObject({ label: 's0', urls: 4000, newestLastmod: '2024-01-27', hasChildren: true });
  });
});

describe('locInBranch', () => {
  it('ends a branch at a segment boundary', () => {
    expect(locInBranch(`${H}/blog`, `${H}/blog`)).toBe(true);
    expect(locInBranch(`${H}/blog/x`, `${H}/blog`)).toBe(true);
    expect(locInBranch(`${H}/blog?p=1`, `${H}/blog`)).toBe(true);
    expect(locInBranch(`${H}/blog#top`, `${H}/blog`)).toBe(true);
    expect(locInBranch(`${H}/blogger`, `${H}/blog`)).toBe(false);
    expect(locInBranch(`${H}:8080/blog`, H)).toBe(false);
    expect(locInBranch('/x', NOT_ABSOLUTE_KEY)).toBe(true);
    expect(locInBranch(`${H}/x`, NOT_ABSOLUTE_KEY)).toBe(false);
    expect(locInBranch('anything', '')).toBe(true);
  });
});
