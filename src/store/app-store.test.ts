import { describe, expect, it, vi } from 'vitest';
import { english } from './testing/in-english';
import { abortError, WorkerLostError, type JobOptions } from '../worker/client';
import type { SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient as completeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const files = [new File(['x'], 'a.xml')];

/** A worker client whose jobs finish when the test says so. */
function fakeClient() {
  const calls: {
    kind: string;
    params: object;
    options: JobOptions;
    resolve: (s: SetSummary) => void;
    reject: (e: Error) => void;
  }[] = [];
  const start = (kind: string, params: object, options: JobOptions) =>
    new Promise<SetSummary>((resolve, reject) => {
      calls.push({ kind, params, options, resolve, reject });
      options.signal?.addEventListener('abort', () => reject(abortError()));
    });
  const client = completeClient({
    importFiles: (params, options) => start('import', params, options),
    setSiteUrl: (params, options) => start('check', params, options),
  });
  return { client, calls };
}

describe('the app store', () => {
  it('runs an import as a job with progress, then holds its summary', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const done = store.getState().importFiles(files);
    expect(english(store.getState().job)).toMatchObject({ kind: 'import', title: 'Importing a.xml', progress: null });

    const progress = { phase: 'parsing', bytesDone: 1, bytesTotal: 2, urls: 1 } as const;
    calls[0]!.options.onProgress?.(progress);
    expect(store.getState().job?.progress).toEqual(progress);

    calls[0]!.resolve(SUMMARY);
    await done;
    expect(store.getState()).toMatchObject({ job: null, summary: SUMMARY, notice: null });
  });

  it('cancelling clears the set (the worker is gone) and says so', async () => {
    const { client } = fakeClient();
    const store = createAppStore(client);
    const done = store.getState().importFiles(files);
    store.getState().cancelJob();
    await done;
    expect(english(store.getState().job)).toBeNull();
    expect(store.getState().summary).toBeNull();
    expect(english(store.getState().notice)).toMatchObject({
      kind: 'info',
      text: expect.stringContaining('cancelled'),
    });
  });

  it('reports a lost worker as an error', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const done = store.getState().importFiles(files);
    calls[0]!.reject(new WorkerLostError('The import worker stopped.'));
    await done;
    expect(english(store.getState().notice)).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('worker stopped'),
    });
  });

  it('a new Site URL re-checks the imported set with it', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const imported = store.getState().importFiles(files);
    calls[0]!.resolve(SUMMARY);
    await imported;

    store.getState().setSiteUrl('  https://www.example.com/  ');
    expect(store.getState().siteUrl).toBe('https://www.example.com/');
    expect(calls[1]).toMatchObject({ kind: 'check', params: { siteUrl: 'https://www.example.com/' } });

    store.getState().setSiteUrl('https://www.example.com/');
    expect(calls).toHaveLength(2); // unchanged: no new check
  });

  it('a newer job supersedes a running one without the old one touching the state', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const first = store.getState().importFiles(files);
    const second = store.getState().importFiles([...files, new File(['y'], 'b.xml')]);
    await first;
    expect(english(store.getState().job)?.title).toBe('Importing 2 files');
    calls[1]!.resolve(SUMMARY);
    await second;
    expect(store.getState()).toMatchObject({ job: null, summary: SUMMARY, notice: null });
  });
});

describe('Site URL changes while jobs run', () => {
  it('a Site URL set during an import is checked once the import ends', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const done = store.getState().importFiles(files);
    store.getState().setSiteUrl('https://www.example.com/');
    // The worker is told at once (queued behind the import there); the import is not cut short.
    expect(calls.map((c) => c.kind)).toEqual(['import', 'check']);
    expect(calls[0]!.options.signal?.aborted).toBe(false);
    expect(store.getState().job?.kind).toBe('import');
    calls[1]!.resolve(SUMMARY);
    calls[0]!.resolve(SUMMARY);
    // Then the imported set is checked again as a job, whose totals are shown.
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ kind: 'check', params: { siteUrl: 'https://www.example.com/' } });
    expect(store.getState().job?.kind).toBe('check');
    calls[2]!.resolve(SUMMARY);
    await done;
    expect(english(store.getState().job)).toBeNull();
  });

  it('a newer check does not stop the worker running an older one; only the newest result is kept', async () => {
    const { client, calls } = fakeClient();
    const store = createAppStore(client);
    const imported = store.getState().importFiles(files);
    calls[0]!.resolve(SUMMARY);
    await imported;

    store.getState().setSiteUrl('https://a.example/');
    store.getState().setSiteUrl('https://b.example/');
    expect(calls[1]!.options.signal?.aborted).toBe(false);
    const older = { ...SUMMARY, urlCount: 1 };
    const newer = { ...SUMMARY, urlCount: 2 };
    calls[2]!.resolve(newer);
    calls[1]!.resolve(older);
    await vi.waitFor(() => expect(english(store.getState().job)).toBeNull());
    expect(store.getState().summary).toBe(newer);
  });
});
