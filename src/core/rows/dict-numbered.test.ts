import { describe, expect, it } from 'vitest';
import { DictColumn } from './dict-column';
import { ArenaColumn } from './string-columns';
import { listOf } from '../../../fixtures/helpers';

describe('DictColumn.pushNumbered', () => {
  const values = ['', 'daily', 'weekly', 'never'];
  const codes = Uint32Array.from([9, 1, 2, 1, 0, 3, 2, 9]);

  it('appends a dictionary column the rows given by number, each number looked up once', () => {
    const col = new DictColumn();
    col.push('never');
    DictColumn.pushNumbered(col, codes, 1, 6, values);
    expect(listOf(col)).toEqual(['never', 'daily', 'weekly', 'daily', '', 'never', 'weekly']);
    // Equal values, equal numbers, the first value's number kept.
    expect([col.codeAt(0), col.codeAt(5), col.codeAt(1), col.codeAt(3), col.codeAt(4)]).toEqual([1, 1, 2, 2, 0]);
    expect(col.distinctValues()).toEqual(['', 'never', 'daily', 'weekly']);
  });

  it('widens the codes when the numbered values pass 255', () => {
    const many = ['', ...Array.from({ length: 300 }, (_, i) => `v${i}`)];
    const col = new DictColumn();
    DictColumn.pushNumbered(
      col,
      Uint32Array.from({ length: 301 }, (_, i) => 300 - i),
      0,
      301,
      many,
    );
    expect([col.length, col.get(0), col.get(299), col.get(300), col.codeAt(0), col.codeAt(300)]).toEqual([
      301,
      'v299',
      'v0',
      '',
      1,
      0,
    ]);
  });

  it('gives any other column the values one by one', () => {
    const col = new ArenaColumn();
    DictColumn.pushNumbered(col, codes, 1, 6, values);
    expect(listOf(col)).toEqual(['daily', 'weekly', 'daily', '', 'never', 'weekly']);
  });
});
