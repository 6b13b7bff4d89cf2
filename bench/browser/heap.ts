/**
 * The JS heap of the page and of its Web Worker, read over the DevTools
 * protocol. The rows live in the worker, which Playwright's CDP sessions do
 * not reach; a page session can still auto-attach to its workers in the
 * older, non-flattened mode and talk to them through Target messages.
 */
import type { CDPSession, Page } from 'playwright-core';
import { largestOwners, owners, type HeapOwner } from './heap-snapshot';

export interface HeapFigures {
  /** V8 heap used, after a full GC. */
  used: number;
  /** ArrayBuffer backing stores (our typed-array columns live here), when Chromium reports them. */
  backing: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

export class HeapProbe {
  readonly workers: string[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Heap snapshot chunks arriving from a worker session, by session. */
  private readonly chunks = new Map<string, string[]>();

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') this.workers.push(e.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (e) => {
      const i = this.workers.indexOf(e.sessionId ?? '');
      if (i >= 0) this.workers.splice(i, 1);
    });
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const msg = JSON.parse(e.message) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: { chunk: string };
      };
      if (msg.method === 'HeapProfiler.addHeapSnapshotChunk' && msg.params)
        this.chunks.get(e.sessionId ?? '')?.push(msg.params.chunk);
      const waiter = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!waiter || msg.id === undefined) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(msg.error.message));
      else waiter.resolve(msg.result);
    });
  }

  /** Attaches to the page; call before the page creates its worker, or soon after (existing workers attach too). */
  static async attach(page: Page): Promise<HeapProbe> {
    const cdp = await page.context().newCDPSession(page);
    const probe = new HeapProbe(cdp);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return probe;
  }

  /** Sends a DevTools command to one worker session (see `workerSessions`). */
  sendToWorker<T>(sessionId: string, method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      void this.cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((e: unknown) => {
          this.pending.delete(id);
          reject(e instanceof Error ? e : new Error(String(e)));
        });
    });
  }

  /**
   * A heap snapshot (JSON text) of the page (`null`) or of one worker session,
   * after a full GC: for heap-breakdown.ts, which says who holds the bytes.
   */
  async snapshot(sessionId: string | null): Promise<string> {
    if (sessionId === null) {
      const parts: string[] = [];
      const onChunk = (e: { chunk: string }) => parts.push(e.chunk);
      this.cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await this.cdp.send('HeapProfiler.enable');
      await this.cdp.send('HeapProfiler.collectGarbage');
      await this.cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      this.cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      return parts.join('');
    }
    const parts: string[] = [];
    this.chunks.set(sessionId, parts);
    await this.sendToWorker(sessionId, 'HeapProfiler.enable');
    await this.sendToWorker(sessionId, 'HeapProfiler.collectGarbage');
    await this.sendToWorker(sessionId, 'HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    this.chunks.delete(sessionId);
    return parts.join('');
  }

  /**
   * The page's and the workers' heaps after a full GC in each, repeated
   * until they settle: an ArrayBuffer's backing store is released by a
   * sweeper after the GC that found it dead, so one GC right after an import
   * can still count tens of megabytes of the import's dropped buffers
   * (measured at 1M on a busy machine: 178 B/URL in the worker after one GC,
   * 132 B/URL in its heap snapshot). Settled means two rounds 100 ms apart
   * within 0.5 % (at most `maxRounds`).
   */
  async measure(maxRounds = 6): Promise<{ page: HeapFigures; worker: HeapFigures; workers: number; rounds: number }> {
    let last = await this.measureOnce();
    let rounds = 1;
    while (rounds < maxRounds) {
      await new Promise((r) => setTimeout(r, 100));
      const next = await this.measureOnce();
      rounds++;
      const total = (m: typeof last) => m.page.used + m.page.backing + m.worker.used + m.worker.backing;
      const settled = Math.abs(total(next) - total(last)) <= total(last) * 0.005;
      last = next;
      if (settled) break;
    }
    return { ...last, rounds };
  }

  /** {@link measure}'s one round: a full GC in the page and each worker, then their heaps. */
  private async measureOnce(): Promise<{ page: HeapFigures; worker: HeapFigures; workers: number }> {
    await this.cdp.send('HeapProfiler.enable');
    await this.cdp.send('HeapProfiler.collectGarbage');
    const pageUsage = (await this.cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    const worker: HeapFigures = { used: 0, backing: 0 };
    for (const sessionId of this.workers) {
      await this.sendToWorker(sessionId, 'HeapProfiler.enable');
      await this.sendToWorker(sessionId, 'HeapProfiler.collectGarbage');
      const u = await this.sendToWorker<HeapUsage>(sessionId, 'Runtime.getHeapUsage');
      worker.used += u.usedSize;
      worker.backing += u.backingStorageSize ?? 0;
    }
    return {
      page: { used: pageUsage.usedSize, backing: pageUsage.backingStorageSize ?? 0 },
      worker,
      workers: this.workers.length,
    };
  }
}

/**
 * The largest owners of each worker's heap (a snapshot each, after a full
 * GC): what a MISS of the heap goal names. Slow at a million URLs (a snapshot
 * of some 130 MB read into a dominator tree), so taken only then.
 */
export async function workerHeapOwners(probe: HeapProbe, n: number): Promise<HeapOwner[]> {
  const out: HeapOwner[] = [];
  const workers = [...probe.workers];
  for (const [k, id] of workers.entries()) {
    const { owners: list } = owners(await probe.snapshot(id), n);
    for (const o of largestOwners(list, n))
      out.push(workers.length > 1 ? { ...o, name: `worker ${k + 1} ${o.name}` } : o);
  }
  return out.sort((a, b) => b.bytesPerUrl - a.bytesPerUrl).slice(0, 8);
}

/**
 * Waits until the app has written the document to this browser's storage
 * (the header's save status reads "Saved …", or says it could not): the
 * autosave that follows an import holds its snapshot's pieces meanwhile
 * (typed arrays in the saved form, ~2M-character strings), which is the
 * save's working memory, not what the document holds. Returns the wait.
 */
export async function untilSaved(page: Page): Promise<number> {
  const t = Date.now();
  await page.waitForFunction(
    () => /^(Saved |Not saved)/.test(document.querySelector('[data-testid="save-status"]')?.textContent ?? ''),
    null,
    { timeout: 300_000, polling: 100 },
  );
  return Date.now() - t;
}
