import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLocText, escapeAttr, escapeLoc, escapeText, newEscapeStats } from './escape';
import { utf8Length } from '../text/utf8';

describe('escapeText', () => {
  it('returns plain text unchanged', () => {
    expect(escapeText('https://example.com/a/b?c=d')).toBe('https://example.com/a/b?c=d');
    expect(escapeText('Grüße 😀 日本')).toBe('Grüße 😀 日本');
  });

  it('escapes each of the five characters', () => {
    expect(escapeText('&')).toBe('&amp;');
    expect(escapeText("'")).toBe('&apos;');
    expect(escapeText('"')).toBe('&quot;');
    expect(escapeText('>')).toBe('&gt;');
    expect(escapeText('<')).toBe('&lt;');
    expect(escapeText(`a&b'c"d>e<f`)).toBe('a&amp;b&apos;c&quot;d&gt;e&lt;f');
    expect(escapeText('&amp;')).toBe('&amp;amp;');
  });

  it('keeps tab and LF, writes CR as a reference', () => {
    expect(escapeText('a\tb\nc\rd')).toBe('a\tb\nc&#xD;d');
  });

  it('drops characters XML 1.0 cannot hold, and counts them', () => {
    const stats = newEscapeStats();
    expect(escapeText('a\u0000b\u0001c\u001fd\u000be\u000cf', stats)).toBe('abcdef');
    expect(escapeText('x\ufffey\uffffz', stats)).toBe('xyz');
    expect(escapeText('lone \ud800 high, lone \udc00 low, end \ud83d', stats)).toBe('lone  high, lone  low, end ');
    expect(stats).toEqual({ dropped: 10, percentEncoded: 0, lastmodCompleted: 0, namesDropped: 0, trimmed: 0 });
  });

  it('keeps surrogate pairs', () => {
    expect(escapeText('😀&😀')).toBe('😀&amp;😀');
  });
});

describe('escapeAttr', () => {
  it('escapes the five characters and whitespace controls', () => {
    expect(escapeAttr(`&'"<>`)).toBe('&amp;&apos;&quot;&lt;&gt;');
    expect(escapeAttr('a\tb\nc\rd')).toBe('a&#x9;b&#xA;c&#xD;d');
    expect(escapeAttr('de-AT')).toBe('de-AT');
  });
});

describe('escapeLoc', () => {
  it('escapes the five characters', () => {
    expect(escapeLoc(`https://e.com/?a=1&b='2'&c="3"&d=<4>`)).toBe(
      'https://e.com/?a=1&amp;b=&apos;2&apos;&amp;c=&quot;3&quot;&amp;d=&lt;4&gt;',
    );
  });

  it('percent-encodes controls and non-characters instead of dropping them; keeps tab and LF, CR as a reference', () => {
    const stats = newEscapeStats();
    expect(escapeLoc('https://e.com/a\tb\nc\u0001d\ufffee\ud800\r', stats)).toBe(
      'https://e.com/a\tb\nc%01d%EF%BF%BEe%EF%BF%BD&#xD;',
    );
    expect(stats).toEqual({ dropped: 0, percentEncoded: 3, lastmodCompleted: 0, namesDropped: 0, trimmed: 0 });
  });

  it('leaves non-ASCII as it is (encoding it is the fixer’s job)', () => {
    expect(escapeLoc('https://e.com/über')).toBe('https://e.com/über');
  });
});

describe('cleanLocText', () => {
  it('keeps entities-to-be raw but never lets a URL break a line', () => {
    expect(cleanLocText('https://e.com/?a=1&b=<2>')).toBe('https://e.com/?a=1&b=<2>');
    expect(cleanLocText('https://e.com/a\nb\r')).toBe('https://e.com/a%0Ab%0D');
  });
});

describe('utf8Length', () => {
  it('counts bytes exactly', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('ü')).toBe(2);
    expect(utf8Length('日本')).toBe(6);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('a\ud800b')).toBe(5);
  });

  it('agrees with TextEncoder on any string', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => utf8Length(s) === enc.encode(s).length),
      { numRuns: 500 },
    );
  });

  it('agrees with TextEncoder on escaped output (no lone surrogate survives)', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        const out = escapeText(s);
        return (
          utf8Length(out) === enc.encode(out).length &&
          !/[\ud800-\udfff]/.test(out.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))
        );
      }),
      { numRuns: 500 },
    );
  });
});
