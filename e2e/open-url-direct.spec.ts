import type { Page } from '@playwright/test';
import { startTestSite, type TestSite } from '../src/cli/fetch/test-site';
import { openApp, problemGroup, saveScreenshot } from './helpers';
import { urlGrid } from './table-helpers';
import { expect, test } from './test';

/*
 * Open URL on the page as a static host serves it (the suite's `vite
 * preview`, no `sitemap-editor serve`): the browser fetches the site itself.
 * Two sites on 127.0.0.1: one that lets any page read it (CORS), one that
 * does not. Nothing leaves 127.0.0.1.
 */
let open: TestSite;
let closed: TestSite;

test.beforeAll(async () => {
  open = await startTestSite({ cors: true });
  closed = await startTestSite();
});
test.afterAll(async () => {
  await open?.close();
  await closed?.close();
});

async function openUrl(page: Page, url: string): Promise<void> {
  await page.getByLabel('Open URL').fill(url);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

test('a site that allows it is opened by the page itself; a reload keeps where it came from; Refresh from the site compares with it now', async ({
  page,
  health,
}) => {
  open.edition = 1;
  await openApp(page);
  const root = `${open.origin}/live-index.xml`;
  await openUrl(page, root);
  // 3 URLs gzipped, 3 plain, 2 behind the redirect; the 404 is a fetch problem.
  await expect(page.getByTestId('url-count')).toHaveText('8');
  for (const [code, file] of [
    ['fetch-redirected', '/old-sitemap.xml'],
    ['fetch-http-error', '/sitemap-missing.xml'],
  ] as const) {
    const group = problemGroup(page, code);
    await expect(group).toBeVisible();
    await expect(group).toContainText(`${open.origin}${file}`);
  }
  await expect(problemGroup(page, 'index-child-missing')).toHaveCount(0);
  // The browser logs the missing child's 404 (the fetch problem above): the one console error expected here.
  expect(health.consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
  health.consoleErrors.length = 0;
  await expect(page.getByTestId('files-opened-from')).toHaveText(` · from ${root}`);
  await saveScreenshot(page, 'open-url-direct');

  // Saved with the document: a reload still says where the set came from.
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('url-count')).toHaveText('8');
  await expect(page.getByTestId('files-opened-from')).toHaveText(` · from ${root}`);

  // The site changes: /shop/item goes, /blog/new-post comes.
  open.edition = 2;
  const panel = page.getByRole('region', { name: 'Compare' });
  await panel.getByRole('button', { name: 'Refresh from the site' }).click();
  await expect(panel.getByTestId('compare-site-sides')).toContainText('Before: what the site serves now');
  // Added: in what is open, not on the site now; Removed: on the site now, not open.
  await expect(panel.getByRole('button', { name: 'Added 1' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Removed 1' })).toBeVisible();
  await expect(panel.getByTestId('compare-unchanged')).toHaveText('7 unchanged');
  await panel.getByRole('button', { name: 'Removed 1' }).click();
  await expect(panel).toContainText(`${open.origin}/blog/new-post`);
  await panel.getByRole('button', { name: 'Added 1' }).click();
  // Added ones are rows of the table: it shows them alone.
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '1');
  await expect(urlGrid(page)).toContainText('/shop/item');
  await saveScreenshot(page, 'open-url-refresh-compare');
  // Refresh asked for the missing child again: its 404, logged once more.
  expect(health.consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
  health.consoleErrors.length = 0;
});

test('a site that does not allow it: one sentence says how to start serve, and nothing is lost', async ({
  page,
  health,
}) => {
  await openApp(page);
  const url = `${closed.origin}/live-index.xml`;
  await openUrl(page, url);
  await expect(
    page.getByText(
      `${url} does not let a web page read it (CORS): run "npx sitemap-editor serve" and open the address it prints.`,
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Open URL')).toBeEnabled();
  await saveScreenshot(page, 'open-url-cors-blocked');
  // The browser's own words for the refusal are the console errors expected here.
  expect(health.consoleErrors).toEqual([
    `Access to fetch at '${url}' from origin '${new URL(page.url()).origin}' has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.`,
    'Failed to load resource: net::ERR_FAILED',
  ]);
  health.consoleErrors.length = 0;
});
