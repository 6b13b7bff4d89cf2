/*
 * The page's side of the sitemap worker: one typed `call` per request of
 * SitemapApi (api.ts), a promise per job, progress through a callback,
 * cancellation through an AbortSignal. Cancelling terminates the worker (a
 * synchronous parse cannot be interrupted any other way); the next call
 * starts a fresh one. A worker that fails is dropped the same way.
 */
import type { ViewQuery } from '../core/view/query';
import type { Answer, ApiRequest, Params, RequestType, WorkerRequest, WorkerResponse } from './api';
import type { JobProgress, PersistEvent } from './protocol';
import type { TestStopHow } from './liveness-protocol';
import { WorkerWatch } from './worker-watch';

export interface JobOptions {
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

/**
 * What the store needs of the worker: every request of SitemapApi through
 * one typed `call`, and the two events the worker sends unasked. The one
 * client type of the store; store tests use a complete fake of it
 * (store/testing/fake-client.ts).
 */
export interface WorkerClient {
  call<K extends RequestType>(type: K, params: Params<K>, options?: JobOptions): Promise<Answer<K>>;
  /** How saving goes in the worker (pending, saved, failed); set by the store. */
  onPersist: ((event: PersistEvent) => void) | null;
  /**
   * The worker was lost (ended, stopped, crashed or stuck), whether or not a
   * request was pending; the next request starts a new one, which reloads the
   * last save. Set by the store, to say so and put the rows back.
   */
  onLost: ((error: WorkerLostError) => void) | null;
}

interface PendingJob {
  resolve: (value: Answer<RequestType>) => void;
  reject: (reason: Error) => void;
  onProgress?: (progress: JobProgress) => void;
  release: () => void;
}

/** A request as `call` takes it, before it is numbered. */
type Body = { [K in RequestType]: { type: K; params: Params<K> } }[RequestType];

export function abortError(): DOMException {
  return new DOMException('The job was cancelled.', 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Raised when the worker died: its imported set is gone with it. */
export class WorkerLostError extends Error {
  override name = 'WorkerLostError';
}

export class SitemapWorkerClient implements WorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, PendingJob>();
  /** Notices when the worker is gone or stuck without an error event (worker-watch.ts). */
  private watch: WorkerWatch | null = null;
  /** A worker ran before: a new one first reloads the saved document (see ensureWorker). */
  private hadWorker = false;
  /*
   * What a replacement worker must be told before anything else, as the lost
   * one had been: whether this tab owns the document (the tab lock), the
   * Site URL, and the table's last filter and sort.
   */
  private writer = true;
  private siteUrl = '';
  private lastQuery: ViewQuery | undefined;

  private readonly saveDelayMs: number | undefined;
  private readonly hangTimeoutMs: number | undefined;

  /**
   * @param timings.saveDelayMs the autosave's quiet time in the worker, when
   *   not its default (the browser tests' `?save-delay=MS` hook);
   *   `hangTimeoutMs` how long a worker may be silent with a job pending
   *   before it counts as stuck (`?hang-timeout=MS`).
   */
  constructor(timings: { saveDelayMs?: number; hangTimeoutMs?: number } = {}) {
    this.saveDelayMs = timings.saveDelayMs;
    this.hangTimeoutMs = timings.hangTimeoutMs;
  }

  onPersist: ((event: PersistEvent) => void) | null = null;
  onLost: ((error: WorkerLostError) => void) | null = null;

  /** Sends one request; resolves to its answer, rejects with the worker's message or WorkerLostError. */
  call<K extends RequestType>(type: K, params: Params<K>, { onProgress, signal }: JobOptions = {}): Promise<Answer<K>> {
    if (signal?.aborted) return Promise.reject(abortError());
    // A save waiting in no worker is no save: the page closing starts none.
    if (type === 'flushSave' && !this.worker) return Promise.resolve(false as Answer<K>);
    // Started first: what a new worker is told comes before this request.
    const worker = this.ensureWorker();
    const body = this.remember({ type, params } as Body);
    const id = this.nextId++;
    return new Promise<Answer<K>>((resolve, reject) => {
      const onAbort = () => this.dispose(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: resolve as (value: Answer<RequestType>) => void,
        reject,
        onProgress,
        release: () => signal?.removeEventListener('abort', onAbort),
      });
      this.watch?.pending(true);
      worker.postMessage({ ...body, id } as ApiRequest satisfies WorkerRequest);
    });
  }

  /** A test hook (`?test-hooks`): ends the worker as the browser might, with no error event. */
  stopWorkerForTest(how: 'close' | 'close-on-next'): void {
    this.ensureWorker().postMessage({ type: 'test-stop', id: this.nextId++, how } satisfies WorkerRequest);
  }

  /** A test hook (`?test-hooks`): the worker ends, gets stuck or works `ms` when the next `during` request starts (or autosave, 'save'). */
  stopWorkerDuringForTest(during: RequestType | 'save', how: TestStopHow, ms?: number): void {
    this.ensureWorker().postMessage({
      type: 'test-stop-during',
      id: this.nextId++,
      during,
      how,
      ms,
    } satisfies WorkerRequest);
  }

  /** Stops the worker and rejects every job still running. */
  dispose(reason: Error = abortError()): void {
    this.watch?.stop();
    this.watch = null;
    this.worker?.terminate();
    this.worker = null;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) {
      job.release();
      job.reject(reason);
    }
  }

