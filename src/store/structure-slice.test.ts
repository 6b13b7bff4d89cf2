import { describe, expect, it } from 'vitest';
import type { LastmodChart } from '../core/view/lastmod-chart';
import type { TreeChildren } from '../core/view/tree-node';
import type { SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const chart = (summary: string): LastmodChart => ({
  histogram: { rows: 0, months: [], yearOnly: 0, missing: 0, invalid: 0, future: 0, topDay: null, identical: null },
  unit: 'month',
  bars: [],
  summary,
  findings: [],
});

describe('the structure slice', () => {
  it('keeps the chart of the last request only', async () => {
    const answers: ((c: LastmodChart) => void)[] = [];
    const store = createAppStore(
      fakeClient({ lastmodChart: () => new Promise<LastmodChart>((resolve) => answers.push(resolve)) }),
    );
    store.setState({ summary: SUMMARY });
    const first = store.getState().loadLastmodChart();
    const second = store.getState().loadLastmodChart();
    answers[1]?.(chart('second'));
    await second;
    answers[0]?.(chart('first'));
    await first;
    expect(store.getState().lastmodChart?.summary).toBe('second');
  });

  it('has no chart without a document, and drops it when the worker fails', async () => {
    let fail = false;
    const store = createAppStore(
      fakeClient({ lastmodChart: () => (fail ? Promise.reject(new Error('lost')) : chart('one')) }),
    );
    await store.getState().loadLastmodChart();
    expect(store.getState().lastmodChart).toBeNull();
    store.setState({ summary: SUMMARY });
    await store.getState().loadLastmodChart();
    expect(store.getState().lastmodChart?.summary).toBe('one');
    fail = true;
    await store.getState().loadLastmodChart();
    expect(store.getState().lastmodChart).toBeNull();
  });

  it('asks for every open level in one request', async () => {
    const asked: string[][] = [];
    const level: TreeChildren = { children: [], omitted: 0, omittedUrls: 0 };
    const store = createAppStore(
      fakeClient({ treeLevels: ({ paths }) => (asked.push(paths), new Map(paths.map((p) => [p, level]))) }),
    );
    expect((await store.getState().treeLevels(['', 'https://a.example'])).size).toBe(0);
    expect(asked).toEqual([]);
    store.setState({ summary: SUMMARY });
    const levels = await store.getState().treeLevels(['', 'https://a.example']);
    expect([...levels.keys()]).toEqual(['', 'https://a.example']);
    expect(asked).toEqual([['', 'https://a.example']]);
  });
});
