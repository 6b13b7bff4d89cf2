import { describe, expect, it } from 'vitest';
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import type { Changed, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient as workerFake } from './testing/fake-client';

const SUMMARY = { urlCount: 5, viewCount: 5, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const changed = (viewCount: number): Changed =>
  ({ summary: SUMMARY, viewCount, history: { undo: null, redo: null } }) as unknown as Changed;

/** A client whose view shows the rows with ids 4 and 5 under a filter, or every id 1–5. */
function fakeClient() {
  const views: ViewQuery[] = [];
  let filtered = false;
  const client = workerFake({
    setView: ({ query: q }) => {
      views.push(q);
      if (q.text === 'slow') throw new Error('The pattern took over 3 s after 64 of 5 URLs: simplify it.');
      filtered = q.text !== '';
      return filtered ? 2 : 5;
    },
    viewPosition: ({ row }) => (filtered ? [4, 5].indexOf(row) : row >= 1 && row <= 5 ? row - 1 : -1),
  });
  return { client, views };
}

describe('the view slice', () => {
  it('says when a change emptied a filtered view, until the query changes', async () => {
    const { client } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY });
    await store.getState().setQuery({ text: 'shop' });
    expect(store.getState().viewCount).toBe(2);
    store.getState().applyChanged(changed(0));
    expect(store.getState().emptiedByChange).toBe(true);
    // Another change that leaves it empty keeps saying so.
    store.getState().applyChanged(changed(0));
    expect(store.getState().emptiedByChange).toBe(true);
    await store.getState().setQuery({ text: 'shop/' });
    expect(store.getState().emptiedByChange).toBe(false);
  });

  it('does not call an unfiltered empty view emptied by a change', async () => {
    const { client } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY, viewCount: 5 });
    store.getState().applyChanged(changed(0));
    expect(store.getState().emptiedByChange).toBe(false);
  });

  it('keeps the last query and says why when the worker refused a pattern', async () => {
    const { client } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY });
    await store.getState().setQuery({ text: 'shop' });
    await store.getState().setQuery({ text: 'slow', regex: true });
    expect(store.getState().query).toEqual({ ...ALL_ROWS, text: 'shop' });
    expect(store.getState().queryError).toBe('The pattern took over 3 s after 64 of 5 URLs: simplify it.');
    expect(store.getState().notice).toBe(null);
    await store.getState().setQuery({ text: '' });
    expect(store.getState().queryError).toBe(null);
  });

  it('reveals a row: selects it, clearing a filter that hides it', async () => {
    const { client, views } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY });
    await store.getState().setQuery({ text: 'shop', sort: { key: 'loc', dir: 'asc' } });
    expect(await store.getState().revealRow(5)).toBe(true);
    expect(store.getState().reveal).toEqual({ rowId: 5, pos: 1, seq: 1 });
    expect([...store.getState().selected]).toEqual([5]);
    expect(await store.getState().revealRow(2)).toBe(true);
    expect(views.at(-1)).toEqual({ ...ALL_ROWS, sort: { key: 'loc', dir: 'asc' } });
    expect(store.getState().reveal).toEqual({ rowId: 2, pos: 1, seq: 2 });
    expect(await store.getState().revealRow(9)).toBe(false);
    expect(store.getState().reveal).toEqual({ rowId: 2, pos: 1, seq: 2 });
  });
});
