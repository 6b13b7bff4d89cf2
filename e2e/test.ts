import { test as base, expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

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

/** Prints the alerts and statuses on the page, the first thing to know about a spec that failed. */
async function logNotices(page: Page, title: string): Promise<void> {
  const said = await page
    .locator('[role=alert], [role=status]')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('role')}: ${(el.textContent ?? '').trim().slice(0, 300)}`))
    .catch((err: unknown) => [`(could not be read: ${String(err)})`]);
  console.log(
    `[${title}] the page said, when it failed:\n${said.map((line) => `  ${line}`).join('\n') || '  nothing'}`,
  );
}

/**
 * Every spec fails on an uncaught page error, a console error, or a request
 * to another host, whatever it asserts itself; and on a serious or critical
 * axe-core violation in the state it ends in, on every page it left open.
 */
export const test = base.extend<{ health: PageHealth }>({
  health: [
    async ({ page }, use, testInfo) => {
      const health = watch(page);
      await use(health);
      // A failed spec's log shows what the page was saying (CI keeps no screenshot or trace for us to open).
      if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) await logNotices(page, testInfo.title);
      expect(health.pageErrors, 'uncaught errors on the page').toEqual([]);
      expect(health.consoleErrors, 'console errors').toEqual([]);
      expect(health.foreignRequests, 'requests to other hosts').toEqual([]);
      for (const open of page.context().pages()) {
        if (open.isClosed() || !open.url().startsWith('http')) continue;
        expect(await seriousViolations(open), `serious or critical axe violations at the end (${open.url()})`).toEqual(
          [],
        );
      }
    },
    // Its own time: an axe run reads the whole page, seconds on a busy machine, after a test that may have used its own.
    { auto: true, timeout: 120_000 },
  ],
});

export { expect };
