import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn, DictColumn, compact, spread, type StringColumn } from './string-columns';
import { listOf } from '../../../fixtures/helpers';

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
    expect(listOf(col)).toEqual(values);
  });

  it('sets values, pending or sealed, and snapshots are unaffected by later sets', () => {
    const col = make();
    ['a', 'b', 'c'].forEach((v) => col.push(v));
    col.set(1, 'B');
    col.seal();
    const snap = col.snapshot();
    col.set(2, 'C');
    expect(listOf(col)).toEqual(['a', 'B', 'C']);
    expect(listOf(snap)).toEqual(['a', 'B', 'c']);
    expect(() => col.set(3, 'x')).toThrow(RangeError);
  });

  it('removes rows by position', () => {
    const col = make();
    ['a', 'b', 'c', 'd', 'e'].forEach((v) => col.push(v));
    col.set(3, 'D');
    col.removeAt([0, 2]);
    expect(listOf(col)).toEqual(['b', 'D', 'e']);
    expect(col.length).toBe(3);
  });

  it('inserts values at final positions: the inverse of removeAt, set and pending values included', () => {
    const col = make();
    ['a', 'b', 'c', 'd', 'e'].forEach((v) => col.push(v));
    col.set(3, 'D');
    col.removeAt([0, 2, 4]);
    col.insertAt([0, 2, 4], ['a', 'c', 'e']);
    expect(listOf(col)).toEqual(['a', 'b', 'c', 'D', 'e']);
    col.push('f'); // pending again
    col.insertAt([6], ['g']);
    col.insertAt([0, 1], ['', 'z']);
    expect(listOf(col)).toEqual(['', 'z', 'a', 'b', 'c', 'D', 'e', 'f', 'g']);
    col.set(1, 'Z');
    expect(col.get(1)).toBe('Z');
    expect(col.length).toBe(9);
  });

  it('refuses positions that are not ascending or fall outside the new length', () => {
    const col = make();
    ['a', 'b'].forEach((v) => col.push(v));
    expect(() => col.insertAt([1, 1], ['x', 'y'])).toThrow(RangeError);
    expect(() => col.insertAt([3], ['x'])).toThrow(RangeError);
    expect(() => col.insertAt([0], ['x', 'y'])).toThrow(RangeError);
    expect(listOf(col)).toEqual(['a', 'b']);
  });

  it('removing then inserting the same rows gives back the column, past its capacity and across chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (values, picks, edits) => {
          const col = make();
          values.forEach((v) => col.push(v));
          if (picks.length % 2 === 0) col.seal();
          for (const e of edits) col.set(e % values.length, `e${e}`);
          const before = listOf(col);
          const positions = [...new Set(picks.map((p) => p % values.length))].sort((x, y) => x - y);
          const removed = positions.map((p) => col.get(p));
          col.removeAt(positions);
          col.insertAt(positions, removed);
          expect(listOf(col)).toEqual(before);
        },
      ),
    );
    const big = make();
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
    values.forEach((v) => big.push(v));
    const positions = Array.from({ length: 3_000 }, (_, i) => i * 6 + 1);
    big.removeAt(positions);
    big.insertAt(
      positions,
      positions.map((p) => values[p] as string),
    );
    expect(listOf(big)).toEqual(values);
  });
});

describe('spread', () => {
  it('opens gaps that compact closes', () => {
    const a = new Uint32Array([1, 2, 3, 4, 5, 0, 0]);
    expect(compact(a, 5, [0, 3])).toBe(3);
    expect(spread(a, 3, [0, 3])).toBe(5);
    a[0] = 1;
    a[3] = 4;
    expect([...a.subarray(0, 5)]).toEqual([1, 2, 3, 4, 5]);
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

describe('ArenaColumn values set one by one', () => {
  const singlesOf = (col: ArenaColumn) => (col as unknown as { singles: Map<number, string> }).singles.size;

  it('go into chunks of their own once there are many, and read, save, remove and insert as before', () => {
    const col = new ArenaColumn();
    const values = Array.from({ length: 30_000 }, (_, i) => `https://example.com/${i}`);
    values.forEach((v) => col.push(v));
    col.seal();
    // A bulk change: every other row set anew, in no particular order.
    for (let k = 0; k < 30_000; k += 2) {
      const i = (k * 7919) % 30_000;
      values[i] = `https://example.org/${i}/ü`;
      col.set(i, values[i] as string);
    }
    expect(singlesOf(col)).toBeGreaterThan(8192);
    col.seal();
    expect(singlesOf(col)).toBe(0);
    expect(listOf(col)).toEqual(values);
    const snapshot = col.toSnapshot();
    expect(snapshot.kind === 'arena' && snapshot.singles.length).toBe(0);
    expect(listOf(ArenaColumn.fromSnapshot(snapshot as Extract<typeof snapshot, { kind: 'arena' }>))).toEqual(values);
    // Later edits and row changes still hold.
    col.set(5, 'x');
    values[5] = 'x';
    col.removeAt([0, 2]);
    col.insertAt([0], ['first']);
    expect(listOf(col)).toEqual(['first', ...values.filter((_, i) => i !== 0 && i !== 2)]);
  });

  it('stay as they are while few', () => {
    const col = new ArenaColumn();
    ['a', 'b', 'c'].forEach((v) => col.push(v));
    col.seal();
    col.set(1, 'B');
    col.seal();
    expect(singlesOf(col)).toBe(1);
    expect(listOf(col)).toEqual(['a', 'B', 'c']);
  });
});
