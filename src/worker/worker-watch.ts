/*
 * Watches one worker for the page (see liveness-protocol.ts). Two signs that
 * it is gone, whatever ended it:
 *  - its Web Lock comes free: the browser releases a worker's locks when it
 *    ends (close(), stopped by the browser, crashed), which the page hears at
 *    once, even with nothing pending;
 *  - it says nothing at all for HANG_TIMEOUT_MS while requests are pending:
 *    there, but stuck. Pings are answered between two jobs, and a long step
 *    says it is busy as it goes (core/beat.ts), so only a worker that is
 *    neither answering nor working counts as stuck: one taken for stuck is
 *    restarted, and the answer of the job it was doing is lost.
 *
 * Silence is counted in the page's own ticks, not only in wall time: a page
 * whose thread was held (a long frame, a paused tab) may run a late tick
 * before the worker's messages that waited meanwhile, and must not blame the
 * worker for its own delay.
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
  /** Ticks since the worker last said anything. */
  private silentTicks = 0;
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
    this.silentTicks = 0;
    if (message.type === 'held' && 'name' in message && this.locks) {
      // Granted only once the worker no longer holds it: the worker is gone.
      void this.locks.request(message.name, () =>
        this.gone('The worker stopped without a word (closed, or stopped by the browser).'),
      );
      return true;
    }
    return message.type === 'pong' || message.type === 'busy';
  }

  /** Whether requests are pending: pings run only then. */
  pending(busy: boolean): void {
    if (this.stopped) return;
    if (busy && this.ticking === null) {
      this.lastHeard = this.timers.now();
      this.silentTicks = 0;
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
    this.silentTicks++;
    // Both: the time-out passed, and the page was there to hear for all of it.
    if (silent >= this.hangTimeoutMs && this.silentTicks * PING_INTERVAL_MS >= this.hangTimeoutMs) {
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
