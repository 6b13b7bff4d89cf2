import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { FixOutcome, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { describeFixes } from './fix-slice';
import { fakeClient, type FakeAnswers } from './testing/fake-client';

const SUMMARY = {
  urlCount: 5,
  counts: { error: 2, warning: 1, info: 0 },
  byCode: {},
  groups: [],
} as unknown as SetSummary;
const FIXED = {
  urlCount: 4,
  counts: { error: 0, warning: 0, info: 0 },
  byCode: {},
  groups: [],
} as unknown as SetSummary;
const RELATIVE = { ...SUMMARY, byCode: { 'loc-not-absolute': 2 } } as SetSummary;

function fixingClient(fix: FakeAnswers['fix']) {
  return fakeClient({ importFiles: () => SUMMARY, fix });
}

describe('describeFixes', () => {
  it('lists every fix, the rows removed and what was left', () => {
    expect(
      english(describeFixes({ applied: { 'lastmod-format': 12, 'loc-duplicate': 3 }, removedRows: 3, skipped: 2 })),
    ).toBe(
      'Fixed 12 × lastmod-format, removed 3 duplicate rows; 2 could not be fixed safely and are left as they were.',
    );
    expect(english(describeFixes({ applied: { 'loc-duplicate': 1 }, removedRows: 1, skipped: 0 }))).toBe(
      'Removed 1 duplicate row.',
    );
    expect(english(describeFixes({ applied: {}, removedRows: 0, skipped: 1 }))).toBe(
      'Nothing needed an automatic fix; 1 could not be fixed safely and is left as it was.',
    );
  });
});

describe('fixCodes', () => {
  it('asks the worker (which holds the Site URL), takes in the new totals and says what changed', async () => {
    const calls: unknown[] = [];
    const history = {
      canUndo: true,
      undoLabel: 'Fix all priority-format (1 cell, 1 row removed)',
      canRedo: false,
      redoLabel: null,
    };
    const outcome: FixOutcome = {
      summary: FIXED,
      viewCount: 4,
      history,
      applied: { 'priority-format': 1 },
      removedRows: 1,
      skipped: 0,
      dropped: [],
      droppedMore: 0,
    };
    const store = createAppStore(
      fixingClient((params) => {
        calls.push(params);
        return outcome;
      }),
    );
    store.getState().setSiteUrl('https://www.example.com/');
    await store.getState().importFiles([new File(['x'], 'a.xml')]);

    await store.getState().fixCodes(['priority-format']);
    expect(calls).toEqual([{ codes: ['priority-format'] }]);
    expect(store.getState()).toMatchObject({ summary: FIXED, viewCount: 4, editTask: null, history });
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Fixed 1 × priority-format, removed 1 duplicate row.',
    });
  });

  it('without a Site URL, Fix all of loc-not-absolute asks for it first and focuses the field, without asking the worker', async () => {
    const calls: unknown[] = [];
    const store = createAppStore(
      fakeClient({
        importFiles: () => RELATIVE,
        fix: (params) => {
          calls.push(params);
          return {
            summary: RELATIVE,
            viewCount: 5,
            history: store.getState().history,
            applied: { 'lastmod-format': 1 },
            removedRows: 0,
            skipped: 2,
            dropped: [],
            droppedMore: 0,
          };
        },
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    expect(await store.getState().fixCodes(['loc-not-absolute'])).toBeNull();
    expect(calls).toEqual([]);
    expect(english(store.getState().notice)).toEqual({
      kind: 'error',
      text: 'Set the Site URL first: the 2 relative URLs are made absolute by putting it in front (loc-not-absolute), then choose Fix all again.',
    });
    expect(store.getState().siteUrlFocus).toBe(1);

    // Fix all of everything fixes the rest and says what waits for the Site URL, not "could not be fixed safely".
    await store.getState().fixCodes('all');
    expect(calls).toEqual([{ codes: 'all' }]);
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Fixed 1 × lastmod-format. Set the Site URL first: the 2 relative URLs are made absolute by putting it in front (loc-not-absolute), then choose Fix all again.',
    });
    expect(store.getState().siteUrlFocus).toBe(2);
  });

  it('reports a failure instead of throwing', async () => {
    const store = createAppStore(fixingClient(() => Promise.reject(new Error('boom'))));
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    expect(await store.getState().fixCodes('all')).toBeNull();
    expect(english(store.getState().notice)).toEqual({ kind: 'error', text: 'Fixing failed: boom' });
    expect(store.getState().editTask).toBeNull();
  });
});
