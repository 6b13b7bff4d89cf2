import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../rows/string-columns';
import { NewestLastmods } from './newest-lastmod';
import { rowsOf } from './test-helpers';

/** Values whose order by instant differs from their order as text: zones, times, junk. */
const VALUES = [
  '2024-03-01',
  '2024-03-02T23:30:00-12:00',
  '2024-03-03T01:00:00+14:00',
  '2024-03-03',
  ' 2024-03-02T12:00Z ',
  'not a date',
  '',
  '2023-12-31T23:59:59Z',
  '2024-02-30',
  '2024-03-03T00:00:00+13:00',
  '2024-03',
  '2024',
  '12024-01-01',
  '2024-03-03T09:00:00.5+09:00',
];

/** The same rows in a set order, and each value repeated (so numbered values come back). */
function shuffled(seed: number): string[] {
  const out = [...VALUES, ...VALUES];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out;
}

describe('NewestLastmods.noteRow', () => {
  it('finds the newest instant per file as note does, in any row order', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const values = shuffled(seed);
      const rows = rowsOf(values.map((lastmod) => ({ loc: 'https://e.com/', lastmod })));
      const byRow = new NewestLastmods();
      const byValue = new NewestLastmods();
      values.forEach((v, i) => {
        byRow.noteRow(i % 3, rows.lastmod, i);
        byValue.note(i % 3, v);
      });
      for (const f of [0, 1, 2]) expect(byRow.valueFor(f, 'as-is', 'none')).toBe(byValue.valueFor(f, 'as-is', 'none'));
    }
  });

  it('is right on a column that does not number its values', () => {
    const col = new ArenaColumn();
    for (const v of VALUES) col.push(v);
    const n = new NewestLastmods();
    VALUES.forEach((_, i) => n.noteRow(0, col, i));
    // 2024-03-03T01:00:00+14:00 is 2024-03-02T11:00Z; 2024-03-02T23:30:00-12:00 is 2024-03-03T11:30Z.
    expect(n.valueFor(0, 'as-is', 'none')).toBe('2024-03-02T23:30:00-12:00');
    expect(n.valueFor(1, 'as-is', 'none')).toBe('none');
  });
});
