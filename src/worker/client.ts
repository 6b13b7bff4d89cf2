/*
 * The page's side of the sitemap worker: a promise per job, progress through
 * a callback, cancellation through an AbortSignal. Cancelling terminates the
 * worker (a synchronous parse cannot be interrupted any other way); the next
 * call starts a fresh one. A worker that fails is dropped the same way.
 */
import type {
  CheckRequest,
  ImportRequest,
  JobProgress,
  SetSummary,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export interface JobOptions {
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

interface PendingJob {
  resolve: (summary: SetSummary) => void;
  reject: (reason: Error) => void;
  onProgress?: (progress: JobProgress) => void;
  release: () => void;
}

type RequestBody = Omit<ImportRequest, 'id'> | Omit<CheckRequest, 'id'>;

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

export class SitemapWorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, PendingJob>();

  /** Imports files into a fresh set (replacing the previous one) and checks it. */
  importFiles(files: File[], options: JobOptions & { siteUrl?: string } = {}): Promise<SetSummary> {
    return this.run({ type: 'import', files, siteUrl: options.siteUrl }, options);
  }

  /** Checks the set already imported again, e.g. with another Site URL. */
  check(options: JobOptions & { siteUrl?: string } = {}): Promise<SetSummary> {
    return this.run({ type: 'check', siteUrl: options.siteUrl }, options);
  }

  /** Stops the worker and rejects every job still running. */
  dispose(reason: Error = abortError()): void {
    this.worker?.terminate();
    this.worker = null;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) {
      job.release();
      job.reject(reason);
    }
  }

  private run(body: RequestBody, { onProgress, signal }: JobOptions): Promise<SetSummary> {
    if (signal?.aborted) return Promise.reject(abortError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<SetSummary>((resolve, reject) => {
      const onAbort = () => this.dispose(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve,
        reject,
        onProgress,
        release: () => signal?.removeEventListener('abort', onAbort),
      });
      worker.postMessage({ ...body, id } satisfies WorkerRequest);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // Written exactly so, for Vite to bundle the worker as its own module.
    const worker = new Worker(new URL('./sitemap.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.dispose(new WorkerLostError(`The import worker stopped${event.message ? `: ${event.message}` : ''}.`));
    };
    worker.onmessageerror = () => {
      this.dispose(new WorkerLostError('The import worker sent a message that could not be read.'));
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: WorkerResponse): void {
    const job = this.pending.get(message.id);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    job.release();
    if (message.type === 'result') job.resolve(message.summary);
    else job.reject(new Error(message.message));
  }
}
