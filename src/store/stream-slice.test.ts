import { describe, expect, it, vi } from 'vitest';
import { english } from './testing/in-english';
import { createStore } from 'zustand/vanilla';
import type { StreamReport } from '../core/stream/stream-types';
import { abortError, type JobOptions } from '../worker/client';
import { fakeClient, type FakeAnswers } from './testing/fake-client';
import type { StreamOutcome } from '../worker/stream-protocol';
import type { AppState } from './app-store';
import { createStreamSlice } from './stream-slice';

const REPORT = {
  urls: 30,
  counts: { error: 1, warning: 0, info: 0 },
  byCode: { 'loc-scheme': 1 },
} as unknown as StreamReport;
const lines = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/page-${i}`).join('\n');

/** The stream slice with the few other parts of the store it uses, and a limit of 10 URLs. */
function storeWith(stream: FakeAnswers['stream']) {
  const client = fakeClient({ stream });
  const importFiles = vi.fn(async () => {});
  const restoreDocument = vi.fn(async () => true);
  const store = createStore<AppState>()(
    (...a) =>
      ({
        ...createStreamSlice(client, () => ({ urls: 10, source: 'address' }))(...a),
        siteUrl: 'https://example.com/',
        summary: null,
        notice: null,
        importFiles,
        restoreDocument,
      }) as unknown as AppState,
  );
  return { store, importFiles, restoreDocument };
}

describe('the stream slice', () => {
  it('lets files the table can hold through at once, without reading them', () => {
    const { store } = storeWith(vi.fn());
    expect(store.getState().offerStreaming([new File([lines(5)], 'a.txt')])).toBe(false);
    expect(store.getState().streamOffer).toBeNull();
  });

  it('counts the URLs already in the table, which an import adds to', async () => {
    const { store } = storeWith(vi.fn());
    store.setState({ summary: { urlCount: 8 } as AppState['summary'] });
    const files = [new File([lines(5)], 'a.txt')];
    expect(await store.getState().offerStreaming(files)).toBe(true);
    expect(store.getState().streamOffer).toMatchObject({ estimate: { urls: 5 }, inTable: 8 });
  });

  it('samples the first eight files and counts the others at their URLs per byte', async () => {
    const { store } = storeWith(vi.fn());
    const files = Array.from({ length: 20 }, (_, i) => new File([lines(30)], `urls-${i}.txt`));
    expect(await store.getState().offerStreaming(files)).toBe(true);
    // 8 files of 30 URLs read, 12 more of the same size: 240 × 20 / 8.
    expect(store.getState().streamOffer?.estimate).toEqual({
      urls: 600,
      bytes: 20 * (files[0] as File).size,
      exact: false,
    });
  });

  it("starts an import that clearly fits on the first two files' samples, without reading the others' heads", async () => {
    const { store } = storeWith(vi.fn());
    // Padded: their sizes could hold more than the limit, their one URL each cannot.
    const urlset = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url>${' '.repeat(400)}</urlset>`;
    const files = Array.from({ length: 3 }, (_, i) => new File([urlset], `part-${i}.xml`));
    const slice = vi.spyOn(File.prototype, 'slice');
    try {
      expect(await store.getState().offerStreaming(files)).toBe(false);
      expect(slice).toHaveBeenCalledTimes(2);
      // Six: the first two's estimate (6 URLs) is not twice within the limit of 10, so every head is read; they fit.
      slice.mockClear();
      expect(await store.getState().offerStreaming([...files, ...files])).toBe(false);
      expect(slice).toHaveBeenCalledTimes(6);
    } finally {
      slice.mockRestore();
    }
  });

  it('holds back files over the limit with the estimate, then checks them in the worker (against its Site URL)', async () => {
    const outcome: StreamOutcome = { report: REPORT, zip: new Blob(['zip']), zipName: 'sitemaps.zip' };
    const calls: JobOptions[] = [];
    const streamCheck = vi.fn(async (_params: { files: File[]; fix: boolean }, options: JobOptions) => {
      calls.push(options);
      options.onProgress?.({ phase: 'parsing', bytesDone: 5, bytesTotal: 10, urls: 12 });
      return outcome;
    });
    const { store } = storeWith(streamCheck);
    const files = [new File([lines(30)], 'urls.txt')];
    expect(await store.getState().offerStreaming(files)).toBe(true);
    expect(store.getState().streamOffer).toMatchObject({
      files,
      estimate: { urls: 30, exact: true },
      threshold: { urls: 10 },
      inTable: 0,
    });
    await store.getState().startStream(true);
    expect(streamCheck).toHaveBeenCalledWith(
      { files, fix: true },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(store.getState()).toMatchObject({ streamOffer: null, streamRun: null, streamResult: outcome });
  });

  it('imports into the table anyway when asked, without offering again', async () => {
    const { store, importFiles } = storeWith(vi.fn());
    const files = [new File([lines(30)], 'urls.txt')];
    await store.getState().offerStreaming(files);
    store.getState().importAnyway();
    expect(importFiles).toHaveBeenCalledWith(files);
    expect(store.getState().streamOffer).toBeNull();
    expect(store.getState().offerStreaming(files)).toBe(false);
  });

  it('says a cancelled run was cancelled, and has the lost worker’s document reloaded', async () => {
    const streamCheck = vi.fn(
      (_params: { files: File[]; fix: boolean }, options: JobOptions) =>
        new Promise<StreamOutcome>((_, reject) => {
          options.signal?.addEventListener('abort', () => reject(abortError()));
        }),
    );
    const { store, restoreDocument } = storeWith(streamCheck);
    await store.getState().offerStreaming([new File([lines(30)], 'urls.txt')]);
    const run = store.getState().startStream(false);
    expect(store.getState().streamRun).toEqual({ progress: null, fix: false, files: 1 });
    store.getState().cancelStream();
    await run;
    expect(store.getState().streamRun).toBeNull();
    expect(english(store.getState().notice)).toEqual({ kind: 'info', text: 'Checking without loading was cancelled.' });
    expect(restoreDocument).toHaveBeenCalledWith('recover');
  });
});
