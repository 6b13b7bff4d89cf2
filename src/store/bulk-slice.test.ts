import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { BulkOutcome, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient } from './testing/fake-client';

const SUMMARY = {
  urlCount: 3,
  counts: { error: 0, warning: 0, info: 0 },
  byCode: {},
  groups: [],
} as unknown as SetSummary;
const HISTORY = {
  canUndo: true,
  undoLabel: 'Move every URL from http://a.test to https://b.test (4 cells)',
  canRedo: false,
  redoLabel: null,
};

function storeReplacing(outcome: Omit<BulkOutcome, 'summary' | 'viewCount' | 'history'>, checks: string[]) {
  return createAppStore(
    fakeClient({
      importFiles: () => SUMMARY,
      setSiteUrl: ({ siteUrl }) => {
        checks.push(siteUrl);
        return SUMMARY;
      },
      replace: () => Promise.resolve({ summary: SUMMARY, viewCount: 3, history: HISTORY, ...outcome }),
    }),
  );
}

const OPTIONS = {
  find: '^http://a\\.test',
  replace: 'https://b.test',
  regex: true,
  caseSensitive: false,
  fields: ['loc' as const, 'image' as const],
};

describe('replaceLoc: what changed where', () => {
  it('a migration says how many URLs moved in which field, then moves the Site URL and checks against it', async () => {
    const checks: string[] = [];
    const store = storeReplacing(
      { changed: 3, removed: 0, refused: null, byField: { loc: 2, 'image:loc': 1 } },
      checks,
    );
    store.getState().setSiteUrl('http://a.test/');
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store
      .getState()
      .replaceLoc('view', OPTIONS, false, { from: 'http://a.test', to: 'https://b.test', siteUrl: 'https://b.test/' });
    expect(store.getState().siteUrl).toBe('https://b.test/');
    // The worker is told the first Site URL at once (no document yet), the new one by the check after the move.
    expect(checks).toEqual(['http://a.test/', 'https://b.test/']);
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Moved 3 URLs from http://a.test to https://b.test: loc 2, image:loc 1. The Site URL is now https://b.test/.',
    });
  });

  it('a replacement over several fields names them; over loc alone it counts rows, as before', async () => {
    const store = storeReplacing(
      { changed: 5, removed: 0, refused: null, byField: { loc: 2, 'xhtml:link href': 3 } },
      [],
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().replaceLoc('view', OPTIONS, false);
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Replaced 5 URLs: loc 2, xhtml:link href 3.',
    });

    const locOnly = storeReplacing({ changed: 2, removed: 0, refused: null, byField: { loc: 2 } }, []);
    await locOnly.getState().importFiles([new File(['x'], 'a.xml')]);
    await locOnly.getState().replaceLoc('view', OPTIONS, false);
    expect(english(locOnly.getState().notice)).toEqual({ kind: 'info', text: 'Replaced in 2 rows.' });
  });
});
