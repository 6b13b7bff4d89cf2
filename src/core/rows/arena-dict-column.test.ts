import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from './arena-dict-column';
import { columnFromSnapshot } from './string-columns';
import { listOf } from '../../../fixtures/helpers';

describe('ArenaDictColumn (lastmod)', () => {
  it('stores each distinct value once, a row holding its number', () => {
    const col = new ArenaDictColumn();
    for (const v of ['2024-01-01', '', '2024-01-02', '2024-01-01', '2024-01-02', '2024-01-01']) col.push(v);
    expect(listOf(col)).toEqual(['2024-01-01', '', '2024-01-02', '2024-01-01', '2024-01-02', '2024-01-01']);
    expect([0, 1, 2, 3, 4, 5].map((i) => col.codeAt(i))).toEqual([1, 0, 2, 1, 2, 1]);
    expect(col.distinctCount).toBe(3);
    expect(col.valueOf(2)).toBe('2024-01-02');
  });

  it('takes joined values, and finds them again among thousands (the table grows)', () => {
    const col = new ArenaDictColumn();
    const values = Array.from({ length: 5000 }, (_, i) => `2024-01-01T00:${String(i % 3000).padStart(4, '0')}Z`);
    const ends: number[] = [];
    let at = 0;
    for (const v of values) ends.push((at += v.length));
    col.pushJoined(values.join(''), ends, 0, values.length);
    expect(col.length).toBe(5000);
    expect(col.distinctCount).toBe(3001);
    expect(listOf(col)).toEqual(values);
    expect(col.codeAt(3000)).toBe(col.codeAt(0));
    const v = col.rawText(4321).slice(col.rawStart(4321), col.rawEnd(4321));
    expect(v).toBe(values[4321]);
  });

  it("keeps a batch's text as the chunk of its new values when they fill most of it, else only their characters", () => {
    const join = (values: string[]): { text: string; ends: number[] } => {
      const ends: number[] = [];
      let at = 0;
      for (const v of values) ends.push((at += v.length));
      return { text: values.join(''), ends };
    };
    const col = new ArenaDictColumn();
    const first = join(['2024-01-01T10:00:00Z', '2024-01-02', '2024-01-01T10:00:00Z', '2024-01-03']);
    col.pushJoined(first.text, first.ends, 0, 4);
    // New values are 40 of the 60 characters: the batch's text is kept as it is.
    expect(col.rawText(3)).toBe(first.text);
    expect(col.rawText(3).slice(col.rawStart(3), col.rawEnd(3))).toBe('2024-01-03');
    const second = join(['2024-01-02', '2024-01-01T10:00:00Z', '2024-01-03', '2024-01-04', '2024-01-02', '2024-01-03']);
    col.pushJoined(second.text, second.ends, 0, 6);
    // One new value of 70 characters: cut down to it.
    expect(col.rawText(7)).toBe('2024-01-04');
    expect(listOf(col)).toEqual([
      ...['2024-01-01T10:00:00Z', '2024-01-02', '2024-01-01T10:00:00Z', '2024-01-03'],
      ...['2024-01-02', '2024-01-01T10:00:00Z', '2024-01-03', '2024-01-04', '2024-01-02', '2024-01-03'],
    ]);
    expect(col.distinctCount).toBe(5);
    expect(col.codeAt(5)).toBe(col.codeAt(0));
    const s = col.toSnapshot();
    expect(listOf(columnFromSnapshot(structuredClone(s)))).toEqual(listOf(col));
  });

  it('sets, removes and inserts rows; a snapshot is unaffected by later changes', () => {
    const col = new ArenaDictColumn();
    for (const v of ['a', 'b', 'c', 'a']) col.push(v);
    const copy = col.snapshot();
    col.set(1, 'a');
    col.removeAt([0, 2]);
    expect(listOf(col)).toEqual(['a', 'a']);
    col.insertAt([0, 3], ['z', 'b']);
    expect(listOf(col)).toEqual(['z', 'a', 'a', 'b']);
    expect(col.codeAt(3)).toBe(2);
    expect(listOf(copy)).toEqual(['a', 'b', 'c', 'a']);
    expect(() => col.set(4, 'x')).toThrow(RangeError);
  });

  it('saves as an arena column over the distinct values, restored with the same values', () => {
    const col = new ArenaDictColumn();
    for (const v of ['x', 'y', 'x', '', 'y']) col.push(v);
    const s = col.toSnapshot();
    expect(s.kind === 'arena' && s.chunks.join('')).toBe('xy');
    expect(listOf(columnFromSnapshot(structuredClone(s)))).toEqual(['x', 'y', 'x', '', 'y']);
  });

  it('hands over its distinct values once, taken in by another column with a lookup per value', () => {
    const col = new ArenaDictColumn();
    for (const v of ['x', 'y', 'x', '', 'z']) col.push(v);
    const s = structuredClone(col.toDictSnapshot());
    expect(s.length).toBe(5);
    expect(Array.from(s.codes)).toEqual([1, 2, 1, 0, 3]);
    expect(s.values.chunks.join('')).toBe('xyz');
    const back = ArenaDictColumn.fromDictSnapshot(s);
    expect(listOf(back)).toEqual(['x', 'y', 'x', '', 'z']);
    back.push('y');
    expect(back.codeAt(5)).toBe(2);
    const into = new ArenaDictColumn();
    for (const v of ['z', 'w']) into.push(v);
    into.appendColumn(back);
    expect(listOf(into)).toEqual(['z', 'w', 'x', 'y', 'x', '', 'z', 'y']);
    expect(Array.from({ length: 8 }, (_, i) => into.codeAt(i))).toEqual([1, 2, 3, 4, 3, 0, 1, 4]);
    expect(into.distinctCount).toBe(5);
    expect(() => ArenaDictColumn.fromDictSnapshot({ ...s, codes: Uint8Array.from([1, 2, 9, 0, 3]) })).toThrow(
      'The saved column is damaged: row 2 names no value.',
    );
    expect(() => ArenaDictColumn.fromDictSnapshot({ ...s, hashes: new Int32Array(2) })).toThrow(
      'The saved column is damaged: fewer hashes than values.',
    );
  });

  it('trimmed, keeps 1.5 slots a distinct value and no hashes, and still finds, adds and grows exactly', () => {
    const col = new ArenaDictColumn();
    const values = Array.from({ length: 3000 }, (_, i) => `2024-01-01T00:${String(i % 2000).padStart(4, '0')}Z`);
    const ends: number[] = [];
    let at = 0;
    for (const v of values) ends.push((at += v.length));
    col.pushJoined(values.join(''), ends, 0, values.length);
    expect(col.distinctCount).toBe(2001);
    // While adding in bulk: 4,096 slots (doubled past three quarters full) and a hash a value (2,048 of room).
    expect(col.tableBytes).toBe(4096 * 4 + 2048 * 4);
    col.trim();
    expect(col.tableBytes).toBe(Math.ceil(2001 * 1.5) * 4);
    // An edit to a value already there takes its number; a new value a new one.
    col.set(5, values[1234] as string);
    expect(col.codeAt(5)).toBe(col.codeAt(1234));
    col.set(6, '2025-06-01');
    expect([col.get(6), col.codeAt(6), col.distinctCount]).toEqual(['2025-06-01', 2001, 2002]);
    // Past three quarters of the table it grows, every value placed again by its hash.
    for (let k = 0; k < 300; k++) col.set(7 + k, `2026-01-01T00:${String(k).padStart(4, '0')}Z`);
    expect(col.distinctCount).toBe(2302);
    // 3,002 slots doubled at the 2,252nd value; the hashes computed then (2,252) and doubled once since.
    expect(col.tableBytes).toBe(6004 * 4 + 4504 * 4);
    expect(col.get(500)).toBe(values[500]);
    col.set(2999, '2026-01-01T00:0299Z');
    expect(col.codeAt(2999)).toBe(col.codeAt(306));
    expect(listOf(col).slice(0, 8)).toEqual([
      values[0],
      values[1],
      values[2],
      values[3],
      values[4],
      values[1234],
      '2025-06-01',
      '2026-01-01T00:0000Z',
    ]);
  });
});
