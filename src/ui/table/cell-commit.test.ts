import { describe, expect, it } from 'vitest';
import type { RowView } from '../../worker/protocol';
import { translatorFor } from '../../i18n/catalogues';
import { decimalPointNotice, saveCell, withDecimalPoint } from './cell-commit';
import { RowCache } from './row-cache';

const row = (pos: number): RowView => ({
  id: 100 + pos,
  loc: `https://example.com/${pos}`,
  lastmod: '',
  changefreq: '',
  priority: '',
  ext: 0,
  extSummary: '',
  depth: null,
  inlinks: null,
  file: 'a.xml',
  problems: [],
});

/** A cache holding rows 0..9 of a view of ten. */
async function cacheOfTen() {
  const cache = new RowCache((start, end) =>
    Promise.resolve(Array.from({ length: end - start }, (_, i) => row(start + i))),
  );
  cache.sync(1);
  cache.ensure(0, 10, 10);
  await new Promise((r) => setTimeout(r, 0));
  return cache;
}

describe('saveCell: a committed cell on the page', () => {
  it('draws the typed value at once with its own rules re-checked, and keeps it when the answer agrees', async () => {
    const cache = await cacheOfTen();
    let answer: (r: RowView | null) => void = () => {};
    let redraws = 0;
    cache.subscribe(() => redraws++);
    const saving = saveCell(cache, () => new Promise((resolve) => (answer = resolve)), 3, 103, 'lastmod', '2099-01-01');
    const drawn = cache.get(3);
    expect(drawn).toEqual({
      ...row(3),
      lastmod: '2099-01-01',
      problems: [
        {
          code: 'lastmod-future',
          severity: 'warning',
          message: 'lastmod "2099-01-01" is in the future',
          detail: { id: 'detail.lastmod.future', values: { value: '"2099-01-01"' } },
        },
      ],
    });
    expect(redraws).toBe(1);
    answer({
      ...row(3),
      lastmod: '2099-01-01',
      problems: [
        {
          code: 'lastmod-future',
          severity: 'warning',
          message: 'lastmod "2099-01-01" is in the future',
          detail: { id: 'detail.lastmod.future', values: { value: '"2099-01-01"' } },
        },
      ],
    });
    await saving;
    // The same row: not drawn again.
    expect(cache.get(3)).toBe(drawn);
    expect(redraws).toBe(1);
    expect(cache.get(4)).toEqual(row(4));
  });

  it('draws the answer when it differs (a loc, whose duplicates only the worker knows)', async () => {
    const cache = await cacheOfTen();
    const checked: RowView = {
      ...row(3),
      loc: 'https://example.com/4',
      problems: [{ code: 'loc-duplicate', severity: 'error', message: 'x' }],
    };
    let answer: (r: RowView | null) => void = () => {};
    const saving = saveCell(
      cache,
      () => new Promise((resolve) => (answer = resolve)),
      3,
      103,
      'loc',
      'https://example.com/4',
    );
    expect(cache.get(3)).toEqual({ ...row(3), loc: 'https://example.com/4' });
    answer(checked);
    await saving;
    expect(cache.get(3)).toBe(checked);
  });

  it('puts the row back as it was when the edit failed', async () => {
    const cache = await cacheOfTen();
    const before = cache.get(5);
    await saveCell(cache, () => Promise.resolve(null), 5, 105, 'priority', '0.4');
    expect(cache.get(5)).toBe(before);
  });

  it('leaves a position alone that shows another row by the time of the edit', async () => {
    const cache = await cacheOfTen();
    const calls: unknown[] = [];
    await saveCell(cache, (...a) => (calls.push(a), Promise.resolve(null)), 2, 999, 'priority', '0.4');
    expect(calls).toEqual([[999, 'priority', '0.4']]);
    expect(cache.get(2)).toEqual(row(2));
  });
});

describe('a priority typed with a decimal comma', () => {
  it('is written with a point, as the CSV reader and Fix all read it, and said so', () => {
    expect(withDecimalPoint('priority', '0,8')).toBe('0.8');
    expect(withDecimalPoint('priority', ' 1,0 ')).toBe('1.0');
    expect(withDecimalPoint('priority', '0.8')).toBeNull();
    expect(withDecimalPoint('priority', '0,8,1')).toBeNull();
    expect(withDecimalPoint('priority', 'high')).toBeNull();
    expect(withDecimalPoint('lastmod', '0,8')).toBeNull();
    const en = translatorFor('en');
    expect(en.text(decimalPointNotice('0,8', '0.8').text)).toBe(
      'The priority 0,8 was written with a decimal point: 0.8, as sitemaps write numbers.',
    );
    expect(en.text(decimalPointNotice('0,5', '0.5', 3).text)).toBe(
      '3 priorities were written with a decimal point (0,5 as 0.5), as sitemaps write numbers.',
    );
  });
});
