import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import { WorkerLostError } from '../worker/client';
import type { CompareSummary } from '../worker/compare-protocol';
import type { SetSummary } from '../worker/protocol';
import type { ViewQuery } from '../core/view/query';
import { createAppStore } from './app-store';
import { fakeClient as completeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 3, viewCount: 3, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const COMPARISON: CompareSummary = {
  files: [],
  beforeUrls: 2,
  beforeProblems: 0,
  added: 2,
  removed: 1,
  changed: 1,
  unchanged: 0,
  fields: { lastmod: 1, changefreq: 0, priority: 0, ext: 0 },
  beforeRepeats: 0,
  afterRepeats: 0,
};
const files = [new File(['x'], 'live.xml')];

/** A client with the compare requests; `summaries` answers compareSummary in turn. */
function fakeClient(summaries: (CompareSummary | null | Error)[] = []) {
  const views: ViewQuery[] = [];
  const progressSeen: number[] = [];
  const storeRef: { current: ReturnType<typeof createAppStore> | null } = { current: null };
  const loaded: File[][] = [];
  let cleared = 0;
  const client = completeClient({
    setView: ({ query }) => (views.push(query), 1),
    compareLoad: ({ files: f }, options) => {
      loaded.push(f);
      options.onProgress?.({ phase: 'parsing', bytesDone: 1, bytesTotal: 2, urls: 5 });
      progressSeen.push(storeRef.current?.getState().compareProgress?.urls ?? -1);
      return COMPARISON;
    },
    compareSummary: () => {
      const next = summaries.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    },
    compareClear: () => (cleared++, null),
  });
  return { client, views, loaded, cleared: () => cleared, progressSeen, storeRef };
}

describe('Compare in the store', () => {
  it('loads a before set into the worker with progress, and holds its counts', async () => {
    const { client, loaded, progressSeen, storeRef } = fakeClient();
    const store = createAppStore(client);
    storeRef.current = store;
    await store.getState().loadBefore(files);
    expect(loaded).toEqual([]);
    store.setState({ summary: SUMMARY });
    const done = store.getState().loadBefore(files);
    expect(store.getState().compareTask).toBe('loading');
    await done;
    expect(loaded).toEqual([files]);
    expect(progressSeen).toEqual([5]);
    expect(store.getState()).toMatchObject({ comparison: COMPARISON, compareTask: null, compareProgress: null });
  });

  it('refreshes the counts, and forgets the comparison and its filter when the worker has none', async () => {
    const changed = { ...COMPARISON, changed: 0, unchanged: 1 };
    const { client, views } = fakeClient([changed, null]);
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY, comparison: COMPARISON });
    await store.getState().setQuery({ diffKind: 'added' });
    await store.getState().refreshComparison();
    expect(store.getState().comparison).toEqual(changed);
    await store.getState().refreshComparison();
    expect(store.getState().comparison).toBeNull();
    expect(store.getState().query.diffKind).toBeNull();
    expect(views.map((q) => q.diffKind)).toEqual(['added', null]);
  });

  it('clears the comparison and the filter by kind', async () => {
    const { client, cleared } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY, comparison: COMPARISON });
    await store.getState().setQuery({ diffKind: 'changed' });
    await store.getState().clearComparison();
    expect(store.getState().comparison).toBeNull();
    expect(store.getState().query.diffKind).toBeNull();
    expect(cleared()).toBe(1);
  });

  it('drops the comparison with a lost worker and says so', async () => {
    const { client } = fakeClient([new WorkerLostError('The import worker stopped.')]);
    // The fake's restore finds nothing saved.
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY, comparison: COMPARISON });
    await store.getState().refreshComparison();
    expect(store.getState().comparison).toBeNull();
    await expect
      .poll(() => english(store.getState().notice)?.text)
      .toBe('Comparing failed: The import worker stopped. It was restarted; there was no saved work to put back.');
  });
});
