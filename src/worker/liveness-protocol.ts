/*
 * How the page knows the worker is still there. A worker can end without an
 * `error` event (it calls close(), or the browser stops it): it holds a Web
 * Lock from its start, which the browser releases the moment the worker is
 * gone, and the page waits for that lock. A worker that is there but stuck
 * is caught by pings while requests are pending.
 */

export type LivenessRequest =
  /** Take this lock and hold it for as long as the worker lives. */
  | { type: 'hold-lock'; id: number; name: string }
  /** Answered at once with a pong, between two jobs (never behind the queue). */
  | { type: 'ping'; id: number }
  /**
   * A test hook (`?test-hooks`): end the worker as the browser might, without
   * an error event. `close`: at once; `close-on-next`: when the next request
   * arrives, instead of answering it.
   */
  | { type: 'test-stop'; id: number; how: 'close' | 'close-on-next' }
  /**
   * A test hook (`?test-hooks`): stop the worker in the middle of a job, when
   * the next request of type `during` starts running (or, for `save`, the
   * next autosave starts writing). `close`: it ends, as the browser may end
   * it; `hang`: it stays, stuck in a loop, for the page's watch to find. From
   * then on it answers nothing. `slow`: no stop, but the job first works for
   * `ms` on the worker's thread, saying it is busy as a long step does
   * (core/beat.ts), then goes on as usual.
   */
  | { type: 'test-stop-during'; id: number; during: string; how: TestStopHow; ms?: number };

/** How the test hook stops a worker in the middle of a job (see `test-stop-during`). */
export type TestStopHow = 'close' | 'hang' | 'slow';

export type LivenessResponse =
  /** The worker holds its lock: from now on, the lock coming free means it is gone. */
  | { type: 'held'; name: string }
  | { type: 'pong'; id: number }
  /** Sent by a long step as it goes (core/beat.ts): busy, not stuck. */
  | { type: 'busy' };
