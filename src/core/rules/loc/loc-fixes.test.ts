import { describe, expect, it } from 'vitest';
import { locMask } from './loc-mask';
import { fixLocFragment, fixLocNotAbsolute, fixLocUnescaped, fixLocWhitespace } from './loc-fixes';

describe('fixLocNotAbsolute', () => {
  it.each([
    ['post-sitemap.xml', 'https://example.com/', 'https://example.com/post-sitemap.xml'],
    ['./index.html', 'https://example.com/', 'https://example.com/index.html'],
    ['/a', 'https://example.com/', 'https://example.com/a'],
    ['/a', 'https://example.com/catalog/', 'https://example.com/a'],
    ['a/b?x=1', 'https://example.com/catalog/', 'https://example.com/catalog/a/b?x=1'],
    ['a', 'https://example.com/catalog/sitemap.xml', 'https://example.com/catalog/a'],
    ['a', 'https://example.com/catalog', 'https://example.com/catalog/a'],
    ['//example.com/a', 'https://example.com/', 'https://example.com/a'],
    ['example.com/page', 'https://example.com', 'https://example.com/page'],
    ['www.example.com/page', 'https://example.com', 'https://www.example.com/page'],
    [' /a ', 'https://example.com', 'https://example.com/a'],
  ])('%j with %s → %s', (loc, site, out) => {
    expect(fixLocNotAbsolute(loc, site)).toBe(out);
  });
  it.each([
    ['/a', undefined],
    ['/a', 'not a url'],
    ['/a', 'ftp://example.com/'],
    ['None', 'https://example.com/'],
    ['null', 'https://example.com/'],
    ['', 'https://example.com/'],
    ['other.example/page', 'https://example.com/'],
    ['http:/example.com/a', 'https://example.com/'],
    ['a b', 'https://example.com/'],
    ['localhost:3000/a', 'https://example.com/'],
  ])('%j with %s → null', (loc, site) => {
    expect(fixLocNotAbsolute(loc, site)).toBeNull();
  });
});

describe('fixLocWhitespace', () => {
  it.each([
    [' https://example.com/a ', 'https://example.com/a'],
    ['\n\thttps://example.com/a\r\n', 'https://example.com/a'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['https://example.com/a\tb', 'https://example.com/a%09b'],
    ['https://example.com/a\u00a0b', 'https://example.com/a%C2%A0b'],
    ['  https://example.com/a b  ', 'https://example.com/a%20b'],
    ['https://example.com/a%20b c', 'https://example.com/a%20b%20c'],
  ])('%j → %s', (loc, out) => {
    expect(fixLocWhitespace(loc)).toBe(out);
    expect(locMask(out)).toBe(0);
  });
  it('is null when nothing is left', () => {
    expect(fixLocWhitespace(' \t ')).toBeNull();
  });
});

describe('fixLocUnescaped', () => {
  it.each([
    ['https://example.com/café', 'https://example.com/caf%C3%A9'],
    ['https://example.com/a"b<c>', 'https://example.com/a%22b%3Cc%3E'],
    ['https://example.com/{a}|b^c`d\\e', 'https://example.com/%7Ba%7D%7Cb%5Ec%60d%5Ce'],
    ['https://example.com/100%', 'https://example.com/100%25'],
    ['https://example.com/50%off', 'https://example.com/50%25off'],
    ['https://example.com/caf%C3%A9/ü', 'https://example.com/caf%C3%A9/%C3%BC'],
    ['https://example.com/😀', 'https://example.com/%F0%9F%98%80'],
    ['https://bücher.example/straße?q=ö', 'https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%B6'],
    ['https://bücher.example:8080/', 'https://xn--bcher-kva.example:8080/'],
    ['https://example.com/a/../b?x=ä#frag', 'https://example.com/a/../b?x=%C3%A4#frag'],
  ])('%j → %s', (loc, out) => {
    expect(fixLocUnescaped(loc)).toBe(out);
  });
  it('never encodes twice', () => {
    const once = fixLocUnescaped('https://example.com/ü%20x') as string;
    expect(fixLocUnescaped(once)).toBe(once);
  });
  it('refuses a lone surrogate', () => {
    expect(fixLocUnescaped('https://example.com/\ud800x')).toBeNull();
  });
});

describe('fixLocFragment', () => {
  it.each([
    ['https://example.com/a#top', 'https://example.com/a'],
    ['https://example.com/#', 'https://example.com/'],
    ['https://example.com/a?x=1#y#z', 'https://example.com/a?x=1'],
  ])('%j → %s', (loc, out) => {
    expect(fixLocFragment(loc)).toBe(out);
  });
  it('is null when only a fragment', () => {
    expect(fixLocFragment('#top')).toBeNull();
  });
});
