import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { HistoryOutcome, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { NO_HISTORY } from './document-slice';
import { fakeClient, type FakeAnswers } from './testing/fake-client';

const SUMMARY = {
  urlCount: 5,
  counts: { error: 1, warning: 0, info: 0 },
  groups: [],
  viewCount: 5,
} as unknown as SetSummary;

function undoingClient(undo: FakeAnswers['undo']) {
  const client = fakeClient({ importFiles: () => SUMMARY, undo });
  return { ...client, undos: () => client.calls.filter((c) => c.type === 'undo').length };
}

describe('the history slice', () => {
  it('does nothing while there is nothing to undo, then undoes in the worker and takes in the new state', async () => {
    const outcome: HistoryOutcome = {
      summary: SUMMARY,
      viewCount: 5,
      label: 'Edit priority (1 cell)',
      history: { canUndo: false, undoLabel: null, canRedo: true, redoLabel: 'Edit priority (1 cell)' },
    };
    const client = undoingClient(() => Promise.resolve(outcome));
    const store = createAppStore(client);
    store.getState().setSiteUrl('https://example.com/');
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().undo();
    expect(client.undos()).toBe(0);

    store.getState().applyChanged({
      summary: SUMMARY,
      viewCount: 5,
      history: { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: false, redoLabel: null },
    });
    await store.getState().undo();
    expect(client.undos()).toBe(1);
    expect(store.getState().history).toEqual(outcome.history);
    expect(english(store.getState().notice)).toEqual({ kind: 'info', text: 'Undone: Edit priority (1 cell).' });

    // An import starts the history afresh, as the worker does.
    await store.getState().importFiles([new File(['x'], 'b.xml')]);
    expect(store.getState().history).toEqual(NO_HISTORY);
  });

  it('reports a failed undo', async () => {
    const store = createAppStore(undoingClient(() => Promise.reject(new Error('boom'))));
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    store.getState().applyChanged({
      summary: SUMMARY,
      viewCount: 5,
      history: { canUndo: true, undoLabel: 'x', canRedo: false, redoLabel: null },
    });
    await store.getState().undo();
    expect(english(store.getState().notice)).toEqual({ kind: 'error', text: 'Undo failed: boom' });
  });
});
