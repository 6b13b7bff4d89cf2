import { describe, expect, it } from 'vitest';
import { ArenaColumn } from './arena-column';
import type { ArenaOffsets } from './arena-offsets';
import { listOf } from '../../../fixtures/helpers';

/** The offset arrays of a column (private): whether a copy shares them is the point of these tests. */
const arrays = (c: ArenaColumn) => {
  const p = c as unknown as { at: ArenaOffsets };
  return [p.at.chunk, p.at.start, p.at.len];
};

function column(values: string[]): ArenaColumn {
  const col = new ArenaColumn();
  values.forEach((v) => col.push(v));
  col.seal();
  return col;
}

const ABC = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'];

describe('ArenaColumn.snapshot (copy on write)', () => {
  it('shares the offset arrays until a side changes rows in place', () => {
    const col = column(ABC);
    const copy = col.snapshot();
    expect(arrays(copy).every((a, k) => a === arrays(col)[k])).toBe(true);
    expect(listOf(copy)).toEqual(ABC);
  });

  it('a row set on the original: the copy keeps the value it had', () => {
    const col = column(ABC);
    const copy = col.snapshot();
    col.set(1, 'https://a.example/two');
    expect(listOf(col)).toEqual([ABC[0], 'https://a.example/two', ABC[2]]);
    expect(listOf(copy)).toEqual(ABC);
    expect([copy.rawText(1).slice(copy.rawStart(1), copy.rawEnd(1))]).toEqual([ABC[1]]);
    // Set again on either side: each keeps its own.
    col.set(1, 'x');
    copy.set(1, 'y');
    expect([col.get(1), copy.get(1)]).toEqual(['x', 'y']);
  });

  it('a row set on the copy: the original keeps its value', () => {
    const col = column(ABC);
    const copy = col.snapshot();
    copy.set(2, 'https://b.example/');
    expect(listOf(col)).toEqual(ABC);
    expect(listOf(copy)).toEqual([ABC[0], ABC[1], 'https://b.example/']);
  });

  it('rows pushed on the original after the copy: the copy sees none of them', () => {
    const col = column(ABC);
    const copy = col.snapshot();
    col.push('https://a.example/4');
    col.pushJoined('https://a.example/5https://a.example/66', [19, 39], 0, 2);
    expect(listOf(col)).toEqual([...ABC, 'https://a.example/4', 'https://a.example/5', 'https://a.example/66']);
    expect(copy.length).toBe(3);
    expect(listOf(copy)).toEqual(ABC);
  });

  it('rows pushed on the shorter copy take arrays of its own: the original keeps its rows', () => {
    const col = column(ABC);
    const copy = col.snapshot();
    col.push('https://a.example/4');
    copy.push('https://c.example/');
    copy.seal();
    expect(listOf(col)).toEqual([...ABC, 'https://a.example/4']);
    expect(listOf(copy)).toEqual([...ABC, 'https://c.example/']);
    expect(arrays(copy)[0]).not.toBe(arrays(col)[0]);
  });

  it('removing and inserting on the original leave the copy as it was', () => {
    const col = column(ABC);
    col.set(0, 'edited');
    const copy = col.snapshot();
    col.removeAt([0, 2]);
    expect(listOf(col)).toEqual([ABC[1]]);
    col.insertAt([0], ['new']);
    expect(listOf(col)).toEqual(['new', ABC[1]]);
    expect(listOf(copy)).toEqual(['edited', ABC[1], ABC[2]]);
    copy.removeAt([1]);
    expect(listOf(copy)).toEqual(['edited', ABC[2]]);
    expect(listOf(col)).toEqual(['new', ABC[1]]);
  });

  it('a bulk change folded into chunks on one side leaves the other as it was', () => {
    const values = Array.from({ length: 9000 }, (_, i) => `https://a.example/p${i}`);
    const col = column(values);
    const copy = col.snapshot();
    for (let i = 0; i < 9000; i++) col.set(i, `https://b.example/q${i}`);
    col.seal();
    expect(col.get(8999)).toBe('https://b.example/q8999');
    expect(listOf(copy)).toEqual(values);
    for (let i = 0; i < 9000; i += 2) copy.set(i, `c${i}`);
    copy.seal();
    expect([copy.get(0), copy.get(1), copy.get(8998)]).toEqual(['c0', values[1], 'c8998']);
    expect([col.get(0), col.get(1)]).toEqual(['https://b.example/q0', 'https://b.example/q1']);
  });

  it('a copy of a copy reads the same rows; each change stays on its side', () => {
    const col = column(ABC);
    const a = col.snapshot();
    const b = a.snapshot();
    col.set(0, 'o');
    a.set(1, 'a');
    expect(listOf(col)).toEqual(['o', ABC[1], ABC[2]]);
    expect(listOf(a)).toEqual([ABC[0], 'a', ABC[2]]);
    expect(listOf(b)).toEqual(ABC);
  });
});
