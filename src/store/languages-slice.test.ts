import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import { verbatim } from '../i18n/translator';
import { emptyReport } from '../core/clusters/complete-clusters';
import type { ClustersOutcome, LanguagesSummary } from '../worker/languages-protocol';
import type { SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { reportNotice } from './languages-slice';
import { fakeClient } from './testing/fake-client';

const SUMMARY = {
  urlCount: 3,
  counts: { error: 0, warning: 2, info: 0 },
  byCode: {},
  groups: [],
} as unknown as SetSummary;
const FOUND: LanguagesSummary = {
  revision: 7,
  byPrefix: false,
  clusters: 2,
  incomplete: 1,
  oneWay: 1,
  conflicts: 0,
  unknown: 0,
  languages: ['en', 'de'],
  shown: 2,
  unusableLinks: 0,
};
const HISTORY = {
  canUndo: true,
  undoLabel: 'Add return links (2 alternates in 1 row)',
  canRedo: false,
  redoLabel: null,
};

function outcome(words: string): ClustersOutcome {
  return {
    summary: SUMMARY,
    viewCount: 3,
    history: HISTORY,
    words,
    report: { ...emptyReport(), clusters: 1, rows: 1, added: 2, lines: ['https://e.com/de: + en https://e.com/en'] },
  };
}

describe('the Languages slice', () => {
  it('asks for the counts of the current ask, and again when the ask changes', async () => {
    const asks: unknown[] = [];
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        languagesSummary: ({ ask }) => {
          asks.push(ask);
          return { ...FOUND, byPrefix: ask.byPrefix };
        },
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().loadLanguages();
    await store.getState().setLanguagesAsk({ byPrefix: true });
    expect(asks).toEqual([
      { byPrefix: false, filter: 'all' },
      { byPrefix: true, filter: 'all' },
    ]);
    expect(store.getState().languagesSummary?.byPrefix).toBe(true);
    expect(store.getState().languagesTask).toBeNull();
  });

  it('Add return links takes in the totals and lists every row changed in the notice', async () => {
    const calls: unknown[] = [];
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        languagesSummary: () => FOUND,
        completeClusters: (p) => {
          calls.push(p);
          return outcome('Added 2 return links in 1 row of 1 cluster; every other element of those rows is kept.');
        },
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().completeClusters();
    expect(calls).toEqual([{ byPrefix: false }]);
    expect(store.getState()).toMatchObject({ history: HISTORY, editTask: null, languagesTask: null });
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Added 2 return links in 1 row of 1 cluster; every other element of those rows is kept.',
      details: ['https://e.com/de: + en https://e.com/en'],
    });
  });

  it("sends a cluster's x-default pick with the revision its clusters were shown at", async () => {
    const calls: unknown[] = [];
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        languagesSummary: () => FOUND,
        setXDefault: (p) => {
          calls.push(p);
          return outcome('Added 1 x-default link in 1 row of 1 cluster; every other element of those rows is kept.');
        },
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().loadLanguages();
    await store.getState().setXDefault({ cluster: 1, member: 0 });
    expect(calls).toEqual([{ byPrefix: false, pick: { cluster: 1, member: 0 }, revision: 7 }]);
  });

  it('reports a failed change with a Retry, and leaves nothing busy', async () => {
    const store = createAppStore(
      fakeClient({
        importFiles: () => SUMMARY,
        completeClusters: () => Promise.reject(new Error('The clusters changed since they were shown.')),
      }),
    );
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    await store.getState().completeClusters();
    expect(english(store.getState().notice)).toMatchObject({
      kind: 'error',
      text: 'Adding return links failed: The clusters changed since they were shown.',
    });
    expect(store.getState()).toMatchObject({ editTask: null, languagesTask: null });
  });
});

describe('reportNotice', () => {
  it('counts the rows and clusters past those listed, and names each cluster left', () => {
    const notice = english(
      reportNotice(verbatim('Added…'), {
        ...emptyReport(),
        rows: 1002,
        lines: ['a', 'b'],
        skipped: ['The cluster of x has 2 pages for de'],
        skippedCount: 3,
      }),
    );
    expect(notice.details).toEqual([
      'a',
      'b',
      '… and 1,000 more rows',
      'Left: The cluster of x has 2 pages for de',
      '… and 2 more clusters left',
    ]);
  });
});
