import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './test';
import { artifact } from './paths';

/** Opens the app (at `address`, for the test hooks in its query) and waits until it is ready for files. */
export async function openApp(page: Page, address = '/'): Promise<void> {
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Import sitemaps')).toBeAttached();
}

/** Chooses files with the "Import sitemaps" picker, as a user would, and waits for the import to end. */
export async function importFiles(page: Page, paths: string[]): Promise<void> {
  await watchForJob(page);
  await page.getByLabel('Import sitemaps').setInputFiles(paths);
  await waitForIdle(page);
}

/** Drops files onto the window, as dragging them from a file manager does. */
export async function dropFiles(page: Page, paths: string[]): Promise<void> {
  const files = paths.map((p) => ({ name: path.basename(p), text: readFileSync(p, 'latin1') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      // latin1 round-trips bytes 1:1, so the page gets the file's exact bytes.
      const bytes = Uint8Array.from(f.text, (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name));
    }
    return dt;
  }, files);
  const body = page.locator('body');
  await body.dispatchEvent('dragenter', { dataTransfer });
  await body.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await watchForJob(page);
  await body.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await waitForIdle(page);
}

type JobWatch = { __jobSeen?: boolean };

/**
 * Notes in the page when a job starts (the workspace turns `aria-busy`), from
 * now on: called before the action that starts one, so that waitForIdle
 * cannot pass before a large import has even begun.
 */
async function watchForJob(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as JobWatch;
    w.__jobSeen = false;
    const seen = (): boolean => document.querySelector('main[aria-busy="true"]') !== null;
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      w.__jobSeen = true;
      observer.disconnect();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
  });
}

/** Waits for the job watchForJob saw start to have ended: started, then the workspace no longer busy. */
async function waitForIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as JobWatch).__jobSeen === true, null, { timeout: 60_000 });
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
}

/** The totals in the header: URLs loaded, then errors and warnings. */
export async function expectCounts(
  page: Page,
  counts: { urls: number; errors: number; warnings: number },
): Promise<void> {
  await expect(page.getByTestId('url-count')).toHaveText(String(counts.urls));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  await expect(page.getByTestId('problem-count')).toHaveText(
    `${plural(counts.errors, 'error')} · ${plural(counts.warnings, 'warning')}`,
  );
}

/** The group of problems with this rule code in the problems panel. */
export function problemGroup(page: Page, code: string) {
  return page.locator(`.problem-group[data-code="${code}"]`);
}

/** Saves a full-page screenshot to e2e/artifacts/, for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: artifact(`${name}.png`), fullPage: true });
}
