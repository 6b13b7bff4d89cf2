/*
 * The worker entry: routes typed requests to core and posts progress and
 * results. It keeps the imported set in its own memory, so the page never
 * holds (or clones) the rows.
 */
import { checkSet } from '../core/check/check-set';
import { importFiles, type InputFile } from '../core/read/import-files';
import type { SitemapSet } from '../core/sitemap-set';
import type { JobProgress, WorkerRequest, WorkerResponse } from './protocol';
import { summarizeSet } from './summarize';

/** Progress is sent at most this often; more would only flood the page. */
const PROGRESS_INTERVAL_MS = 50;

let current: SitemapSet | null = null;

// One request at a time, in order: reading files awaits, and a check that
// slipped in meanwhile must not see a half-imported set.
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  queue = queue.then(() => handle(event.data));
};

async function handle(request: WorkerRequest): Promise<void> {
  const { id } = request;
  const progress = throttledProgress(id);
  try {
    if (request.type === 'import') {
      current = null; // let the previous set be collected before reading the next one
      const inputs = await readFiles(request.files, progress);
      const total = inputs.reduce((sum, f) => sum + f.bytes.length, 0);
      progress({ phase: 'parsing', bytesDone: 0, bytesTotal: total, urls: 0 }, true);
      current = importFiles(inputs, {
        onProgress: (p) => progress({ phase: 'parsing', ...p }),
      });
      progress({ phase: 'checking', bytesDone: total, bytesTotal: total, urls: current.rows.length }, true);
    } else if (!current) {
      throw new Error('There is nothing to check yet: import sitemaps first.');
    }
    const set = current;
    const options = { siteUrl: request.siteUrl || undefined };
    const check = checkSet(set, options);
    post({ type: 'result', id, summary: summarizeSet(set, check, options) });
  } catch (err) {
    post({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
  }
}

async function readFiles(files: File[], progress: (p: JobProgress) => void): Promise<InputFile[]> {
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  const inputs: InputFile[] = [];
  let bytesDone = 0;
  for (const file of files) {
    inputs.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    bytesDone += file.size;
    progress({ phase: 'reading', bytesDone, bytesTotal, urls: 0 });
  }
  return inputs;
}

function throttledProgress(id: number): (p: JobProgress, force?: boolean) => void {
  let last = 0;
  return (progress, force = false) => {
    const now = performance.now();
    if (!force && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    post({ type: 'progress', id, progress });
  };
}

function post(message: WorkerResponse): void {
  self.postMessage(message);
}
