/*
 * One tab owns the saved document at a time. The owner holds a Web Lock for
 * as long as it lives (the browser frees it when the tab closes or crashes);
 * a tab opened meanwhile does not get it and reads only. To take over, a tab
 * asks on a BroadcastChannel; the owner writes what it has not saved, gives
 * up writing, and frees the lock, which the asking tab then gets. An owner
 * that does not answer in TAKE_OVER_WAIT_MS (a frozen tab) has the lock
 * taken by force, and learns it when it wakes: it then writes nothing more.
 */

const LOCK_NAME = 'sitemap-editor:document';
const CHANNEL_NAME = 'sitemap-editor:tabs';
/** How long a tab asking to take over waits for the owner before taking the lock by force. */
const TAKE_OVER_WAIT_MS = 3_000;
/**
 * A reload asks for the lock while the page it replaces may still be letting
 * go of it: a tab that finds it taken asks once more after this long.
 */
const CLAIM_RETRY_MS = 250;

export interface TabLockEvents {
  /** Another tab asks for the document: write what waits and stop writing; the lock is freed after. */
  yieldTo: () => Promise<void>;
  /** The lock was taken by force: stop writing at once (the other tab may be writing already). */
  lost: () => void;
}

/** What the store needs of the tab lock (a fake one in tests). */
export interface TabLink {
  /** Tries to become the owner; resolves true when this tab owns the document. */
  claim(events: TabLockEvents): Promise<boolean>;
  /** Asks the owner to give the document up and becomes the owner; resolves once it is. */
  takeOver(events: TabLockEvents): Promise<void>;
}

type Message = { type: 'take-over' };

export class WebTabLock implements TabLink {
  private release: (() => void) | null = null;
  private events: TabLockEvents | null = null;
  private readonly channel: BroadcastChannel;

  constructor(
    private readonly locks: LockManager,
    makeChannel: () => BroadcastChannel = () => new BroadcastChannel(CHANNEL_NAME),
  ) {
    this.channel = makeChannel();
    // A page being left lets go at once (its waiting save is written on pagehide too, see SaveStatus),
    // so its reload, or another tab, finds the lock free.
    if (typeof addEventListener === 'function') {
      addEventListener('pagehide', (event) => {
        // Kept in the back/forward cache: the page may come back as it was, owner still.
        if ((event as PageTransitionEvent).persisted) return;
        const release = this.release;
        this.release = null;
        this.events = null;
        release?.();
      });
    }
    this.channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.type === 'take-over') void this.yieldLock();
    };
  }

  async claim(events: TabLockEvents): Promise<boolean> {
    if (await this.tryClaim(events)) return true;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
    return this.tryClaim(events);
  }

  private tryClaim(events: TabLockEvents): Promise<boolean> {
    return new Promise((resolve) => {
      this.hold({ ifAvailable: true }, events, resolve).catch(() => resolve(false));
    });
  }

  async takeOver(events: TabLockEvents): Promise<void> {
    if (this.release) return;
    const waiting = new AbortController();
    const granted = new Promise<void>((resolve, reject) => {
      this.hold({ signal: waiting.signal }, events, () => resolve()).catch(reject);
    });
    this.channel.postMessage({ type: 'take-over' } satisfies Message);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), TAKE_OVER_WAIT_MS)));
    const first = await Promise.race([granted.then(() => 'granted' as const), late]);
    clearTimeout(timer);
    if (first === 'granted') return;
    waiting.abort();
    granted.catch(() => {});
    await new Promise<void>((resolve, reject) => {
      this.hold({ steal: true }, events, () => resolve()).catch(reject);
    });
  }

  /** Requests the lock; once granted (or refused, with ifAvailable), calls `settled(got)`. The lock is held until yielded. */
  private hold(options: LockOptions, events: TabLockEvents, settled: (got: boolean) => void): Promise<unknown> {
    let held: (() => void) | null = null;
    const request = this.locks.request(LOCK_NAME, options, (lock) => {
      if (!lock) {
        settled(false);
        return undefined;
      }
      this.events = events;
      settled(true);
      return new Promise<void>((resolve) => (this.release = held = resolve));
    });
    // Rejected when another tab took the lock by force while this one held it (and when a wait is given up).
    return request.catch((err: unknown) => {
      if (held !== null && this.release === held && err instanceof DOMException && err.name === 'AbortError') {
        this.release = null;
        this.events = null;
        events.lost();
        return;
      }
      throw err;
    });
  }

  private async yieldLock(): Promise<void> {
    const release = this.release;
    const events = this.events;
    if (!release || !events) return;
    this.release = null;
    this.events = null;
    try {
      await events.yieldTo();
    } finally {
      release();
    }
  }
}

/** The tab lock of this browser, or null where it has no Web Locks (the tab then owns the document, as before). */
export function browserTabLock(): TabLink | null {
  const locks = globalThis.navigator?.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return null;
  return new WebTabLock(locks);
}
