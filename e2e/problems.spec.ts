import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { corpus, fixture } from './paths';
import { expect, test } from './test';

/** The button that filters the table to a group's rows. */
function chooser(page: import('@playwright/test').Page, code: string) {
  return problemGroup(page, code).locator('button[aria-pressed]');
}

test('groups show the count, the plain title and the Search Console name', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);

  const errors = page.getByRole('list', { name: /Errors/ });
  await expect(errors.locator('.problem-group')).toHaveCount(2);
  const lastmod = problemGroup(page, 'lastmod-format');
  await expect(lastmod.getByTestId('group-count')).toHaveText('1');
  await expect(lastmod).toContainText('The lastmod is not in W3C Datetime format');
  await expect(lastmod).toContainText('Search Console: “Invalid date”');
  await expect(lastmod.locator('.problem-place').first()).toHaveText(/^small-sitemap\.xml:\d+:\d+$/);
  await expect(page.getByRole('list', { name: /Warnings/ }).locator('.problem-group')).toHaveCount(1);
  await saveScreenshot(page, 'problems-panel');
});

test('choosing a group filters the table to its rows, and choosing it again shows all', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');

  await chooser(page, 'changefreq-value').click();
  await expect(chooser(page, 'changefreq-value')).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', '1');
  await expect(page.getByText('Table shows only rows with')).toBeVisible();

  await chooser(page, 'changefreq-value').click();
  await expect(chooser(page, 'changefreq-value')).toHaveAttribute('aria-pressed', 'false');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');

  await chooser(page, 'loc-fragment').click();
  await expect(grid).toHaveAttribute('aria-rowcount', '1');
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(chooser(page, 'loc-fragment')).toHaveAttribute('aria-pressed', 'false');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
});

test('Fix all on a group repairs its rows and says what it changed', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  await chooser(page, 'lastmod-format').click();
  await expect(chooser(page, 'lastmod-format')).toHaveAttribute('aria-pressed', 'true');
  await problemGroup(page, 'lastmod-format').getByRole('button', { name: 'Fix all lastmod-format' }).click();

  await expect(problemGroup(page, 'lastmod-format').getByTestId('group-count')).toHaveText('0');
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toContainText('Fixed 1 × lastmod-format.');
  // Fixed, nothing left to fix in the group.
  await expect(problemGroup(page, 'lastmod-format').getByRole('button', { name: /Fix all/ })).toHaveCount(0);
  await saveScreenshot(page, 'problems-fixed-group');

  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  const notice = page.getByRole('status').filter({ hasText: 'Fixed' });
  await expect(notice).toContainText('1 × changefreq-value');
  await expect(notice).toContainText('1 × loc-fragment');
  await expect(page.getByRole('button', { name: /Fix all automatically fixable/ })).toHaveCount(0);
});

test('a problem in a file is listed under that file with its line and column', async ({ page }) => {
  const broken = 'broken_sitemapjs_unescaped-lt-in-text.xml';
  await openApp(page);
  await importFiles(page, [corpus(broken), fixture('clean-sitemap.xml')]);
  const inFiles = page.getByRole('list', { name: /In files/ });
  const entry = inFiles.locator(`[data-file="${broken}"]`);
  await expect(entry).toContainText('xml-malformed');
  await expect(entry.locator('.problem-place').first()).toHaveText(
    new RegExp(`^${broken.replace(/\./g, '\\.')}:\\d+:\\d+$`),
  );
  // A file-level problem has no rows to show, so its group does not filter the table.
  await expect(problemGroup(page, 'xml-malformed').locator('button[aria-pressed]')).toHaveCount(0);
  await saveScreenshot(page, 'problems-in-files');
});

test('the sample sitemap shows typical problems', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Try a sample sitemap' }).click();
  await expect(page.getByTestId('url-count')).toHaveText('12');
  for (const code of ['lastmod-format', 'changefreq-value', 'priority-format', 'loc-duplicate', 'loc-fragment']) {
    await expect(problemGroup(page, code)).toBeVisible();
  }
  await expect(page.getByRole('region', { name: /Files/ })).toContainText('sample-sitemap.xml');
  await saveScreenshot(page, 'sample-sitemap');

  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Fixed' });
  await expect(notice).toContainText('removed 1 duplicate row');
  await expect(page.getByTestId('url-count')).toHaveText('11');
  await expect(page.getByTestId('problem-count')).toHaveText('0 errors · 0 warnings');
});
