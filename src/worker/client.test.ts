import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import { isAbortError, SitemapWorkerClient, WorkerLostError } from './client';
import type { WorkerRequest, WorkerResponse } from './api';
import type { FixOutcome, SetSummary } from './protocol';

/** Stands in for the browser's Worker: records what it is sent, answers when told. */
class FakeWorker {
  static all: FakeWorker[] = [];
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((e: { data: WorkerResponse }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault: () => void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.all.push(this);
  }

  postMessage(message: WorkerRequest) {
    this.sent.push(message);
  }

  terminate() {
    this.terminated = true;
  }

  reply(message: WorkerResponse) {
    this.onmessage?.({ data: message });
  }

  crash(message: string) {
    this.onerror?.({ message, preventDefault: () => {} });
  }
}

const SUMMARY = { urlCount: 3 } as SetSummary;
const FIXED = { applied: {}, removedRows: 0, skipped: 0 } as unknown as FixOutcome;
const file = (name: string) => new File(['<urlset/>'], name);

beforeEach(() => {
  FakeWorker.all = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SitemapWorkerClient', () => {
  it('starts one module worker on the first job and resolves with its result', async () => {
    const client = new SitemapWorkerClient();
    expect(FakeWorker.all).toHaveLength(0);
    const progress = vi.fn();
    const job = client.call('importFiles', { files: [file('a.xml')] }, { onProgress: progress });
    const worker = FakeWorker.all[0]!;
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.url.pathname.endsWith('/sitemap.worker.ts')).toBe(true);
    const request = worker.sent[0]!;
    expect(request).toMatchObject({ type: 'importFiles', params: { files: [expect.any(File)] } });

    const p = { phase: 'parsing', bytesDone: 5, bytesTotal: 10, urls: 2 } as const;
    worker.reply({ type: 'progress', id: request.id, progress: p });
    worker.reply({ type: 'done', id: request.id, value: SUMMARY });
    await expect(job).resolves.toBe(SUMMARY);
    expect(progress).toHaveBeenCalledWith(p);

    void client.call('setSiteUrl', { siteUrl: 'https://example.com/' });
    expect(FakeWorker.all).toHaveLength(1); // the same worker keeps the set
  });

  it('rejects with the message the worker reports, and keeps the worker', async () => {
    const client = new SitemapWorkerClient();
    const job = client.call('setSiteUrl', { siteUrl: '' });
    const worker = FakeWorker.all[0]!;
    worker.reply({ type: 'error', id: worker.sent[0]!.id, message: 'nothing to check' });
    await expect(job).rejects.toThrow('nothing to check');
    expect(worker.terminated).toBe(false);
  });

  it('cancelling terminates the worker, and the next job starts a fresh one', async () => {
    const client = new SitemapWorkerClient();
    const controller = new AbortController();
    const job = client.call('importFiles', { files: [file('big.xml')] }, { signal: controller.signal });
    controller.abort();
    const err = await job.catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(FakeWorker.all[0]!.terminated).toBe(true);

    void client.call('importFiles', { files: [file('next.xml')] });
    expect(FakeWorker.all).toHaveLength(2);
    // The fresh worker first reloads the saved document, then imports (added to it).
    expect(FakeWorker.all[1]!.sent.map((r) => r.type)).toEqual(['restore', 'importFiles']);
  });

  it('does not start a job whose signal is already aborted', async () => {
    const client = new SitemapWorkerClient();
    const err = await client
      .call('setSiteUrl', { siteUrl: '' }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(FakeWorker.all).toHaveLength(0);
  });

  it('a worker that dies rejects its job and is replaced on the next call', async () => {
    const client = new SitemapWorkerClient();
    const job = client.call('importFiles', { files: [file('a.xml')] });
    FakeWorker.all[0]!.crash('out of memory');
    await expect(job).rejects.toBeInstanceOf(WorkerLostError);
    await expect(job).rejects.toThrow('out of memory');

    const next = client.call('importFiles', { files: [file('a.xml')] });
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent.map((r) => r.type)).toEqual(['restore', 'importFiles']);
    // The restore's answer is for no job of the page's: it is dropped quietly.
    fresh.reply({
      type: 'done',
      id: fresh.sent[0]!.id,
      value: { summary: SUMMARY, savedAt: 1, siteUrl: '', error: null },
    });
    fresh.reply({ type: 'done', id: fresh.sent[1]!.id, value: SUMMARY });
    await expect(next).resolves.toBe(SUMMARY);
  });

  it('a replacement worker restores the saved rows with the last view, so the next request finds them', async () => {
    const client = new SitemapWorkerClient();
    const query = { ...ALL_ROWS, text: 'shop' };
    void client.call('setView', { query }).catch(() => {});
    const first = client.call('fix', { codes: 'all' });
    FakeWorker.all[0]!.crash('killed');
    await expect(first).rejects.toBeInstanceOf(WorkerLostError);

    const retried = client.call('fix', { codes: 'all' });
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent[0]).toMatchObject({ type: 'restore', params: { query } });
    expect(fresh.sent[1]).toMatchObject({ type: 'fix', params: { codes: 'all' } });
    fresh.reply({ type: 'done', id: fresh.sent[1]!.id, value: FIXED });
    await expect(retried).resolves.toBe(FIXED);
  });

