import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes';

describe('concatBytes', () => {
  it('joins every piece, or the first total bytes of them', () => {
    const parts = [Uint8Array.of(1, 2), Uint8Array.of(3), Uint8Array.of(4, 5, 6)];
    expect(Array.from(concatBytes(parts))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(concatBytes(parts, 4))).toEqual([1, 2, 3, 4]);
    expect(Array.from(concatBytes(parts, 2))).toEqual([1, 2]);
    expect(Array.from(concatBytes([]))).toEqual([]);
  });

  it('hands back a single piece of the asked length without copying it', () => {
    const one = Uint8Array.of(7, 8, 9);
    expect(concatBytes([one])).toBe(one);
    expect(concatBytes([one], 3)).toBe(one);
    expect(Array.from(concatBytes([one], 2))).toEqual([7, 8]);
  });
});
