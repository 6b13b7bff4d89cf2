import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { importFiles } from '../read/import-files';
import { coverageOf } from '../rules/site-data/crawl-coverage';
import { crawlNumbers } from './coverage-view';
import { ALL_ROWS, queryRows } from './query';
import { treeLevels, TreeLevelsPass } from './tree';
import { branchCoverage } from './tree-coverage';
import { sortByNumber } from './sort-rows';

const DIR = join(__dirname, '../../../fixtures/crawl-coverage');
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(DIR, name))) });

function covered(withCrawl = true) {
  const set = importFiles(withCrawl ? [file('sitemap.xml'), file('crawl.csv')] : [file('sitemap.xml')]);
  const result = checkSet(set);
  return { set, result };
}

const locsOf = (set: ReturnType<typeof covered>['set'], view: Uint32Array) =>
  Array.from(view, (i) => set.rows.loc.get(i).replace('https://example.com', ''));

describe('the Coverage view’s filters of the table', () => {
  it('shows the rows the crawl reached (case and slash variants count), and those it never did', () => {
    const { set, result } = covered();
    expect(locsOf(set, queryRows(set, result, { ...ALL_ROWS, coverage: 'crawled' }))).toEqual([
      '/',
      '/about',
      '/blog/',
      '/old',
      '/shop/item-1',
    ]);
    expect(locsOf(set, queryRows(set, result, { ...ALL_ROWS, coverage: 'listedOnly' }))).toEqual(['/orphan']);
  });

  it('applies with the other filters', () => {
    const { set, result } = covered();
    const view = queryRows(set, result, { ...ALL_ROWS, coverage: 'crawled', prefix: 'https://example.com/shop' });
    expect(locsOf(set, view)).toEqual(['/shop/item-1']);
  });

  it('matches no row without a crawl export', () => {
    const { set, result } = covered(false);
    expect(queryRows(set, result, { ...ALL_ROWS, coverage: 'crawled' })).toHaveLength(0);
    expect(queryRows(set, result, { ...ALL_ROWS, coverage: 'listedOnly' })).toHaveLength(0);
  });
});

describe('the crawl’s depth and inlinks columns', () => {
  it('gives each row its page’s depth and inlinks, null where the crawl has none', () => {
    const { set } = covered();
    const index = coverageOf(set);
    const numbers = Array.from({ length: set.rows.length }, (_, i) => crawlNumbers(index, i));
    expect(numbers).toEqual([
      { depth: 0, inlinks: 12 },
      { depth: 1, inlinks: 8 },
      { depth: 1, inlinks: 9 },
      { depth: 1, inlinks: 2 },
      { depth: null, inlinks: null },
      { depth: 2, inlinks: 4 },
    ]);
  });

  it('sorts by depth and by inlinks either way, rows without one last, ties in row order', () => {
    const { set, result } = covered();
    const sorted = (key: 'depth' | 'inlinks', dir: 'asc' | 'desc') =>
      locsOf(set, queryRows(set, result, { ...ALL_ROWS, sort: { key, dir } }));
    expect(sorted('depth', 'asc')).toEqual(['/', '/about', '/blog/', '/old', '/shop/item-1', '/orphan']);
    expect(sorted('depth', 'desc')).toEqual(['/shop/item-1', '/about', '/blog/', '/old', '/', '/orphan']);
    expect(sorted('inlinks', 'desc')).toEqual(['/', '/blog/', '/about', '/shop/item-1', '/old', '/orphan']);
  });

  it('sorts numbers of any size (a radix sort of 32-bit keys), stable', () => {
    const values = [70000, undefined, 3, 999999999, 3, 0, 256, 65536];
    const view = Uint32Array.from(values.keys());
    sortByNumber(view, (i) => values[i], 'asc');
    expect(Array.from(view)).toEqual([5, 2, 4, 6, 7, 0, 3, 1]);
    sortByNumber(view, (i) => values[i], 'desc');
    expect(Array.from(view)).toEqual([3, 0, 7, 6, 2, 4, 5, 1]);
  });
});

describe('coverage per branch of the tree', () => {
  it('counts the rows not crawled and the pages missing in each branch', () => {
    const { set, result } = covered();
    const coverage = branchCoverage(coverageOf(set));
    const keys = ['', 'https://example.com'];
    const pass = new TreeLevelsPass(set.rows, result, keys, 500, { coverage });
    pass.step(Infinity);
    const levels = pass.finish();
    const host = levels.get('')?.children[0];
    expect([host?.urls, host?.notCrawled, host?.missing]).toEqual([6, 1, 2]);
    const byLabel = new Map(levels.get('https://example.com')?.children.map((c) => [c.label, c]));
    expect([byLabel.get('orphan')?.notCrawled, byLabel.get('orphan')?.missing]).toEqual([1, 0]);
    expect([byLabel.get('shop')?.notCrawled, byLabel.get('shop')?.missing]).toEqual([0, 1]);
    expect([byLabel.get('blog')?.notCrawled, byLabel.get('blog')?.missing]).toEqual([0, 1]);
    expect(byLabel.get('about')?.missing).toBe(0);
  });

  it('counts them too when the pass asks only for branches below the top (a box of the diagram opened)', () => {
    const { set, result } = covered();
    const pass = new TreeLevelsPass(set.rows, result, ['https://example.com'], 500, {
      coverage: branchCoverage(coverageOf(set)),
    });
    pass.step(Infinity);
    const byLabel = new Map(
      pass
        .finish()
        .get('https://example.com')
        ?.children.map((c) => [c.label, c]),
    );
    expect([byLabel.get('shop')?.missing, byLabel.get('blog')?.missing, byLabel.get('orphan')?.notCrawled]).toEqual([
      1, 1, 1,
    ]);
  });

  it('has no coverage counts without a crawl export', () => {
    const { set, result } = covered(false);
    expect(branchCoverage(coverageOf(set))).toBeNull();
    const node = treeLevels(set.rows, result, ['']).get('')?.children[0];
    expect(node?.urls).toBe(6);
    expect(node && 'notCrawled' in node).toBe(false);
  });
});
