import { describe, expect, it } from 'vitest';
import { LocScanner } from '../rules/loc/loc-scan';
import { hashAsciiBytes, hashRange, hashString } from './hash';

const bytesOf = (s: string): { view: DataView; bytes: Uint8Array } => {
  const bytes = new TextEncoder().encode(s);
  return { view: new DataView(bytes.buffer), bytes };
};

describe('hashRange and hashAsciiBytes', () => {
  it('give one hash for ASCII text and its bytes, whatever the length and offset', () => {
    const text = 'https://shop.example.com/category-17/product-123456?color=red&size=m';
    const { view, bytes } = bytesOf(text);
    for (let start = 0; start < 6; start++) {
      for (let end = start; end <= text.length; end++) {
        expect(hashAsciiBytes(view, bytes, start, end)).toBe(hashRange(text, start, end));
      }
    }
  });

  it('hash a range as the string it holds', () => {
    expect(hashRange('xxabcdefgyy', 2, 9)).toBe(hashString('abcdefg'));
  });

  it('tell apart values that differ in one character, in length or by trailing NULs', () => {
    const values = [
      '',
      '\0',
      '\0\0',
      'a',
      'b',
      'ab',
      'ba',
      'abcd',
      'abce',
      'abcde',
      'https://a.example/1',
      'https://a.example/2',
    ];
    const hashes = new Set(values.map(hashString));
    expect(hashes.size).toBe(values.length);
  });
});

describe('LocScanner.hash', () => {
  it('hashes values of a long ASCII chunk from its bytes as hashRange does', () => {
    // Past the run after which the chunk is encoded: the first values are hashed as strings, the rest from bytes.
    const parts = Array.from({ length: 600 }, (_, i) => `https://shop.example.com/p/${i}?q=${'x'.repeat(i % 40)}`);
    const text = parts.join('');
    const chunk = new LocScanner();
    let at = 0;
    for (const p of parts) {
      expect(chunk.hash(text, at, at + p.length)).toBe(hashString(p));
      at += p.length;
    }
  });

  it('hashes a chunk with non-ASCII characters and a short text as strings, with the same results', () => {
    const text = 'https://shop.example.com/é/' + 'a'.repeat(300) + '/日本';
    const chunk = new LocScanner();
    expect(chunk.hash(text, 0, text.length)).toBe(hashString(text));
    expect(chunk.hash(text, 10, 30)).toBe(hashString(text.slice(10, 30)));
    expect(chunk.hash('short', 0, 5)).toBe(hashString('short'));
    expect(chunk.hash(text, 0, 8)).toBe(hashString('https://'));
  });

  it('tells whether a value of the chunk starts with a prefix, from bytes or as a string', () => {
    const cases = [
      'https://shop.example.com/a',
      'https://shop.example.co',
      'https://shop.example.com?x',
      'http://shop.example.com/',
      'x'.repeat(300),
    ];
    // Asked twice: once before the chunk is encoded, once after (the run of 300 values between).
    const parts = [...cases, ...Array.from({ length: 300 }, (_, i) => `https://shop.example.com/${i}`), ...cases];
    const text = parts.join('');
    const chunk = new LocScanner();
    const prefix = 'https://shop.example.com';
    const answers: boolean[] = [];
    let at = 0;
    for (const p of parts) {
      answers.push(chunk.startsWith(text, at, at + p.length, prefix));
      at += p.length;
    }
    const expected = [true, false, true, false, false];
    expect(answers).toEqual([...expected, ...Array.from({ length: 300 }, () => true), ...expected]);
    expect(chunk.startsWith(text, 0, 26, 'https://shop.exampl')).toBe(true);
    expect(chunk.startsWith(text, 0, 26, 'https://shop.éxample')).toBe(false);
    const wide = 'https://bücher.example/a' + 'y'.repeat(300);
    expect(chunk.startsWith(wide, 0, wide.length, 'https://bücher.example')).toBe(true);
    expect(chunk.startsWith(wide, 0, wide.length, 'https://bucher.example')).toBe(false);
  });
});
