import { describe, expect, it } from 'vitest';
import { defaultPrefs, drawnOrder, moveColumn, moveColumnTo, parsePrefs } from './column-prefs';

const IDS = ['select', 'index', 'loc', 'lastmod', 'file'];
const PINNED = ['select', 'index', 'loc'];

describe('parsePrefs', () => {
  it('gives the defaults without stored prefs or with broken JSON', () => {
    const defaults = { sizing: {}, visibility: {}, order: IDS, pinned: PINNED, wrap: false };
    expect(parsePrefs(null, IDS, PINNED)).toEqual(defaults);
    expect(parsePrefs('{not json', IDS, PINNED)).toEqual(defaults);
    expect(parsePrefs('"text"', IDS, PINNED)).toEqual(defaults);
    expect(defaultPrefs(IDS, PINNED)).toEqual(defaults);
  });

  it('keeps what fits the columns and drops the rest', () => {
    const raw = JSON.stringify({
      sizing: { loc: 512.4, lastmod: 3, file: 'wide', gone: 200, index: Infinity },
      visibility: { file: false, lastmod: true, gone: false },
      order: ['file', 'loc', 'gone', 'loc', 7],
      pinned: ['select', 'gone'],
      wrap: true,
    });
    expect(parsePrefs(raw, IDS, PINNED)).toEqual({
      sizing: { loc: 512 },
      visibility: { file: false },
      order: ['file', 'loc', 'select', 'index', 'lastmod'],
      pinned: ['select'],
      wrap: true,
    });
  });
});

describe('moveColumn', () => {
  const prefs = { order: IDS, pinned: ['select', 'loc'] };

  it('draws the pinned columns first', () => {
    expect(drawnOrder(prefs)).toEqual(['select', 'loc', 'index', 'lastmod', 'file']);
  });

  it('swaps a column with its neighbour as drawn', () => {
    expect(moveColumn(prefs, 'lastmod', -1)).toEqual({ order: ['select', 'lastmod', 'loc', 'index', 'file'], pinned: ['select', 'loc'] });
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
  const prefs = { order: ['select', 'index', 'loc', 'lastmod', 'changefreq', 'file'], pinned: ['select', 'index', 'loc'] };

  it('puts a dragged column in the place of the one it is dropped on, either way', () => {
    expect(drawnOrder(moveColumnTo(prefs, 'lastmod', 'file'))).toEqual(['select', 'index', 'loc', 'changefreq', 'file', 'lastmod']);
    expect(drawnOrder(moveColumnTo(prefs, 'file', 'lastmod'))).toEqual(['select', 'index', 'loc', 'file', 'lastmod', 'changefreq']);
    expect(moveColumnTo(prefs, 'loc', 'select').pinned).toEqual(['loc', 'select', 'index']);
  });

  it('refuses a drop across the pinned edge, on itself, or of an unknown column', () => {
    expect(moveColumnTo(prefs, 'file', 'loc')).toBe(prefs);
    expect(moveColumnTo(prefs, 'index', 'lastmod')).toBe(prefs);
    expect(moveColumnTo(prefs, 'file', 'file')).toBe(prefs);
    expect(moveColumnTo(prefs, 'gone', 'file')).toBe(prefs);
  });
});
