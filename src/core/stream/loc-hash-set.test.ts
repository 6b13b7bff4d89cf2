import { describe, expect, it } from 'vitest';
import { LocHashSet } from './loc-hash-set';

describe('LocHashSet', () => {
  it('answers how often a URL was seen before: 0, 1, then 2 for every later copy', () => {
    const set = new LocHashSet();
    const at = (s: string) => set.add(s, 0, s.length);
    expect([at('https://e.com/a'), at('https://e.com/b'), at('https://e.com/a'), at('https://e.com/a'), at('https://e.com/b')]).toEqual([0, 0, 1, 2, 1]);
    expect(set.size).toBe(2);
  });

  it('hashes the given range only, so a URL inside a larger text is the same URL', () => {
    const set = new LocHashSet();
    expect(set.add('xxhttps://e.com/ayy', 2, 17)).toBe(0);
    expect(set.add('https://e.com/a', 0, 15)).toBe(1);
    expect(set.add('', 0, 0)).toBe(0);
    expect(set.add('', 0, 0)).toBe(1);
  });

  it('tells 300,000 distinct URLs apart while growing, at the stated bytes per URL', () => {
    const set = new LocHashSet();
    const n = 300_000;
    let seenBefore = 0;
    for (let i = 0; i < n; i++) {
      const s = `https://shop.example.com/category-${i % 48}/product-${i}?color=red`;
      seenBefore += set.add(s, 0, s.length);
    }
    expect(seenBefore).toBe(0);
    expect(set.size).toBe(n);
    // 2^19 slots of 8 bytes: 14 bytes per URL (10.7 to 21.3 between doublings).
    expect(set.byteLength).toBe((1 << 19) * 8);
    let again = 0;
    for (let i = 0; i < n; i += 3) {
      const s = `https://shop.example.com/category-${i % 48}/product-${i}?color=red`;
      again += set.add(s, 0, s.length);
    }
    expect(again).toBe(100_000);
    expect(set.size).toBe(n);
  });
});
