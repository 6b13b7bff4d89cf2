import AxeBuilder from '@axe-core/playwright';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

test.use({ viewport: { width: 1366, height: 850 } });

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { name: /^Problems/, level: 2 });

test('after Fix all from the keyboard the focus goes to the Problems heading, whose count says what is left, not to the page', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });

  // A group's own Fix all: the button goes with the group's last problem.
  const fixGroup = problemGroup(page, 'lastmod-format').getByRole('button', { name: 'Fix all lastmod-format' });
  await fixGroup.focus();
  await page.keyboard.press('Enter');
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });
  await expect(problemGroup(page, 'lastmod-format')).toHaveCount(0);
  await expect(heading(page)).toBeFocused();
  await expect(heading(page)).toHaveText('Problems 2');
  // The next Tab stop is the panel's own Fix all: the keyboard user goes on from where they were.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Fix all automatically fixable/ })).toBeFocused();

  // Fix all of everything: the button goes too.
  await page.keyboard.press('Enter');
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  await expect(page.getByRole('button', { name: /Fix all automatically fixable/ })).toHaveCount(0);
  await expect(heading(page)).toBeFocused();
  await expect(heading(page)).toHaveText('Problems 0');
  await saveScreenshot(page, 'fix-focus-all-fixed');
});

test('Fix all on the group the table is filtered by: the focus goes to the heading, the table says the fix emptied it and offers to clear', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await problemGroup(page, 'lastmod-format').locator('button[aria-pressed]').click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '1');

  await problemGroup(page, 'lastmod-format').getByRole('button', { name: 'Fix all lastmod-format' }).focus();
  await page.keyboard.press('Enter');
  await expect(problemGroup(page, 'lastmod-format').getByTestId('group-count')).toHaveText('0');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByTestId('empty-view')).toContainText('the fix cleared them');
  await page.getByTestId('empty-view').getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '5');
});

/** What axe's `region` rule finds outside every landmark. */
async function outsideLandmarks(page: import('@playwright/test').Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

test("axe's region rule: every control of the page, empty or with a file open, is inside a landmark", async ({
  page,
}) => {
  await openApp(page);
  expect(await outsideLandmarks(page)).toEqual([]);
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await outsideLandmarks(page)).toEqual([]);
});
