import type { Page } from '@playwright/test';
import { openExport, setSiteUrl } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { urlGrid } from './table-helpers';
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

const storedSettings = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, SETTINGS_KEY);

test('settings kept by the version before: the Site URL, the export choices and closed panels come back', async ({
  page,
}) => {
  await visitWith(page, {
    [SETTINGS_KEY]: JSON.stringify({
      siteUrl: 'https://www.example.com/',
      exportPrefs: {
        format: 'xml',
        gzip: true,
        index: 'auto',
        profile: 'standard',
        maxUrls: 50000,
        maxBytes: 52428800,
        schemaLocation: false,
        lastmodForm: 'datetime',
      },
    }),
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
      exportPrefs: {
        format: 'xml',
        gzip: true,
        index: 'auto',
        profile: 'standard',
        maxUrls: 50000,
        maxBytes: 52428800,
        schemaLocation: false,
        lastmodForm: 'datetime',
        // Added since that version; openExport chose Split by limits.
        stylesheet: false,
        layout: 'limits',
        newRowsTo: '',
      },
      sidePanelsOpen: false,
      columnLayout: null,
      // Added since that version: none chosen, the page follows the browser's languages.
      language: null,
    },
    version: 2,
  });
});

test('stored settings that are not settings leave the defaults, and the page works and stores good ones', async ({
  page,
}) => {
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
  expect(await storedSettings(page)).toMatchObject({
    state: { siteUrl: 'https://www.example.com/', sidePanelsOpen: false },
    version: 2,
  });
});

test('a column layout kept by the version before, under its own key, comes back and moves into the settings', async ({
  page,
}) => {
  const layout = {
    sizing: { lastmod: 250, priority: 80 },
    visibility: { file: false },
    order: ['select', 'index', 'loc', 'problems', 'ext', 'lastmod', 'priority', 'changefreq', 'file'],
    pinned: ['select', 'loc'],
    wrap: true,
  };
  await visitWith(page, { 'sitemap-editor:columns': JSON.stringify(layout) });
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const headers = () =>
    urlGrid(page)
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
  const expectLayout = async () => {
    expect(await headers()).toEqual(['Select', 'loc', '#', 'problems', 'ext.', 'lastmod', 'priority', 'changefreq']);
    await expect(page.getByRole('separator', { name: 'Resize lastmod', exact: true })).toHaveAttribute(
      'aria-valuenow',
      '250',
    );
    await expect(page.getByRole('separator', { name: 'Resize priority', exact: true })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Wrap long URLs' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'source file', exact: true })).not.toBeChecked();
    await page.keyboard.press('Escape');
  };
  await expectLayout();
  await saveScreenshot(page, 'columns-from-older-version');

  // Now among the settings, and the old key is gone.
  expect(await storedSettings(page)).toMatchObject({ state: { columnLayout: layout }, version: 2 });
  expect(await page.evaluate(() => localStorage.getItem('sitemap-editor:columns'))).toBeNull();

  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.reload();
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '5');
  await expectLayout();
});
