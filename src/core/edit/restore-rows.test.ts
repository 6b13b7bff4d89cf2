import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import { planFixes } from '../fix/plan-fixes';
import { applyChanges, applyExtChanges, applyFlagChanges } from '../rows/changes';
import { READ_FLAG, type UrlRows } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';
import { addRow } from './commands';
import { restoreRows, takeRows } from './restore-rows';
import { listOf } from '../../../fixtures/helpers';

/** Everything a row holds, per column, in order: two sets are the same rows when these are equal. */
function dump(rows: UrlRows) {
  const n = rows.length;
  return {
    ids: Array.from(rows.id.subarray(0, n)),
    loc: listOf(rows.loc),
    lastmod: listOf(rows.lastmod),
    changefreq: listOf(rows.changefreq),
    priority: listOf(rows.priority),
    ext: rows.ext.slice(0, n),
    file: Array.from(rows.file.subarray(0, n)),
    line: Array.from(rows.line.subarray(0, n)),
    column: Array.from(rows.column.subarray(0, n)),
    readFlags: Array.from(rows.readFlags.subarray(0, n)),
  };
}

const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
const IMAGE: ExtElement[] = [
  {
    ns: IMAGE_NS,
    prefix: 'image',
    name: 'image',
    attrs: [],
    children: [{ ns: IMAGE_NS, prefix: 'image', name: 'loc', attrs: [], children: ['https://example.com/a.png'] }],
  },
];

function sample(): SitemapSet {
  return setOf([
    { loc: 'https://example.com/', lastmod: '2024-01-05', changefreq: 'daily', priority: '1.0' },
    { loc: 'https://example.com/a', ext: IMAGE, file: 1, line: 9, column: 4 },
    { loc: 'https://example.com/b', lastmod: '2024/01/05', flags: READ_FLAG.duplicateLoc },
    { loc: 'https://example.com/c', changefreq: 'Weekly', priority: '0.3' },
    { loc: 'https://example.com/d' },
  ]);
}

describe('takeRows and restoreRows', () => {
  it('take rows out with all their data and put them back with their ids at their positions', () => {
    const set = sample();
    set.rows.loc.set(3, 'https://example.com/edited');
    const before = dump(set.rows);
    const ids = [before.ids[1] as number, before.ids[3] as number];
    const taken = takeRows(set, [...ids, 999]);
    expect(taken.positions).toEqual([1, 3]);
    expect(Array.from(taken.ids)).toEqual(ids);
    expect(taken.loc).toEqual(['https://example.com/a', 'https://example.com/edited']);
    expect(taken.ext[0]).toBe(IMAGE);
    expect([taken.file[0], taken.line[0], taken.column[0]]).toEqual([1, 9, 4]);
    expect(set.rows.length).toBe(3);
    expect(listOf(set.rows.loc)).toEqual(['https://example.com/', 'https://example.com/b', 'https://example.com/d']);

    restoreRows(set, taken);
    expect(dump(set.rows)).toEqual(before);
    expect(() => restoreRows(set, taken)).toThrow(/there already/);
  });

  it('never gives a new row the id of a row that was restored', () => {
    const set = sample();
    const last = set.rows.id[4] as number;
    const taken = takeRows(set, [last]);
    restoreRows(set, taken);
    const id = addRow(set, { loc: 'https://example.com/new', lastmod: '', changefreq: '', priority: '', ext: [] });
    expect(id).toBeGreaterThan(last);
    expect(new Set(set.rows.id.subarray(0, set.rows.length)).size).toBe(6);
  });

  it('undoes removals in order, whatever rows and however many', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(40), { maxLength: 8 }), { minLength: 1, maxLength: 4 }), (rounds) => {
        const set = setOf(
          Array.from({ length: 30 }, (_, i) => ({
            loc: `https://example.com/${i}`,
            priority: i % 3 ? '0.5' : '',
            flags: i % 4,
          })),
        );
        const states = [dump(set.rows)];
        const takes = rounds.map((picks) => {
          const ids = picks.map((p) => set.rows.id[p % Math.max(1, set.rows.length)] as number);
          const t = takeRows(set, ids);
          states.push(dump(set.rows));
          return t;
        });
        for (let k = takes.length - 1; k >= 0; k--) {
          restoreRows(set, takes[k]!);
          expect(dump(set.rows)).toEqual(states[k]);
        }
      }),
    );
  });

  it('undo of Fix all over 100,000 rows gives back the exact rows, ids and order', () => {
    const n = 100_000;
    const entries = Array.from({ length: n }, (_, i) => ({
      // Every 50th URL repeats the one before it (loc-duplicate removes it); every other has a fragment.
      loc: i % 50 === 49 ? `https://example.com/p/${i - 1}` : `https://example.com/p/${i}${i % 2 ? '#top' : ''}`,
      lastmod: i % 3 === 0 ? `2024/01/${String((i % 28) + 1).padStart(2, '0')}` : '2024-01-05',
      changefreq: i % 5 === 0 ? 'Daily' : 'weekly',
      priority: i % 7 === 0 ? '0,5' : '0.5',
      flags: i % 11 === 0 ? READ_FLAG.duplicatePriority : 0,
      line: i + 2,
    }));
    const set = setOf(entries);
    const original = dump(set.rows);
    const opts = { now: new Date('2025-01-01T00:00:00Z') };
    const checked = checkSet(set, opts);

    const plan = planFixes(set, checked, 'all', {});
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    const removed = takeRows(set, plan.removeRows);
    expect(plan.changes.length).toBeGreaterThan(100_000);
    expect(removed.ids.length).toBe(n / 50);
    expect(checkSet(set, opts).counts.error).toBe(0);

    restoreRows(set, removed);
    applyExtChanges(set.rows, plan.extChanges, 'backward');
    applyFlagChanges(set.rows, plan.flagChanges, 'backward');
    applyChanges(set.rows, plan.changes, 'backward');
    expect(dump(set.rows)).toEqual(original);
    const again = checkSet(set, opts);
    expect(again.counts).toEqual(checked.counts);
    expect(again.byCode).toEqual(checked.byCode);
  });
});
