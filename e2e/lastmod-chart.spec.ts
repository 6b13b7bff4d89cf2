import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

/*
 * lastmod-sitemap.xml: 20 URLs, lastmods 2019-11 ×2, 2020-01, 2020-02,
 * 2020-03 ×12 (10 of them on 2020-03-14; one at 23:30 New York time on 31
 * March, April in UTC, charted in March as written), a year alone, an
 * invalid date and two without lastmod. All of it is over five years old,
 * and stays so, so the spec does not depend on the day it runs.
 */

function bars(page: Page) {
  return page.getByRole('group', { name: 'Lastmod by month: choose one to filter the table' });
}

function bar(page: Page, month: string) {
  return bars(page).getByRole('button', { name: new RegExp(`^${month}:`) });
}

const ALL_SUMMARY = 'lastmod from 2019-11 to 2020-03; 75% in 2020-03; 1 with a year only, 1 invalid, 2 without lastmod';

test('the lastmod chart shows the months of the rows, calls out the quiet mistakes, and filters the table by month', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('lastmod-sitemap.xml')]);
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '20');

  // The chart says in words what the bars show.
  const summary = page.getByTestId('lastmod-summary');
  await expect(summary).toHaveText(ALL_SUMMARY);
  await expect(bars(page)).toHaveAccessibleDescription(ALL_SUMMARY);
  const names = await bars(page)
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expect(names).toEqual([
    '2019-11: 2 URLs, over 5 years old',
    '2019-12: 0 URLs, over 5 years old',
    '2020-01: 1 URL, over 5 years old',
    '2020-02: 1 URL, over 5 years old',
    '2020-03: 12 URLs, over 5 years old',
  ]);
  const findings = page.getByRole('list', { name: 'Lastmod findings' }).getByRole('listitem');
  await expect(findings).toHaveText([
    '63% of lastmods (10) are on 2020-03-14: likely when the sitemap was generated, not when the pages changed.',
    'The newest lastmod is from 2020-03, over a year ago: is the sitemap still being generated?',
  ]);

  // The chart follows the table: choose the blog branch in the tree (its one host is open).
  const tree = page.getByRole('tree', { name: 'Site structure' });
  await expect(tree.getByRole('treeitem', { name: /^www\.example\.com,/ })).toHaveAttribute('aria-expanded', 'true');
  await tree
    .getByRole('treeitem', { name: /^blog,/ })
    .locator('.st-label')
    .click();
  await expect(grid).toHaveAttribute('aria-rowcount', '4');
  await expect(summary).toHaveText('lastmod from 2019-11 to 2020-02; 50% in 2019-11');
  await expect(page.getByText('The 4 URLs the table shows')).toBeVisible();
  await page.getByRole('button', { name: 'Show every branch' }).click();
  await expect(summary).toHaveText(ALL_SUMMARY);

  // Choosing a month filters the table to it; the chart keeps every month to choose from.
  await bar(page, '2020-03').click();
  await expect(grid).toHaveAttribute('aria-rowcount', '12');
  await expect(bar(page, '2020-03')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('lastmod-filter')).toHaveText('Lastmod in: 2020-03×');
  await expect(page.getByTestId('structure-filter')).toHaveText(
    'Table: 12 of 20 URLs lastmod in 2020-03. The tree counts every URL.',
  );
  await expect(summary).toHaveText(ALL_SUMMARY);
  await saveScreenshot(page, 'lastmod-chart');

  // The keyboard moves between the bars; Enter chooses one.
  await bar(page, '2020-03').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bar(page, '2020-02')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid).toHaveAttribute('aria-rowcount', '1');
  await expect(bar(page, '2020-02')).toHaveAttribute('aria-pressed', 'true');
  await expect(bar(page, '2020-03')).toHaveAttribute('aria-pressed', 'false');
  // An empty month filters nothing.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(bar(page, '2019-12')).toBeFocused();
  await expect(bar(page, '2019-12')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(grid).toHaveAttribute('aria-rowcount', '1');

  // Out of the month filter from the table's chip: every row is back.
  await page.getByRole('button', { name: 'Show every lastmod' }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', '20');
  await expect(page.getByTestId('lastmod-filter')).toHaveCount(0);
  await expect(page.getByTestId('structure-filter')).toHaveCount(0);
});
