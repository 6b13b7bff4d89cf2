import { describe, expect, it, vi } from 'vitest';
import type { LivenessRequest } from './liveness-protocol';
import { HANG_TIMEOUT_MS, PING_INTERVAL_MS, WorkerWatch, type WatchTimers } from './worker-watch';

/** Web Locks as the browser keeps them: the worker holds its lock until it ends; the page's request waits. */
class FakeLocks {
  readonly waiting = new Map<string, (() => unknown)[]>();
  request(name: string, grant: () => unknown): Promise<unknown> {
    this.waiting.set(name, [...(this.waiting.get(name) ?? []), grant]);
    return Promise.resolve();
  }
  /** The worker holding `name` ended: the browser grants the waiting requests. */
  release(name: string): void {
    for (const grant of this.waiting.get(name) ?? []) grant();
    this.waiting.delete(name);
  }
}

function manualTimers() {
  let now = 0;
  let tick: (() => void) | null = null;
  const timers: WatchTimers = {
    every: (fn) => ((tick = fn), 1),
    cancel: () => {
      tick = null;
    },
    now: () => now,
  };
  return {
    timers,
    get ticking() {
      return tick !== null;
    },
    /** The page's thread was held for `ms` (a long frame, a paused tab): one late tick, not many. */
    held(ms: number) {
      now += ms;
      tick?.();
    },
    /** Lets `ms` pass, a ping interval at a time. */
    pass(ms: number) {
      for (let t = 0; t < ms; t += PING_INTERVAL_MS) {
        now += PING_INTERVAL_MS;
        tick?.();
      }
    },
  };
}

function setup() {
  const sent: LivenessRequest[] = [];
  const gone = vi.fn();
  const locks = new FakeLocks();
  const clock = manualTimers();
  const watch = new WorkerWatch((r) => sent.push(r), gone, locks as unknown as LockManager, clock.timers);
  const name = (sent[0] as { name: string }).name;
  return { sent, gone, locks, clock, watch, name };
}

describe('WorkerWatch', () => {
  it('has the worker take a lock first, and notices the moment the worker ends, even with nothing pending', () => {
    const { sent, gone, locks, watch, name } = setup();
    expect(sent).toEqual([{ type: 'hold-lock', id: 0, name }]);
    expect(name).toMatch(/^sitemap-editor-worker-\d+-\d+$/);
    expect(watch.heard({ type: 'held', name })).toBe(true);
    expect(locks.waiting.get(name)).toHaveLength(1);
    expect(gone).not.toHaveBeenCalled();
    locks.release(name);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(gone).toHaveBeenCalledWith('The worker stopped without a word (closed, or stopped by the browser).');
  });

  it('says nothing when the page ended the worker itself', () => {
    const { gone, locks, watch, name } = setup();
    watch.heard({ type: 'held', name });
    watch.stop();
    locks.release(name);
    expect(gone).not.toHaveBeenCalled();
  });

  it('pings while requests are pending, and counts a worker silent for the hang timeout as stuck', () => {
    const { sent, gone, clock, watch } = setup();
    clock.pass(60_000);
    // Nothing pending: no pings, however long the worker is quiet.
    expect(sent.filter((r) => r.type === 'ping')).toHaveLength(0);
    watch.pending(true);
    clock.pass(2_000);
    expect(sent.filter((r) => r.type === 'ping').map((r) => r.id)).toEqual([1, 2, 3, 4]);
    // Any message is a sign of life.
    expect(watch.heard({ type: 'pong', id: 4 })).toBe(true);
    expect(watch.heard({ type: 'value' })).toBe(false);
    clock.pass(HANG_TIMEOUT_MS - PING_INTERVAL_MS);
    expect(gone).not.toHaveBeenCalled();
    clock.pass(PING_INTERVAL_MS);
    expect(gone).toHaveBeenCalledWith('The worker has not answered for 15 s.');
    expect(clock.ticking).toBe(false);
  });

  it('takes a long step that says it is busy for a busy worker, not a stuck one', () => {
    const { gone, clock, watch } = setup();
    watch.pending(true);
    for (let t = 0; t < 4 * HANG_TIMEOUT_MS; t += 1_000) {
      clock.pass(1_000);
      expect(watch.heard({ type: 'busy' })).toBe(true);
    }
    expect(gone).not.toHaveBeenCalled();
    clock.pass(HANG_TIMEOUT_MS);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('does not blame the worker for the time the page itself was held', () => {
    const { gone, clock, watch } = setup();
    watch.pending(true);
    clock.pass(1_000);
    // 20 s without a tick: the worker's answers wait in the page's queue, behind this late tick.
    clock.held(20_000);
    expect(gone).not.toHaveBeenCalled();
    watch.heard({ type: 'pong', id: 1 });
    clock.pass(HANG_TIMEOUT_MS - PING_INTERVAL_MS);
    expect(gone).not.toHaveBeenCalled();
    // Silent for the time-out, with the page there to hear it: stuck.
    clock.pass(PING_INTERVAL_MS);
    expect(gone).toHaveBeenCalledWith(expect.stringMatching(/^The worker has not answered for \d+ s\.$/));
  });

  it("takes a shorter hang time-out when given one (the browser tests' ?hang-timeout=)", () => {
    const sent: LivenessRequest[] = [];
    const gone = vi.fn();
    const clock = manualTimers();
    const watch = new WorkerWatch((r) => sent.push(r), gone, undefined, clock.timers, 2_000);
    watch.pending(true);
    clock.pass(1_500);
    expect(gone).not.toHaveBeenCalled();
    clock.pass(500);
    expect(gone).toHaveBeenCalledWith('The worker has not answered for 2 s.');
  });

  it('stops pinging when nothing is pending any more', () => {
    const { clock, watch } = setup();
    watch.pending(true);
    expect(clock.ticking).toBe(true);
    watch.pending(false);
    expect(clock.ticking).toBe(false);
  });
});
