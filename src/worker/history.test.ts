import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import type { TakenRows } from '../core/edit/restore-rows';
import type { HistoryEntry } from '../core/history/entry';
import { History, MAX_HISTORY_ENTRIES, MAX_HISTORY_WEIGHT } from '../core/history/history';
import type { RowView } from './protocol';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const SITE = 'https://example.com/';

/** basic-urlset.xml (3 rows) then urls.csv (2 rows): 5 rows, the last one with 3 errors, rows 1 and 4 duplicates. */
function loaded(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
  return s;
}

/** Every row of the view as the table sees it (ids, values, file, problems), in order. */
function table(s: Session): RowView[] {
  return s.rows(0, s.summary().viewCount);
}

function totals(s: Session) {
  const { urlCount, counts, byCode } = s.summary();
  return { urlCount, counts, byCode };
}

describe('Session history: undo and redo of every change', () => {
  it('starts empty, and an import starts it afresh', () => {
    const s = loaded();
    expect(s.history.state()).toEqual({ canUndo: false, undoLabel: null, canRedo: false, redoLabel: null });
    const [row] = table(s);
    s.edits.edit(row!.id, 'priority', '0.4');
    expect(s.history.state().canUndo).toBe(true);
    s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
    expect(s.history.state().canUndo).toBe(false);
    // Nothing to undo: nothing happens.
    expect(s.undo()).toMatchObject({ label: null, history: { canUndo: false } });
  });

  it('undoes and redoes a cell edit with its problems and totals', () => {
    const s = loaded();
    const before = table(s);
    const totalsBefore = totals(s);
    const row = before[4]!;
    const out = s.edits.edit(row.id, 'changefreq', 'daily');
    expect(out.history).toEqual({
      canUndo: true,
      undoLabel: 'Edit changefreq (1 cell)',
      canRedo: false,
      redoLabel: null,
    });
    const after = table(s);
    const totalsAfter = totals(s);
    expect(totalsAfter.byCode['changefreq-value']).toBeUndefined();

    const undone = s.undo();
    expect(undone.label).toBe('Edit changefreq (1 cell)');
    expect(undone.history).toEqual({
      canUndo: false,
      undoLabel: null,
      canRedo: true,
      redoLabel: 'Edit changefreq (1 cell)',
    });
    expect(table(s)).toEqual(before);
    expect(totals(s)).toEqual(totalsBefore);

    const redone = s.redo();
    expect(redone.history).toMatchObject({ canUndo: true, canRedo: false });
    expect(table(s)).toEqual(after);
    expect(totals(s)).toEqual(totalsAfter);
  });

  it('an edit that changes nothing is not recorded; a new change after an undo drops the redo', () => {
    const s = loaded();
    const [a, b] = table(s);
    s.edits.edit(a!.id, 'priority', a!.priority);
    expect(s.history.state().canUndo).toBe(false);
    s.edits.edit(a!.id, 'priority', '0.1');
    s.edits.edit(b!.id, 'priority', '0.2');
    s.undo();
    expect(s.history.state()).toMatchObject({ canRedo: true, undoLabel: 'Edit priority (1 cell)' });
    s.edits.edit(a!.id, 'lastmod', '2024-02-02');
    expect(s.history.state()).toMatchObject({ canRedo: false, redoLabel: null, undoLabel: 'Edit lastmod (1 cell)' });
    s.undo();
    s.undo();
    expect(table(s)[0]!.priority).toBe(a!.priority);
    expect(table(s)[1]!.priority).toBe(b!.priority);
  });

  it('undoes Fix all, duplicate rows removed included, back to the exact rows', () => {
    const s = loaded();
    const before = table(s);
    const totalsBefore = totals(s);
    const fixed = s.edits.fix('all');
    expect(fixed.removedRows).toBe(1);
    // basic-urlset.xml's image caption is the fourth (image-deprecated).
    expect(fixed.history.undoLabel).toBe('Fix all (4 cells, 1 row removed)');
    const after = table(s);
    expect(after).toHaveLength(4);

    s.setSiteUrl(SITE);
    s.undo();
    // The checks ran with the Site URL now: compare with the rows checked the same way.
    s.setSiteUrl('');
    expect(table(s)).toEqual(before);
    expect(totals(s)).toEqual(totalsBefore);

    s.redo();
    s.setSiteUrl(SITE);
    expect(table(s)).toEqual(after);
  });

  it('labels a fix of one code by its code and count', () => {
    const s = loaded();
    const out = s.edits.fix(['lastmod-format'], undefined);
    expect(out.history.undoLabel).toBe('Fix all lastmod-format (1 cell)');
    const none = s.edits.fix(['lastmod-format'], undefined);
    // Nothing left to fix: no new entry.
    expect(none.history.undoLabel).toBe('Fix all lastmod-format (1 cell)');
    s.undo();
    expect(s.history.state().canUndo).toBe(false);
  });

  it('undoes an added row and its edit; redo brings the row back with its id', () => {
    const s = loaded();
    const before = table(s);
    const added = s.edits.addRow({});
    expect(added.history.undoLabel).toBe('Add a URL');
    s.edits.edit(added.rowId, 'loc', 'https://example.com/new');
    const after = table(s);
    expect(after[5]).toMatchObject({ id: added.rowId, loc: 'https://example.com/new', file: '(added here)' });

    s.undo();
    expect(table(s)[5]).toMatchObject({ id: added.rowId, loc: '' });
    expect(s.undo().label).toBe('Add a URL');
    expect(table(s)).toEqual(before);

    s.redo();
    expect(s.redo().history).toMatchObject({ canRedo: false, undoLabel: 'Edit loc (1 cell)' });
    expect(table(s)).toEqual(after);
  });

  it('undoes a delete: the rows come back at their positions with their ids and problems', () => {
    const s = loaded();
    const before = table(s);
    const totalsBefore = totals(s);
    const out = s.edits.deleteRows([before[1]!.id, before[4]!.id]);
    expect(out).toMatchObject({ removed: 2, viewCount: 3, history: { undoLabel: 'Delete 2 rows' } });
    expect(table(s).map((r) => r.id)).toEqual([before[0]!.id, before[2]!.id, before[3]!.id]);

    s.undo();
    expect(table(s)).toEqual(before);
    expect(totals(s)).toEqual(totalsBefore);
    s.redo();
    expect(table(s).map((r) => r.id)).toEqual([before[0]!.id, before[2]!.id, before[3]!.id]);
    s.undo();
    // Later changes to the restored rows still undo: they kept their ids.
    s.edits.edit(before[4]!.id, 'priority', '0.9');
    s.undo();
    expect(table(s)).toEqual(before);
  });

  it('unwinds a mixed sequence step by step and replays it', () => {
    const s = loaded();
    const snapshots = [table(s)];
    const ids = snapshots[0]!.map((r) => r.id);
    s.edits.edit(ids[0]!, 'lastmod', '2020-01-01');
    snapshots.push(table(s));
    const added = s.edits.addRow({ loc: 'https://example.com/x' });
    snapshots.push(table(s));
    s.edits.fix(['priority-format', 'loc-duplicate'], undefined);
    snapshots.push(table(s));
    s.edits.deleteRows([ids[1]!, added.rowId]);
    snapshots.push(table(s));
    s.edits.edit(ids[2]!, 'loc', 'https://example.com/renamed');
    snapshots.push(table(s));

    for (let k = snapshots.length - 2; k >= 0; k--) {
      s.undo();
      expect(table(s)).toEqual(snapshots[k]);
    }
    expect(s.history.state().canUndo).toBe(false);
    for (let k = 1; k < snapshots.length; k++) {
      s.redo();
      expect(table(s)).toEqual(snapshots[k]);
    }
  });

  it('keeps at most 200 changes, forgetting the oldest', () => {
    const s = loaded();
    const [row] = table(s);
    for (let i = 0; i < MAX_HISTORY_ENTRIES + 5; i++) s.edits.edit(row!.id, 'priority', `0.${i % 10}${i}`.slice(0, 4));
    let undone = 0;
    while (s.undo().label) undone++;
    expect(undone).toBe(MAX_HISTORY_ENTRIES);
  });

  it('undo of Fix all over 100,000 rows returns the exact previous rows', () => {
    const n = 100_000;
    const s = new Session();
    // Every URL has a #fragment (loc-fragment) and every 1000th repeats the one before it once fixed.
    const lines: string[] = [];
    for (let i = 1; i <= n; i++) lines.push(`https://www.example.com/page/${i % 1000 === 0 ? i - 1 : i}#top`);
    s.importSet(importFiles([{ name: 'big.txt', bytes: new TextEncoder().encode(lines.join('\n')) }]), false);
    const before = table(s);
    const totalsBefore = totals(s);
    expect(before).toHaveLength(n);

    const out = s.edits.fix(['loc-fragment', 'loc-duplicate'], undefined);
    expect(out.history.undoLabel).toBe('Fix all loc-fragment, loc-duplicate (99,900 cells, 100 rows removed)');
    expect(out.summary.urlCount).toBe(n - 100);
    // The entry holds the changed cells and the removed rows, not a copy of the table.
    expect(s.history.size.weight).toBe(99_900 + 100);

    s.undo();
    expect(totals(s)).toEqual(totalsBefore);
    const after = table(s);
    expect(after.length).toBe(n);
    for (let i = 0; i < n; i++) {
      if (after[i]!.id !== before[i]!.id || after[i]!.loc !== before[i]!.loc)
        expect([i, after[i]]).toEqual([i, before[i]]);
    }
    expect(after).toEqual(before);

    s.redo();
    expect(s.summary().urlCount).toBe(n - 100);
    expect(s.summary().byCode['loc-fragment']).toBeUndefined();
  });
});

describe('History', () => {
  // Only the number of rows counts here: an entry that removed `rows` rows.
  const entry = (rows: number): HistoryEntry => ({
    label: `e${rows}`,
    cells: [],
    flags: [],
    exts: [],
    removed: { ids: new Uint32Array(rows) } as TakenRows,
  });

  it('forgets the oldest entries past its weight budget, but always keeps the latest', () => {
    const h = new History();
    h.record(entry(3));
    h.record(entry(MAX_HISTORY_WEIGHT));
    expect(h.size).toEqual({ undo: 1, redo: 0, weight: MAX_HISTORY_WEIGHT });
    h.undid();
    expect(h.state()).toEqual({ canUndo: false, undoLabel: null, canRedo: true, redoLabel: `e${MAX_HISTORY_WEIGHT}` });
    h.record(entry(2));
    expect(h.size).toEqual({ undo: 1, redo: 0, weight: 2 });
  });
});
