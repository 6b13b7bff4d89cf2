import { readFileSync } from 'node:fs';
import { downloadBy, openExport, setSiteUrl, validateXml } from './export-helpers';
import { dropFiles, expectCounts, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

test('an RSS 2.0 and an Atom 1.0 feed dropped on the app become rows and export as a standard sitemap', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, 'https://news.example.com/');
  await dropFiles(page, [fixture('feed-rss.xml'), fixture('feed-atom.xml')]);

  // The two Atom entries are on another host than the Site URL: loc-not-allowed.
  await expectCounts(page, { urls: 5, errors: 0, warnings: 2 });
  const files = page.getByRole('region', { name: /Files/ });
  // The Files card is one line until opened.
  await page.getByTestId('files-summary').click();
  await expect(files.getByRole('row', { name: /feed-rss\.xml/ })).toContainText('RSS 2.0 feed');
  await expect(files.getByRole('row', { name: /feed-rss\.xml/ })).toContainText('3');
  await expect(files.getByRole('row', { name: /feed-atom\.xml/ })).toContainText('Atom 1.0 feed');
  await expect(problemGroup(page, 'feed-read')).toContainText('2');

  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  await expect(grid).toContainText('https://news.example.com/second?a=1&b=2');
  await expect(grid).toContainText('2024-03-07T23:59:59-05:00');
  await expect(grid).not.toContainText('cdn.example.com');
  await saveScreenshot(page, 'feeds-imported');

  const dialog = await openExport(page);
  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemap.xml');
  validateXml(file, 'sitemap');
  const xml = readFileSync(file, 'utf8');
  expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
    'https://news.example.com/first',
    'https://news.example.com/second?a=1&amp;b=2',
    'https://news.example.com/third',
    'https://blog.example.com/one',
    'https://blog.example.com/two',
  ]);
  expect([...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1])).toEqual([
    '2024-03-05T10:30:00Z',
    '2024-03-06T08:00:00+01:00',
    '2024-03-07T23:59:59-05:00',
    '2024-03-05T10:30:00.5Z',
    '2024-03-06T08:00:00+01:00',
  ]);
});
