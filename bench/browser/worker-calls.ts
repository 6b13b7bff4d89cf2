/**
 * Where a step's time goes between the page and the worker, measured in the
 * page without touching the app: an init script wraps Worker.postMessage to
 * note when each request is posted, and listens for its answer (the message
 * event's timeStamp: when it reached the page's event loop). The sort step
 * reads them to say, on a MISS, what held it back (report.ts).
 */
import type { Page } from 'playwright-core';

/** One request to the worker during a step, in ms from the step's clock (the click). */
export interface WorkerCall {
  type: string;
  postedMs: number;
  /** NaN when no answer came before the step ended. */
  answeredMs: number;
}

interface Recorded {
  id: number;
  type: string;
  sent: number;
  done: number;
}

/** The init script (passed to addInitScript: it runs in the page before the app). */
export function recordWorkerCalls(): void {
  const calls: Recorded[] = [];
  (window as unknown as { __workerCalls: Recorded[] }).__workerCalls = calls;
  const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
  const heard = new WeakSet<Worker>();
  const wrapped = function (this: Worker, ...args: unknown[]): void {
    if (!heard.has(this)) {
      heard.add(this);
      this.addEventListener('message', (e: MessageEvent) => {
        const d = e.data as { type?: string; id?: number } | null;
        if (!d || (d.type !== 'done' && d.type !== 'error')) return;
        let call: Recorded | undefined;
        for (let k = calls.length - 1; k >= 0 && !call; k--) if (calls[k]?.id === d.id) call = calls[k];
        if (call && call.done < 0) call.done = e.timeStamp;
      });
    }
    const m = args[0] as { type?: unknown; id?: unknown } | null;
    // Liveness pings (liveness-protocol.ts) number their own ids, and are answered by a pong.
    if (m && typeof m.type === 'string' && m.type !== 'ping' && typeof m.id === 'number') {
      calls.push({ id: m.id, type: m.type, sent: performance.now(), done: -1 });
      if (calls.length > 500) calls.splice(0, calls.length - 500);
    }
    post.apply(this, args);
  };
  Worker.prototype.postMessage = wrapped as Worker['postMessage'];
}

/** The requests posted since the step's clock started (see page-steps.ts armClock). */
export async function workerCallsOfStep(page: Page): Promise<WorkerCall[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __workerCalls?: Recorded[]; __benchStart?: number };
    const start = w.__benchStart ?? 0;
    return (w.__workerCalls ?? [])
      .filter((c) => c.sent >= start)
      .map((c) => ({ type: c.type, postedMs: c.sent - start, answeredMs: c.done < 0 ? NaN : c.done - start }));
  });
}

const ms = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(0)} ms`);

/**
 * What held a table step back, from its calls: the worker's answer to the
 * view (filter and sort, with its wait in the worker's queue), the rows
 * drawn after it, and the page's own share before and after.
 */
export function viewStepHeldBy(stepMs: number, calls: WorkerCall[] | undefined): string {
  const view = calls?.filter((c) => c.type === 'setView').at(-1);
  if (!view) return 'no setView call was recorded in the step';
  const after = (calls ?? []).filter((c) => c.type === 'rows' && c.postedMs >= view.answeredMs);
  const rowsDone = after.length > 0 ? Math.max(...after.map((c) => c.answeredMs)) : view.answeredMs;
  const rowsMs = after.length > 0 ? rowsDone - Math.min(...after.map((c) => c.postedMs)) : 0;
  return (
    `the worker's setView answer (filter + sort, queue included) took ${ms(view.answeredMs - view.postedMs)}; ` +
    `page before posting it ${ms(view.postedMs)}; rows fetched after it ${ms(rowsMs)} (${after.length} calls); ` +
    `page from the last answer to the sorted rows drawn ${ms(stepMs - rowsDone)}`
  );
}
