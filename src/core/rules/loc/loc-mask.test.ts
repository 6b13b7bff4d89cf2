import { describe, expect, it } from 'vitest';
import { escapedLength, locMask } from './loc-mask';
import { codesOfMask } from '../bits';
import { LOC_BIT, LOC_TOO_LONG_ERROR_MARK } from './loc-rules';

const codes = (loc: string): string[] => codesOfMask(locMask(loc));

describe('locMask', () => {
  it.each([
    'https://example.com/',
    'http://example.com',
    'https://example.com/a/b?x=1&y=2',
    'https://example.com/caf%C3%A9',
    'HTTPS://Example.com/Path',
    'https://user@example.com:8443/a',
    'https://xn--bcher-kva.example/',
    "https://example.com/a-b_c.d~e!$&'()*+,;=:@/",
  ])('accepts %s', (loc) => {
    expect(locMask(loc)).toBe(0);
  });

  it.each([
    ['', ['loc-missing']],
    ['   ', ['loc-missing']],
    [' https://example.com/', ['loc-whitespace']],
    ['https://example.com/\n', ['loc-whitespace']],
    ['https://example.com/a b', ['loc-whitespace']],
    ['https://example.com/a\tb', ['loc-whitespace']],
    ['https://example.com/a\u0001b', ['loc-whitespace']],
    ['https://example.com/a\u00a0b', ['loc-whitespace']],
    ['post-sitemap.xml', ['loc-not-absolute']],
    ['./index.html', ['loc-not-absolute']],
    ['/a', ['loc-not-absolute']],
    ['None', ['loc-not-absolute']],
    ['example.com/page', ['loc-not-absolute']],
    ['www.example.com:8080/a', ['loc-not-absolute']],
    ['localhost:3000/a', ['loc-not-absolute']],
    ['//example.com/a', ['loc-not-absolute']],
    ['https:/example.com/a', ['loc-not-absolute']],
    ['https://', ['loc-not-absolute']],
    ['https:///a', ['loc-not-absolute']],
    ['htp://example.com/', ['loc-scheme']],
    ['ftp://example.com/file', ['loc-scheme']],
    ['javascript:alert(1)', ['loc-scheme']],
    ['mailto:a@example.com', ['loc-scheme']],
    ['https://example.com/café', ['loc-unescaped']],
    ['https://bücher.example/', ['loc-unescaped']],
    ['https://example.com/a"b', ['loc-unescaped']],
    ['https://example.com/a<b>', ['loc-unescaped']],
    ['https://example.com/a\\b', ['loc-unescaped']],
    ['https://example.com/a^b', ['loc-unescaped']],
    ['https://example.com/a`b', ['loc-unescaped']],
    ['https://example.com/a{b}', ['loc-unescaped']],
    ['https://example.com/a|b', ['loc-unescaped']],
    ['https://example.com/100%', ['loc-unescaped']],
    ['https://example.com/100%zz', ['loc-unescaped']],
    ['https://example.com/%4', ['loc-unescaped']],
    ['https://example.com/😀', ['loc-unescaped']],
    ['https://example.com/#top', ['loc-fragment']],
    ['https://example.com/a#', ['loc-fragment']],
    [' https://example.com/a b#x', ['loc-whitespace', 'loc-fragment']],
    ['ftp://example.com/ü', ['loc-scheme', 'loc-unescaped']],
  ])('flags %j as %j', (loc, expected) => {
    expect(codes(loc)).toEqual(expected);
  });

  describe('length, counted once escaped', () => {
    const url = (len: number): string => 'https://example.com/' + 'a'.repeat(len - 20);
    it('2,048 characters is only a warning (over 1,024)', () => {
      expect(url(2048)).toHaveLength(2048);
      expect(locMask(url(2048))).toBe(LOC_BIT.tooLong);
    });
    it('2,049 characters is an error', () => {
      expect(locMask(url(2049))).toBe(LOC_BIT.tooLong | LOC_TOO_LONG_ERROR_MARK);
    });
    it('1,024 characters is fine, 1,025 a warning', () => {
      expect(locMask(url(1024))).toBe(0);
      expect(locMask(url(1025))).toBe(LOC_BIT.tooLong);
    });
    it('counts a non-ASCII character as its percent-encoded bytes', () => {
      // 1,000 + 6 ("é" → %C3%A9) + 19 = 1,025 once escaped, although 1,020 characters long.
      const loc = 'https://example.com/' + 'a'.repeat(999) + 'é';
      expect(loc).toHaveLength(1020);
      expect(escapedLength(loc)).toBe(1025);
      expect(locMask(loc)).toBe(LOC_BIT.tooLong | LOC_BIT.unescaped);
    });
    it('counts an existing %XX escape as three characters, not nine', () => {
      expect(escapedLength('https://a.b/%C3%A9')).toBe(18);
    });
  });
});
