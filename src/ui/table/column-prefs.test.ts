import { describe, expect, it } from 'vitest';
import { defaultPrefs, drawnOrder, fitPrefs, moveColumn, moveColumnTo } from './column-prefs';

const IDS = ['select', 'index', 'loc', 'lastmod', 'file'];
const PINNED = ['select', 'index', 'loc'];

describe('fitPrefs', () => {
  it('gives the defaults without a stored layout', () => {
    const defaults = { sizing: {}, visibility: {}, order: IDS, pinned: PINNED, wrap: false };
    expect(fitPrefs(null, IDS, PINNED)).toEqual(defaults);
    expect(defaultPrefs(IDS, PINNED)).toEqual(defaults);
  });

  it('keeps what fits the columns, drops unknown ids and appends the columns the order lacks', () => {
    const layout = {
      sizing: { loc: 512, gone: 200 },
      visibility: { file: false, gone: false },
      order: ['file', 'gone', 'loc'],
      pinned: ['select', 'gone'],
      wrap: true,
    };
    expect(fitPrefs(layout, IDS, PINNED)).toEqual({
      sizing: { loc: 512 },
      visibility: { file: false },
      order: ['file', 'loc', 'select', 'index', 'lastmod'],
      pinned: ['select'],
      wrap: true,
    });
  });

  it('takes the default order and pinning where the layout has none, and none pinned when it says so', () => {
    expect(fitPrefs({ sizing: {}, visibility: {}, wrap: false }, IDS, PINNED)).toEqual(defaultPrefs(IDS, PINNED));
    expect(fitPrefs({ sizing: {}, visibility: {}, pinned: [], wrap: false }, IDS, PINNED).pinned).toEqual([]);
  });
});

describe('moveColumn', () => {
  const prefs = { order: IDS, pinned: ['select', 'loc'] };

  it('draws the pinned columns first', () => {
    expect(drawnOrder(prefs)).toEqual(['select', 'loc', 'index', 'lastmod', 'file']);
  });

  it('swaps a column with its neighbour as drawn', () => {
    expect(moveColumn(prefs, 'lastmod', -1)).toEqual({
      order: ['select', 'lastmod', 'loc', 'index', 'file'],
      pinned: ['select', 'loc'],
    });
    expect(drawnOrder(moveColumn(prefs, 'lastmod', -1))).toEqual(['select', 'loc', 'lastmod', 'index', 'file']);
    expect(moveColumn(prefs, 'loc', -1)).toEqual({ order: IDS, pinned: ['loc', 'select'] });
  });

  it('does not cross the pinned edge nor the ends', () => {
    expect(moveColumn(prefs, 'loc', 1)).toBe(prefs);
    expect(moveColumn(prefs, 'index', -1)).toBe(prefs);
    expect(moveColumn(prefs, 'file', 1)).toBe(prefs);
    expect(moveColumn(prefs, 'select', -1)).toBe(prefs);
    expect(moveColumn(prefs, 'gone', 1)).toBe(prefs);
  });
});

describe('moveColumnTo', () => {
  const prefs = {
    order: ['select', 'index', 'loc', 'lastmod', 'changefreq', 'file'],
    pinned: ['select', 'index', 'loc'],
  };

  it('puts a dragged column in the place of the one it is dropped on, either way', () => {
    expect(drawnOrder(moveColumnTo(prefs, 'lastmod', 'file'))).toEqual([
      'select',
      'index',
      'loc',
      'changefreq',
      'file',
      'lastmod',
    ]);
    expect(drawnOrder(moveColumnTo(prefs, 'file', 'lastmod'))).toEqual([
      'select',
      'index',
      'loc',
      'file',
      'lastmod',
      'changefreq',
    ]);
    expect(moveColumnTo(prefs, 'loc', 'select').pinned).toEqual(['loc', 'select', 'index']);
  });

  it('refuses a drop across the pinned edge, on itself, or of an unknown column', () => {
    expect(moveColumnTo(prefs, 'file', 'loc')).toBe(prefs);
    expect(moveColumnTo(prefs, 'index', 'lastmod')).toBe(prefs);
    expect(moveColumnTo(prefs, 'file', 'file')).toBe(prefs);
    expect(moveColumnTo(prefs, 'gone', 'file')).toBe(prefs);
  });
});
