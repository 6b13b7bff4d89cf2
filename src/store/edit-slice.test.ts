import { describe, expect, it } from 'vitest';
import type { EditOutcome, HistoryOutcome, RowView, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { NO_HISTORY } from './document-slice';
import { fakeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, viewCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const EDITED = { urlCount: 2, viewCount: 2, counts: { error: 0, warning: 1, info: 0 } } as SetSummary;
const HISTORY = { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: false, redoLabel: null };
const ROW: RowView = {
  id: 7,
  loc: 'https://e.com/',
  lastmod: '',
  changefreq: '',
  priority: '0.5',
  ext: 0,
  extSummary: '',
  depth: null,
  inlinks: null,
  file: 'a.xml',
  problems: [],
};

/** The store after an import of two rows, with an edit answered by `outcome(value)`. */
async function editing(othersChanged: boolean, more: Parameters<typeof fakeClient>[0] = {}) {
  // The worker's totals after the last edit it answered.
  let last = '';
  const totals = (value: string): SetSummary => ({ ...EDITED, counts: { ...EDITED.counts, info: value.length } });
  const outcome = (value: string): EditOutcome => ({
    summary: othersChanged ? totals(value) : null,
    viewCount: 2,
    history: { ...HISTORY, undoLabel: `Edit priority to ${value}` },
    row: { ...ROW, priority: value },
    othersChanged,
  });
  const answers: Parameters<typeof fakeClient>[0] = {
    importFiles: () => SUMMARY,
    edit: ({ value }) => ((last = value), outcome(value)),
    summary: () => totals(last),
  };
  const client = fakeClient({ ...answers, ...more });
  const store = createAppStore(client);
  await store.getState().importFiles([new File(['x'], 'a.xml')]);
  return { store, client, outcome, totals };
}

/** Lets the task after the next paint run (no frames in Node: the next task). */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('editCell: the edit answers with its row', () => {
  it('hands back the row from the answer and keeps the table rows when no other row changed', async () => {
    const { store, client, outcome, totals } = await editing(false);
    const { viewVersion, rowsVersion } = store.getState();
    expect(await store.getState().editCell(7, 'priority', '0.5')).toEqual({ ...ROW, priority: '0.5' });
    expect(client.calls.at(-1)).toEqual({ type: 'edit', params: { row: 7, field: 'priority', value: '0.5' } });
    // The row is drawn first: the totals have not moved yet; the undo button has.
    expect(store.getState()).toMatchObject({
      summary: SUMMARY,
      history: outcome('0.5').history,
      viewVersion,
      rowsVersion,
    });
    await afterPaint();
    // Then the totals are asked for and the panels refresh; the table does not fetch its rows again.
    expect(client.calls.at(-1)).toEqual({ type: 'summary', params: {} });
    expect(store.getState()).toMatchObject({
      summary: totals('0.5'),
      history: outcome('0.5').history,
      viewVersion: viewVersion + 1,
      rowsVersion,
    });
    expect(client.calls.filter((c) => c.type === 'rows')).toEqual([]);
  });

  it('asks for the totals once for a burst of edits, and gets the last ones', async () => {
    const { store, client, outcome, totals } = await editing(false);
    const { viewVersion } = store.getState();
    await store.getState().editCell(7, 'priority', '0.1');
    await store.getState().editCell(7, 'priority', '0.25');
    expect(store.getState()).toMatchObject({ summary: SUMMARY, history: outcome('0.25').history });
    await afterPaint();
    expect(store.getState()).toMatchObject({
      summary: totals('0.25'),
      history: outcome('0.25').history,
      viewVersion: viewVersion + 1,
    });
    await afterPaint();
    expect(client.calls.filter((c) => c.type === 'summary')).toHaveLength(1);
    expect(store.getState().viewVersion).toBe(viewVersion + 1);
  });

  it('an edit answered while the totals are being asked for asks again, and ends with its own', async () => {
    let release: () => void = () => {};
    const { store, client, totals } = await editing(false);
    const plain = client.call.bind(client);
    // The first request for totals is answered (with the totals of then) only after the next edit.
    let held = true;
    client.call = ((type: string, params: unknown) => {
      if (type === 'summary' && held) {
        held = false;
        const then = plain('summary' as never, params as never);
        return new Promise((resolve) => (release = () => resolve(then)));
      }
      return plain(type as never, params as never);
    }) as typeof client.call;
    await store.getState().editCell(7, 'priority', '0.1');
    await afterPaint();
    await store.getState().editCell(7, 'priority', '0.333');
    release();
    await afterPaint();
    await afterPaint();
    expect(client.calls.filter((c) => c.type === 'summary')).toHaveLength(2);
    expect(store.getState().summary).toEqual(totals('0.333'));
  });

  it('drops the waiting totals when a newer change was taken in first (an undo answered before the paint)', async () => {
    const undone: HistoryOutcome = {
      summary: SUMMARY,
      viewCount: 2,
      history: { canUndo: false, undoLabel: null, canRedo: true, redoLabel: 'Edit priority to 0.9' },
    } as HistoryOutcome;
    const { store } = await editing(false, { undo: () => undone });
    await store.getState().editCell(7, 'priority', '0.9');
    await store.getState().undo();
    expect(store.getState()).toMatchObject({ summary: SUMMARY, history: undone.history });
    await afterPaint();
    expect(store.getState()).toMatchObject({ summary: SUMMARY, history: undone.history });
  });

  it('drops the waiting totals when another document was shown meanwhile (cleared)', async () => {
    const { store } = await editing(false, { clearDocument: () => null });
    await store.getState().editCell(7, 'priority', '0.9');
    await store.getState().clearDocument();
    await afterPaint();
    expect(store.getState()).toMatchObject({ summary: null, history: NO_HISTORY, viewCount: 0 });
  });

  it('moves the table rows on at once when the edit changed others too (a duplicate partner)', async () => {
    const { store, client, totals } = await editing(true);
    const { viewVersion, rowsVersion } = store.getState();
    await store.getState().editCell(7, 'loc', 'https://e.com/');
    expect(store.getState()).toMatchObject({
      summary: totals('https://e.com/'),
      viewVersion: viewVersion + 1,
      rowsVersion: rowsVersion + 1,
    });
    await afterPaint();
    // The totals came with the answer: nothing more to ask.
    expect(client.calls.filter((c) => c.type === 'summary')).toEqual([]);
  });
});
