import { describe, expect, it, vi } from 'vitest';
import { WebTabLock, type TabLockEvents } from './tab-lock';

/** One lock as the browser keeps it, shared by the tabs of a test: ifAvailable, waiting, abort and steal. */
class FakeLocks {
  private held: { done: Promise<unknown>; reject: (e: unknown) => void } | null = null;
  private readonly queue: { grant: () => void; reject: (e: unknown) => void }[] = [];

  request(_name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const done = Promise.resolve(callback({ name: _name, mode: 'exclusive' } as Lock));
        this.held = { done, reject };
        void done.then((v) => {
          if (this.held?.done !== done) return;
          this.held = null;
          resolve(v);
          this.queue.shift()?.grant();
        });
      };
      if (options.steal) {
        const old = this.held;
        this.held = null;
        old?.reject(new DOMException('stolen', 'AbortError'));
        grant();
      } else if (!this.held) grant();
      else if (options.ifAvailable) resolve(callback(null));
      else {
        const waiter = { grant, reject };
        this.queue.push(waiter);
        options.signal?.addEventListener('abort', () => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }
    });
  }
}

/** BroadcastChannels of one origin: a message reaches every other one. */
function channels() {
  const all: { onmessage: ((e: MessageEvent) => void) | null; postMessage: (m: unknown) => void }[] = [];
  return () => {
    const channel = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (m: unknown) => {
        for (const c of all) if (c !== channel) queueMicrotask(() => c.onmessage?.({ data: m } as MessageEvent));
      },
    };
    all.push(channel);
    return channel as unknown as BroadcastChannel;
  };
}

function events(log: string[], name: string, yieldDelay = Promise.resolve()): TabLockEvents {
  return {
    yieldTo: async () => {
      log.push(`${name} saves and yields`);
      await yieldDelay;
      log.push(`${name} yielded`);
    },
    lost: () => log.push(`${name} lost the lock`),
  };
}

describe('WebTabLock', () => {
  it('gives the document to the first tab; a second one reads only until it takes over, after the owner yielded', async () => {
    const locks = new FakeLocks() as unknown as LockManager;
    const channel = channels();
    const a = new WebTabLock(locks, channel);
    const b = new WebTabLock(locks, channel);
    const log: string[] = [];
    expect(await a.claim(events(log, 'A'))).toBe(true);
    expect(await b.claim(events(log, 'B'))).toBe(false);
    await b.takeOver(events(log, 'B'));
    log.push('B owns');
    expect(log).toEqual(['A saves and yields', 'A yielded', 'B owns']);
    // And back: B yields to A the same way.
    await a.takeOver(events(log, 'A'));
    expect(log.slice(3)).toEqual(['B saves and yields', 'B yielded']);
  });

  it('takes the lock by force from an owner that does not answer, which then hears it lost it', async () => {
    vi.useFakeTimers();
    try {
      const locks = new FakeLocks() as unknown as LockManager;
      const channel = channels();
      const a = new WebTabLock(locks, channel);
      const b = new WebTabLock(locks, channel);
      const log: string[] = [];
      // A is frozen: its yield never finishes.
      expect(await a.claim(events(log, 'A', new Promise(() => {})))).toBe(true);
      const taking = b.takeOver(events(log, 'B'));
      await vi.advanceTimersByTimeAsync(3_000);
      await taking;
      expect(log).toEqual(['A saves and yields']);
      // A's yield was under way: the lock was no longer A's to lose.
      const c = new WebTabLock(locks, channel);
      const claiming = c.claim(events(log, 'C'));
      await vi.advanceTimersByTimeAsync(250);
      expect(await claiming).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an owner whose lock is stolen without being asked hears it', async () => {
    const locks = new FakeLocks();
    const a = new WebTabLock(locks as unknown as LockManager, channels());
    const log: string[] = [];
    expect(await a.claim(events(log, 'A'))).toBe(true);
    void locks.request('sitemap-editor:document', { steal: true }, () => new Promise(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['A lost the lock']);
  });
});
