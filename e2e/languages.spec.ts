import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl, unpackDownload, validateXml, writeAll } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

const E = 'https://www.example.com';

/** The serious and critical axe-core violations on the page now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

function clusters(page: Page) {
  return page.getByRole('table', { name: 'hreflang clusters' });
}

/** The drawn row of cluster n (1-based, as listed). */
function clusterRow(page: Page, n: number) {
  return clusters(page).locator(`[role="row"][aria-rowindex="${n + 1}"]`);
}

test('the Languages view shows each cluster by language, completes them all with one click, and undo puts them back', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openApp(page);
  await importFiles(page, [fixture('languages-sitemap.xml')]);
  await expectCounts(page, { urls: 364, errors: 0, warnings: 121 });

  await page.getByRole('button', { name: 'Languages', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Languages', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const counts = page.getByTestId('cluster-counts');
  await expect(counts).toHaveText(
    '121 clusters in 3 languages · 120 incomplete (120 with one-way links) · 1 whose links disagree',
  );
  const table = clusters(page);
  await expect(table).toHaveAttribute('aria-rowcount', '122');
  await expect(table.getByRole('columnheader')).toHaveText(['Cluster', 'de', 'en', 'fr', 'x-default']);

  // A row: each language's page, what it lacks, and the one-way link marked.
  const first = clusterRow(page, 1);
  await expect(first.getByTestId('cluster-status')).toHaveText('Incomplete');
  const cells = first.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('/de/page-1lacks 2');
  await expect(cells.nth(2)).toHaveText('/en/page-1');
  await expect(cells.nth(3)).toHaveText('/fr/page-1lacks 41 one-way');
  await expect(cells.nth(4)).toContainText('/en/page-1');
  await saveScreenshot(page, 'languages-open');
  expect(await seriousViolations(page), 'axe: the Languages view').toEqual([]);

  // Only the rows in view are drawn, however many clusters there are; the last ones come from the worker when scrolled to.
  expect(await table.getByTestId('cluster-row').count()).toBeLessThan(30);
  await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(clusterRow(page, 121).getByTestId('cluster-status')).toHaveText('Links disagree');
  await expect(clusterRow(page, 121).getByRole('cell').nth(1)).toContainText('/de/laden');
  await expect(clusterRow(page, 121).getByRole('cell').nth(1)).toContainText('/de/shop');

  // Add return links: every cluster completed in one step, each row changed listed.
  await page.getByRole('button', { name: 'Add return links' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'return links' });
  await expect(notice).toContainText(
    'Added 720 return links in 240 rows of 120 clusters; every other element of those rows is kept; 1 cluster left as it was (its links disagree).',
  );
  await notice.getByText('Details (241)').click();
  await expect(notice.getByRole('listitem').first()).toHaveText(
    `${E}/de/page-1: + fr ${E}/fr/page-1, + x-default ${E}/en/page-1`,
  );
  await expect(counts).toHaveText('121 clusters in 3 languages · 0 incomplete · 1 whose links disagree');
  await expectCounts(page, { urls: 364, errors: 0, warnings: 1 });
  await table.evaluate((el) => (el.scrollTop = 0));
  await expect(clusterRow(page, 1).getByTestId('cluster-status')).toHaveText('Complete');
  await expect(clusterRow(page, 1).getByRole('cell').nth(3)).toHaveText('/fr/page-1');
  await saveScreenshot(page, 'languages-completed');
  expect(await seriousViolations(page), 'axe: the Languages view after Add return links').toEqual([]);

  // One undo step puts every row back.
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(counts).toHaveText(
    '121 clusters in 3 languages · 120 incomplete (120 with one-way links) · 1 whose links disagree',
  );
  await expectCounts(page, { urls: 364, errors: 0, warnings: 121 });
  await expect(clusterRow(page, 1).getByRole('cell').nth(3)).toHaveText('/fr/page-1lacks 41 one-way');

  // Redo, then export: the file holds complete, reciprocal clusters and validates.
  await page.keyboard.press('Control+Shift+Z');
  await expect(counts).toHaveText('121 clusters in 3 languages · 0 incomplete · 1 whose links disagree');
  await setSiteUrl(page, `${E}/`);
  const dialog = await openExport(page);
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath(),
  );
  const [written] = writeAll(testInfo.outputPath('out'), unpackDownload(file));
  validateXml(written as string, 'sitemap');
  const xml = readFileSync(written as string, 'utf8');
  const fr = /<url>\s*<loc>https:\/\/www\.example\.com\/fr\/page-7<\/loc>[\s\S]*?<\/url>/.exec(xml)?.[0] ?? '';
  expect(fr).toContain(`<image:loc>${E}/img/page-7.png</image:loc>`);
  for (const lang of ['en', 'de', 'fr']) expect(fr).toContain(`hreflang="${lang}" href="${E}/${lang}/page-7"`);
  expect(fr).toContain(`hreflang="x-default" href="${E}/en/page-7"`);
});

test('clusters by locale prefix, a filter, and an x-default picked for one cluster and by language', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('languages-sitemap.xml')]);
  await page.getByRole('button', { name: 'Languages', exact: true }).click();
  const counts = page.getByTestId('cluster-counts');
  await expect(counts).toContainText('121 clusters in 3 languages');

  await page.getByLabel('Also by locale path prefix (/en/…, /tr/…)').check();
  await expect(counts).toHaveText(
    '122 clusters in 4 languages · 121 incomplete (120 with one-way links) · 1 whose links disagree',
  );
  await expect(clusters(page).getByRole('columnheader')).toHaveText(['Cluster', 'de', 'en', 'fr', 'tr', 'x-default']);

  await page.getByRole('button', { name: /^Links disagree/ }).click();
  await expect(clusters(page)).toHaveAttribute('aria-rowcount', '2');
  await page.getByRole('button', { name: /^All/ }).click();

  // One cluster's x-default: its de page.
  await clusterRow(page, 1).getByLabel('Set the x-default of cluster 1').selectOption({ label: 'de: /de/page-1' });
  await expect(page.getByRole('status').filter({ hasText: 'x-default' })).toContainText(
    'Added 2 x-default links and changed 1 x-default link in 3 rows of 1 cluster',
  );
  await expect(clusterRow(page, 1).getByRole('cell').nth(5)).toContainText('/de/page-1');

  // Every cluster's x-default: its fr page (the blog has none: left).
  await page.getByLabel('x-default: the page in').selectOption('fr');
  await page.getByRole('button', { name: 'Add x-default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'x-default' })).toContainText('in 360 rows of 120 clusters');
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(clusterRow(page, 1).getByRole('cell').nth(5)).toContainText('/de/page-1');
  await saveScreenshot(page, 'languages-prefix');
});
