import { describe, expect, it } from 'vitest';
import { sharedOrigin, splitLoc, splitTail, TAIL_END_CHARS } from './url-parts';

describe('splitLoc', () => {
  it('keeps the last segment, query and fragment whole', () => {
    expect(splitLoc('https://www.example.com/blog/2024/my-post?ref=rss#top')).toEqual({
      origin: 'https://www.example.com',
      head: '/blog/2024/',
      tail: 'my-post?ref=rss#top',
    });
  });

  it('gives a trailing slash to the last segment', () => {
    expect(splitLoc('https://actualidadeurovision.blogspot.com/2019/05/eurovision/')).toEqual({
      origin: 'https://actualidadeurovision.blogspot.com',
      head: '/2019/05/',
      tail: 'eurovision/',
    });
  });

  it('splits the home page and a bare origin', () => {
    expect(splitLoc('https://www.example.com/')).toEqual({ origin: 'https://www.example.com', head: '', tail: '/' });
    expect(splitLoc('http://example.com:8080')).toEqual({ origin: 'http://example.com:8080', head: '', tail: '' });
  });

  it('leaves a loc without an origin as a path', () => {
    expect(splitLoc('/relative/page.html')).toEqual({ origin: '', head: '/relative/', tail: 'page.html' });
    expect(splitLoc('')).toEqual({ origin: '', head: '', tail: '' });
  });

  it('does not take a slash in the query for a segment', () => {
    expect(splitLoc('https://a.example/p?next=/x/y')).toEqual({
      origin: 'https://a.example',
      head: '/',
      tail: 'p?next=/x/y',
    });
  });
});

describe('sharedOrigin', () => {
  it('finds the one origin of every loc', () => {
    expect(sharedOrigin(['https://a.example/x', 'https://a.example/y/z'])).toBe('https://a.example');
  });

  it('is null for mixed origins, a loc without one, or none', () => {
    expect(sharedOrigin(['https://a.example/x', 'http://a.example/x'])).toBeNull();
    expect(sharedOrigin(['https://a.example/x', 'page.html'])).toBeNull();
    expect(sharedOrigin([])).toBeNull();
  });
});

describe('splitTail', () => {
  it('leaves a short segment whole', () => {
    expect(splitTail('my-post?ref=rss')).toEqual({ start: '', end: 'my-post?ref=rss' });
    expect(splitTail('x'.repeat(TAIL_END_CHARS * 2))).toEqual({ start: '', end: 'x'.repeat(TAIL_END_CHARS * 2) });
  });

  it('keeps the last characters of a long one apart, and gives the segment back joined', () => {
    const tail = 'goodman-amana-wiring-harness-kit-for-remote-wall-thermostat-pwhk01g';
    expect(splitTail(tail)).toEqual({
      start: 'goodman-amana-wiring-harness-kit-for-remote-wall-ther',
      end: 'mostat-pwhk01g',
    });
    const { start, end } = splitTail(tail);
    expect(start + end).toBe(tail);
    expect(end.length).toBe(TAIL_END_CHARS);
  });
});
