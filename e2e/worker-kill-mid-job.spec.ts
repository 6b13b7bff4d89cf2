/*
 * A worker lost in the middle of a job (issue 34): whatever the job, the page
 * says it failed, offers Retry, and shows the rows of the last save; it never
 * shows the job as done. Each test stops the worker as the job starts running
 * in it (the `?test-hooks` stopWorkerDuring hook), one of two ways: `close`,
 * as the browser may end a worker (the page hears its lock come free), or
 * `hang`, stuck in a loop until the page's watch gives up on it
 * (`?hang-timeout=` shortens the 15 s wait).
 */
import type { Locator, Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell } from './table-helpers';
import { expect, test } from './test';

/** Long enough that a busy machine's slow worker start is not taken for a hang, short enough to wait for. */
const HANG_TIMEOUT_MS = 5_000;
const HOOKS = `/?test-hooks&hang-timeout=${HANG_TIMEOUT_MS}`;

const LOST: Record<'close' | 'hang', string> = {
  close: 'The worker stopped without a word \\(closed, or stopped by the browser\\)\\.',
  hang: 'The worker has not answered for \\d+ s\\.',
};
const SAVED_AT = 'It was restarted, and your work is back as saved at \\d\\d:\\d\\d:\\d\\d\\.';

/** Arms the stop: the worker ends (or hangs) as the next `during` request starts in it. */
async function stopDuring(page: Page, during: string, how: 'close' | 'hang'): Promise<void> {
  await page.evaluate(
    ([d, h]) =>
      (
        window as unknown as { __sitemapEditorTest: { stopWorkerDuring: (d: string, h: string) => void } }
      ).__sitemapEditorTest.stopWorkerDuring(d, h),
    [during, how] as const,
  );
}

/** The notice a lost job leaves: "<what> failed: <why> It was restarted, and your work is back…", with Retry. */
async function expectFailedWithRetry(page: Page, what: string, how: 'close' | 'hang'): Promise<Locator> {
  const alert = page.getByRole('alert').filter({ hasText: `${what} failed` });
  await expect(alert.locator('span')).toHaveText(new RegExp(`^${what} failed: ${LOST[how]} ${SAVED_AT}$`), {
    timeout: 30_000,
  });
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  return alert;
}

async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** small-sitemap.xml imported and saved: 5 URLs, 2 errors, 1 warning. */
async function openSaved(page: Page): Promise<void> {
  await openApp(page, HOOKS);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expectSaved(page);
}

test('an import whose worker hangs: failed, with Retry; the rows of the last save, none of the import', async ({
  page,
}) => {
  await openSaved(page);
  await stopDuring(page, 'importFiles', 'hang');
  await page.getByLabel('Import sitemaps').setInputFiles(fixture('clean-sitemap.xml'));
  const alert = await expectFailedWithRetry(page, 'Import', 'hang');
  await saveScreenshot(page, 'kill-mid-import');
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(page.getByTestId('files-summary')).toContainText('small-sitemap.xml');

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('files-summary')).toHaveText(/^\d+ entries/);
  const total = Number(await page.getByTestId('url-count').innerText());
  expect(total).toBeGreaterThan(5);
});

test('a check whose worker ends: failed, with Retry; the totals stay those of the last save', async ({ page }) => {
  await openSaved(page);
  await stopDuring(page, 'setSiteUrl', 'close');
  await setSiteUrl(page, 'https://shop.example.org/');
  const alert = await expectFailedWithRetry(page, 'Check', 'close');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  await alert.getByRole('button', { name: 'Retry' }).click();
  // Against another site, every URL is out of place.
  await expect(page.getByTestId('problem-count')).not.toHaveText('2 errors · 1 warning');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Fix all whose worker hangs: failed, with Retry, and nothing says it fixed anything', async ({ page }) => {
  await openSaved(page);
  await stopDuring(page, 'fix', 'hang');
  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  const alert = await expectFailedWithRetry(page, 'Fixing', 'hang');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toHaveCount(0);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toContainText('1 × changefreq-value');
});

