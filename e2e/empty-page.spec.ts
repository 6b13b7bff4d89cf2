import { expectCounts, openApp, saveScreenshot } from './helpers';
import { expect, test } from './test';

test('the empty page says what to do and loads cleanly', async ({ page, health }) => {
  await openApp(page);

  await expect(page.getByRole('heading', { name: 'Open your sitemaps' })).toBeVisible();
  await expect(page.getByText('Drop sitemap files anywhere in this window')).toBeVisible();
  await expect(page.getByLabel('Import sitemaps')).toHaveAttribute('type', 'file');
  await expect(page.getByLabel('Import sitemaps')).toHaveAttribute('multiple', '');
  await expectCounts(page, { urls: 0, errors: 0, warnings: 0 });
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, 'empty-page');

  expect(health.pageErrors).toEqual([]);
  expect(health.consoleErrors).toEqual([]);
  expect(health.foreignRequests).toEqual([]);
});

test('the built page sets a Content Security Policy', async ({ page }) => {
  await openApp(page);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
});
