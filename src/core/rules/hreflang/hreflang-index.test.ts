import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternateLink } from '../../edit/hreflang-edit';
import { HreflangIndex } from './hreflang-index';

const url = (k: number) => `https://e.com/p/${k}`;

/** The index's view of the world, read back through its public walks. */
function read(index: HreflangIndex, rows: number, pool: number) {
  const byRow: string[][] = [];
  for (let p = 0; p < rows; p++) {
    const hrefs: string[] = [];
    for (let s = index.first(p); s >= 0; s = index.next(s)) hrefs.push(index.href(s));
    byRow.push(hrefs);
  }
  const listers: number[][] = [];
  for (let k = 0; k < pool; k++) {
    const list: number[] = [];
    index.forEachLister(url(k), (p) => list.push(p));
    listers.push(list.sort((a, b) => a - b));
  }
  return { byRow, listers };
}

describe('HreflangIndex', () => {
  it("walks a row's alternates in order, finds who lists a URL, and ignores other links", () => {
    const index = new HreflangIndex(3);
    expect(index.first(0)).toBe(-1);
    index.addRow(0, [
      alternateLink('en', ` ${url(0)} `),
      {
        ...alternateLink('x', url(9)),
        attrs: [
          { ns: '', prefix: '', name: 'rel', value: 'amphtml' },
          { ns: '', prefix: '', name: 'href', value: url(9) },
        ],
      },
      alternateLink('de', url(1)),
    ]);
    index.addRow(2, [alternateLink('de', url(1))]);
    expect(read(index, 3, 10).byRow).toEqual([[url(0), url(1)], [], [url(1)]]);
    expect(index.lists(0, url(1))).toBe(true);
    expect(index.lists(1, url(1))).toBe(false);
    const listers: number[] = [];
    index.forEachLister(url(1), (p) => listers.push(p));
    expect(listers.sort()).toEqual([0, 2]);
    index.removeRow(0);
    expect(read(index, 3, 10).listers[1]).toEqual([2]);
    expect(read(index, 3, 10).listers[0]).toEqual([]);
  });

  it('agrees with a plain model through many adds and removals (tables grow, chains empty and refill)', () => {
    const ROWS = 300;
    const POOL = 400;
    const op = fc.record({ row: fc.nat(ROWS - 1), hrefs: fc.array(fc.nat(POOL - 1), { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(op, { minLength: 50, maxLength: 600 }), (ops) => {
        const index = new HreflangIndex(ROWS);
        const model: number[][] = Array.from({ length: ROWS }, () => []);
        for (const { row, hrefs } of ops) {
          index.removeRow(row);
          index.addRow(
            row,
            hrefs.map((k) => alternateLink('en', url(k))),
          );
          model[row] = hrefs;
        }
        const expected = {
          byRow: model.map((hrefs) => hrefs.map(url)),
          listers: Array.from({ length: POOL }, (_, k) =>
            model.flatMap((hrefs, p) => hrefs.filter((h) => h === k).map(() => p)),
          ),
        };
        expect(read(index, ROWS, POOL)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('answers lists() through its pair table as a scan would, once a row lists many alternates', () => {
    const ROWS = 60;
    const POOL = 120;
    // Some rows list more alternates than are ever scanned: the pair table is made and then kept up to date.
    const op = fc.record({ row: fc.nat(ROWS - 1), hrefs: fc.array(fc.nat(POOL - 1), { maxLength: 70 }) });
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 200 }), (ops) => {
        const index = new HreflangIndex(ROWS);
        const model: Set<number>[] = Array.from({ length: ROWS }, () => new Set());
        for (const { row, hrefs } of ops) {
          index.removeRow(row);
          index.addRow(
            row,
            hrefs.map((k) => alternateLink('en', url(k))),
          );
          model[row] = new Set(hrefs);
        }
        for (let q = 0; q < ROWS; q++)
          for (let k = 0; k < POOL; k++) expect(index.lists(q, url(k)), `row ${q}, href ${k}`).toBe(model[q]?.has(k));
      }),
      { numRuns: 30 },
    );
  });
});