  it('the first worker restores only when asked, and hands saving events to onPersist', async () => {
    const client = new SitemapWorkerClient();
    const events: unknown[] = [];
    client.onPersist = (e) => events.push(e);
    const restored = client.call('restore', {});
    const worker = FakeWorker.all[0]!;
    expect(worker.sent.map((r) => r.type)).toEqual(['restore']);
    worker.reply({ type: 'persist', state: 'saved', savedAt: 42 });
    worker.reply({
      type: 'done',
      id: worker.sent[0]!.id,
      value: { summary: null, savedAt: null, siteUrl: null, error: null },
    });
    await expect(restored).resolves.toMatchObject({ summary: null });
    expect(events).toEqual([{ type: 'persist', state: 'saved', savedAt: 42 }]);

    void client.call('flushSave', {});
    expect(worker.sent.at(-1)).toMatchObject({ type: 'flushSave', params: {} });
  });

  it('a worker that ends without an error event fails its jobs, tells onLost, and the next job gets a fresh worker', async () => {
    const waiting = new Map<string, () => unknown>();
    vi.stubGlobal('navigator', {
      locks: { request: (name: string, grant: () => unknown) => (waiting.set(name, grant), Promise.resolve()) },
    });
    const client = new SitemapWorkerClient();
    const lost: string[] = [];
    client.onLost = (e) => lost.push(e.message);
    const job = client.call('fix', { codes: 'all' });
    const worker = FakeWorker.all[0]!;
    expect(worker.sent.map((r) => r.type)).toEqual(['hold-lock', 'fix']);
    const name = (worker.sent[0] as { name: string }).name;
    worker.reply({ type: 'held', name });
    // The worker closed itself: the browser frees its lock, and the page's request for it is granted.
    waiting.get(name)!();
    await expect(job).rejects.toBeInstanceOf(WorkerLostError);
    expect(lost).toEqual(['The worker stopped without a word (closed, or stopped by the browser).']);
    expect(worker.terminated).toBe(true);

    const next = client.call('fix', { codes: 'all' });
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent.map((r) => r.type)).toEqual(['hold-lock', 'restore', 'fix']);
    fresh.reply({ type: 'done', id: fresh.sent[2]!.id, value: FIXED });
    await expect(next).resolves.toBe(FIXED);
  });

  it('a replacement worker is told first what the lost one was: a reader, its Site URL, then the restore', async () => {
    const client = new SitemapWorkerClient();
    void client.call('setWriter', { writer: false, flush: false }).catch(() => {});
    void client.call('setSiteUrl', { siteUrl: 'https://example.com/' }).catch(() => {});
    const worker = FakeWorker.all[0]!;
    expect(worker.sent[0]).toMatchObject({ type: 'setWriter', params: { writer: false, flush: false } });
    // A reader's changes go to its worker, which refuses them with the reason (router.test.ts).
    void client.call('edit', { row: 1, field: 'priority', value: '0.5' }).catch(() => {});
    expect(worker.sent.map((r) => r.type)).toEqual(['setWriter', 'setSiteUrl', 'edit']);
    worker.crash('killed');
    void client.call('rows', { start: 0, end: 10 }).catch(() => {});
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent.map((r) => r.type)).toEqual(['setWriter', 'setSiteUrl', 'restore', 'rows']);
    expect(fresh.sent[1]).toMatchObject({ params: { siteUrl: 'https://example.com/' } });
  });

  it('a save waiting when no worker runs starts none', async () => {
    const client = new SitemapWorkerClient();
    await expect(client.call('flushSave', {})).resolves.toBe(false);
    expect(FakeWorker.all).toHaveLength(0);
  });
});
