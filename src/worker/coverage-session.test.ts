import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../core/read/import-files';
import { ALL_ROWS } from '../core/view/query';
import { Session } from './session';

const DIR = join(__dirname, '../../fixtures/crawl-coverage');
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(DIR, name))) });

describe('the Coverage view through the worker', () => {
  it('sends the counts, filters the view, gives rows their depth and inlinks, and the tree its per-branch counts', () => {
    const s = new Session();
    s.importSet(importFiles([file('sitemap.xml'), file('crawl.csv')]), false);
    expect(s.summary().coverage).toEqual({ crawled: 5, listedOnly: 1, missing: 2, depth: true, inlinks: true });

    expect(s.setView({ ...ALL_ROWS, coverage: 'listedOnly' })).toBe(1);
    expect(s.rows(0, 1).map((r) => [r.loc, r.depth, r.inlinks])).toEqual([['https://example.com/orphan', null, null]]);
    expect(s.setView({ ...ALL_ROWS, coverage: 'crawled', sort: { key: 'inlinks', dir: 'desc' } })).toBe(5);
    expect(s.rows(0, 2).map((r) => [r.loc, r.depth, r.inlinks])).toEqual([
      ['https://example.com/', 0, 12],
      ['https://example.com/blog/', 1, 9],
    ]);

    const pass = s.treeLevelsPass(['']);
    while (!pass.step(1000));
    const host = pass.finish().get('')?.children[0];
    expect([host?.urls, host?.notCrawled, host?.missing]).toEqual([6, 1, 2]);

    // The added pages are listed and crawled now; none is missing.
    s.bulk.addMissingPages();
    expect(s.summary().coverage).toMatchObject({ crawled: 7, listedOnly: 1, missing: 0 });
  });

  it('has no coverage without a crawl export', () => {
    const s = new Session();
    s.importSet(importFiles([file('sitemap.xml')]), false);
    expect(s.summary().coverage).toBeNull();
    expect(s.rows(0, 1)[0]).toMatchObject({ depth: null, inlinks: null });
  });
});
