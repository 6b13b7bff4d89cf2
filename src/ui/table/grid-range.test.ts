import { describe, expect, it } from 'vitest';
import type { RowView } from '../../worker/protocol';
import { rangeOf, toTsv } from './grid-range';

const row = (id: number, loc: string, lastmod = ''): RowView => ({
  id,
  loc,
  lastmod,
  changefreq: '',
  priority: '',
  ext: 0,
  extSummary: '',
  depth: null,
  inlinks: null,
  file: 'a.xml',
  problems: [],
});

describe('rangeOf', () => {
  it('spans the anchor and the focus whichever way the focus moved', () => {
    expect(rangeOf({ pos: 7, col: 5 }, { pos: 3, col: 2 })).toEqual({ top: 3, bottom: 7, left: 2, right: 5 });
    expect(rangeOf(null, { pos: 3, col: 2 })).toEqual({ top: 3, bottom: 3, left: 2, right: 2 });
  });
});

describe('toTsv', () => {
  const columns = [
    { label: 'loc', copy: (r: RowView) => r.loc },
    { label: 'lastmod', copy: (r: RowView) => r.lastmod },
  ];

  it('writes one line per row, tab between values', () => {
    const rows = [
      { pos: 0, row: row(1, 'https://a.example/x', '2024-01-05') },
      { pos: 1, row: row(2, 'https://a.example/y') },
    ];
    expect(toTsv(rows, columns, false)).toBe('https://a.example/x\t2024-01-05\nhttps://a.example/y\t');
    expect(toTsv(rows, columns, true)).toBe('loc\tlastmod\nhttps://a.example/x\t2024-01-05\nhttps://a.example/y\t');
  });

  it('quotes a value holding a tab, a line break or a quote', () => {
    expect(toTsv([{ pos: 0, row: row(1, 'a\tb', 'say "x"\n') }], columns, false)).toBe('"a\tb"\t"say ""x""\n"');
  });
});
