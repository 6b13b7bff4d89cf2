import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf, sourceFile, type RowInput } from '../check/test-helpers';
import { IMAGE_NS, NEWS_NS, VIDEO_NS, XHTML_NS } from '../rows/ext-read';
import type { ExtElement } from '../rows/types';
import { compareLastmodDay } from './column-filters';
import { ALL_ROWS, queryRows, type ViewQuery } from './query';

const H = 'https://www.example.com';
const NOW = new Date('2025-01-01T00:00:00Z');

const el = (ns: string, name: string, attrs: Record<string, string> = {}): ExtElement => ({
  ns,
  prefix: '',
  name,
  attrs: Object.entries(attrs).map(([n, value]) => ({ ns: '', prefix: '', name: n, value })),
  children: [],
});

const ROWS: RowInput[] = [
  { loc: `${H}/`, lastmod: '2024-01-15', priority: '1.0', changefreq: 'daily' },
  { loc: `${H}/blog/a`, lastmod: '2024-05-01T10:00:00Z', priority: '0.5', ext: [el(IMAGE_NS, 'image')] },
  { loc: `${H}/blog/b`, lastmod: '2024-05', priority: '0.50', ext: [el(VIDEO_NS, 'video'), el(IMAGE_NS, 'image')] },
  { loc: `${H}/shop/1`, lastmod: '2024', ext: [el(NEWS_NS, 'news')], file: 1 },
  {
    loc: `${H}/shop/2`,
    lastmod: '',
    priority: '0.8',
    file: 1,
    ext: [el(XHTML_NS, 'link', { rel: 'alternate', hreflang: 'de', href: `${H}/de/` })],
  },
  // Not a real date: in no range.
  {
    loc: `${H}/Shop/3`,
    lastmod: '2024-02-30',
    priority: '',
    file: 1,
    ext: [el(XHTML_NS, 'link', { rel: 'amphtml', href: `${H}/amp` })],
  },
];

const set = setOf(ROWS, { files: [sourceFile('a.xml'), sourceFile('b.xml')] });
const result = checkSet(set, { now: NOW });
const shown = (q: Partial<ViewQuery>) => Array.from(queryRows(set, result, { ...ALL_ROWS, ...q }));

describe('column filters in queryRows', () => {
  it('filters lastmod before, after and missing by the date as written', () => {
    expect(shown({ lastmodBefore: '2024-05-01' })).toEqual([0, 3]);
    expect(shown({ lastmodAfter: '2024-01-15' })).toEqual([1, 2]);
    expect(shown({ lastmodAfter: '2024-01-14', lastmodBefore: '2024-05-01' })).toEqual([0]);
    expect(shown({ lastmodMissing: true })).toEqual([4]);
    // A malformed day filters nothing rather than everything.
    expect(shown({ lastmodBefore: '2024-5-1' })).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('filters priority as a number, and missing priority', () => {
    expect(shown({ priority: '0.5' })).toEqual([1, 2]);
    expect(shown({ priority: '1' })).toEqual([0]);
    expect(shown({ priority: '' })).toEqual([3, 5]);
  });

  it('filters by source file and by extension kind', () => {
    expect(shown({ file: 1 })).toEqual([3, 4, 5]);
    expect(shown({ file: 0 })).toEqual([0, 1, 2]);
    expect(shown({ ext: 'image' })).toEqual([1, 2]);
    expect(shown({ ext: 'video' })).toEqual([2]);
    expect(shown({ ext: 'news' })).toEqual([3]);
    // An amphtml link is not an hreflang alternate.
    expect(shown({ ext: 'alternate' })).toEqual([4]);
  });

  it('filters locs by a case-insensitive regular expression; an invalid one filters nothing', () => {
    expect(shown({ text: 'shop/\\d$', regex: true })).toEqual([3, 4, 5]);
    expect(shown({ text: '^https://www\\.example\\.com/blog/[ab]$', regex: true })).toEqual([1, 2]);
    // Plain text with the same characters finds nothing: the option changes the meaning.
    expect(shown({ text: 'shop/\\d$' })).toEqual([]);
    expect(shown({ text: 'shop/(', regex: true })).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('combines the filters with the others', () => {
    expect(shown({ file: 1, lastmodBefore: '2025-01-01' })).toEqual([3]);
    expect(shown({ ext: 'image', code: 'lastmod-invalid' })).toEqual([]);
    expect(shown({ code: 'lastmod-invalid', file: 1 })).toEqual([5]);
  });
});

describe('compareLastmodDay', () => {
  const cmp = (lastmod: string, day: string) =>
    Math.sign(compareLastmodDay(`xx${lastmod}yy`, 2, 2 + lastmod.length, day));
  it('reads a shorter date as its first day', () => {
    expect(cmp('2024', '2024-01-01')).toBe(0);
    expect(cmp('2024', '2024-01-02')).toBe(-1);
    expect(cmp('2024-05', '2024-05-01')).toBe(0);
    expect(cmp('2024-05', '2024-04-30')).toBe(1);
    expect(cmp('2024-05-01T23:59:59-05:00', '2024-05-01')).toBe(0);
    expect(cmp('2023-12-31', '2024-01-01')).toBe(-1);
  });
});
