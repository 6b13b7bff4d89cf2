import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { importFiles } from '../core/read/import-files';
import { MemoryDocumentStore } from './document-store';
import type { HistoryEntry } from '../core/history/entry';
import { History, MAX_SAVED_HISTORY_WEIGHT } from '../core/history/history';
import { Persistence } from './persistence';
import type { RowView } from './protocol';
import { Session } from './session';
import { cutSnapshot, joinSnapshot } from './snapshot-pieces';

const SITE = 'https://example.com/';
const noEvents = () => {};

function loaded(): Session {
  const s = new Session();
  s.setSiteUrl(SITE);
  s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
  return s;
}

function table(s: Session): RowView[] {
  return s.rows(0, s.summary().viewCount);
}

/** Saves the session as the worker does and reads it into a fresh session, as after a reload. */
async function reloaded(
  s: Session,
): Promise<{ session: Session; outcome: Awaited<ReturnType<Persistence['restore']>> }> {
  const store = new MemoryDocumentStore();
  const saving = new Persistence(s, store, noEvents);
  saving.schedule();
  await saving.flush();
  // Through the pieces IndexedDB gets, cloned as IndexedDB clones them.
  const { skeleton, pieces } = cutSnapshot(store.saved!, 10);
  store.saved = joinSnapshot(structuredClone(skeleton), structuredClone(pieces));
  const session = new Session();
  const outcome = await new Persistence(session, store, noEvents).restore();
  return { session, outcome };
}

function entry(label: string, cells: number): HistoryEntry {
  return {
    label,
    cells: Array.from({ length: cells }, (_, k) => ({ row: k, field: 'priority' as const, before: '', after: '0.5' })),
    flags: [],
    exts: [],
  };
}

describe('the undo history and the comparison are saved with the document', () => {
  it('come back after a reload: the same steps undo and redo to the same rows', async () => {
    const s = loaded();
    const [first, second] = table(s);
    s.edits.edit(first!.id, 'priority', '0.3');
    s.edits.edit(second!.id, 'lastmod', '2024-02-03');
    s.edits.deleteRows([second!.id]);
    s.edits.fix('all');
    s.undo();
    const { session: r, outcome } = await reloaded(s);
    expect(outcome.undoSteps).toBe(3);
    expect(outcome.redoSteps).toBe(1);
    expect(outcome.history).toEqual(s.history.state());
    expect(r.history.state()).toEqual({
      canUndo: true,
      undoLabel: 'Delete 1 row',
      canRedo: true,
      redoLabel: s.history.state().redoLabel,
    });
    expect(table(r)).toEqual(table(s));

    // Redo the fix, then undo everything: both sessions walk the same rows.
    s.redo();
    r.redo();
    expect(table(r)).toEqual(table(s));
    for (let k = 0; k < 4; k++) {
      s.undo();
      r.undo();
      expect(table(r)).toEqual(table(s));
    }
    expect(r.history.state().canUndo).toBe(false);
    expect(table(r).map((row) => row.priority)).toEqual(table(loaded()).map((row) => row.priority));
  });

  it('the before set comes back with its counts, and the rows still compare with it', async () => {
    const s = loaded();
    s.compare.loadSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]));
    const counts = s.compare.summary();
    expect(counts).toMatchObject({ beforeUrls: 3, added: 1, removed: 0 });
    const { session: r, outcome } = await reloaded(s);
    expect(outcome.comparison).toEqual(counts);
    expect(r.compare.summary()).toEqual(counts);
    r.edits.deleteRows([table(r)[1]!.id]);
    expect(r.compare.summary()).toMatchObject({ removed: 1 });
  });

  it('a document saved without them (an earlier version) restores with none', async () => {
    const s = loaded();
    s.edits.edit(table(s)[0]!.id, 'priority', '0.3');
    const store = new MemoryDocumentStore();
    const saving = new Persistence(s, store, noEvents);
    saving.schedule();
    await saving.flush();
    delete store.saved!.history;
    delete store.saved!.compare;
    const r = new Session();
    const outcome = await new Persistence(r, store, noEvents).restore();
    expect(outcome).toMatchObject({ undoSteps: 0, redoSteps: 0, comparison: null, error: null });
    expect(r.history.state().canUndo).toBe(false);
  });
});

describe('History.toSaved and load', () => {
  it('keeps the steps nearest to now within the cap: next undo, next redo, then outward', () => {
    const h = new History();
    for (const [label, cells] of [
      ['a', 40],
      ['b', 30],
      ['c', 20],
      ['d', 10],
      ['e', 5],
    ] as const)
      h.record(entry(label, cells));
    h.undid();
    h.undid();
    // done: a b c, undone (next redo last): e d
    const labels = (saved: ReturnType<History['toSaved']>) => ({
      done: saved.done.map((e) => (e as HistoryEntry).label),
      undone: saved.undone.map((e) => (e as HistoryEntry).label),
    });
    expect(labels(h.toSaved(1_000))).toEqual({ done: ['a', 'b', 'c'], undone: ['e', 'd'] });
    // c (20) + d (10) + b (30) = 60 fit; e (5) would, but it lies beyond b in redo order; a (40) does not.
    expect(labels(h.toSaved(65))).toEqual({ done: ['b', 'c'], undone: ['e', 'd'] });
    expect(labels(h.toSaved(30))).toEqual({ done: ['c'], undone: ['d'] });
    expect(labels(h.toSaved(19))).toEqual({ done: [], undone: [] });
    expect(MAX_SAVED_HISTORY_WEIGHT).toBe(100_000);
  });

  it('copies the entries: an undo after saving does not change the saved ones', () => {
    const h = new History();
    const e = entry('x', 1);
    h.record(e);
    const saved = h.toSaved();
    expect(saved.done[0]).toEqual(e);
    expect(saved.done[0]).not.toBe(e);
  });

  it('refuses steps that are not entries and starts empty', () => {
    const h = new History();
    h.record(entry('kept', 1));
    expect(h.load({ done: [{ label: 'x', cells: 'no' }], undone: [] })).toBe(false);
    expect(h.size).toEqual({ undo: 0, redo: 0, weight: 0 });
    expect(
      h.load({ done: [entry('a', 2)], undone: [{ ...entry('b', 1), removed: { ids: [1], positions: [0] } }] }),
    ).toBe(false);
    expect(h.load({ done: [entry('a', 2)], undone: [entry('b', 1)] })).toBe(true);
    expect(h.size).toEqual({ undo: 1, redo: 1, weight: 3 });
    expect(h.load(undefined)).toBe(false);
  });
});
