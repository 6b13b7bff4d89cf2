import { describe, expect, it } from 'vitest';
import { canonicalCodes, codeLengths } from './deflate-huffman';

/** The Kraft sum of the lengths given, times 2^15: exactly 2^15 for a complete code. */
const kraft = (lengths: Uint8Array) => [...lengths].reduce((s, l) => s + (l > 0 ? 2 ** (15 - l) : 0), 0);

describe('codeLengths', () => {
  it('gives the optimal lengths of a small alphabet', () => {
    expect([...codeLengths([5, 9, 12, 13, 16, 45], 15)]).toEqual([4, 4, 3, 3, 3, 1]);
    expect([...codeLengths([1, 0, 1], 15)]).toEqual([1, 0, 1]);
  });

  it('pads a lone symbol to a complete two-code tree, and leaves an empty one empty', () => {
    expect([...codeLengths([0, 0, 7, 0], 15)]).toEqual([1, 0, 1, 0]);
    expect([...codeLengths([0, 0, 0], 15)]).toEqual([1, 1, 0]);
    expect([...codeLengths([3], 7)]).toEqual([1]);
  });

  it('limits Fibonacci counts (an unlimited tree 29 deep) to the maximum, the code still complete', () => {
    const fib = [1, 1];
    while (fib.length < 30) fib.push((fib[fib.length - 1] as number) + (fib[fib.length - 2] as number));
    const unlimited = codeLengths(fib, 64);
    expect(Math.max(...unlimited)).toBe(29);
    for (const max of [15, 7]) {
      const lengths = codeLengths(fib, max);
      expect(Math.max(...lengths)).toBe(max);
      expect([...lengths].every((l) => l > 0)).toBe(true);
      expect(kraft(lengths)).toBe(2 ** 15);
    }
  });
});

describe('canonicalCodes', () => {
  it('assigns RFC 1951 §3.2.2 codes, bit-reversed for writing', () => {
    // The RFC's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) → 010 011 100 101 110 00 1110 1111.
    const codes = canonicalCodes(Uint8Array.from([3, 3, 3, 3, 3, 2, 4, 4]));
    const reversed = (c: number, len: number) =>
      parseInt(c.toString(2).padStart(len, '0').split('').reverse().join(''), 2);
    expect([...codes]).toEqual(
      [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111].map((c, i) =>
        reversed(c, [3, 3, 3, 3, 3, 2, 4, 4][i] as number),
      ),
    );
  });
});
