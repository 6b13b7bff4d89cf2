import { describe, expect, it, vi } from 'vitest';
import { bytesOf, urlset } from '../../../fixtures/helpers';
import { importFiles } from '../read/import-files';
import { checkSet } from './check-set';
import { LocIndex, type LocSource } from './duplicates';
import { hashString } from '../text/hash';
import { listProblems } from './list-problems';

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

  it('built at once, finds every duplicate and chains it as adds would, with hashes forced equal or spread', () => {
    // Equal hashes make every probe compare locs: duplicates must still be found exactly.
    const locs = ['a', 'b', 'a', 'c', '', 'b', 'a', 'd'];
    const codes = new Uint32Array(locs.length);
    codes[4] = 1; // not indexed (a missing loc)
    for (const hashOf of [() => 0, (i: number) => (i * 0x9e3779b1) | 0, (i: number) => locs[i]!.charCodeAt(0) || 0]) {
      const idx = new LocIndex(source(locs));
      locs.forEach((_, i) => idx.setHash(i, hashOf(locs.indexOf(locs[i]!))));
      idx.build(codes, 1);
      const dups: number[] = [];
      idx.forEachDuplicate((p) => dups.push(p));
      expect(dups.sort()).toEqual([0, 1, 2, 5, 6]);
      // The first position heads its group, the others follow it, the later first (as adds in turn chain them).
      expect([idx.nextAt(0), idx.nextAt(6), idx.nextAt(2), idx.nextAt(1), idx.nextAt(5), idx.nextAt(3)]).toEqual([
        6, 2, -1, 5, -1, -1,
      ]);
    }
  });

  it('keeps a built index right through removals and adds', () => {
    const locs = Array.from({ length: 5000 }, (_, i) => `https://a.example/${i % 4000}`);
    const idx = new LocIndex(source(locs));
    locs.forEach((loc, i) => idx.setHash(i, hashString(loc)));
    idx.build(new Uint32Array(locs.length), 1);
    let dups = 0;
    idx.forEachDuplicate(() => dups++);
    expect(dups).toBe(2000);
    expect(idx.firstAt('https://a.example/999')).toBe(999);
    expect(idx.count('https://a.example/999')).toBe(2);
    expect(idx.remove(4999)).toBe(999);
    locs[4999] = 'https://a.example/new';
    expect([...idx.add(4999)]).toEqual([]);
    expect(idx.count('https://a.example/new')).toBe(1);
    expect(idx.count('https://a.example/999')).toBe(1);
  });

  it('keeps 1.5 slots a row, and a chain link a row only once a loc is added twice', () => {
    const locs = Array.from({ length: 1000 }, (_, i) => `https://a.example/${i}`);
    const idx = new LocIndex(source(locs));
    locs.forEach((loc, i) => idx.setHash(i, hashString(loc)));
    idx.build(new Uint32Array(locs.length), 1);
    expect(idx.bytes).toBe(6000);
    expect(idx.nextAt(5)).toBe(-1);
    expect(idx.remove(7)).toBe(-1);
    locs[7] = 'https://a.example/5';
    expect([...idx.add(7)]).toEqual([5, 7]);
    expect(idx.bytes).toBe(10000);
    expect(idx.nextAt(5)).toBe(7);
    expect(idx.count('https://a.example/5')).toBe(2);
    expect(idx.count('https://a.example/7')).toBe(0);
  });

  it('rebuilt after many edits, keeps its size and finds every loc', () => {
    const locs = Array.from({ length: 40 }, (_, i) => `u${i}`);
    const idx = new LocIndex(source(locs));
    locs.forEach((_, i) => idx.add(i));
    expect(idx.bytes).toBe(240);
    for (let step = 0; step < 200; step++) {
      const p = (step * 7) % 40;
      idx.remove(p);
      locs[p] = `w${step}`;
      idx.add(p);
    }
    expect(idx.bytes).toBe(240);
    for (let i = 0; i < 40; i++) expect(idx.firstAt(locs[i] as string)).toBe(i);
    expect(idx.count('u3')).toBe(0);
  });

  it("built at once with homes crowding the table's end, wraps round and finds every loc as adds would", () => {
    // Locs whose homes are the last slots of a 16-slot table (10 rows: the least size): the run from there must wrap to the start.
    const size = 16;
    const candidates = Array.from({ length: 4000 }, (_, i) => `https://a.example/w${i}`);
    const late = candidates
      .filter((loc) => Math.floor(((hashString(loc) >>> 0) * size) / 4294967296) >= size - 2)
      .slice(0, 8);
    expect(late.length).toBe(8);
    const locs = [late[0]!, ...late, late[3]!];
    const built = new LocIndex(source(locs));
    locs.forEach((loc, i) => built.setHash(i, hashString(loc)));
    built.build(new Uint32Array(locs.length), 1);
    const added = new LocIndex(source(locs));
    locs.forEach((_, i) => added.add(i));
    for (const idx of [built, added]) {
      for (const loc of locs) expect(idx.count(loc)).toBe(loc === late[0] || loc === late[3] ? 2 : 1);
      expect([idx.firstAt(late[0]!), idx.nextAt(0), idx.firstAt(late[3]!), idx.nextAt(4)]).toEqual([0, 1, 4, 9]);
    }
    expect(built.remove(9)).toBe(4);
    locs[9] = 'https://a.example/new';
    expect([...built.add(9)]).toEqual([]);
    for (const loc of locs) expect(built.firstAt(loc)).toBe(locs.indexOf(loc));
    expect(built.count(late[3]!)).toBe(1);
  });
});

describe('LocIndex.count on many copies of one URL', () => {
  it('walks the chain of copies once for a problem list, not once per copy (CLI check took 127 s on 200,000)', () => {
    const n = 3_000;
    const set = importFiles([
      { name: 'same.xml', bytes: bytesOf(urlset('<url><loc>https://e.com/page</loc></url>\n'.repeat(n))) },
    ]);
    const result = checkSet(set);
    const steps = vi.spyOn(LocIndex.prototype, 'nextAt');
    const problems = listProblems(set, result);
    const walked = steps.mock.calls.length;
    steps.mockRestore();
    expect(problems.filter((p) => p.code === 'loc-duplicate')).toHaveLength(n);
    expect(problems[0]?.message).toContain(`appears ${n.toLocaleString('en-US')} times`);
    // One walk of the chain; each copy asking again walked it again: n² steps.
    expect(walked).toBeLessThanOrEqual(2 * n);
  });

  it('counts again after the index changes', () => {
    const locs = Array.from({ length: 40 }, () => 'a');
    const idx = new LocIndex(source(locs));
    locs.forEach((_, i) => idx.add(i));
    expect(idx.count('a')).toBe(40);
    idx.remove(7);
    expect(idx.count('a')).toBe(39);
    idx.add(7);
    expect(idx.count('a')).toBe(40);
  });
});
