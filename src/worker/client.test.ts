import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import { isAbortError, SitemapWorkerClient, WorkerLostError } from './client';
import type { SetSummary, WorkerRequest, WorkerResponse } from './protocol';

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
    const job = client.importFiles([file('a.xml')], { onProgress: progress, siteUrl: 'https://example.com/' });
    const worker = FakeWorker.all[0]!;
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.url.pathname.endsWith('/sitemap.worker.ts')).toBe(true);
    const request = worker.sent[0]!;
    expect(request).toMatchObject({ type: 'import', siteUrl: 'https://example.com/' });

    const p = { phase: 'parsing', bytesDone: 5, bytesTotal: 10, urls: 2 } as const;
    worker.reply({ type: 'progress', id: request.id, progress: p });
    worker.reply({ type: 'result', id: request.id, summary: SUMMARY });
    await expect(job).resolves.toBe(SUMMARY);
    expect(progress).toHaveBeenCalledWith(p);

    void client.check();
    expect(FakeWorker.all).toHaveLength(1); // the same worker keeps the set
  });

  it('rejects with the message the worker reports, and keeps the worker', async () => {
    const client = new SitemapWorkerClient();
    const job = client.check();
    const worker = FakeWorker.all[0]!;
    worker.reply({ type: 'error', id: worker.sent[0]!.id, message: 'nothing to check' });
    await expect(job).rejects.toThrow('nothing to check');
    expect(worker.terminated).toBe(false);
  });

  it('cancelling terminates the worker, and the next job starts a fresh one', async () => {
    const client = new SitemapWorkerClient();
    const controller = new AbortController();
    const job = client.importFiles([file('big.xml')], { signal: controller.signal });
    controller.abort();
    const err = await job.catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(FakeWorker.all[0]!.terminated).toBe(true);

    void client.importFiles([file('next.xml')]);
    expect(FakeWorker.all).toHaveLength(2);
    // The fresh worker first reloads the saved document, then imports (added to it).
    expect(FakeWorker.all[1]!.sent.map((r) => r.type)).toEqual(['restore', 'import']);
  });

  it('does not start a job whose signal is already aborted', async () => {
    const client = new SitemapWorkerClient();
    const err = await client.check({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(FakeWorker.all).toHaveLength(0);
  });

  it('a worker that dies rejects its job and is replaced on the next call', async () => {
    const client = new SitemapWorkerClient();
    const job = client.importFiles([file('a.xml')]);
    FakeWorker.all[0]!.crash('out of memory');
    await expect(job).rejects.toBeInstanceOf(WorkerLostError);
    await expect(job).rejects.toThrow('out of memory');

    const next = client.importFiles([file('a.xml')]);
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent.map((r) => r.type)).toEqual(['restore', 'import']);
    // The restore's answer is for no job of the page's: it is dropped quietly.
    fresh.reply({ type: 'value', id: fresh.sent[0]!.id, value: { summary: SUMMARY, savedAt: 1, siteUrl: '', error: null } });
    fresh.reply({ type: 'result', id: fresh.sent[1]!.id, summary: SUMMARY });
    await expect(next).resolves.toBe(SUMMARY);
  });

  it('a replacement worker restores the saved rows with the last view, so the next request finds them', async () => {
    const client = new SitemapWorkerClient();
    const query = { ...ALL_ROWS, text: 'shop' };
    void client.setView(query).catch(() => {});
    const first = client.fix('all');
    FakeWorker.all[0]!.crash('killed');
    await expect(first).rejects.toBeInstanceOf(WorkerLostError);

    const retried = client.fix('all');
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent[0]).toMatchObject({ type: 'restore', query });
    expect(fresh.sent[1]).toMatchObject({ type: 'fix', codes: 'all' });
    fresh.reply({ type: 'value', id: fresh.sent[1]!.id, value: 'fixed' });
    await expect(retried).resolves.toBe('fixed');
  });

  it('the first worker restores only when asked, and hands saving events to onPersist', async () => {
    const client = new SitemapWorkerClient();
    const events: unknown[] = [];
    client.onPersist = (e) => events.push(e);
    const restored = client.restore();
    const worker = FakeWorker.all[0]!;
    expect(worker.sent.map((r) => r.type)).toEqual(['restore']);
    worker.reply({ type: 'persist', state: 'saved', savedAt: 42 });
    worker.reply({ type: 'value', id: worker.sent[0]!.id, value: { summary: null, savedAt: null, siteUrl: null, error: null } });
    await expect(restored).resolves.toMatchObject({ summary: null });
    expect(events).toEqual([{ type: 'persist', state: 'saved', savedAt: 42 }]);

    client.flushSave();
    expect(worker.sent.at(-1)).toMatchObject({ type: 'flush-save' });
  });

  it('a worker that ends without an error event fails its jobs, tells onLost, and the next job gets a fresh worker', async () => {
    const waiting = new Map<string, () => unknown>();
    vi.stubGlobal('navigator', { locks: { request: (name: string, grant: () => unknown) => (waiting.set(name, grant), Promise.resolve()) } });
    const client = new SitemapWorkerClient();
    const lost: string[] = [];
    client.onLost = (e) => lost.push(e.message);
    const job = client.fix('all');
    const worker = FakeWorker.all[0]!;
    expect(worker.sent.map((r) => r.type)).toEqual(['hold-lock', 'fix']);
    const name = (worker.sent[0] as { name: string }).name;
    worker.reply({ type: 'held', name });
    // The worker closed itself: the browser frees its lock, and the page's request for it is granted.
    waiting.get(name)!();
    await expect(job).rejects.toBeInstanceOf(WorkerLostError);
    expect(lost).toEqual(['The worker stopped without a word (closed, or stopped by the browser).']);
    expect(worker.terminated).toBe(true);

    const next = client.fix('all');
    const fresh = FakeWorker.all[1]!;
    expect(fresh.sent.map((r) => r.type)).toEqual(['hold-lock', 'restore', 'fix']);
    fresh.reply({ type: 'value', id: fresh.sent[2]!.id, value: 'fixed' });
    await expect(next).resolves.toBe('fixed');
  });

  it('a reader tab refuses changes with the reason, and a replacement worker is a reader before it restores', async () => {
    const client = new SitemapWorkerClient();
    void client.setWriter(false, false).catch(() => {});
    const worker = FakeWorker.all[0]!;
    expect(worker.sent[0]).toMatchObject({ type: 'set-writer', writer: false, flush: false });
    await expect(client.edit(1, 'priority', '0.5')).rejects.toThrow('This tab is read-only: the document is open in another tab, which saves it. Choose "Take over here" to edit in this tab.');
    await expect(client.importFiles([file('a.xml')])).rejects.toThrow(/read-only/);
    expect(worker.sent.map((r) => r.type)).toEqual(['set-writer']);
    // Reading goes on.
    void client.rows(0, 10).catch(() => {});
    worker.crash('killed');
    void client.rows(0, 10).catch(() => {});
    expect(FakeWorker.all[1]!.sent.map((r) => r.type)).toEqual(['set-writer', 'restore', 'rows']);
  });
});
