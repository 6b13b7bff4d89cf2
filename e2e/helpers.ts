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
  await body.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await waitForIdle(page);
}

async function waitForIdle(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden({ timeout: 60_000 });
}

/** The totals in the header: URLs loaded, then errors and warnings. */
export async function expectCounts(page: Page, counts: { urls: number; errors: number; warnings: number }): Promise<void> {
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
