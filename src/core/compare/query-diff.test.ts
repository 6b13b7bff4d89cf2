import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import { ALL_ROWS, queryRows } from '../view/query';
import { indexBeforeLocs } from './before-locs';
import { diffRows } from './diff-rows';

describe('queryRows with a comparison', () => {
  const before = setOf(['https://e.com/a', { loc: 'https://e.com/b', lastmod: '2024-01-01' }, 'https://e.com/gone']);
  const after = setOf([
    'https://e.com/new',
    'https://e.com/a',
    { loc: 'https://e.com/b', lastmod: '2024-02-01' },
    'https://e.com/new',
    'https://e.com/z',
  ]);
  const result = checkSet(after);
  const kinds = diffRows(indexBeforeLocs(before.rows), after.rows).kind;

  it('shows the added or the changed rows (first entries only), combined with the other filters', () => {
    expect([...queryRows(after, result, { ...ALL_ROWS, diffKind: 'added' }, kinds)]).toEqual([0, 4]);
    expect([...queryRows(after, result, { ...ALL_ROWS, diffKind: 'changed' }, kinds)]).toEqual([2]);
    expect([...queryRows(after, result, { ...ALL_ROWS, diffKind: 'added', text: '/z' }, kinds)]).toEqual([4]);
    expect([
      ...queryRows(after, result, { ...ALL_ROWS, diffKind: 'added', sort: { key: 'loc', dir: 'desc' } }, kinds),
    ]).toEqual([4, 0]);
  });

  it('ignores the kinds without a filter by kind, and shows nothing by kind without a comparison', () => {
    expect(queryRows(after, result, ALL_ROWS, kinds)).toHaveLength(5);
    expect(queryRows(after, result, { ...ALL_ROWS, diffKind: null })).toHaveLength(5);
    expect(queryRows(after, result, { ...ALL_ROWS, diffKind: 'added' })).toHaveLength(0);
  });
});
