import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { JobOptions } from '../worker/client';
import type { CsvDownload, CsvScope, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient as completeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, viewCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const CSV: CsvDownload = {
  fileName: 'urls.csv',
  mimeType: 'text/csv;charset=utf-8',
  parts: [Uint8Array.of(0x61)],
  bytes: 1,
  rows: 0,
};

/** A client whose CSV exports finish when the test says so. */
function fakeClient() {
  const calls: {
    scope: CsvScope;
    options: JobOptions;
    resolve: (c: CsvDownload) => void;
    reject: (e: Error) => void;
  }[] = [];
  const exportCsv = (scope: CsvScope, options: JobOptions = {}) =>
    new Promise<CsvDownload>((resolve, reject) => calls.push({ scope, options, resolve, reject }));
  const client = completeClient({ exportCsv: ({ scope }, options) => exportCsv(scope, options) });
  return { client, calls };
}

describe('CSV export in the store', () => {
  it('runs in the worker with progress, one at a time, and hands back the file', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY });

    const done = store.getState().exportCsv('view');
    expect(english(store.getState().csvExport)).toEqual({ running: 'view', progress: null, error: null });
    expect(await store.getState().exportCsv('all')).toBeNull();
    expect(calls.map((c) => c.scope)).toEqual(['view']);

    const progress = { phase: 'writing', bytesDone: 1, bytesTotal: 2, urls: 1 } as const;
    calls[0]!.options.onProgress?.(progress);
    expect(store.getState().csvExport.progress).toEqual(progress);

    calls[0]!.resolve(CSV);
    expect(await done).toBe(CSV);
    expect(english(store.getState().csvExport)).toEqual({ running: null, progress: null, error: null });
  });

  it('says why it failed, in the dialog and the notice', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY });
    const done = store.getState().exportCsv('all');
    calls[0]!.reject(new Error('Out of memory.'));
    expect(await done).toBeNull();
    expect(english(store.getState().csvExport)).toEqual({ running: null, progress: null, error: 'Out of memory.' });
    expect(english(store.getState().notice)).toEqual({ kind: 'error', text: 'CSV export failed: Out of memory.' });
  });

  it('does nothing before an import or while another job runs', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    expect(await store.getState().exportCsv('all')).toBeNull();
    store.setState({ summary: SUMMARY, editTask: 'export' });
    expect(await store.getState().exportCsv('all')).toBeNull();
    expect(calls).toEqual([]);
  });
});
