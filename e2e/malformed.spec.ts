import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { corpus, fixture } from './paths';
import { expect, test } from './test';

const BROKEN = 'broken_sitemapjs_unescaped-lt-in-text.xml';

test('a malformed file is reported with file, line and column, and the page keeps working', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [corpus(BROKEN)]);

  const group = problemGroup(page, 'xml-malformed');
  await expect(group).toBeVisible();
  await expect(group.locator('.problem-place').first()).toHaveText(
    new RegExp(`^${BROKEN.replace(/\./g, '\\.')}:\\d+:\\d+$`),
  );
  await expect(page.getByTestId('problem-count')).toHaveText(/^[1-9]\d* errors? · \d+ warnings?$/);
  await saveScreenshot(page, 'malformed');

  // The next import works, and adds its rows to the broken file's one.
  await importFiles(page, [fixture('clean-sitemap.xml')]);
  await expect(page.getByTestId('url-count')).toHaveText('4');
  await expect(problemGroup(page, 'xml-malformed')).toBeVisible();
});