test('an export whose worker ends: the dialog says it failed and nothing was downloaded, and its Retry downloads', async ({
  page,
}, testInfo) => {
  await openSaved(page);
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  const dialog = await openExport(page);
  await stopDuring(page, 'export', 'close');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const confirm = dialog.getByRole('button', { name: 'Continue with errors' });
  await confirm.click();
  // The preview's plan, asked again as the worker ended, may say it failed too: a second alert.
  const failure = dialog.getByRole('alert').filter({ hasText: /^Export failed/ });
  await expect(failure).toContainText(
    /^Export failed: The worker stopped without a word \(closed, or stopped by the browser\)\. Nothing was downloaded\./,
  );
  await saveScreenshot(page, 'kill-mid-export');
  expect(downloads).toEqual([]);
  await expect(dialog.getByRole('status').filter({ hasText: 'Downloaded' })).toHaveCount(0);

  const { file } = await downloadBy(
    page,
    () => failure.getByRole('button', { name: 'Retry' }).click(),
    testInfo.outputPath('download'),
  );
  expect(file).toMatch(/sitemap\.xml$/);
  await expect(dialog.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Behind the dialog, the notice said the same, with its own Retry.
  await expectFailedWithRetry(page, 'Export', 'close');
});

test('an autosave whose worker ends while writing: never "Saved"; the page says the change was not saved', async ({
  page,
}) => {
  await openSaved(page);
  await stopDuring(page, 'save', 'close');
  await editCell(page, 1, 'priority', '0.3');
  const alert = page.getByRole('alert');
  // A side panel's pass asked a moment after the edit may be the request lost with the worker: then
  // the notice names it first ("Building the structure tree failed: …"), on a busy machine more often.
  await expect(alert.locator('span')).toHaveText(
    new RegExp(
      `^(?:[A-Z][^:]* failed: )?${LOST.close} ${SAVED_AT} The change made after that save had not been saved and is not there\\.$`,
    ),
    { timeout: 30_000 },
  );
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
  await expectSaved(page);
  // The saved copy is the one from before the edit: a reload shows it.
  await page.reload();
  await expect(tableCell(page, 1, 'priority')).toHaveText('1.0');
});

test('the restore of the saved work, its worker stuck: a busy state, then the work back, and the notice says why', async ({
  page,
}) => {
  await openSaved(page);
  await editCell(page, 1, 'priority', '0.3');
  await expect(page.getByTestId('save-status')).toHaveText(/^Saving…|Saved /);
  await expectSaved(page);
  await page.goto(`${HOOKS}&stop-during=restore:hang`);
  // The restore is shown as a job while it runs, not as an empty page.
  await expect(page.getByRole('status').filter({ hasText: 'Opening your saved work' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'Try a sample sitemap' })).toHaveCount(0);
  const alert = page.getByRole('alert');
  await expect(alert.locator('span')).toHaveText(new RegExp(`^${LOST.hang} ${SAVED_AT}$`), { timeout: 30_000 });
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.3');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
});

test('loading a comparison whose worker hangs: failed, with Retry; no comparison is shown', async ({ page }) => {
  await openApp(page, HOOKS);
  await importFiles(page, [fixture('compare-new.xml')]);
  await expectSaved(page);
  const panel = page.getByRole('region', { name: 'Compare' });
  await stopDuring(page, 'compareLoad', 'hang');
  await panel.getByLabel('Load before sitemaps').setInputFiles(fixture('compare-live.xml'));
  const alert = await expectFailedWithRetry(page, 'Loading the before sitemaps', 'hang');
  await expect(panel.getByTestId('compare-before')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Added/ })).toHaveCount(0);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByTestId('compare-before')).toHaveText('Before: compare-live.xml (7 URLs)');
});

test('the structure tree whose worker ends while building it: failed, with Retry, which builds it', async ({
  page,
}) => {
  await openApp(page, HOOKS);
  await importFiles(page, [fixture('structure-sitemap.xml')]);
  await expectSaved(page);
  const tree = page.getByRole('tree', { name: 'Site structure' });
  const blog = tree.getByRole('treeitem', { name: /^blog,/ });
  await expect(blog).toHaveAttribute('aria-expanded', 'false');
  // Opening a branch asks the worker for its level.
  await stopDuring(page, 'treeLevels', 'close');
  await blog.locator('.st-twisty').click();
  const alert = await expectFailedWithRetry(page, 'Building the structure tree', 'close');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(tree.getByRole('treeitem', { name: /^2024,/ })).toBeVisible();
});

test('a sort whose worker hangs: failed, with Retry; the rows come back from the save', async ({ page }) => {
  await openSaved(page);
  await stopDuring(page, 'setView', 'hang');
  const grid = page.getByRole('grid');
  await grid.getByRole('columnheader', { name: 'loc', exact: true }).getByRole('button').click();
  const alert = await expectFailedWithRetry(page, 'Filtering', 'hang');
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(grid.getByRole('columnheader', { name: 'loc', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
