import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../../core/view/query';
import { translatorFor } from '../../i18n/catalogues';
import { activeFilters, withoutFilters } from './filter-labels';

const EN = translatorFor('en');

const FILES = [{ name: 'a.xml' }, { name: 'b.xml' }];

describe('activeFilters', () => {
  it('names every filter of a query and what clears it alone', () => {
    const query = {
      ...ALL_ROWS,
      text: 'shop/\\d',
      regex: true,
      code: 'loc-fragment' as const,
      fieldValue: { field: 'changefreq' as const, value: '' },
      priority: '0.5',
      lastmodBefore: '2024-05-01',
      lastmodMissing: true,
      file: 1,
      ext: 'alternate' as const,
      coverage: 'listedOnly' as const,
      prefix: 'https://a.example/blog',
    };
    expect(activeFilters(query, FILES, EN)).toEqual([
      { key: 'prefix', label: 'In https://a.example/blog', clear: { prefix: '' }, ownChip: true },
      { key: 'text', label: 'URL matches /shop/\\d/', clear: { text: '', regex: false } },
      { key: 'code', label: 'Problem: loc-fragment', clear: { code: null } },
      { key: 'fieldValue', label: 'changefreq missing', clear: { fieldValue: null } },
      { key: 'priority', label: 'priority = 0.5', clear: { priority: null } },
      { key: 'lastmodMissing', label: 'lastmod missing', clear: { lastmodMissing: false } },
      { key: 'lastmodBefore', label: 'lastmod before 2024-05-01', clear: { lastmodBefore: '' } },
      { key: 'file', label: 'File: b.xml', clear: { file: null } },
      { key: 'coverage', label: 'Listed only: not crawled', clear: { coverage: null } },
      { key: 'ext', label: 'Has hreflang alternates', clear: { ext: null } },
    ]);
  });

  it('names the Coverage view’s filters in every language', () => {
    const crawled = { ...ALL_ROWS, coverage: 'crawled' as const };
    expect(activeFilters(crawled, FILES, EN).map((f) => f.label)).toEqual(['Listed and crawled']);
    expect(activeFilters(crawled, FILES, translatorFor('tr')).map((f) => f.label)).toEqual(['Listelenen ve taranan']);
    expect(activeFilters(crawled, FILES, translatorFor('sr')).map((f) => f.label)).toEqual(['U mapi i u indeksiranju']);
  });

  it('finds none in the query of every row, and clearing keeps the sort', () => {
    expect(activeFilters(ALL_ROWS, FILES, EN)).toEqual([]);
    expect(activeFilters({ ...ALL_ROWS, text: 'blog', priority: '' }, FILES, EN).map((f) => f.label)).toEqual([
      'URL contains “blog”',
      'priority missing',
    ]);
    const sorted = { ...ALL_ROWS, sort: { key: 'loc' as const, dir: 'asc' as const }, onlyProblems: true };
    expect(withoutFilters(sorted)).toEqual({ ...ALL_ROWS, sort: { key: 'loc', dir: 'asc' } });
  });
});
