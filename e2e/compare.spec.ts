import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { downloadBy } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell, tableCell, urlGrid } from './table-helpers';
import { expect, test } from './test';

const H = 'https://www.example.com';

function comparePanel(page: Page) {
  return page.getByRole('region', { name: 'Compare' });
}

/** The locs of the table's rows 1..n, as shown. */
async function tableLocs(page: Page, n: number): Promise<string[]> {
  const locs: string[] = [];
  // textContent: the cell draws the origin, the path and its last segment as separate parts.
  for (let row = 1; row <= n; row++) locs.push(((await tableCell(page, row, 'loc').textContent()) ?? '').trim());
  return locs;
}

test('compare with the live sitemap: counts, a filter per kind, removed URLs, and the differences as CSV', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('compare-new.xml')]);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });

  const panel = comparePanel(page);
  await expect(panel).toContainText('Load another version of these sitemaps');
  await panel.getByLabel('Load before sitemaps').setInputFiles(fixture('compare-live.xml'));

  await expect(panel.getByTestId('compare-before')).toHaveText('Before: compare-live.xml (7 URLs)');
  const added = panel.getByRole('button', { name: 'Added 2' });
  const changed = panel.getByRole('button', { name: 'Changed 4' });
  const removed = panel.getByRole('button', { name: 'Removed 2' });
  await expect(added).toHaveAttribute('aria-pressed', 'false');
  await expect(changed).toBeVisible();
  await expect(removed).toBeVisible();
  await expect(panel.getByTestId('compare-unchanged')).toHaveText('1 unchanged');
  await expect(panel.getByTestId('compare-fields')).toHaveText(
    'Changed: lastmod 1 · changefreq 1 · priority 1 · extensions 1',
  );

  // Added: the table shows only the added rows.
  const grid = urlGrid(page);
  await added.click();
  await expect(added).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', '2');
  await expect(page.getByTestId('view-count')).toHaveText('2 of 7 URLs');
  await expect(page.getByTestId('compare-filter')).toHaveText('Compare: added×');
  expect(await tableLocs(page, 2)).toEqual([`${H}/pricing`, `${H}/blog/launch`]);

  // Changed: the table shows them, the panel says what changed in each.
  await changed.click();
  await expect(changed).toHaveAttribute('aria-pressed', 'true');
  await expect(added).toHaveAttribute('aria-pressed', 'false');
  await expect(grid).toHaveAttribute('aria-rowcount', '4');
  expect(await tableLocs(page, 4)).toEqual([`${H}/`, `${H}/blog/`, `${H}/contact`, `${H}/gallery`]);
  const changedList = panel.getByRole('list', { name: 'Changed URLs' }).getByRole('listitem');
  await expect(changedList).toHaveText([
    `${H}/lastmod 2024-01-10 → 2024-03-01`,
    `${H}/blog/changefreq weekly → daily`,
    `${H}/contactpriority 0.3 → 0.5`,
    `${H}/galleryextensions <image:image><image:loc>${H}/img/a.jpg</image:loc></image:image> → <image:image><image:loc>${H}/img/b.jpg</image:loc></image:image>`,
  ]);
  await saveScreenshot(page, 'compare');

  // An edit is compared at once: /contact's priority back to the live value.
  await editCell(page, 3, 'priority', '0.3');
  await expect(panel.getByRole('button', { name: 'Changed 3' })).toBeVisible();
  await expect(panel.getByTestId('compare-unchanged')).toHaveText('2 unchanged');
  await expect(changedList).toHaveCount(3);

  // Removed: not rows any more, so the panel lists them and the table shows every row.
  await removed.click();
  await expect(removed).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', '7');
  await expect(page.getByTestId('compare-filter')).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Removed URLs' }).getByRole('listitem')).toHaveText([
    `${H}/old-offer`,
    `${H}/team`,
  ]);

  // The differences as CSV, for a spreadsheet.
  const { download, file } = await downloadBy(
    page,
    () => panel.getByRole('button', { name: 'Download differences (CSV)' }).click(),
    testInfo.outputPath('download'),
  );
  expect(download.suggestedFilename()).toBe('sitemap-differences.csv');
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8')).toBe(
    [
      'kind,loc,changed,lastmod before,lastmod after,changefreq before,changefreq after,priority before,priority after,extensions before,extensions after',
      `added,${H}/pricing,,,2024-03-01,,,,,,`,
      `added,${H}/blog/launch,,,2024-03-02,,,,,,`,
      `removed,${H}/old-offer,,2022-12-01,,,,,,,`,
      `removed,${H}/team,,,,,,,,,`,
      `changed,${H}/,lastmod,2024-01-10,2024-03-01,daily,daily,1.0,1.0,,`,
      `changed,${H}/blog/,changefreq,2024-01-05,2024-01-05,weekly,daily,,,,`,
      `changed,${H}/gallery,ext,,,,,,,<image:image><image:loc>${H}/img/a.jpg</image:loc></image:image>,<image:image><image:loc>${H}/img/b.jpg</image:loc></image:image>`,
      '',
    ].join('\r\n'),
  );

  // Clearing the comparison leaves the rows as they are.
  await panel.getByRole('button', { name: 'Clear comparison' }).click();
  await expect(panel.getByRole('button', { name: /^Added/ })).toHaveCount(0);
  await expect(panel).toContainText('Load another version of these sitemaps');
  await expect(grid).toHaveAttribute('aria-rowcount', '7');
});

test('the table filter by kind is cleared with the other filters', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('compare-new.xml')]);
  const panel = comparePanel(page);
  await panel.getByLabel('Load before sitemaps').setInputFiles(fixture('compare-live.xml'));
  await panel.getByRole('button', { name: 'Changed 4' }).click();
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '4');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', '7');
  await expect(panel.getByRole('button', { name: 'Changed 4' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('compare-filter')).toHaveCount(0);
});
