import { describe, expect, it } from 'vitest';
import { UrlRows } from './rows';
import { DictColumn, columnFromSnapshot } from './string-columns';
import type { ExtElement } from './types';
import { listOf } from '../../../fixtures/helpers';

const entry = (loc: string, ext: ExtElement[] = []) => ({ loc, lastmod: '', changefreq: '', priority: '', ext });
const img: ExtElement[] = [
  { ns: 'http://www.google.com/schemas/sitemap-image/1.1', prefix: 'image', name: 'image', attrs: [], children: [] },
];

describe('narrow columns', () => {
  it('start one or two bytes a row and widen, values kept, when one does not fit', () => {
    const rows = new UrlRows();
    rows.push(entry('a'), { file: 3, line: 40, column: 7 });
    expect([rows.file.BYTES_PER_ELEMENT, rows.line.BYTES_PER_ELEMENT, rows.column.BYTES_PER_ELEMENT]).toEqual([
      1, 2, 1,
    ]);
    rows.push(entry('b'), { file: 300, line: 70_000, column: 90_000 });
    rows.push(entry('c'), { file: 100_000, line: 5, column: 300 });
    expect([rows.file.BYTES_PER_ELEMENT, rows.line.BYTES_PER_ELEMENT, rows.column.BYTES_PER_ELEMENT]).toEqual([
      4, 4, 4,
    ]);
    expect([0, 1, 2].map((i) => rows.origin(i))).toEqual([
      { file: 3, line: 40, column: 7 },
      { file: 300, line: 70_000, column: 90_000 },
      { file: 100_000, line: 5, column: 300 },
    ]);
    rows.setOrigin(0, 2 ** 32 - 1, 1);
    expect(rows.origin(0)).toEqual({ file: 3, line: 2 ** 32 - 1, column: 1 });
    const back = UrlRows.fromSnapshot(structuredClone(rows.toSnapshot()));
    expect([0, 1, 2].map((i) => back.origin(i))).toEqual([0, 1, 2].map((i) => rows.origin(i)));
  });

  it('widen on insert, on append and on restore, past the initial capacity', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 2000; i++) rows.push(entry(`u${i}`), { file: 0, line: i + 1, column: 3 });
    const taken = {
      ids: [5000],
      loc: ['x'],
      lastmod: [''],
      changefreq: [''],
      priority: [''],
      ext: [undefined],
      file: [70_000],
      line: [1],
      column: [1 << 20],
      readFlags: [0],
    };
    rows.insertAt([1000], taken);
    expect(rows.origin(1000)).toEqual({ file: 70_000, line: 1, column: 1 << 20 });
    expect(rows.origin(1999)).toEqual({ file: 0, line: 1999, column: 3 });
    const more = new UrlRows();
    more.push(entry('m'), { file: 1, line: 80_000, column: 2 });
    const into = new UrlRows();
    into.append(more, 255);
    expect(into.origin(0)).toEqual({ file: 256, line: 80_000, column: 2 });
  });

  it('a dictionary column past 255 and 65,535 distinct values, saved 32 bits wide as before', () => {
    const col = new DictColumn();
    const values = Array.from({ length: 70_000 }, (_, i) => `v${i % 66_000}`);
    values.forEach((v) => col.push(v));
    col.set(0, 'new');
    values[0] = 'new';
    expect(listOf(col)).toEqual(values);
    const saved = col.toSnapshot();
    expect(saved.kind === 'dict' && saved.codes).toBeInstanceOf(Uint32Array);
    expect(listOf(columnFromSnapshot(structuredClone(saved)))).toEqual(values);
  });
});

describe('sparse extension elements', () => {
  it('hold only the rows that have some, through remove, insert, append and save', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 10; i++) rows.push(entry(`u${i}`, i % 4 === 1 ? img : []));
    expect(rows.ext.filter(Boolean).length).toBe(3);
    expect([1, 5, 9].map((i) => rows.ext[i])).toEqual([img, img, img]);
    expect(rows.ext[0]).toBeUndefined();
    rows.removeAt([0, 2, 5]);
    expect(listOf(rows).map((r) => [r.loc, r.ext.length])).toEqual([
      ['u1', 1],
      ['u3', 0],
      ['u4', 0],
      ['u6', 0],
      ['u7', 0],
      ['u8', 0],
      ['u9', 1],
    ]);
    rows.insertAt([1], {
      ids: [99],
      loc: ['x'],
      lastmod: [''],
      changefreq: [''],
      priority: [''],
      ext: [img],
      file: [0],
      line: [0],
      column: [0],
      readFlags: [0],
    });
    expect(listOf(rows).map((r) => r.ext.length)).toEqual([1, 1, 0, 0, 0, 0, 0, 1]);
    const more = new UrlRows();
    more.push(entry('m0'));
    more.push(entry('m1', img));
    rows.append(more, 0);
    expect(listOf(rows).map((r) => r.ext.length)).toEqual([1, 1, 0, 0, 0, 0, 0, 1, 0, 1]);
    const back = UrlRows.fromSnapshot(structuredClone(rows.toSnapshot()));
    expect(listOf(back)).toEqual(listOf(rows));
  });
});
