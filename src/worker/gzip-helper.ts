import { HelperWorker } from './helper-worker';
import { fastGzip } from '../core/write/fast-deflate';

/** Helpers at most: past the cores there is nothing to gain, and each holds a file or two while it works. */
const MAX_HELPERS = 4;

/**
 * Gzips on gzip helper workers (gzip.worker.ts), one per core (up to
 * MAX_HELPERS), each file to the helper with the fewest files in hand: an
 * export of 20 files then compresses on every core while this worker goes
 * on writing. Where they cannot run (Node tests, a browser refusing nested
 * workers) it gzips on this thread instead, with the same deflate and so
 * the same bytes.
 */
export class GzipHelper {
  private readonly helpers: HelperWorker<Uint8Array, Uint8Array>[];
  private readonly pending: number[];

  constructor() {
    const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
    const n = Math.max(1, Math.min(MAX_HELPERS, cores));
    this.helpers = Array.from(
      { length: n },
      () =>
        new HelperWorker<Uint8Array, Uint8Array>(
          () => new Worker(new URL('./gzip.worker.ts', import.meta.url), { type: 'module' }),
        ),
    );
    this.pending = this.helpers.map(() => 0);
  }

  /** Starts the helpers while the export dialog is open (see HelperWorker.warm). */
  warm(): void {
    for (const h of this.helpers) h.warm();
  }

  async gzip(raw: Uint8Array): Promise<Uint8Array> {
    let k = 0;
    for (let i = 1; i < this.helpers.length; i++) if ((this.pending[i] as number) < (this.pending[k] as number)) k = i;
    const helper = this.helpers[k] as HelperWorker<Uint8Array, Uint8Array>;
    if (!helper.available) return fastGzip(raw);
    this.pending[k] = (this.pending[k] as number) + 1;
    try {
      // The raw file is handed over, not copied: the export replaces it with the result.
      return await helper.request(raw, [raw.buffer]);
    } finally {
      this.pending[k] = (this.pending[k] as number) - 1;
    }
  }
}
