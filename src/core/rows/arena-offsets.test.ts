import { describe, expect, it } from 'vitest';
import { ArenaColumn } from './arena-column';
import type { ArenaOffsets } from './arena-offsets';
import { listOf } from '../../../fixtures/helpers';

const offsets = (c: ArenaColumn) => (c as unknown as { at: ArenaOffsets }).at;

describe('ArenaColumn offsets', () => {
  it('are 2 + 4 + 1 bytes a row for short values, and widen for a long one', () => {
    const col = new ArenaColumn();
    col.pushJoined('abcdef', [2, 6], 0, 2);
    const at = offsets(col);
    expect([at.chunk.BYTES_PER_ELEMENT, at.start.BYTES_PER_ELEMENT, at.len.BYTES_PER_ELEMENT]).toEqual([2, 4, 1]);
    const long = 'x'.repeat(300);
    col.push(long);
    col.seal();
    expect(offsets(col).len.BYTES_PER_ELEMENT).toBe(2);
    expect(listOf(col)).toEqual(['ab', 'cdef', long]);
    const big = 'y'.repeat(70_000);
    col.set(0, big);
    col.pushJoined(big, [70_000], 0, 1);
    expect(offsets(col).len.BYTES_PER_ELEMENT).toBe(4);
    expect(listOf(col)).toEqual([big, 'cdef', long, big]);
  });

  it('widen the chunk numbers past 65,534 chunks, edited values still told apart', () => {
    const col = new ArenaColumn();
    col.push('first');
    col.seal();
    col.set(0, 'edited');
    for (let k = 0; k < 65_540; k++) col.pushJoined(`v${k}`, [`v${k}`.length], 0, 1);
    expect(offsets(col).chunk.BYTES_PER_ELEMENT).toBe(4);
    expect([col.get(0), col.get(1), col.get(65_535), col.get(65_540)]).toEqual(['edited', 'v0', 'v65534', 'v65539']);
    const back = ArenaColumn.fromSnapshot(
      col.toSnapshot() as Extract<ReturnType<ArenaColumn['toSnapshot']>, { kind: 'arena' }>,
    );
    expect(listOf(back)).toEqual(listOf(col));
  });

  it('save as three 32-bit arrays, an edited row marked 0xffffffff, and come back the same', () => {
    const col = new ArenaColumn();
    col.pushJoined('https://a.example/1https://a.example/22', [19, 39], 0, 2);
    col.set(1, 'https://b.example/');
    const s = col.toSnapshot();
    if (s.kind !== 'arena') throw new Error('an arena column saves as one');
    expect([...s.chunk]).toEqual([0, 0xffffffff]);
    expect([...s.start, ...s.end]).toEqual([0, 19, 19, 39]);
    expect(s.singles).toEqual(['https://b.example/']);
    const back = ArenaColumn.fromSnapshot(s);
    expect(listOf(back)).toEqual(['https://a.example/1', 'https://b.example/']);
    back.set(0, 'x');
    expect(listOf(back)).toEqual(['x', 'https://b.example/']);
  });
});
