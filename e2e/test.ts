import { test as base, expect, type Page } from '@playwright/test';

/** What went wrong on the page while a spec ran. */
export interface PageHealth {
  pageErrors: string[];
  consoleErrors: string[];
  /** Requests to anything but the app's own server: the app must work offline. */
  foreignRequests: string[];
}

function watch(page: Page): PageHealth {
  const health: PageHealth = { pageErrors: [], consoleErrors: [], foreignRequests: [] };
  page.on('pageerror', (err) => health.pageErrors.push(err.stack ?? err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') health.consoleErrors.push(msg.text());
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    const network = ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
    if (network && url.hostname !== '127.0.0.1') health.foreignRequests.push(req.url());
  });
  return health;
}

/**
 * Every spec fails on an uncaught page error, a console error, or a request
 * to another host, whatever it asserts itself.
 */
export const test = base.extend<{ health: PageHealth }>({
  health: [
    async ({ page }, use) => {
      const health = watch(page);
      await use(health);
      expect(health.pageErrors, 'uncaught errors on the page').toEqual([]);
      expect(health.consoleErrors, 'console errors').toEqual([]);
      expect(health.foreignRequests, 'requests to other hosts').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
