/*
 * The browser tests' way to stop the worker in the middle of a job (the
 * `test-stop-during` liveness request, sent only with `?test-hooks`): when
 * the named request starts running, or the next autosave starts writing,
 * the worker ends (`close`, as the browser may end it) or gets stuck
 * (`hang`, for the page's watch to find). Either way it answers nothing
 * more, so the page sees a job that began and never ended. Or the job is
 * only slow (`slow`): it works a while first, as a long step does.
 */
import type { HandlerTable, RequestType } from './api';
import type { DocumentStore } from './document-store';
import type { TestStopHow } from './liveness-protocol';

export interface TestStop {
  /** Arms the stop for the next request of type `during` ('save': the next autosave's write); `ms` for `slow`. */
  arm(during: string, how: TestStopHow, ms?: number): void;
  /** True once the worker was stopped: nothing may be posted any more. */
  readonly stopped: boolean;
  /** The handler table, each handler first checking whether its request is the one to stop in. */
  handlers<T extends HandlerTable>(table: T): T;
  /** The document store, its save first checking whether it is the one to stop in. */
  store(store: DocumentStore): DocumentStore;
}

/**
 * @param close ends the worker (self.close in the worker).
 * @param hang never returns: a worker stuck in a loop.
 * @param work keeps the thread busy for `ms`, as a long step does.
 */
export function createTestStop(close: () => void, hang: () => never, work: (ms: number) => void): TestStop {
  let armed: { during: string; how: TestStopHow; ms: number } | null = null;
  let stopped = false;
  /** Stops the worker if `what` is the one armed; true when it was (closed: nothing more may run). */
  const stops = (what: string): boolean => {
    if (!armed || armed.during !== what) return false;
    const { how, ms } = armed;
    armed = null;
    if (how === 'slow') {
      work(ms);
      return false;
    }
    stopped = true;
    if (how === 'hang') hang();
    close();
    return true;
  };
  return {
    arm: (during, how, ms = 0) => {
      armed = { during, how, ms };
    },
    get stopped() {
      return stopped;
    },
    handlers: <T extends HandlerTable>(table: T): T => {
      const wrapped: Record<string, unknown> = {};
      for (const [type, handler] of Object.entries(table) as [RequestType, HandlerTable[RequestType]][]) {
        const run = handler.run as (params: unknown, job: unknown) => unknown;
        wrapped[type] = {
          ...handler,
          run: (params: unknown, job: unknown) => {
            // The rest of the job must not run on: its answer would say it ended.
            if (stops(type)) throw new Error(`stopped by a test during ${type}`);
            return run(params, job);
          },
        };
      }
      return wrapped as T;
    },
    store: (inner) => ({
      load: (onPart) => inner.load(onPart),
      clear: () => inner.clear(),
      get onRemoved() {
        return inner.onRemoved ?? null;
      },
      set onRemoved(heard: (() => void) | null) {
        inner.onRemoved = heard;
      },
      // Never settles: the worker is closing, and a save that ended would be said.
      save: (snapshot) => (stops('save') ? new Promise<void>(() => {}) : inner.save(snapshot)),
    }),
  };
}
