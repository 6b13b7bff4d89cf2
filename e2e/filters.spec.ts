import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';
import type { Page } from '@playwright/test';

const FILES = [fixture('filters-sitemap.xml'), fixture('filters-more.txt')];

async function expectShown(page: Page, n: number): Promise<void> {
  await expect(page.getByTestId('view-count')).toHaveText(`${n} of 9 URLs`);
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', String(n));
}

async function openMenu(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^More filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

function chip(page: Page, label: string) {
  return page.getByTestId('filter-chip').filter({ hasText: label });
}

test('each column filter shows exactly its rows, and its chip clears it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, FILES);
  await expectShown(page, 9);

  const cases: { set: () => Promise<unknown>; label: string; count: number }[] = [
    { set: () => page.getByLabel('lastmod after').fill('2024-01-15'), label: 'lastmod after 2024-01-15', count: 2 },
    { set: () => page.getByLabel('lastmod before').fill('2024-05-01'), label: 'lastmod before 2024-05-01', count: 2 },
    { set: () => page.getByLabel('lastmod missing').check(), label: 'lastmod missing', count: 3 },
    {
      set: () => page.getByRole('combobox', { name: 'priority' }).selectOption('0.5'),
      label: 'priority = 0.5',
      count: 2,
    },
    {
      set: () => page.getByRole('combobox', { name: 'priority' }).selectOption('(missing)'),
      label: 'priority missing',
      count: 5,
    },
    {
      set: () => page.getByRole('combobox', { name: 'Source file' }).selectOption('filters-more.txt'),
      label: 'File: filters-more.txt',
      count: 2,
    },
    { set: () => page.getByRole('combobox', { name: 'Has' }).selectOption('images'), label: 'Has images', count: 2 },
    { set: () => page.getByRole('combobox', { name: 'Has' }).selectOption('videos'), label: 'Has videos', count: 1 },
    { set: () => page.getByRole('combobox', { name: 'Has' }).selectOption('news'), label: 'Has news', count: 1 },
    {
      set: () => page.getByRole('combobox', { name: 'Has' }).selectOption('hreflang alternates'),
      label: 'Has hreflang alternates',
      count: 1,
    },
  ];
  for (const c of cases) {
    await openMenu(page);
    await c.set();
    await expectShown(page, c.count);
    await expect(page.getByTestId('filter-chip')).toHaveText([`${c.label}×`]);
    await page.getByRole('button', { name: `Remove filter: ${c.label}` }).click();
    await expectShown(page, 9);
    await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  }

  // By month: the lastmod chart's chip shows it.
  await openMenu(page);
  await page.getByLabel('lastmod month').fill('2024-05');
  await expectShown(page, 2);
  await expect(page.getByTestId('lastmod-filter')).toHaveText('Lastmod in: 2024-05×');
  await page.getByRole('button', { name: 'Show every lastmod' }).click();
  await expectShown(page, 9);

  await openMenu(page);
  await page.getByRole('combobox', { name: 'changefreq' }).selectOption('weekly');
  await expectShown(page, 1);
  await expect(chip(page, 'changefreq = weekly')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'changefreq' }).selectOption('Any');
  await expectShown(page, 9);

  // The problem code, the toolbar's own field.
  await page.getByRole('combobox', { name: 'Problem' }).selectOption('lastmod-invalid');
  await expectShown(page, 1);
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://www.example.com/shop/3');
  await expect(chip(page, 'Problem: lastmod-invalid')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectShown(page, 9);
});

test('chips clear one at a time, Clear filters clears all, and they stay on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await openApp(page);
  await importFiles(page, FILES);
  await page.getByLabel('Filter URLs').fill('example');
  await expectShown(page, 9);
  await openMenu(page);
  await page.getByRole('combobox', { name: 'Source file' }).selectOption('filters-sitemap.xml');
  await expectShown(page, 7);
  await page.getByLabel('lastmod after').fill('2023-12-31');
  await expectShown(page, 4);
  await page.getByRole('combobox', { name: 'Has' }).selectOption('images');
  await expectShown(page, 2);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Filters by column' })).toBeHidden();
  await expect(page.getByTestId('filter-chip')).toHaveText([
    'URL contains “example”×',
    'lastmod after 2023-12-31×',
    'File: filters-sitemap.xml×',
    'Has images×',
  ]);
  // One line: every chip has the same top.
  const tops = await page
    .getByTestId('filter-chip')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await saveScreenshot(page, 'filters-chips-1366');
  for (const width of [768, 1920]) {
    await page.setViewportSize({ width, height: 850 });
    await saveScreenshot(page, `filters-chips-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 850 });

  await page.getByRole('button', { name: 'Remove filter: Has images' }).click();
  await expectShown(page, 4);
  await page.getByRole('button', { name: 'Remove filter: lastmod after 2023-12-31' }).click();
  await expectShown(page, 7);
  await expect(page.getByTestId('filter-chip')).toHaveText(['URL contains “example”×', 'File: filters-sitemap.xml×']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectShown(page, 9);
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page.getByLabel('Filter URLs')).toHaveValue('');
});

test('the URL filter takes a regular expression; an invalid one says why and filters nothing', async ({ page }) => {
  await openApp(page);
  await importFiles(page, FILES);
  await page.getByLabel('Regex').check();
  await page.getByLabel('Filter URLs').fill('/shop/\\d$');
  await expectShown(page, 3);
  await expect(page.getByTestId('filter-chip')).toHaveText(['URL matches //shop/\\d$/×']);

  await page.getByLabel('Filter URLs').fill('/shop/(\\d');
  await expect(page.getByTestId('regex-error')).toHaveText(
    'Not a valid regular expression: //shop/(\\d/iu: Unterminated group No filter applied.',
  );
  await expect(page.getByLabel('Filter URLs')).toHaveAttribute('aria-invalid', 'true');
  await expectShown(page, 9);
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);

  // Only JavaScript's engine runs a lookahead, and it backtracks: with a repeated group that repeats, refused.
  await page.getByLabel('Filter URLs').fill('(a+)+(?=b)');
  await expect(page.getByTestId('regex-error')).toHaveText(
    'A lookahead or a back-reference with this many repetitions can take minutes on one URL: use at most one *, + or {n,} with it, and no repeated group that holds one. No filter applied.',
  );
  await expectShown(page, 9);

  await page.getByLabel('Filter URLs').fill('BLOG/[ab]');
  await expect(page.getByTestId('regex-error')).toHaveCount(0);
  await expectShown(page, 2);
  // The same text as plain text finds nothing.
  await page.getByLabel('Regex').uncheck();
  await expectShown(page, 0);
  await expect(page.getByTestId('empty-view')).toHaveText(
    'No URLs match the filter “URL contains “BLOG/[ab]””.Clear filter',
  );
});

test('a filter that Fix all emptied says so and offers to clear it', async ({ page }) => {
  await openApp(page);
  await importFiles(page, FILES);
  await problemGroup(page, 'lastmod-format').locator('.group-choose').click();
  await expectShown(page, 1);
  await page.getByRole('button', { name: 'Fix all lastmod-format' }).click();
  await expectShown(page, 0);
  const empty = page.getByTestId('empty-view');
  await expect(empty).toHaveText(
    'No URLs match the filter “Problem: lastmod-format” — the fix cleared them.Clear filter',
  );
  await saveScreenshot(page, 'filters-emptied-by-fix');
  await empty.getByRole('button', { name: 'Clear filter', exact: true }).click();
  await expectShown(page, 9);
  await expect(page.getByTestId('empty-view')).toHaveCount(0);
});
