import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf, sourceFile, type RowInput } from '../check/test-helpers';
import { ALL_ROWS, queryRows, type ViewQuery } from './query';

const H = 'https://shop.example.com';

const ROWS: RowInput[] = [
  { loc: `${H}/p/1?color=navy`, lastmod: '2024-05-01', priority: '0.5' },
  { loc: `${H}/p/2?COLOR=Navy&size=s`, lastmod: '2023-01-01' },
  { loc: `${H}/p/3?color=red`, lastmod: '2024-05-01', priority: '0.5' },
  { loc: `${H}/p/4?color=navy`, lastmod: '', file: 1 },
  { loc: `${H}/ü/5?color=navy`, lastmod: '2022-12-31T23:00:00Z', file: 1 },
  { loc: `${H}/p/6?color=nav`, lastmod: '2021-01-01', file: 1 },
];

const set = setOf(ROWS, { files: [sourceFile('a.xml'), sourceFile('b.xml')] });
const result = checkSet(set, { now: new Date('2025-01-01T00:00:00Z') });
const shown = (q: Partial<ViewQuery>) => Array.from(queryRows(set, result, { ...ALL_ROWS, ...q }));

describe('the text filter in queryRows', () => {
  it('shows the rows whose loc holds the text in any case, sorted by lastmod with empty last', () => {
    expect(shown({ text: ' Color=NAVY ' })).toEqual([0, 1, 3, 4]);
    expect(shown({ text: 'color=navy', sort: { key: 'lastmod', dir: 'asc' } })).toEqual([4, 1, 0, 3]);
    expect(shown({ text: 'color=navy', sort: { key: 'lastmod', dir: 'desc' } })).toEqual([0, 1, 4, 3]);
    expect(shown({ text: 'ü/5' })).toEqual([4]);
  });

  it('applies the text with every other filter, and an edited loc by its new value', () => {
    expect(shown({ text: 'color=navy', file: 1 })).toEqual([3, 4]);
    expect(shown({ text: 'color=', priority: '0.5', sort: { key: 'lastmod', dir: 'asc' } })).toEqual([0, 2]);
    expect(shown({ text: 'navy', regex: true })).toEqual([0, 1, 3, 4]);
    const edited = setOf(ROWS, { files: [sourceFile('a.xml'), sourceFile('b.xml')] });
    edited.rows.loc.set(2, `${H}/p/3?Color=Navy`);
    edited.rows.loc.set(0, `${H}/p/1`);
    expect(Array.from(queryRows(edited, checkSet(edited), { ...ALL_ROWS, text: 'color=navy' }))).toEqual([1, 2, 3, 4]);
  });

  it('finds a URL written percent-encoded by its readable form, and a readable one by its encoded form', () => {
    const urls = setOf([
      { loc: `${H}/%C3%BCr%C3%BCnler/1` },
      { loc: `${H}/ürünler/2` },
      { loc: `${H}/urunler/3` },
      { loc: `${H}/%D0%BC%D0%B5%D1%81%D0%B5%D1%86/4` },
    ]);
    const r = checkSet(urls);
    const find = (text: string) => Array.from(queryRows(urls, r, { ...ALL_ROWS, text }));
    expect(find('ürünler')).toEqual([0, 1]);
    expect(find('ÜRÜNLER')).toEqual([0, 1]);
    expect(find('%c3%bcr%c3%bcnler')).toEqual([0, 1]);
    expect(find('месец')).toEqual([3]);
    expect(find('urunler')).toEqual([2]);
  });
});
