import { describe, expect, it } from 'vitest';
import { ArenaColumn, DictColumn, type StringColumn } from './columns';

describe.each([
  ['ArenaColumn', () => new ArenaColumn()],
  ['DictColumn', () => new DictColumn()],
])('%s', (_name, make: () => StringColumn) => {
  it('gives back what was pushed, across chunk boundaries and before sealing', () => {
    const col = make();
    const values = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? '' : `v${i % 50}-${i % 7}`));
    values.forEach((v) => col.push(v));
    expect(col.get(19_999)).toBe(values[19_999]);
    col.seal();
    expect(col.length).toBe(20_000);
    expect(col.toArray()).toEqual(values);
  });

  it('sets values, pending or sealed, and snapshots are unaffected by later sets', () => {
    const col = make();
    ['a', 'b', 'c'].forEach((v) => col.push(v));
    col.set(1, 'B');
    col.seal();
    const snap = col.snapshot();
    col.set(2, 'C');
    expect(col.toArray()).toEqual(['a', 'B', 'C']);
    expect(snap.toArray()).toEqual(['a', 'B', 'c']);
    expect(() => col.set(3, 'x')).toThrow(RangeError);
  });

  it('removes rows by position', () => {
    const col = make();
    ['a', 'b', 'c', 'd', 'e'].forEach((v) => col.push(v));
    col.set(3, 'D');
    col.removeAt([0, 2]);
    expect(col.toArray()).toEqual(['b', 'D', 'e']);
    expect(col.length).toBe(3);
  });
});

describe('ArenaColumn memory', () => {
  it('does not keep the text its values were sliced from', () => {
    const col = new ArenaColumn();
    const text = `${'x'.repeat(100)}https://example.com/a-long-enough-url${'y'.repeat(100)}`;
    col.push(text.slice(100, 136));
    col.seal();
    // The chunk is a join of the values: its length is theirs, not the text's.
    expect((col as unknown as { chunks: string[] }).chunks.map((c) => c.length)).toEqual([36]);
  });
});
