import { describe, expect, it } from 'vitest';
import { openedFrom, readOpenedFrom, sourcesAfter } from './opened-from';

const NOTES = {
  problems: [],
  finalUrl: [
    ['https://s.test/robots.txt', 'https://s.test/robots.txt'],
    ['https://s.test/index.xml', 'https://s.test/index.xml'],
    ['https://s.test/old.xml', 'https://s.test/new.xml'],
  ] as [string, string][],
  failed: ['https://s.test/missing.xml'],
};

describe('the URLs a set was opened from', () => {
  it('lists the URL opened first, then every URL the walk asked for, each once', () => {
    expect(openedFrom('https://s.test/robots.txt', 'direct', NOTES, 5)).toEqual({
      url: 'https://s.test/robots.txt',
      via: 'direct',
      fetched: [
        'https://s.test/robots.txt',
        'https://s.test/index.xml',
        'https://s.test/old.xml',
        'https://s.test/missing.xml',
      ],
      at: 5,
    });
  });

  it('an append adds a source, a fresh import replaces them, files bring none', () => {
    const a = openedFrom('https://a.test/sitemap.xml', 'serve', { ...NOTES, finalUrl: [], failed: [] }, 1);
    const b = openedFrom('https://b.test/sitemap.xml', 'direct', { ...NOTES, finalUrl: [], failed: [] }, 2);
    expect(sourcesAfter([a], b, true)).toEqual([a, b]);
    expect(sourcesAfter([a], b, false)).toEqual([b]);
    expect(sourcesAfter([a], undefined, true)).toEqual([a]);
    expect(sourcesAfter([a], undefined, false)).toEqual([]);
  });

  it('reads back only what holds together (older saves have none)', () => {
    const good = openedFrom('https://s.test/robots.txt', 'serve', NOTES, 3);
    expect(readOpenedFrom(undefined)).toEqual([]);
    expect(readOpenedFrom([good, { url: 'javascript:1', via: 'serve', fetched: [], at: 1 }, null, 7])).toEqual([good]);
  });
});
