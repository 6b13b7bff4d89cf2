import { describe, expect, it } from 'vitest';
import { UrlRows } from './rows';
import type { ArenaOffsets } from './arena-offsets';
import { listOf } from '../../../fixtures/helpers';

describe('UrlRows.trim', () => {
  it('gives back the room kept for more rows; every value stays and more rows still go in', () => {
    const rows = new UrlRows();
    const n = 5000;
    for (let i = 0; i < n; i++) {
      rows.push(
        {
          loc: `https://a.example/p${i}`,
          lastmod: i % 2 ? `2024-01-${String(1 + (i % 28)).padStart(2, '0')}` : '',
          changefreq: i % 3 ? 'daily' : '',
          priority: '0.5',
          ext: [],
        },
        { file: 1, line: i + 2, column: 3 },
      );
    }
    rows.loc.set(7, 'https://b.example/edited');
    expect(rows.id.length).toBe(8192);
    const before = listOf(rows);
    rows.trim();
    // 1,024 rows of room past the end, not 3,192.
    expect(rows.id.length).toBe(n + 1024);
    expect([rows.file.length, rows.line.length, rows.column.length, rows.readFlags.length]).toEqual([
      n + 1024,
      n + 1024,
      n + 1024,
      n + 1024,
    ]);
    expect((rows.loc as unknown as { at: ArenaOffsets }).at.capacity).toBe(n + 1024);
    expect(listOf(rows)).toEqual(before);
    expect(rows.origin(4999)).toEqual({ file: 1, line: 5001, column: 3 });
    for (let i = 0; i < 2000; i++)
      rows.push({ loc: `https://a.example/more${i}`, lastmod: '2024-02-01', changefreq: '', priority: '', ext: [] });
    expect(rows.length).toBe(7000);
    expect(rows.get(6999)).toEqual({
      loc: 'https://a.example/more1999',
      lastmod: '2024-02-01',
      changefreq: '',
      priority: '',
      ext: [],
    });
    expect(rows.get(7).loc).toBe('https://b.example/edited');
    expect(listOf(rows).slice(0, n)).toEqual(before);
  });

  it('leaves a column alone when little room is kept', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 1000; i++) rows.push({ loc: `u${i}`, lastmod: '', changefreq: '', priority: '', ext: [] });
    const id = rows.id;
    rows.trim();
    expect(rows.id).toBe(id);
  });
});
