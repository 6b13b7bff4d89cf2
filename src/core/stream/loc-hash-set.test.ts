import { describe, expect, it } from 'vitest';
import { LocHashSet } from './loc-hash-set';
import { LocScanner } from '../rules/loc/loc-scan';

/** Adds `text[start, end)` as the streaming path does: hashed by LocScanner, then added by its hash. */
function adder(set: LocHashSet): (text: string, start?: number, end?: number) => 0 | 1 | 2 {
  const scan = new LocScanner(true);
  return (text, start = 0, end = text.length) => {
    scan.scanWide(text, start, end);
    return set.addHash(scan.hi, scan.lo);
  };
}

describe('LocHashSet', () => {
  it('answers how often a URL was seen before: 0, 1, then 2 for every later copy', () => {
    const set = new LocHashSet();
    const at = adder(set);
    expect([
      at('https://e.com/a'),
      at('https://e.com/b'),
      at('https://e.com/a'),
      at('https://e.com/a'),
      at('https://e.com/b'),
    ]).toEqual([0, 0, 1, 2, 1]);
    expect(set.size).toBe(2);
  });

  it('hashes the given range only, so a URL inside a larger text is the same URL', () => {
    const set = new LocHashSet();
    const at = adder(set);
    expect(at('xxhttps://e.com/ayy', 2, 17)).toBe(0);
    expect(at('https://e.com/a')).toBe(1);
    // Inside a column's chunk, read as bytes (over 256 characters), it is the same URL again.
    const chunk = 'x'.repeat(300) + 'https://e.com/a' + 'y'.repeat(10);
    expect(at(chunk, 300, 315)).toBe(2);
    expect(at('')).toBe(0);
    expect(at('')).toBe(1);
    expect(set.size).toBe(2);
  });

  it('tells apart texts that are not ASCII, and a hash of (0, 0) is kept apart from an empty slot', () => {
    const set = new LocHashSet();
    const at = adder(set);
    expect([at('https://e.com/é'), at('https://e.com/è'), at('https://e.com/é')]).toEqual([0, 0, 1]);
    expect([set.addHash(0, 0), set.addHash(0, 0), set.addHash(0x80000000, 0)]).toEqual([0, 1, 2]);
    expect(set.size).toBe(3);
  });

  it('tells 300,000 distinct URLs apart while growing, at the stated bytes per URL', () => {
    const set = new LocHashSet();
    const at = adder(set);
    const n = 300_000;
    let seenBefore = 0;
    for (let i = 0; i < n; i++) seenBefore += at(`https://shop.example.com/category-${i % 48}/product-${i}?color=red`);
    expect(seenBefore).toBe(0);
    expect(set.size).toBe(n);
    // 2^19 slots of 8 bytes: 14 bytes per URL (10.7 to 21.3 between doublings).
    expect(set.byteLength).toBe((1 << 19) * 8);
    let again = 0;
    for (let i = 0; i < n; i += 3) again += at(`https://shop.example.com/category-${i % 48}/product-${i}?color=red`);
    expect(again).toBe(100_000);
    expect(set.size).toBe(n);
  });

  it('is sized for the URLs expected, so it does not grow on the way there', () => {
    const set = new LocHashSet(1_000_000);
    // 2^21 slots: a million fits under three quarters.
    expect(set.byteLength).toBe((1 << 21) * 8);
    const at = adder(set);
    for (let i = 0; i < 1_000_000; i += 1000) at(`https://e.com/${i}`);
    expect(set.byteLength).toBe((1 << 21) * 8);
  });
});
