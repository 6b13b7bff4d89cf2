/*
 * Watches one worker for the page (see liveness-protocol.ts). Two signs that
 * it is gone, whatever ended it:
 *  - its Web Lock comes free: the browser releases a worker's locks when it
 *    ends (close(), stopped by the browser, crashed), which the page hears at
 *    once, even with nothing pending;
 *  - it says nothing at all for HANG_TIMEOUT_MS while requests are pending
 *    (pings are answered between two jobs): there, but stuck. The timeout is
 *    long because one step over a million rows (a full check, a sort) keeps
 *    the worker silent for seconds and must not be taken for a hang.
 */
import type { LivenessRequest, LivenessResponse } from './liveness-protocol';

/** How often a ping is sent while requests are pending. */
export const PING_INTERVAL_MS = 500;
/** Silence, with requests pending, after which a worker that still holds its lock counts as stuck. */
export const HANG_TIMEOUT_MS = 15_000;

export interface WatchTimers {
  every: (fn: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  now: () => number;
}

const REAL_TIMERS: WatchTimers = {
  every: (fn, ms) => setInterval(fn, ms),
  cancel: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  now: () => performance.now(),
};

let watches = 0;

export class WorkerWatch {
  private lastHeard: number;
  private ticking: unknown = null;
  private stopped = false;
  private pings = 0;

  /**
   * @param post sends a liveness request to the worker.
   * @param onGone called once, with why in words, when the worker is gone or stuck.
   */
  constructor(
    private readonly post: (request: LivenessRequest) => void,
    private readonly onGone: (why: string) => void,
    private readonly locks: LockManager | undefined = globalThis.navigator?.locks,
    private readonly timers: WatchTimers = REAL_TIMERS,
    private readonly hangTimeoutMs = HANG_TIMEOUT_MS,
  ) {
    this.lastHeard = timers.now();
    if (this.locks) this.post({ type: 'hold-lock', id: 0, name: `sitemap-editor-worker-${Date.now()}-${++watches}` });
  }

  /** Every message from the worker; returns true when it was a liveness answer (nothing else to do with it). */
  heard(message: LivenessResponse | { type: string }): boolean {
    this.lastHeard = this.timers.now();
    if (message.type === 'held' && 'name' in message && this.locks) {
      // Granted only once the worker no longer holds it: the worker is gone.
      void this.locks.request(message.name, () =>
        this.gone('The worker stopped without a word (closed, or stopped by the browser).'),
      );
      return true;
    }
    return message.type === 'pong';
  }

  /** Whether requests are pending: pings run only then. */
  pending(busy: boolean): void {
    if (this.stopped) return;
    if (busy && this.ticking === null) {
      this.lastHeard = this.timers.now();
      this.ticking = this.timers.every(() => this.tick(), PING_INTERVAL_MS);
    } else if (!busy && this.ticking !== null) {
      this.timers.cancel(this.ticking);
      this.ticking = null;
    }
  }

  /** The page ended the worker itself (cancel, dispose): nothing more to watch. */
  stop(): void {
    this.stopped = true;
    if (this.ticking !== null) this.timers.cancel(this.ticking);
    this.ticking = null;
  }

  private tick(): void {
    const silent = this.timers.now() - this.lastHeard;
    if (silent >= this.hangTimeoutMs) {
      this.gone(`The worker has not answered for ${Math.round(silent / 1000)} s.`);
      return;
    }
    this.post({ type: 'ping', id: ++this.pings });
  }

  private gone(why: string): void {
    if (this.stopped) return;
    this.stop();
    this.onGone(why);
  }
}
