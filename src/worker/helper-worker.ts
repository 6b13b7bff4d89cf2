/*
 * The main worker's own helpers (parse.worker.ts, gzip.worker.ts): each a
 * second worker answering one kind of request, so that work runs on the
 * other core. Both sides of the exchange live here: `HelperWorker` in the
 * main worker, `answerRequests` in the helper.
 */

interface Waiter<Res> {
  resolve: (res: Res) => void;
  reject: (err: Error) => void;
}

type Answer<Res> = { id: number; result: Res } | { id: number; error: string };

/**
 * A helper worker, started on first use (or by `warm`). `request` rejects
 * when the helper cannot run or fails; callers then do the work themselves.
 */
export class HelperWorker<Req, Res> {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter<Res>>();

  /** @param create starts the worker: `new Worker(new URL('./x.worker.ts', import.meta.url), …)` written out, so the bundler finds it. */
  constructor(private readonly create: () => Worker) {}

  /** Whether a helper can run here (not in Node tests, not after a failure). */
  get available(): boolean {
    return !this.failed && typeof Worker !== 'undefined';
  }

  /**
   * Starts the helper ahead of need. Chromium finishes starting a nested
   * worker on its parent's thread, so one created inside a long synchronous
   * job would wait for that job's end and overlap nothing.
   */
  warm(): void {
    this.start();
  }

  request(req: Req, transfer: Transferable[] = []): Promise<Res> {
    const worker = this.start();
    if (!worker) return Promise.reject(new Error('no helper worker here'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, req }, { transfer });
    });
  }

  private start(): Worker | null {
    if (this.worker || !this.available) return this.worker;
    try {
      const worker = this.create();
      worker.onmessage = (event: MessageEvent<Answer<Res>>) => {
        const answer = event.data;
        const waiter = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if ('result' in answer) waiter?.resolve(answer.result);
        else waiter?.reject(new Error(answer.error));
      };
      worker.onerror = (event) => {
        // Handled here: left alone, a helper's error would reach the page as the main worker's.
        event.preventDefault();
        for (const w of this.waiting.values()) w.reject(new Error('the helper worker stopped'));
        this.waiting.clear();
        worker.terminate();
        this.worker = null;
        this.failed = true;
      };
      this.worker = worker;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }
}

/** What a helper's handler answers: the result, the buffers to hand over with it, and what to do once it is posted. */
export interface Handled<Res> {
  result: Res;
  transfer?: Transferable[];
  /** Runs once the answer is on its way, or could not be posted (the parse helper's own checks follow its rows: parse.worker.ts). */
  posted?: (ok: boolean) => void;
}

/** The helper's side: answers each request with `handle`'s result (its buffers handed over) or its error. */
export function answerRequests<Req, Res>(handle: (req: Req) => Promise<Handled<Res>>): void {
  self.onmessage = async (event: MessageEvent<{ id: number; req: Req }>) => {
    const { id, req } = event.data;
    let handled: Handled<Res> | undefined;
    try {
      handled = await handle(req);
      self.postMessage({ id, result: handled.result }, { transfer: handled.transfer ?? [] });
      handled.posted?.(true);
    } catch (err) {
      handled?.posted?.(false);
      self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
