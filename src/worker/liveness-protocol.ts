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
  | { type: 'test-stop'; id: number; how: 'close' | 'close-on-next' };

export type LivenessResponse =
  /** The worker holds its lock: from now on, the lock coming free means it is gone. */
  { type: 'held'; name: string } | { type: 'pong'; id: number };
