import type { Page } from '@playwright/test';
import { openExport, setSiteUrl } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

const SETTINGS_KEY = 'sitemap-editor:settings';

/** Puts values in this origin's localStorage as an earlier visit left them, then loads the page afresh. */
async function visitWith(page: Page, items: Record<string, string>): Promise<void> {
  await openApp(page);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
}

const storedSettings = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, SETTINGS_KEY);

test('settings kept by the version before: the Site URL, the export choices and closed panels come back', async ({ page }) => {
  await visitWith(page, {
    [SETTINGS_KEY]: JSON.stringify({ siteUrl: 'https://www.example.com/', exportPrefs: { format: 'xml', gzip: true, index: 'auto', profile: 'standard', maxUrls: 50000, maxBytes: 52428800, schemaLocation: false, lastmodForm: 'datetime' } }),
    'sitemap-editor:side-panels': 'closed',
  });
  await expect(page.getByLabel('Site URL')).toHaveValue('https://www.example.com/');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(page.getByRole('button', { name: 'Show panels' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: /^Problems/ })).toBeHidden();
  const dialog = await openExport(page);
  await expect(dialog.getByLabel('Date and time with zone')).toBeChecked();
  await expect(dialog.getByLabel('Gzip each file')).toBeChecked();
  await saveScreenshot(page, 'settings-from-older-version');

  // Written anew in the current format.
  expect(await storedSettings(page)).toEqual({
    state: {
      siteUrl: 'https://www.example.com/',
      exportPrefs: { format: 'xml', gzip: true, index: 'auto', profile: 'standard', maxUrls: 50000, maxBytes: 52428800, schemaLocation: false, lastmodForm: 'datetime' },
      sidePanelsOpen: false,
    },
    version: 1,
  });
});

test('stored settings that are not settings leave the defaults, and the page works and stores good ones', async ({ page }) => {
  await visitWith(page, { [SETTINGS_KEY]: '{"state": {"siteUrl": 42, "exportPrefs": "gzip"' });
  await expect(page.getByLabel('Site URL')).toHaveValue('');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(page.getByRole('button', { name: 'Hide panels' })).toHaveAttribute('aria-expanded', 'true');
  await setSiteUrl(page, 'https://www.example.com/');
  await page.getByRole('button', { name: 'Hide panels' }).click();
  // A reload while the rows wait to be saved would ask first.
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });

  await page.reload();
  await expect(page.getByLabel('Site URL')).toHaveValue('https://www.example.com/');
  await expect(page.getByRole('button', { name: 'Show panels' })).toHaveAttribute('aria-expanded', 'false');
  expect(await storedSettings(page)).toMatchObject({ state: { siteUrl: 'https://www.example.com/', sidePanelsOpen: false }, version: 1 });
});
