import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { setSiteUrl } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';

/** Waits until the header says the latest change is written to the browser's storage. */
async function waitUntilSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** A sitemap of `count` URLs whose changefreq ("Daily") Fix all repairs. */
function writeFixableSitemap(testInfo: TestInfo, count: number): string {
  const urls: string[] = [];
  for (let i = 1; i <= count; i++)
    urls.push(`<url><loc>https://www.example.com/page/${i}</loc><changefreq>Daily</changefreq></url>`);
  const file = testInfo.outputPath('fixable.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  return file;
}

test('a reload restores the rows, an edited value and the Site URL', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await editCell(page, 1, 'priority', '0.3');
  await expect(tableCell(page, 1, 'priority')).toContainText('0.3');
  await setSiteUrl(page, 'https://www.example.com/');
  await waitUntilSaved(page);
  const counts = {
    url: await page.getByTestId('url-count').textContent(),
    problems: await page.getByTestId('problem-count').textContent(),
  };

  await page.reload();
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(page.getByTestId('problem-count')).toHaveText(counts.problems ?? '');
  await expect(tableCell(page, 1, 'priority')).toContainText('0.3');
  await expect(page.getByLabel('Site URL')).toHaveValue('https://www.example.com/');
  await expect(page.getByRole('status').filter({ hasText: 'Restored your work from' })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved /);
  await saveScreenshot(page, 'persist-restored');
});

test('a reload right after a bulk change (Fix all) of 100,000 URLs restores them exactly', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, [writeFixableSitemap(testInfo, 100_000)]);
  await expect(page.getByTestId('url-count')).toHaveText('100000');
  // One file over 50,000 URLs: too-many-urls, which export handles by splitting.
  await expect(page.getByTestId('problem-count')).toHaveText('100,000 errors · 1 warning');
  await expect(tableCell(page, 1, 'changefreq')).toContainText('Daily');

  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expectCounts(page, { urls: 100_000, errors: 0, warnings: 1 });
  await waitUntilSaved(page);

  await page.reload();
  await expectCounts(page, { urls: 100_000, errors: 0, warnings: 1 });
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '100000');
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('daily');
  await expect(tableCell(page, 1, 'loc')).toContainText('https://www.example.com/page/1');
});

test('Clear asks first, then empties the page and the saved copy', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await waitUntilSaved(page);

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Clear all 5 URLs?');
  await saveScreenshot(page, 'persist-clear-confirm');
  await ask.getByRole('button', { name: 'Keep my work' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('url-count')).toHaveText('5');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear everything' }).click();
  await expectCounts(page, { urls: 0, errors: 0, warnings: 0 });
  await expect(page.getByRole('heading', { name: 'Open your sitemaps' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cleared' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Open your sitemaps' })).toBeVisible();
  await expectCounts(page, { urls: 0, errors: 0, warnings: 0 });
  await expect(page.getByRole('status').filter({ hasText: 'Restored' })).toHaveCount(0);
});

test('leaving the page while a save is pending asks first', async ({ page }) => {
  // The save waits 5 s after a change instead of 300 ms: on a slow machine the
  // default could pass before the reload, and there would be nothing to ask.
  await openApp(page, '/?save-delay=5000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await waitUntilSaved(page);
  await editCell(page, 2, 'priority', '0.7');
  await expect(page.getByTestId('save-status')).toHaveText('Saving…');
  // The save is waiting: a reload now must ask.
  const dialog = page.waitForEvent('dialog');
  const reload = page.reload().catch(() => {});
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
  await reload;
});
