import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from './arena-dict-column';
import { listOf } from '../../../fixtures/helpers';

const codes = (c: ArenaDictColumn) => (c as unknown as { codes: Uint8Array | Uint16Array | Uint32Array }).codes;
const day = (k: number) =>
  `2024-01-01T00:${String(Math.floor(k / 60) % 60).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}+0${Math.floor(k / 3600)}:00`;

describe('ArenaDictColumn row codes', () => {
  it('take one byte a row for a few dates and widen, every value kept, past 255 and 65,535 of them', () => {
    const col = new ArenaDictColumn();
    for (let i = 0; i < 3000; i++) col.push(i % 2 ? '2024-05-01' : '2024-05-02');
    expect(codes(col).BYTES_PER_ELEMENT).toBe(1);
    for (let k = 0; k < 300; k++) col.push(day(k));
    expect(codes(col).BYTES_PER_ELEMENT).toBe(2);
    const joined = Array.from({ length: 70_000 }, (_, k) => day(k + 300));
    const ends: number[] = [];
    let at = 0;
    for (const v of joined) ends.push((at += v.length));
    col.pushJoined(joined.join(''), ends, 0, joined.length);
    expect(codes(col).BYTES_PER_ELEMENT).toBe(4);
    expect([col.get(0), col.get(1), col.get(3000), col.get(3299), col.get(3300), col.get(73_299)]).toEqual([
      '2024-05-02',
      '2024-05-01',
      day(0),
      day(299),
      day(300),
      day(70_299),
    ]);
    expect(col.codeAt(2)).toBe(col.codeAt(0));
  });

  it('widen on set, on insert and on append', () => {
    const col = new ArenaDictColumn();
    for (let i = 0; i < 10; i++) col.push('2024-01-01');
    for (let k = 0; k < 260; k++) col.set(k % 10, day(k));
    expect(codes(col).BYTES_PER_ELEMENT).toBe(2);
    expect(col.get(9)).toBe(day(259));
    const other = new ArenaDictColumn();
    other.push('x');
    other.insertAt([0], [day(1)]);
    expect(listOf(other)).toEqual([day(1), 'x']);
    other.appendColumn(col);
    expect(other.length).toBe(12);
    expect(codes(other).BYTES_PER_ELEMENT).toBe(2);
    expect(listOf(other)).toEqual([day(1), 'x', ...listOf(col)]);
  });
});
