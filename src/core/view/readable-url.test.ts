import { describe, expect, it } from 'vitest';
import { encodeNonAscii, readableUrl, urlTextForms } from './readable-url';

describe('readableUrl', () => {
  it.each([
    ['https://example.com/%C3%BCr%C3%BCnler', 'https://example.com/ürünler'],
    ['https://example.com/%c3%bcr%c3%bcnler?q=%C5%9Fi%C5%9F', 'https://example.com/ürünler?q=şiş'],
    ['https://example.com/%D0%BC%D0%B5%D1%81%D0%B5%D1%87%D0%BD%D0%BE', 'https://example.com/месечно'],
    ['https://example.com/caf%C3%A9/%F0%9F%98%80', 'https://example.com/café/😀'],
    // ASCII escapes keep their meaning.
    ['https://example.com/a%20b%2Fc%25d%3Fe', 'https://example.com/a%20b%2Fc%25d%3Fe'],
    // Invisible, spacing and bidi characters stay encoded: two URLs that differ never read alike.
    ['https://example.com/a%E2%80%8Bb', 'https://example.com/a%E2%80%8Bb'],
    ['https://example.com/a%E2%80%AEb', 'https://example.com/a%E2%80%AEb'],
    ['https://example.com/a%C2%A0b', 'https://example.com/a%C2%A0b'],
    ['https://example.com/a%C2%85b', 'https://example.com/a%C2%85b'],
    // Not UTF-8: a lone continuation byte, a truncated sequence, an overlong form, a surrogate.
    ['https://example.com/%80%C3', 'https://example.com/%80%C3'],
    ['https://example.com/%C3%BC%C3', 'https://example.com/ü%C3'],
    ['https://example.com/%C0%AF', 'https://example.com/%C0%AF'],
    ['https://example.com/%E0%80%AF', 'https://example.com/%E0%80%AF'],
    ['https://example.com/%ED%A0%80', 'https://example.com/%ED%A0%80'],
    ['https://example.com/%C3%28', 'https://example.com/%C3%28'],
    ['https://example.com/plain', 'https://example.com/plain'],
    ['', ''],
  ])('%s → %s', (url, shown) => {
    expect(readableUrl(url)).toBe(shown);
  });

  it('gives back what it read: encoding the shown form of a decoded URL gives the file form', () => {
    const file = 'https://example.com/%C3%BCr%C3%BCnler/%C5%A1ta';
    expect(encodeNonAscii(readableUrl(file))).toBe(file);
  });
});

describe('urlTextForms', () => {
  it('finds either form', () => {
    expect(urlTextForms('ürün')).toEqual(['ürün', '%C3%BCr%C3%BCn']);
    expect(urlTextForms('%c3%bcr')).toEqual(['%c3%bcr', 'ür']);
    expect(urlTextForms('blog')).toEqual(['blog']);
  });
});