  /** Keeps what a replacement worker needs, and fills in what the page adds to a restore. */
  private remember(body: Body): Body {
    switch (body.type) {
      case 'setWriter':
        this.writer = body.params.writer;
        return body;
      case 'setSiteUrl':
        this.siteUrl = body.params.siteUrl;
        return body;
      case 'setView':
        this.lastQuery = body.params.query;
        return body;
      case 'restore':
        if (body.params.query) this.lastQuery = body.params.query;
        return { type: 'restore', params: { query: this.lastQuery, saveDelayMs: this.saveDelayMs } };
      default:
        return body;
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // Written exactly so, for Vite to bundle the worker as its own module.
    const worker = new Worker(new URL('./sitemap.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.lose(`The import worker stopped${event.message ? `: ${event.message}` : ''}.`);
    };
    worker.onmessageerror = () => {
      this.lose('The import worker sent a message that could not be read.');
    };
    this.worker = worker;
    // First of all, so the worker takes its lock before any job.
    this.watch = new WorkerWatch(
      (request) => worker.postMessage(request satisfies WorkerRequest),
      (why) => {
        if (this.worker === worker) this.lose(why);
      },
      undefined,
      undefined,
      this.hangTimeoutMs,
    );
    // Told before any request, unanswered (no job waits for these ids): a
    // reader's new worker is a reader too, and checks against the same Site URL.
    const tell = (body: Body) =>
      worker.postMessage({ ...body, id: this.nextId++ } as ApiRequest satisfies WorkerRequest);
    if (!this.writer) tell({ type: 'setWriter', params: { writer: false, flush: false } });
    if (this.siteUrl) tell({ type: 'setSiteUrl', params: { siteUrl: this.siteUrl } });
    // The worker before this one was lost (crashed, killed, or cancelled) and
    // its rows with it: the new one reloads the last saved document before any
    // other request, so the next job finds the rows where they were.
    if (this.hadWorker) tell({ type: 'restore', params: { query: this.lastQuery, saveDelayMs: this.saveDelayMs } });
    this.hadWorker = true;
    return worker;
  }

  /** The worker is gone: every pending job fails, and the store hears of it even when none was. */
  private lose(why: string): void {
    const error = new WorkerLostError(why);
    this.dispose(error);
    this.onLost?.(error);
  }

  private receive(message: WorkerResponse): void {
    if (this.watch?.heard(message)) return;
    if (message.type === 'held' || message.type === 'pong' || message.type === 'busy') return;
    if (message.type === 'persist') {
      this.onPersist?.(message);
      return;
    }
    const job = this.pending.get(message.id);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    this.watch?.pending(this.pending.size > 0);
    job.release();
    if (message.type === 'done') job.resolve(message.value);
    else job.reject(new Error(message.message));
  }
}
