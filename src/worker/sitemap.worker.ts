/*
 * The worker entry: answers the liveness checks at once and hands every
 * request to the router (router.ts), which runs it through the handler table
 * (handlers.ts) against the one session. The rows stay in the worker's
 * memory; the page asks for the few it shows.
 */
import { beat, onBeat } from '../core/base/beat';
import type { WorkerRequest, WorkerResponse } from './api';
import { IndexedDbDocumentStore } from './document-store';
import { GzipHelper } from './gzip-helper';
import { createHandlers } from './handlers';
import { ParseHelper } from './parse-helper';
import { Persistence } from './persistence';
import { Router } from './router';
import { Session } from './session';
import { createTestStop } from './test-stop';

/** A long step's beats become a "busy" message at most this often: the page's watch then knows it is not stuck. */
const BUSY_EVERY_MS = 250;
/** When this worker last posted anything. */
let lastPosted = 0;
onBeat(() => {
  if (performance.now() - lastPosted >= BUSY_EVERY_MS) post({ type: 'busy' });
});

const testStop = createTestStop(
  () => self.close(),
  () => {
    for (;;) {
      // Stuck, as a worker caught in an endless loop is: only the page's watch can end it.
    }
  },
  (ms) => {
    // Busy, as a long step is: working, and saying so as it goes.
    for (const end = performance.now() + ms; performance.now() < end;) beat();
  },
);

const session = new Session();
// Autosave: every change the session reports is written to IndexedDB a moment later.
const persistence = new Persistence(session, testStop.store(new IndexedDbDocumentStore()), post);
const parseHelper = new ParseHelper();
// Started with this worker, not at the first import: a nested worker loads its
// script through this thread, so one started as an import begins could not
// run until this worker's own long read ended (measured at 1M: the helper's
// half began 3.7 s late, after ours).
parseHelper.warm();
const gzipHelper = new GzipHelper();
// Likewise the gzip helpers: started (and their deflate compiled, see gzip.worker.ts) while this
// worker is idle, so the first export after an import finds them ready, not the export dialog's plan.
gzipHelper.warm();
const handlers = testStop.handlers(createHandlers({ session, persistence, gzipHelper, parseHelper }));

/*
 * One channel for the whole worker, held here: a channel made per call and
 * referenced by nothing can be collected before its message arrives, and the
 * queue would then wait forever (seen once in the browser tests).
 */
const yieldChannel = new MessageChannel();
const yielding: (() => void)[] = [];
yieldChannel.port1.onmessage = () => yielding.shift()?.();

const router = new Router(handlers, {
  post,
  // A new task (after pending message events), faster than setTimeout's clamped delay.
  nextTask: () =>
    new Promise((resolve) => {
      yielding.push(resolve);
      yieldChannel.port2.postMessage(null);
    }),
  revision: () => session.revision,
  isWriter: () => persistence.isWriter,
});

/** Set by the `close-on-next` test hook: the next request ends the worker instead of being answered. */
let closeOnNext = false;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  switch (request.type) {
    case 'hold-lock':
      // Held until the worker ends: the page waits for it to come free.
      void navigator.locks.request(request.name, () => {
        post({ type: 'held', name: request.name });
        return new Promise<never>(() => {});
      });
      return;
    case 'ping':
      post({ type: 'pong', id: request.id });
      return;
    case 'test-stop':
      if (request.how === 'close') self.close();
      else closeOnNext = true;
      return;
    case 'test-stop-during':
      testStop.arm(request.during, request.how, request.ms);
      return;
    default:
      if (closeOnNext) self.close();
      else router.receive(request);
  }
};

function post(message: WorkerResponse, transfer: Transferable[] = []): void {
  // Stopped by a test in the middle of a job: as a worker that ended, it says nothing more.
  if (testStop.stopped) return;
  lastPosted = performance.now();
  self.postMessage(message, { transfer });
}
