import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import type { InputFile } from '../core/read/import-files';

/** Below this many bytes in all, one worker reads faster than two plus the hand-over. */
const SPLIT_FROM_BYTES = 8 * 1024 * 1024;

/**
 * Splits an import between this worker and a parse helper (parse.worker.ts):
 * the first files, about half the bytes, stay here; the rest go to the
 * helper. Keeps the files' order: this side's rows come first.
 */
export function splitInputs(inputs: InputFile[]): { here: InputFile[]; helper: InputFile[] } {
  const total = inputs.reduce((n, f) => n + f.bytes.length, 0);
  if (inputs.length < 2 || total < SPLIT_FROM_BYTES) return { here: inputs, helper: [] };
  let bytes = 0;
  let cut = 0;
  while (cut < inputs.length - 1 && bytes + (inputs[cut] as InputFile).bytes.length / 2 < total / 2) {
    bytes += (inputs[cut] as InputFile).bytes.length;
    cut++;
  }
  return cut === 0 ? { here: inputs, helper: [] } : { here: inputs.slice(0, cut), helper: inputs.slice(cut) };
}

interface Waiter {
  resolve: (snapshot: DocumentSnapshot) => void;
  reject: (err: Error) => void;
}

/**
 * The parse helper worker, started on first use. `parse` rejects when the
 * helper cannot run or fails; the caller then reads those files itself.
 */
export class ParseHelper {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();

  /** Whether a helper can run here (not in Node tests, not after a failure). */
  get available(): boolean {
    return !this.failed && typeof Worker !== 'undefined';
  }

  /** Starts the helper ahead of need (Chromium finishes a nested worker's start on its parent's thread). */
  warm(): void {
    this.start();
  }

  parse(inputs: InputFile[]): Promise<DocumentSnapshot> {
    const worker = this.start();
    if (!worker) return Promise.reject(new Error('no parse helper'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Copies, not transfers: should the helper fail, this worker reads the same bytes.
      worker.postMessage({ id, inputs });
    });
  }

  private start(): Worker | null {
    if (this.worker || !this.available) return this.worker;
    try {
      const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<{ id: number; snapshot?: DocumentSnapshot; error?: string }>) => {
        const { id, snapshot, error } = event.data;
        const waiter = this.waiting.get(id);
        this.waiting.delete(id);
        if (snapshot) waiter?.resolve(snapshot);
        else waiter?.reject(new Error(error ?? 'the parse helper failed'));
      };
      worker.onerror = () => {
        for (const w of this.waiting.values()) w.reject(new Error('the parse helper worker stopped'));
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
