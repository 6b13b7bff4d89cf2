import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { EditAlternateOutcome, RowDetails, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient } from './testing/fake-client';

const SUMMARY = {
  urlCount: 2,
  counts: { error: 0, warning: 0, info: 0 },
  groups: [],
  viewCount: 2,
} as unknown as SetSummary;
const AFTER = {
  urlCount: 2,
  counts: { error: 0, warning: 1, info: 0 },
  groups: [],
  viewCount: 2,
} as unknown as SetSummary;
const DETAILS: RowDetails = {
  id: 7,
  loc: 'https://e.com/',
  line: 3,
  file: 'a.xml',
  alternates: [],
  entries: [],
  problems: [],
};

describe('the details slice', () => {
  it('opens and closes a row by id, and fetches its details from the worker', async () => {
    const asked: number[] = [];
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        rowDetails: ({ row }) => {
          asked.push(row);
          return DETAILS;
        },
      }),
    );
    expect(await store.getState().fetchDetails(7)).toBeNull();
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    store.getState().openDetails(7);
    expect(store.getState().detailsRow).toBe(7);
    expect(await store.getState().fetchDetails(7)).toEqual(DETAILS);
    expect(asked).toEqual([7]);
    store.getState().closeDetails();
    expect(store.getState().detailsRow).toBeNull();
  });

  it('edits an alternate, takes in the new totals and history, and returns the row', async () => {
    const history = { canUndo: true, undoLabel: 'Add hreflang alternate fr', canRedo: false, redoLabel: null };
    const outcome: EditAlternateOutcome = {
      summary: AFTER,
      viewCount: 2,
      history,
      details: {
        ...DETAILS,
        alternates: [{ at: 0, hreflang: 'fr', href: 'https://e.com/fr/', issue: '', notReciprocal: false }],
      },
    };
    const client = fakeClient({ importFiles: () => SUMMARY, editAlternate: () => outcome });
    const store = createAppStore(client);
    store.getState().setSiteUrl('https://e.com/');
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    const version = store.getState().viewVersion;
    const out = await store.getState().editAlternate(7, { kind: 'add', hreflang: 'fr', href: 'https://e.com/fr/' });
    // The Site URL went to the worker once, as its own state, not with the edit.
    expect(client.calls).toEqual([
      { type: 'setSiteUrl', params: { siteUrl: 'https://e.com/' } },
      { type: 'importFiles', params: { files: [expect.any(File)], append: false } },
      { type: 'editAlternate', params: { row: 7, edit: { kind: 'add', hreflang: 'fr', href: 'https://e.com/fr/' } } },
    ]);
    expect(out).toEqual({ details: outcome.details, error: null });
    expect(store.getState().summary).toBe(AFTER);
    expect(store.getState().history).toEqual(history);
    expect(store.getState().viewVersion).toBe(version + 1);
  });

  it('returns a refusal as a message for the panel, changing nothing', async () => {
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        editAlternate: () =>
          Promise.reject(new Error('An alternate needs the URL of the page in that language (href).')),
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    const version = store.getState().viewVersion;
    const out = await store.getState().editAlternate(7, { kind: 'add', hreflang: 'fr', href: '' });
    expect(english(out)).toEqual({
      details: null,
      error: 'An alternate needs the URL of the page in that language (href).',
    });
    expect(store.getState().summary).toBe(SUMMARY);
    expect(store.getState().viewVersion).toBe(version);
  });
});
