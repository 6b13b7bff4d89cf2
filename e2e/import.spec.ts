import { dropFiles, expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

test('importing a small sitemap shows its URLs and problems', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);

  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  await expect(problemGroup(page, 'lastmod-format')).toContainText('1');
  await expect(problemGroup(page, 'changefreq-value')).toBeVisible();
  await expect(problemGroup(page, 'loc-fragment')).toBeVisible();

  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await expect(grid.getByRole('row')).toHaveCount(6); // the header and five rows
  // Imported text is shown as text: the escaped & is read back as a plain &.
  await expect(grid).toContainText('https://www.example.com/contact?lang=en&ref=footer');
  await expect(page.getByRole('link', { name: /example\.com/ })).toHaveCount(0);
  await saveScreenshot(page, 'small-sitemap');
});

test('importing several files at once adds up their URLs', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('clean-sitemap.xml'), fixture('urls.txt')]);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });
  await expect(page.getByRole('region', { name: /Files/ })).toContainText('clean-sitemap.xml');
  await expect(page.getByRole('region', { name: /Files/ })).toContainText('urls.txt');
});

test('files dropped anywhere on the window are imported', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [fixture('clean-sitemap.xml')]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '3');
});

test('the page stays usable in a 768px window', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  // Nothing forces the window to scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'small-sitemap-768');
});

test('a Site URL re-checks which URLs the sitemaps may list', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  const siteUrl = page.getByLabel('Site URL');
  await siteUrl.fill('https://www.example.org/');
  await siteUrl.press('Enter');
  // Every URL is on another host than the one the sitemaps will be served from.
  await expectCounts(page, { urls: 5, errors: 2, warnings: 6 });
  await expect(problemGroup(page, 'loc-not-allowed')).toContainText('5');

  await siteUrl.fill('https://www.example.com/');
  await siteUrl.blur();
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
});

test('a list of URLs pasted on the page is imported, and adds to what is there', async ({ page }) => {
  await openApp(page);
  const paste = (text: string) =>
    page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, text);
  await paste('https://www.example.com/a\nhttps://www.example.com/b\n');
  await expectCounts(page, { urls: 2, errors: 0, warnings: 0 });
  await expect(page.getByRole('region', { name: /Files/ })).toContainText('pasted.txt');
  await paste('https://www.example.com/c');
  await expect(page.getByTestId('url-count')).toHaveText('3');
  // A paste into a text field stays in the field.
  await page.getByLabel('Filter URLs').focus();
  await page.getByLabel('Filter URLs').evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'https://www.example.com/d');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(page.getByTestId('url-count')).toHaveText('3');
});
