import { HelperWorker } from './helper-worker';
import { gzipNative } from './native-gzip';

/**
 * Gzips on the gzip helper worker (gzip.worker.ts). Where it cannot run
 * (Node tests, a browser refusing nested workers) it gzips on this thread
 * instead, with the same bytes.
 */
export class GzipHelper {
  private readonly helper = new HelperWorker<Uint8Array, Uint8Array>(() => new Worker(new URL('./gzip.worker.ts', import.meta.url), { type: 'module' }));

  /** Starts the helper while the export dialog is open (see HelperWorker.warm). */
  warm(): void {
    this.helper.warm();
  }

  gzip(raw: Uint8Array): Promise<Uint8Array> {
    if (!this.helper.available) return gzipNative(raw);
    // The raw file is handed over, not copied: the export replaces it with the result.
    return this.helper.request(raw, [raw.buffer]);
  }
}
