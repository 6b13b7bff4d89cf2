import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { artifact, fixture } from './paths';
import { tableCell, tableRow, urlGrid } from './table-helpers';
import { expect, test } from './test';

const JUMP = fixture('jump-sitemap.xml');

test('choosing a problem example selects its row in the grid, scrolls to it and focuses its cell', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [JUMP]);
  const group = problemGroup(page, 'lastmod-format');
  // Search Console's name leads, our code comes second.
  await expect(group.locator('.problem-lead')).toHaveText('Search Console: “Invalid date”');
  await expect(group.locator('.problem-second')).toHaveText('lastmod-format The lastmod is not in W3C Datetime format');
  await group.locator('summary').click();
  const examples = group.locator('.problem-jump');
  await expect(examples).toHaveCount(2);
  await expect(examples.first()).toContainText('https://www.example.com/page-35');

  await examples.first().click();
  const cell = tableCell(page, 35, 'lastmod');
  await expect(cell).toBeFocused();
  await expect(cell).toBeInViewport();
  await expect(tableRow(page, 35)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'problem-jump-1366');

  // A row the filter hides: the filter is cleared, then the row is shown.
  await page.getByLabel('Filter URLs').fill('page-0');
  await expect(page.getByTestId('view-count')).toHaveText('9 of 40 URLs');
  await examples.nth(1).click();
  await expect(page.getByTestId('view-count')).toHaveText('40 of 40 URLs');
  await expect(page.getByLabel('Filter URLs')).toHaveValue('');
  await expect(tableCell(page, 36, 'lastmod')).toBeFocused();
  await expect(tableRow(page, 36)).toHaveAttribute('aria-selected', 'true');
  await expect(tableRow(page, 35)).not.toHaveAttribute('aria-selected', 'true');
});

test('a row shows as many problem badges as fit, then +N', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [JUMP]);
  await page.getByRole('combobox', { name: 'Problem' }).selectOption('priority-format');
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '1');
  const problems = tableCell(page, 1, 'problems');
  await expect(problems.locator('.ut-badge')).toHaveText(['lastmod-format']);
  await expect(problems.getByTestId('more-problems')).toHaveText('+2');
  // Every problem is named on hover (the title is built only for the cell pointed at).
  await problems.hover();
  await expect(problems).toHaveAttribute('title', /^lastmod-format: .+\nchangefreq-value: .+\npriority-format: .+$/);
  await saveScreenshot(page, 'problem-badges-more');
});

test('a file-level problem shows its source line with the lines around it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, [fixture('jump-malformed.xml')]);
  const entry = page.getByRole('list', { name: /In files/ }).locator('[data-file="jump-malformed.xml"]');
  const first = entry.locator('.problem-jump').first();
  await expect(first.locator('.problem-place')).toHaveText('jump-malformed.xml:8:3');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const source = entry.getByTestId('source-lines').first();
  await expect(source.locator('.source-line')).toHaveText([
    ' 5   </url>\n',
    ' 6   <url>\n',
    ' 7     <loc>https://www.example.com/m2</loc>\n',
    ' 8   </uel>\n    ^\n',
    ' 9   <url>\n',
    '10     <loc>https://www.example.com/m3</loc>\n',
    '11   </url>\n',
  ]);
  await expect(source.locator('.source-at')).toHaveAttribute('data-line', '8');
  await source.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'problem-source-lines');
  await source.screenshot({ path: artifact('problem-source-lines-view.png') });
  await first.click();
  await expect(entry.getByTestId('source-lines')).toHaveCount(0);
});

test('the Sitemaps list gives each file its status, as Search Console does', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [JUMP, fixture('jump-malformed.xml'), fixture('jump-page.html')]);
  const table = page.getByTestId('sitemap-status');
  await expect(table.locator('tbody tr')).toHaveText([
    ['jump-sitemap.xml', '40', '4 errors'].join(''),
    ['jump-malformed.xml', '3', '2 errors'].join(''),
    ['jump-page.html', '—', 'Could not be read'].join(''),
  ]);
  // A fix changes the counts.
  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expect(table.locator('tbody tr').first()).toHaveText(['jump-sitemap.xml', '40', '1 error'].join(''));
  await saveScreenshot(page, 'sitemap-status');
});
