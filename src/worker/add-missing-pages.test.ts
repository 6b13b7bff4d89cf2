import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../core/read/import-files';
import { Session } from './session';

const DIR = join(__dirname, '../../fixtures/crawl-coverage');
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(DIR, name))) });

function totals(s: Session) {
  const { urlCount, byCode } = s.summary();
  return { urlCount, byCode };
}

describe('Add N pages', () => {
  it('adds the pages the crawl found that no row lists, with their lastmod, in one undo step', () => {
    const s = new Session();
    s.importSet(importFiles([file('sitemap.xml'), file('crawl.csv')]), false);
    expect(totals(s)).toEqual({ urlCount: 6, byCode: { 'crawl-redirect': 1, 'crawl-not-in-sitemap': 2 } });

    const out = s.bulk.addMissingPages();
    expect(out.added).toBe(2);
    expect(out.history).toMatchObject({ canUndo: true, undoLabel: 'Add 2 pages the crawl found' });
    expect(totals(s)).toEqual({ urlCount: 8, byCode: { 'crawl-redirect': 1 } });
    const added = s.rows(6, 8).map((r) => [r.loc, r.lastmod]);
    expect(added).toEqual([
      ['https://example.com/shop/item-2', '2024-05-14T08:12:31+00:00'],
      ['https://example.com/blog/new-post', ''],
    ]);
    // Nothing left to add: nothing changes, no undo step.
    expect(s.bulk.addMissingPages().added).toBe(0);
    expect(s.history.state().undoLabel).toBe('Add 2 pages the crawl found');

    s.undo();
    expect(totals(s)).toEqual({ urlCount: 6, byCode: { 'crawl-redirect': 1, 'crawl-not-in-sitemap': 2 } });
  });
});
