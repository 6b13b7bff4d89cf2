import type { RequestType } from '../worker/api';
import type { SitemapWorkerClient } from '../worker/client';
import type { TestStopHow } from '../worker/liveness-protocol';

/** What `?test-hooks` puts on the window for the browser tests. */
interface SitemapEditorTestHooks {
  /**
   * Ends the worker as the browser might, with no error event: `close` at
   * once, `close-on-next` when the next request reaches it (a job then waits
   * for an answer that never comes).
   */
  stopWorker: (how?: 'close' | 'close-on-next') => void;
  /**
   * Stops the worker in the middle of a job: when the next request of type
   * `during` starts running in it (`save`: the next autosave starts
   * writing), it ends (`close`) or gets stuck in a loop (`hang`, found by
   * the watch after `?hang-timeout=MS`). It answers nothing from then on.
   * `slow`: the job first works for `ms`, saying it is busy as a long step
   * does, then goes on.
   */
  stopWorkerDuring: (during: RequestType | 'save', how: TestStopHow, ms?: number) => void;
}

/**
 * A test hook: with `?test-hooks` in the page address, `window.__sitemapEditorTest`
 * lets a browser test stop the worker (and `&stop-during=TYPE:HOW` arms
 * stopWorkerDuring at once). Without it, nothing is installed.
 */
export function installTestHooks(
  client: Pick<SitemapWorkerClient, 'stopWorkerForTest' | 'stopWorkerDuringForTest'>,
  search: string | undefined = globalThis.location?.search,
): boolean {
  if (!new URLSearchParams(search ?? '').has('test-hooks')) return false;
  const hooks: SitemapEditorTestHooks = {
    stopWorker: (how = 'close') => client.stopWorkerForTest(how),
    stopWorkerDuring: (during, how, ms) => client.stopWorkerDuringForTest(during, how, ms),
  };
  // `&stop-during=TYPE:HOW`: armed before the page's first request, the restore of the saved work.
  const [during, how] = (new URLSearchParams(search ?? '').get('stop-during') ?? '').split(':');
  if (during && (how === 'close' || how === 'hang')) hooks.stopWorkerDuring(during as RequestType | 'save', how);
  (globalThis as { __sitemapEditorTest?: SitemapEditorTestHooks }).__sitemapEditorTest = hooks;
  return true;
}
