import { describe, expect, it } from 'vitest';
import { MAX_COLUMN_PX, MIN_COLUMN_PX, readColumnLayout } from './column-layout';

describe('readColumnLayout', () => {
  it('refuses what is not an object', () => {
    for (const data of [null, undefined, 'wide', 42, true, ['loc']]) expect(readColumnLayout(data)).toBeNull();
  });

  it('keeps each part of the right shape and drops the rest', () => {
    const data = {
      sizing: {
        loc: 512.4,
        lastmod: MIN_COLUMN_PX - 1,
        file: 'wide',
        index: Infinity,
        max: MAX_COLUMN_PX,
        over: MAX_COLUMN_PX + 1,
        min: MIN_COLUMN_PX,
      },
      visibility: { file: false, lastmod: true, index: 'no' },
      order: ['file', 'loc', 'loc', 7, null, 'gone'],
      pinned: ['select', 'select', 3],
      wrap: true,
    };
    expect(readColumnLayout(data)).toEqual({
      sizing: { loc: 512, max: MAX_COLUMN_PX, min: MIN_COLUMN_PX },
      visibility: { file: false },
      // Ids the grid does not know are its to drop: the store knows no columns.
      order: ['file', 'loc', 'gone'],
      pinned: ['select'],
      wrap: true,
    });
  });

  it('leaves out an order or pinned list that is not a list, and reads a wrap that is not true as false', () => {
    expect(
      readColumnLayout({ sizing: [300], visibility: 'none', order: 'loc', pinned: { loc: true }, wrap: 'yes' }),
    ).toEqual({ sizing: {}, visibility: {}, wrap: false });
    expect(readColumnLayout({ pinned: [] })).toEqual({ sizing: {}, visibility: {}, pinned: [], wrap: false });
  });
});
