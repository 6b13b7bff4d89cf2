import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import { takeRows, restoreRows } from '../edit/restore-rows';
import { applyEntry, entryOf, isPlanOnly, weightOf } from '../history/entry';
import { History } from '../history/history';
import { restoreSet, snapshotSet } from '../persist/document-snapshot';
import { UrlRows } from '../rows/rows';
import { ALL_ROWS, queryRows } from '../view/query';
import type { PlanFields } from './plan-fields';
import { patchedPlan } from './plan-fields';
import { withoutPlanned } from '../write/planned-rows';
import { splitStatusFilter } from '../view/status-filter';

const H = 'https://www.example.com';
const plan = (p: Partial<PlanFields>) => patchedPlan(undefined, p) as PlanFields;

function planned() {
  const set = setOf([`${H}/`, `${H}/a`, `${H}/b`, `${H}/c`, `${H}/d`]);
  const id = (i: number) => set.rows.id[i] as number;
  set.rows.plan.set(id(1), plan({ status: 'planned', notes: 'New page' }));
  set.rows.plan.set(id(2), plan({ status: 'to remove', owner: 'Ana' }));
  set.rows.plan.set(id(3), plan({ status: 'In review', color: '#16a34a' }));
  set.rows.plan.set(id(4), plan({ notes: 'Live, with a note' }));
  return { set, id };
}

describe('the plan column: stored by row id, sparse', () => {
  it('holds nothing for rows without a plan', () => {
    const rows = new UrlRows();
    for (let i = 0; i < 1000; i++) rows.push({ loc: `${H}/${i}`, lastmod: '', changefreq: '', priority: '', ext: [] });
    expect(rows.plan.size).toBe(0);
    expect(rows.toSnapshot().plan).toBeUndefined();
  });

  it('is saved with the rows and read back (and an older save without plans reads as none)', () => {
    const { set, id } = planned();
    const back = restoreSet(snapshotSet(set, '', 1));
    expect(back.rows.plan.get(id(1))).toEqual(set.rows.plan.get(id(1)));
    expect([...back.rows.plan.entries()]).toEqual([...set.rows.plan.entries()]);
    const old = snapshotSet(set, '', 1);
    delete old.rows.plan;
    expect(restoreSet(old).rows.plan.size).toBe(0);
    const damaged = snapshotSet(set, '', 1);
    (damaged.rows.plan as { fields: unknown[] }).fields[0] = { status: 1 };
    expect(() => restoreSet(damaged)).toThrow(/plan/);
  });

  it('goes with a removed row and comes back with it (delete, then undo)', () => {
    const { set, id } = planned();
    const gone = id(2);
    const before = set.rows.plan.get(gone);
    const taken = takeRows(set, [gone]);
    expect(set.rows.plan.get(gone)).toBeUndefined();
    expect(set.rows.plan.size).toBe(3);
    restoreRows(set, taken);
    expect(set.rows.plan.get(gone)).toEqual(before);
  });

  it('follows rows appended from another set, under their new ids', () => {
    const { set } = planned();
    const more = new UrlRows();
    more.append(set.rows, 0);
    expect(more.plan.size).toBe(4);
    expect(more.plan.get(more.id[2] as number)?.owner).toBe('Ana');
  });
});

describe('plan changes in the undo history', () => {
  it('undoes and redoes a plan change, counted in the entry weight', () => {
    const { set, id } = planned();
    const before = set.rows.plan.get(id(1));
    const after = plan({ status: 'planned', notes: 'New page, for May' });
    set.rows.plan.set(id(1), after);
    const entry = entryOf('Edit notes', { plans: [{ row: id(1), before, after }] }, false);
    expect(weightOf(entry)).toBe(1);
    expect(isPlanOnly(entry)).toBe(true);
    applyEntry(set, entry, 'backward');
    expect(set.rows.plan.get(id(1))).toEqual(before);
    applyEntry(set, entry, 'forward');
    expect(set.rows.plan.get(id(1))).toEqual(after);
  });

  it('keeps plan changes through a saved history, and reads older entries without them', () => {
    const { id } = planned();
    const h = new History();
    h.record(entryOf('Plan', { plans: [{ row: id(0), before: undefined, after: plan({ owner: 'Bo' }) }] }, false));
    const copy = new History();
    expect(copy.load(structuredClone(h.toSaved()))).toBe(true);
    expect(copy.nextUndo()?.plans).toHaveLength(1);
    expect(copy.load({ done: [{ label: 'Old', cells: [], flags: [], exts: [] }], undone: [] })).toBe(true);
  });
});

describe('status: in the table filter', () => {
  it('takes the status word out of the filter text', () => {
    expect(splitStatusFilter('status:planned')).toEqual({ text: '', status: 'planned' });
    expect(splitStatusFilter('blog status:"to remove" 2024')).toEqual({ text: 'blog 2024', status: 'to-remove' });
    expect(splitStatusFilter('Status:Live')).toEqual({ text: '', status: '' });
    expect(splitStatusFilter('/status:x')).toEqual({ text: '/status:x', status: null });
  });

  it('filters the rows by status, with the rest of the text on loc', () => {
    const { set } = planned();
    const result = checkSet(set);
    const shown = (text: string) => Array.from(queryRows(set, result, { ...ALL_ROWS, text }));
    expect(shown('status:planned')).toEqual([1]);
    expect(shown('status:to-remove')).toEqual([2]);
    expect(shown('status:"in review"')).toEqual([3]);
    expect(shown('status:live')).toEqual([0, 4]);
    expect(shown('status:live /d')).toEqual([4]);
    expect(shown('status:nothing')).toEqual([]);
  });
});

describe('planned rows in the export', () => {
  it('are left out and counted, unless included; other statuses are written', () => {
    const { set } = planned();
    expect(withoutPlanned(set.rows, undefined, false)).toEqual({ positions: [0, 2, 3, 4], leftOut: 1, planned: 1 });
    expect(withoutPlanned(set.rows, [0, 1, 2], false)).toEqual({ positions: [0, 2], leftOut: 1, planned: 1 });
    expect(withoutPlanned(set.rows, [0, 2], false)).toEqual({ positions: [0, 2], leftOut: 0, planned: 0 });
    expect(withoutPlanned(set.rows, undefined, true)).toEqual({ positions: undefined, leftOut: 0, planned: 1 });
    const none = setOf([`${H}/`]);
    expect(withoutPlanned(none.rows, undefined, false)).toEqual({ positions: undefined, leftOut: 0, planned: 0 });
  });
});
