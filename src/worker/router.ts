/*
 * The worker's queue: one request at a time, routed to its handler. Reading
 * files awaits, and a request that slipped in meanwhile must not see a
 * half-imported set. What the user is waiting for (rows, edits, a sort) goes
 * first; the side panels' read-only summaries (structure tree, lastmod chart,
 * comparison), each a pass over every row, run when nothing else waits: at a
 * million rows they take 0.1–0.5 s each, and an edit queued behind them would
 * wait that long to show. Framework-free, so the tests drive it directly.
 */
import type { ApiRequest, Handler, HandlerTable, JobContext, RequestType, SlicedPass, WorkerResponse } from './api';
import type { JobProgress } from './protocol';

/** Progress is sent at most this often; more would only flood the page. */
const PROGRESS_INTERVAL_MS = 50;

/** Rows per slice of a background pass: 5–15 ms in Chromium (a slice of the tree pass at a million rows). */
const SLICE_ROWS = 16_384;

/** Why a tab that does not own the document refuses a change (issue 17's tab lock). */
export const READ_ONLY =
  'This tab is read-only: the document is open in another tab, which saves it. Choose "Take over here" to edit in this tab.';

export interface RouterIo {
  post(message: WorkerResponse, transfer?: Transferable[]): void;
  /** Resolves in a new task, after the messages that arrived meanwhile. */
  nextTask(): Promise<void>;
  /** Moves with every change of the document or the view: a sliced pass then starts over. */
  revision(): number;
  /** Whether this worker may change the document (its tab owns it). */
  isWriter(): boolean;
  now?(): number;
}

export class Router {
  private readonly foreground: ApiRequest[] = [];
  private readonly background: ApiRequest[] = [];
  private running = false;

  constructor(
    private readonly handlers: HandlerTable,
    private readonly io: RouterIo,
    private readonly sliceRows = SLICE_ROWS,
  ) {}

  /** Takes in a request: answered at once ('now'), or queued in its lane. */
  receive(request: ApiRequest): void {
    const lane = this.handlerOf(request.type).lane;
    if (lane === 'now') {
      void this.handle(request);
      return;
    }
    (lane === 'background' ? this.background : this.foreground).push(request);
    void this.pump();
  }

  /** True when the queue is empty and nothing runs. */
  get idle(): boolean {
    return !this.running && this.foreground.length === 0 && this.background.length === 0;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        // Let messages that arrived meanwhile in first, so a waiting edit is seen before the next summary.
        if (this.foreground.length === 0 && this.background.length > 0) await this.io.nextTask();
        const next = this.foreground.shift() ?? this.background.shift();
        if (!next) break;
        await this.handle(next);
      }
    } finally {
      this.running = false;
    }
  }

  /*
   * A side panel's pass over every row (0.1–0.7 s at a million in Chromium)
   * would hold up an edit or a sort asked for meanwhile: it runs in slices,
   * and what the user asked for in between is answered between two slices.
   * When that changed the document or the view, the pass starts over.
   */
  // recursion-ok: requests answered between slices come after an await (a task of their own); one
  // that slices again nests as deep as the requests waiting, not as the input
  async inSlices<T>(start: () => SlicedPass<T>): Promise<T> {
    let revision = this.io.revision();
    let pass = start();
    while (!pass.step(this.sliceRows)) {
      await this.io.nextTask();
      let next: ApiRequest | undefined;
      while ((next = this.foreground.shift()) !== undefined) await this.handle(next);
      if (this.io.revision() !== revision) {
        revision = this.io.revision();
        pass = start();
      }
    }
    return pass.finish();
  }

  // recursion-ok: see inSlices
  private async handle(request: ApiRequest): Promise<void> {
    const { id } = request;
    const handler = this.handlerOf(request.type);
    const job: JobContext = { progress: this.throttledProgress(id), inSlices: (start) => this.inSlices(start) };
    try {
      if (handler.changes && !this.io.isWriter()) throw new Error(READ_ONLY);
      const value = await handler.run(request.params as never, job);
      this.io.post({ type: 'done', id, value }, handler.transfer?.(value as never) ?? []);
    } catch (err) {
      this.io.post({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
    }
  }

  /** The one place the request's type and its handler meet: the table guarantees they match. */
  private handlerOf(type: RequestType): Handler<RequestType> {
    return this.handlers[type] as unknown as Handler<RequestType>;
  }

  private throttledProgress(id: number): (p: JobProgress, force?: boolean) => void {
    const now = this.io.now ?? (() => performance.now());
    let last = -Infinity;
    return (progress, force = false) => {
      const t = now();
      if (!force && t - last < PROGRESS_INTERVAL_MS) return;
      last = t;
      this.io.post({ type: 'progress', id, progress });
    };
  }
}
