import { describe, expect, it } from 'vitest';
import { LocIndex, type LocSource } from './duplicates';

/** A plain array seen as a loc source. */
const source = (locs: string[]): LocSource => ({
  get length() {
    return locs.length;
  },
  get: (i) => locs[i] as string,
  rawText: (i) => locs[i] as string,
  rawStart: () => 0,
  rawEnd: (i) => (locs[i] as string).length,
});

describe('LocIndex', () => {
  it('finds groups and counts', () => {
    const locs = ['a', 'b', 'a', 'c', 'a'];
    const idx = new LocIndex(source(locs));
    const became: number[][] = locs.map((_, i) => [...idx.add(i)]);
    expect(became).toEqual([[], [], [0, 2], [], [4]]);
    const dups: number[] = [];
    idx.forEachDuplicate((p) => dups.push(p));
    expect(dups.sort()).toEqual([0, 2, 4]);
    expect(idx.count('a')).toBe(3);
    expect(idx.count('b')).toBe(1);
    expect(idx.count('z')).toBe(0);
  });

  it('removes heads and middles, reporting the row left alone', () => {
    const locs = ['a', 'a', 'a', 'b'];
    const idx = new LocIndex(source(locs));
    locs.forEach((_, i) => idx.add(i));
    expect(idx.remove(0)).toBe(-1); // two left
    expect(idx.count('a')).toBe(2);
    expect(idx.remove(2)).toBe(1); // 1 is alone now
    expect(idx.count('a')).toBe(1);
    expect(idx.remove(1)).toBe(-1);
    expect(idx.count('a')).toBe(0);
    expect([...idx.add(1)]).toEqual([]);
    expect(idx.count('a')).toBe(1);
  });

  it('survives many edits (tombstones trigger a rebuild)', () => {
    const locs = Array.from({ length: 8 }, (_, i) => 'u' + i);
    const idx = new LocIndex(source(locs));
    locs.forEach((_, i) => idx.add(i));
    for (let step = 0; step < 500; step++) {
      const p = step % 8;
      idx.remove(p);
      locs[p] = 'v' + step;
      idx.add(p);
    }
    for (const loc of locs) expect(idx.count(loc)).toBe(1);
    expect(idx.count('u0')).toBe(0);
  });

  it('finds duplicates added after removals, and none in a set of unique locs', () => {
    const locs = ['a', 'b', 'c'];
    const idx = new LocIndex(source(locs));
    locs.forEach((_, i) => idx.add(i));
    const none: number[] = [];
    idx.forEachDuplicate((p) => none.push(p));
    expect(none).toEqual([]);
    idx.remove(2);
    locs[2] = 'a';
    expect([...idx.add(2)]).toEqual([0, 2]);
    const dups: number[] = [];
    idx.forEachDuplicate((p) => dups.push(p));
    expect(dups.sort()).toEqual([0, 2]);
  });
});
