import { describe, expect, it } from 'vitest';
import { RowKeys } from './row-keys';

const range = (start: number, end: number) => Array.from({ length: end - start }, (_, i) => start + i);

describe('row keys', () => {
  it('numbers the first rows drawn from 0', () => {
    expect(new RowKeys().keysFor(range(10, 15))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the key of a position still drawn, and gives a row coming into view the key of the one that left', () => {
    const keys = new RowKeys();
    keys.keysFor(range(10, 15));
    expect(keys.keysFor(range(11, 16))).toEqual([1, 2, 3, 4, 0]);
    expect(keys.keysFor(range(9, 14))).toEqual([4, 0, 1, 2, 3]);
  });

  it('reuses every key in drawn order when the whole window jumps', () => {
    const keys = new RowKeys();
    keys.keysFor(range(0, 4));
    keys.keysFor([1, 2, 3, 4]);
    expect(keys.keysFor(range(5000, 5004))).toEqual([1, 2, 3, 0]);
  });

  it('keeps a row drawn outside the window (the focused one) on its key while the window moves', () => {
    const keys = new RowKeys();
    expect(keys.keysFor([0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
    expect(keys.keysFor([500, 501, 502, 1])).toEqual([0, 2, 3, 1]);
    expect(keys.keysFor([900, 901, 902, 1])).toEqual([0, 2, 3, 1]);
  });

  it('takes new keys only when more rows are drawn than ever before', () => {
    const keys = new RowKeys();
    keys.keysFor(range(0, 3));
    expect(keys.keysFor(range(100, 105))).toEqual([0, 1, 2, 3, 4]);
    expect(keys.keysFor(range(200, 202))).toEqual([0, 1]);
    expect(keys.keysFor(range(300, 305))).toEqual([0, 1, 2, 3, 4]);
  });
});
