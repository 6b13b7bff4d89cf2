import { describe, expect, it } from 'vitest';
import { isPlainWord, plainBytes, plainMask, ShortTexts, tagAt, wordTag } from './byte-words';

const word = (b: number[]): number =>
  (b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24) | 0;
const plain = (c: number): boolean => c > 32 && c < 128 && c !== 38 && c !== 60;

describe('isPlainWord', () => {
  it('agrees with the byte test for every byte in every position (the others plain)', () => {
    let wrong = 0;
    for (let at = 0; at < 4; at++) {
      for (let c = 0; c < 256; c++) {
        const b = [97, 98, 99, 100];
        b[at] = c;
        if (isPlainWord(word(b)) !== plain(c)) wrong++;
      }
    }
    expect(wrong).toBe(0);
  });

  it('refuses a word with two bad bytes, and takes the edges of the plain range', () => {
    expect(isPlainWord(word([0x21, 0x7f, 0x25, 0x3d]))).toBe(true);
    expect(isPlainWord(word([0x20, 0x26, 0x61, 0x61]))).toBe(false);
    expect(isPlainWord(word([0x61, 0x3c, 0x80, 0x61]))).toBe(false);
    expect(isPlainWord(word([0xff, 0xff, 0xff, 0xff]))).toBe(false);
  });
});

describe('tagAt', () => {
  const bytes = new TextEncoder().encode('<url><loc>x</loc><changefreq>daily</changefreq><priority>1</priority></url>');
  const view = new DataView(bytes.buffer);
  it('finds tags of 4 to 12 bytes where they are, and nowhere else', () => {
    expect(tagAt(view, bytes.length, 1, wordTag('url>'))).toBe(true);
    expect(tagAt(view, bytes.length, 6, wordTag('loc>'))).toBe(true);
    expect(tagAt(view, bytes.length, 12, wordTag('/loc>'))).toBe(true);
    expect(tagAt(view, bytes.length, 18, wordTag('changefreq>'))).toBe(true);
    expect(tagAt(view, bytes.length, 35, wordTag('/changefreq>'))).toBe(true);
    expect(tagAt(view, bytes.length, 48, wordTag('priority>'))).toBe(true);
    expect(tagAt(view, bytes.length, 18, wordTag('changefrex>'))).toBe(false);
    expect(tagAt(view, bytes.length, 6, wordTag('lastmod>'))).toBe(false);
    expect(tagAt(view, bytes.length, bytes.length - 5, wordTag('/url>'))).toBe(true);
    // Past the end: false, not a RangeError.
    expect(tagAt(view, bytes.length, bytes.length - 3, wordTag('/url>'))).toBe(false);
  });

  it('refuses tags it cannot compare as words', () => {
    expect(() => wordTag('ab>')).toThrow('a tag of 3 bytes');
    expect(() => wordTag('/sitemapindex>')).toThrow('a tag of 14 bytes');
  });
});

describe('ShortTexts', () => {
  it('gives one string per value, decoding non-ASCII ones', () => {
    const texts = new ShortTexts();
    const enc = new TextEncoder();
    const values = [
      'always',
      'hourly',
      'daily',
      'weekly',
      'monthly',
      'yearly',
      'never',
      '0.0',
      '0.3',
      '0.6',
      '1.0',
      'tägl',
    ];
    const first = values.map((v) => texts.of(enc.encode(v), 0, enc.encode(v).length));
    // Again, each amid other bytes: found by the bytes at its place.
    const again = values.map((v) => texts.of(enc.encode(`<x>${v}</x>`), 3, enc.encode(v).length));
    expect(again).toEqual(values);
    expect(first).toEqual(values);
    expect(texts.of(new Uint8Array(4), 2, 0)).toBe('');
  });

  it('numbers each distinct value once, ASCII found again by its bytes, any other by its text', () => {
    const texts = new ShortTexts();
    const enc = new TextEncoder();
    const code = (s: string, pad = ''): number =>
      texts.code(enc.encode(`${pad}${s}</x>`), pad.length, enc.encode(s).length);
    expect(['weekly', '0.5', 'tägl', 'weekly', 'tägl', '0.5', ''].map((v, i) => code(v, i % 2 ? '<x>' : ''))).toEqual([
      1, 2, 3, 1, 3, 2, 0,
    ]);
    expect(texts.values).toEqual(['', 'weekly', '0.5', 'tägl']);
    expect(texts.textCode('0.5')).toBe(2);
    expect(texts.textCode('hourly')).toBe(4);
    expect(code('hourly')).toBe(4);
  });
});

describe('ShortTexts.placed', () => {
  it('finds 1 to 8 plain bytes before an end tag by their words, with the number code gives them', () => {
    const texts = new ShortTexts();
    const enc = new TextEncoder();
    const at = (s: string): number => {
      const b = enc.encode(`<x>${s}</x>......`);
      return texts.placed(new DataView(b.buffer), b, b.length, 3);
    };
    const values = ['weekly', '0.5', 'monthly', '12345678', 'a', 'abcd', 'abcde', 'weekly', '0.5', 'a'];
    const found = values.map(at);
    expect(found.map((p) => p & 15)).toEqual(values.map((v) => v.length));
    expect(found.map((p) => texts.values[p >>> 4])).toEqual(values);
    expect(texts.values).toEqual(['', 'weekly', '0.5', 'monthly', '12345678', 'a', 'abcd', 'abcde']);
    // Anything the value loop must read: -1 (a `<` not of an end tag, a space, a reference, non-ASCII, too long, empty).
    expect(['123456789', '', ' daily', 'daily ', 'a&amp;b', 'tägl', 'daily<!-- -->', 'da<b'].map(at)).toEqual([
      -1, -1, -1, -1, -1, -1, -1, -1,
    ]);
    const end = enc.encode('<x>daily</x');
    expect(texts.placed(new DataView(end.buffer), end, end.length, 3)).toBe(-1);
  });
});

describe('plainMask and plainBytes', () => {
  it('count the plain bytes before the first byte that is not, whatever follows it', () => {
    const bad = [0, 0x20, 0x26, 0x3c, 0x80, 0xff, 0x0a];
    let wrong = 0;
    for (let at = 0; at < 4; at++) {
      for (const c of bad) {
        for (const after of [0x61, ...bad]) {
          const b = [97, 98, 99, 100];
          b[at] = c;
          for (let k = at + 1; k < 4; k++) b[k] = after;
          const m = plainMask(word(b));
          if (m === 0 || plainBytes(m) !== at) wrong++;
        }
      }
    }
    expect(wrong).toBe(0);
    expect(plainMask(word([0x21, 0x7f, 0x25, 0x3d]))).toBe(0);
  });
});
