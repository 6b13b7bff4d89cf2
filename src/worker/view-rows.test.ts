import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { checkSet } from '../core/check/check-set';
import { importFiles } from '../core/read/import-files';
import { ALL_ROWS } from '../core/view/query';
import { Session } from './session';
import { ViewRows } from './view-rows';

const imported = () =>
  importFiles([
    { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
    { name: 'urls.csv', bytes: fixture('urls.csv') },
  ]);
const set = imported();
const result = checkSet(set);

describe('ViewRows: the rows the table shows', () => {
  it('is every position in turn while nothing is sorted or filtered, without an array of them', () => {
    const v = ViewRows.of(set, result, ALL_ROWS);
    expect(v.length).toBe(5);
    expect([0, 1, 2, 3, 4].map((k) => v.at(k))).toEqual([0, 1, 2, 3, 4]);
    expect([v.indexOf(0), v.indexOf(4), v.indexOf(5), v.indexOf(-1), v.indexOf(1.5)]).toEqual([0, 4, -1, -1, -1]);
    expect(Array.from(v.array())).toEqual([0, 1, 2, 3, 4]);
    // A new array each time: the passes that take one drop it when done.
    expect(v.array()).not.toBe(v.array());
  });

  it('holds the order of a sort or a filter', () => {
    const sorted = ViewRows.of(set, result, { ...ALL_ROWS, sort: { key: 'loc', dir: 'desc' } });
    const locs = Array.from({ length: sorted.length }, (_, k) => set.rows.loc.get(sorted.at(k)));
    expect(locs).toEqual([
      'https://example.com/shop?item=1&color=red',
      'https://example.com/about',
      'https://example.com/a',
      'https://example.com/',
      'https://example.com/',
    ]);
    expect(sorted.array()).toBe(sorted.array());
    expect(sorted.indexOf(sorted.at(2))).toBe(2);
    const filtered = ViewRows.of(set, result, { ...ALL_ROWS, code: 'changefreq-value' });
    expect(filtered.length).toBe(1);
    expect(set.rows.changefreq.get(filtered.at(0))).toBe('Daily');
  });

  it('shows a new row last: the identity grows when the row is the next position, else it becomes an order', () => {
    const all = ViewRows.of(set, result, ALL_ROWS);
    const grown = all.appended(5);
    expect([grown.length, grown.at(5), grown.indexOf(5)]).toEqual([6, 5, 5]);
    const filtered = ViewRows.of(set, result, { ...ALL_ROWS, code: 'changefreq-value' });
    const withNew = filtered.appended(5);
    expect(Array.from(withNew.array())).toEqual([filtered.at(0), 5]);
    expect(ViewRows.EMPTY.appended(0).array()).toEqual(new Uint32Array([0]));
  });

  it('gives the session the same rows, ids and new rows as the array it replaced', () => {
    const s = new Session();
    const set = imported();
    s.importSet(set, false);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual(Array.from({ length: 5 }, (_, i) => set.rows.loc.get(i)));
    expect(s.viewIds()).toEqual(Array.from(set.rows.id.subarray(0, 5)));
    const { rowId } = s.edits.addRow({ loc: 'https://example.com/new' });
    expect(s.viewPosition(rowId)).toBe(5);
    expect(s.rows(5, 6)[0]?.loc).toBe('https://example.com/new');
    expect(s.setView({ ...ALL_ROWS, code: 'changefreq-value' })).toBe(1);
    const added = s.edits.addRow({ loc: 'https://example.com/newer' });
    expect(s.viewPosition(added.rowId)).toBe(1);
    expect(s.rows(0, 2).map((r) => r.changefreq)).toEqual(['Daily', '']);
  });
});

describe('Session: sorting by loc again after the document changes', () => {
  const locsShown = (s: Session): string[] => s.rows(0, s.summary().viewCount).map((r) => r.loc);
  const byLoc = (locs: string[], dir: 'asc' | 'desc'): string[] =>
    [...locs].sort((x, y) => (x === y ? 0 : (dir === 'asc') === x < y ? -1 : 1));
  const current = (s: Session): string[] => {
    s.setView(ALL_ROWS);
    return locsShown(s);
  };

  it('shows each edit, undo, redo, removal, added row, replace and import in the next sort, in both directions', () => {
    const s = new Session();
    s.importSet(imported(), false);
    const steps: [string, () => void][] = [
      ['edit', () => void s.edits.edit((s.rows(4, 5)[0] as { id: number }).id, 'loc', 'https://example.com/0')],
      ['undo', () => void s.undo()],
      ['redo', () => void s.redo()],
      ['delete', () => void s.edits.deleteRows([(s.rows(0, 1)[0] as { id: number }).id])],
      ['add', () => void s.edits.addRow({ loc: 'https://example.com/b' })],
      [
        'replace',
        () =>
          void s.bulk.replace(
            { kind: 'view' },
            { find: 'example.com/a', replace: 'example.com/zz', regex: false, caseSensitive: true },
            true,
          ),
      ],
      ['import', () => void s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true)],
    ];
    for (const [name, step] of steps) {
      for (const dir of ['asc', 'desc', 'asc'] as const) {
        s.setView({ ...ALL_ROWS, sort: { key: 'loc', dir } });
        expect(locsShown(s), `${name} ${dir}`).toEqual(byLoc(current(s), dir));
      }
      step();
    }
    s.setView({ ...ALL_ROWS, sort: { key: 'loc', dir: 'asc' } });
    expect(locsShown(s)).toEqual([
      'https://example.com/',
      'https://example.com/',
      'https://example.com/0',
      'https://example.com/a',
      'https://example.com/b',
      'https://example.com/shop?item=1&color=red',
      'https://example.com/zzbout',
    ]);
  });
});
