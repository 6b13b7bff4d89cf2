import { describe, expect, it, vi } from 'vitest';
import { english } from './testing/in-english';
import type { RestoreOutcome, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import type { TabLink, TabLockEvents } from './tab-lock';
import { fakeClient } from './testing/fake-client';

const SUMMARY = {
  urlCount: 2,
  files: [],
  counts: { error: 0, warning: 0, info: 0 },
  byCode: {},
  groups: [],
  problems: [],
  problemTotal: 0,
  viewCount: 2,
} as SetSummary;

function setup(owner: boolean) {
  let given: TabLockEvents | null = null;
  const tabs: TabLink = {
    claim: vi.fn(async (events: TabLockEvents) => ((given = events), owner)),
    takeOver: vi.fn(async (events: TabLockEvents) => {
      given = events;
    }),
  };
  const saved: RestoreOutcome = { summary: SUMMARY, savedAt: 1, siteUrl: '', error: null };
  const parts = {
    setWriter: vi.fn(async (_p: { writer: boolean; flush: boolean }) => null),
    restore: vi.fn(async () => saved),
  };
  const client = { ...fakeClient(parts), ...parts };
  const store = createAppStore(client, tabs);
  return { store, client, tabs, events: () => given as unknown as TabLockEvents };
}

describe('tabs in the store', () => {
  it('a tab that gets the lock owns the document and writes', async () => {
    const { store, client } = setup(true);
    await store.getState().claimTab();
    expect(store.getState()).toMatchObject({ tabRole: 'owner', readOnlyWhy: null });
    expect(client.setWriter).not.toHaveBeenCalled();
  });

  it('a tab that does not reads only and says why; taking over makes it the writer and reloads the save', async () => {
    const { store, client } = setup(false);
    await store.getState().claimTab();
    expect(store.getState()).toMatchObject({ tabRole: 'reader', readOnlyWhy: 'open-elsewhere' });
    expect(client.setWriter).toHaveBeenCalledWith({ writer: false, flush: false }, {});
    await store.getState().takeOver();
    expect(client.setWriter).toHaveBeenLastCalledWith({ writer: true, flush: true }, {});
    expect(client.restore).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      tabRole: 'owner',
      readOnlyWhy: null,
      takingOver: false,
      summary: SUMMARY,
    });
    expect(english(store.getState().notice)?.text).toBe(
      'This tab has the document now: it shows the last save, with every change of the other tab, and saves your changes.',
    );
  });

  it('a read-only tab says why it opens no editor, and its Take over takes the document', async () => {
    const { store, client } = setup(false);
    await store.getState().claimTab();
    store.getState().sayReadOnly();
    expect(english(store.getState().notice)).toEqual({
      kind: 'error',
      text: 'This tab is read-only: the document is open in another tab, which saves it. Choose "Take over here" to edit in this tab.',
      action: { label: 'Take over here', run: expect.any(Function) },
    });
    english(store.getState().notice)?.action?.run();
    await vi.waitFor(() => expect(store.getState().tabRole).toBe('owner'));
    expect(client.setWriter).toHaveBeenLastCalledWith({ writer: true, flush: true }, {});
  });

  it('an owner asked to yield saves what waits, then reads only; one whose lock was taken by force writes nothing more', async () => {
    const { store, client, events } = setup(true);
    await store.getState().claimTab();
    await events().yieldTo();
    expect(client.setWriter).toHaveBeenLastCalledWith({ writer: false, flush: true }, {});
    expect(store.getState()).toMatchObject({ tabRole: 'reader', readOnlyWhy: 'taken-over' });
    events().lost();
    expect(client.setWriter).toHaveBeenLastCalledWith({ writer: false, flush: false }, {});
  });
});
