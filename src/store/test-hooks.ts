import type { SitemapWorkerClient } from '../worker/client';

/** What `?test-hooks` puts on the window for the browser tests. */
export interface SitemapEditorTestHooks {
  /**
   * Ends the worker as the browser might, with no error event: `close` at
   * once, `close-on-next` when the next request reaches it (a job then waits
   * for an answer that never comes).
   */
  stopWorker: (how?: 'close' | 'close-on-next') => void;
}

/**
 * A test hook: with `?test-hooks` in the page address, `window.__sitemapEditorTest`
 * lets a browser test stop the worker. Without it, nothing is installed.
 */
export function installTestHooks(
  client: Pick<SitemapWorkerClient, 'stopWorkerForTest'>,
  search: string | undefined = globalThis.location?.search,
): boolean {
  if (!new URLSearchParams(search ?? '').has('test-hooks')) return false;
  const hooks: SitemapEditorTestHooks = { stopWorker: (how = 'close') => client.stopWorkerForTest(how) };
  (globalThis as { __sitemapEditorTest?: SitemapEditorTestHooks }).__sitemapEditorTest = hooks;
  return true;
}
