import { describe, expect, it } from 'vitest';
import type { EditOutcome, RowView, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, viewCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const HISTORY = { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: false, redoLabel: null };
const ROW: RowView = { id: 7, loc: 'https://e.com/', lastmod: '', changefreq: '', priority: '0.5', ext: 0, extSummary: '', file: 'a.xml', problems: [] };

function editing(othersChanged: boolean) {
  const outcome: EditOutcome = { summary: SUMMARY, viewCount: 2, history: HISTORY, row: ROW, othersChanged };
  const client = fakeClient({ importFiles: () => SUMMARY, edit: () => outcome });
  return { store: createAppStore(client), client };
}

describe('editCell: the edit answers with its row', () => {
  it('hands back the row from the answer and keeps the table rows when no other row changed', async () => {
    const { store, client } = editing(false);
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    const { viewVersion, rowsVersion } = store.getState();
    expect(await store.getState().editCell(7, 'priority', '0.5')).toEqual(ROW);
    expect(client.calls.at(-1)).toEqual({ type: 'edit', params: { row: 7, field: 'priority', value: '0.5' } });
    // The panels refresh; the table does not fetch its rows again.
    expect(store.getState()).toMatchObject({ viewVersion: viewVersion + 1, rowsVersion, history: HISTORY });
    expect(client.calls.filter((c) => c.type === 'rows')).toEqual([]);
  });

  it('moves the table rows on when the edit changed others too (a duplicate partner)', async () => {
    const { store } = editing(true);
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    const { viewVersion, rowsVersion } = store.getState();
    await store.getState().editCell(7, 'loc', 'https://e.com/');
    expect(store.getState()).toMatchObject({ viewVersion: viewVersion + 1, rowsVersion: rowsVersion + 1 });
  });
});
