import { gzipNative } from './native-gzip';

interface Waiter {
  resolve: (gz: Uint8Array) => void;
  reject: (err: Error) => void;
}

/**
 * Gzips on a helper worker (gzip.worker.ts), started on first use. Where
 * workers cannot start (Node tests, a browser refusing nested workers) it
 * gzips on this thread instead, with the same bytes.
 */
export class GzipHelper {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();

  /**
   * Starts the helper ahead of need. Chromium finishes starting a nested
   * worker on its parent's thread, so one created inside a long export would
   * wait until the export's synchronous writing ends and overlap nothing.
   */
  warm(): void {
    this.start();
  }

  gzip(raw: Uint8Array): Promise<Uint8Array> {
    const worker = this.start();
    if (!worker) return gzipNative(raw);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // The raw file is handed over, not copied: the export replaces it with the result.
      worker.postMessage({ id, raw }, { transfer: [raw.buffer] });
    });
  }

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    if (typeof Worker === 'undefined') {
      this.failed = true;
      return null;
    }
    try {
      const worker = new Worker(new URL('./gzip.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<{ id: number; gz?: Uint8Array; error?: string }>) => {
        const { id, gz, error } = event.data;
        const waiter = this.waiting.get(id);
        this.waiting.delete(id);
        if (gz) waiter?.resolve(gz);
        else waiter?.reject(new Error(`gzip failed: ${error ?? 'unknown error'}`));
      };
      worker.onerror = () => {
        // A helper that cannot run: every file waiting fails (the export reports it), later ones gzip here.
        for (const w of this.waiting.values()) w.reject(new Error('the gzip helper worker stopped'));
        this.waiting.clear();
        worker.terminate();
        this.worker = null;
        this.failed = true;
      };
      this.worker = worker;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }
}
