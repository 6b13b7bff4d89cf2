import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { ROW_RULE_BITS, codesOfExtMask, codesOfMask } from '../rules/bits';
import { type CheckResult } from '../check/check-result';
import { setOf, type RowInput } from '../check/test-helpers';
import { UrlRows } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import { ruleFor } from '../rules/registry';
import { ALL_ROWS, queryRows } from './query';
import { treeChildren, treeLevels, TreeLevelsPass } from './tree';
import { type TreeChildren, type TreeNode } from './tree-node';
import { type RowBranches } from './tree-branches';
import { branchAncestors, locInBranch, NOT_ABSOLUTE_KEY } from '../text/url-branches';
import { LOC_TOO_LONG_ERROR_MARK } from '../rules/loc/loc-rules';

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
      rows.pushValues(
        `https://big.example/s${i % 50}/p${i}`,
        `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
        '',
        '',
        undefined,
        0,
        0,
        0,
        0,
      );
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
    expect(level.children[0]).toMatchObject({
      label: 's0',
      urls: 4000,
      newestLastmod: '2024-01-27',
      hasChildren: true,
    });
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

/**
 * The children of one branch, the slow and obvious way: every row that the
 * branch holds, its next segment by splitting the string. An independent
 * answer for the one-pass builder to match.
 */
function naiveChildren(set: SitemapSet, result: CheckResult, key: string): TreeChildren {
  const acc = new Map<string, TreeNode>();
  const lastmodOk = (m: number) => (m & (ROW_RULE_BITS['lastmod-format'] | ROW_RULE_BITS['lastmod-invalid'])) === 0;
  if (key === NOT_ABSOLUTE_KEY) return { children: [], omitted: 0, omittedUrls: 0 };
  for (let i = 0; i < set.rows.length; i++) {
    const loc = set.rows.loc.get(i);
    let child: string;
    let label: string;
    if (key === '') {
      const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/.exec(loc);
      child = m ? m[0] : NOT_ABSOLUTE_KEY;
      label = m ? m[0].replace(/^https:\/\//i, '') : '(not absolute)';
    } else {
      if (!locInBranch(loc, key) || loc[key.length] !== '/') continue;
      label = loc.slice(key.length + 1).split(/[/?#]/)[0] as string;
      if (label === '') continue;
      child = `${key}/${label}`;
    }
    const node = acc.get(child) ?? {
      key: child,
      label,
      urls: 0,
      problems: 0,
      errors: 0,
      warnings: 0,
      newestLastmod: '',
      hasChildren: false,
      page: -1,
    };
    acc.set(child, node);
    const own = loc.slice(child.length);
    if (node.page < 0 && child !== NOT_ABSOLUTE_KEY && (own === '' || own === '/')) node.page = i;
    node.urls++;
    const mask = result.rowCodes[i] ?? 0;
    if (mask !== 0) node.problems++;
    const severities = [...codesOfMask(mask), ...codesOfExtMask(result.extCodes.get(i) ?? 0)].map((code) =>
      code === 'loc-too-long' && mask & LOC_TOO_LONG_ERROR_MARK ? 'error' : ruleFor(code).severity,
    );
    if (severities.includes('error')) node.errors++;
    if (severities.includes('warning')) node.warnings++;
    const rest = loc.slice(child.length);
    if (child !== NOT_ABSOLUTE_KEY && rest.length > 1 && rest[0] === '/' && !'/?#'.includes(rest[1] as string))
      node.hasChildren = true;
    const lastmod = set.rows.lastmod.get(i);
    if (lastmod !== '' && lastmodOk(mask) && lastmod > node.newestLastmod) node.newestLastmod = lastmod;
  }
  const children = [...acc.values()].sort(
    (x, y) => y.urls - x.urls || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0),
  );
  return { children, omitted: 0, omittedUrls: 0 };
}

describe('treeLevels', () => {
  const set = fixture();
  const result = checkSet(set, { now: NOW });

  it('answers every open level in one pass, each as treeChildren would alone', () => {
    const keys = [
      '',
      H,
      `${H}/blog`,
      `${H}/blog/2024`,
      NOT_ABSOLUTE_KEY,
      'https://nowhere.example',
      `${H}/blog/2024/a`,
    ];
    const levels = treeLevels(set.rows, result, keys);
    expect([...levels.keys()]).toEqual(keys);
    for (const key of keys) expect(levels.get(key)).toEqual(naiveChildren(set, result, key));
    expect(levels.get(`${H}/blog`)?.children.map((c) => [c.label, c.urls])).toEqual([
      ['2024', 2],
      ['2023', 1],
    ]);
    // Not a branch, or a branch without rows under it: no children.
    expect(levels.get('https://nowhere.example')).toEqual({ children: [], omitted: 0, omittedUrls: 0 });
    expect(levels.get(`${H}/blog/2024/a`)?.children).toEqual([]);
  });

  it('gives the same answer a slice of rows at a time', () => {
    const keys = ['', H, `${H}/blog`, `${H}/blog/2024`];
    for (const slice of [1, 2, 3, set.rows.length]) {
      const pass = new TreeLevelsPass(set.rows, result, keys);
      let steps = 1;
      while (!pass.step(slice)) steps++;
      expect(steps).toBe(Math.max(1, Math.ceil(set.rows.length / slice)));
      expect(pass.finish()).toEqual(treeLevels(set.rows, result, keys));
    }
  });

  it('answers a deep level whose parents were not asked for', () => {
    const levels = treeLevels(set.rows, result, [`${H}/blog/2024`]);
    expect([...levels.keys()]).toEqual([`${H}/blog/2024`]);
    expect(levels.get(`${H}/blog/2024`)?.children.map((c) => [c.label, c.urls])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('takes the newest lastmod among those without a format or validity problem, a missing zone included', () => {
    const dated = setOf([
      { loc: `${H}/a/1`, lastmod: '2024-05-01T10:00:00' },
      { loc: `${H}/a/2`, lastmod: '2024-13-01' },
      { loc: `${H}/a/3`, lastmod: '2024-04-30' },
      { loc: `${H}/b/1`, lastmod: '2024/12/31' },
    ]);
    const level = treeLevels(dated.rows, checkSet(dated, { now: NOW }), [H]).get(H);
    expect(level?.children.map((c) => [c.label, c.newestLastmod])).toEqual([
      ['a', '2024-05-01T10:00:00'],
      ['b', ''],
    ]);
  });

  it('matches the obvious answer on any rows (property)', () => {
    const segment = fc.constantFrom('a', 'b', 'ab', 'blog', '', 'x?y', 'x#y', '%20');
    const locArb = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('https://h.example', 'http://h.example', 'https://h.example:8080', 'https://h.examplex'),
          fc.array(segment, { maxLength: 4 }),
          fc.boolean(),
        )
        .map(([origin, segs, slash]) => origin + segs.map((g) => `/${g}`).join('') + (slash ? '/' : '')),
      fc.constantFrom('', '/relative', 'h.example/a', 'https://h.example?q', 'https://h.example#f'),
    );
    // Datetimes that differ late in their text, each repeated across rows (the newest's own value number is skipped, tree-newest.ts).
    const lastmodArb = fc.constantFrom(
      '',
      '2024-01-01',
      '2023-12-31T10:00:00Z',
      '2024-02-30',
      'bad',
      '2025',
      '2024-01-01T00:00:00',
      '2024-01',
      '2024-01-01T00:30:00Z',
      '2024-01-01T00:00:59Z',
      '2024-01-01T00:00:00.5Z',
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(locArb, lastmodArb), { maxLength: 40 }), (entries) => {
        const s = setOf(entries.map(([loc, lastmod]) => ({ loc, lastmod })));
        const r = checkSet(s, { now: NOW });
        const keys = [
          '',
          'https://h.example',
          'https://h.example/a',
          'https://h.example/a/b',
          'https://h.example/blog',
          'http://h.example/ab',
          NOT_ABSOLUTE_KEY,
        ];
        const levels = treeLevels(s.rows, r, keys);
        for (const key of keys) expect(levels.get(key)).toEqual(naiveChildren(s, r, key));
        // A pass that records the host's level, then one over the rows of two of its children only.
        const host = 'https://h.example';
        const recorded = new TreeLevelsPass(s.rows, r, ['', host], 500, { record: host });
        recorded.step(Infinity);
        const branches = recorded.branches();
        expect(branches?.key).toBe(host);
        const under = [`${host}/a`, `${host}/a/b`, `${host}/blog`];
        const only = new TreeLevelsPass(s.rows, r, under, 500, {
          only: { of: branches as RowBranches, children: [`${host}/a`, `${host}/blog`] },
        });
        only.step(Infinity);
        const got = only.finish();
        for (const key of under) expect(got.get(key)).toEqual(naiveChildren(s, r, key));
        // Without the top level asked, the rows outside the branches asked are let go at their prefix.
        const below = treeLevels(s.rows, r, under);
        for (const key of under) expect(below.get(key)).toEqual(naiveChildren(s, r, key));
      }),
      { numRuns: 300 },
    );
  });

  it("records the child of each row past 255 children (the row numbers widen), and counts a child's rows alone", () => {
    const many = setOf(Array.from({ length: 700 }, (_, i) => `${H}/s${i % 350}/p${i}`));
    const r = checkSet(many, { now: NOW });
    const recorded = new TreeLevelsPass(many.rows, r, [H], 500, { record: H });
    recorded.step(Infinity);
    const branches = recorded.branches() as RowBranches;
    expect(branches.numbers.size).toBe(350);
    expect(branches.rows).toBeInstanceOf(Uint16Array);
    const keys = [`${H}/s300`, `${H}/s7`];
    const only = new TreeLevelsPass(many.rows, r, keys, 500, { only: { of: branches, children: keys } });
    only.step(Infinity);
    const got = only.finish();
    expect(got).toEqual(treeLevels(many.rows, r, keys));
    expect(got.get(`${H}/s300`)?.children.map((c) => c.label)).toEqual(['p300', 'p650']);
  });

  it('stops at a number of children in the levels asked, before it builds them all', () => {
    const many = setOf(Array.from({ length: 5000 }, (_, i) => `${H}/s${i % 50}/p${i}`));
    const r = checkSet(many, { now: NOW });
    const keys = [`${H}/s1`, `${H}/s2`, `${H}/s3`];
    const roomy = new TreeLevelsPass(many.rows, r, keys, 500, { maxChildren: 300 });
    roomy.step(Infinity);
    expect(roomy.overflowed).toBe(false);
    expect(roomy.finish()).toEqual(treeLevels(many.rows, r, keys));
    const tight = new TreeLevelsPass(many.rows, r, keys, 500, { maxChildren: 299 });
    // The 300th child is met at row 4,953 (s3's hundredth): the pass stops there, its levels not whole.
    expect(tight.step(1000)).toBe(false);
    expect(tight.step(Infinity)).toBe(true);
    expect(tight.overflowed).toBe(true);
  });

  it('lists the branches above a key', () => {
    expect(branchAncestors('')).toEqual([]);
    expect(branchAncestors(H)).toEqual(['']);
    expect(branchAncestors(`${H}/blog/2024`)).toEqual(['', H, `${H}/blog`]);
    expect(branchAncestors(NOT_ABSOLUTE_KEY)).toEqual(['']);
    expect(branchAncestors(`${H}/post?x=a/b`)).toEqual(['', H]);
    expect(branchAncestors(`${H}/blog/post#a/b`)).toEqual(['', H, `${H}/blog`]);
  });
});
