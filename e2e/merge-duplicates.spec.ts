import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl, unpackDownload, validateXml } from './export-helpers';
import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { corpus } from './paths';
import { tableCell } from './table-helpers';
import { expect, test } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's own small fixture of duplicates carrying videos, an image, an alternate and news. */
const DUPLICATES = path.resolve(here, '../fixtures/duplicates-ext.xml');
const VIDEO = 'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml';

const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Merged' });

/** Each `<video:video>` of an XML text as its page's loc and its children's values (same page, same values: the same video). */
function videosIn(xml: string): string[] {
  const decode = (s: string) =>
    s.replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
    );
  const out: string[] = [];
  for (const url of xml.match(/<url>[\s\S]*?<\/url>/g) ?? []) {
    const loc = decodeURI(decode(/<loc>([^<]*)<\/loc>/.exec(url)?.[1] ?? '').trim());
    for (const v of url.match(/<video:video>[\s\S]*?<\/video:video>/g) ?? []) {
      const fields = [...v.matchAll(/<video:([a-z_]+)>([^<]*)<\/video:\1>/g)].map(
        ([, name, value]) => `${name}=${decode(value ?? '').trim()}`,
      );
      out.push(`${loc}\n${fields.sort().join('\n')}`);
    }
  }
  return out;
}

test('Fix all then Download keeps all 1,510 distinct videos of the real video sitemap', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page);
  await setSiteUrl(page, 'https://thefurnaceoutlet.com/');
  await importFiles(page, [corpus(VIDEO)]);
  await expect(page.getByTestId('url-count')).toHaveText('1511');
  // The rows recovered around the raw "&"s are written well-formed: the export handles it.
  await expect(problemGroup(page, 'xml-malformed')).toContainText(
    'Handled on export: write the rows recovered from it as well-formed XML.',
  );

  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expect(notice(page)).toContainText(
    "Merged 512 duplicate rows into 2 rows kept (the first copy's values): moved 511 videos; 1 identical element written once; 0 values differed between copies.",
  );
  await expect(notice(page)).toContainText('undo and use Remove duplicates');
  await expect(page.getByTestId('url-count')).toHaveText('999');
  await saveScreenshot(page, 'merge-fix-all-video');

  const dialog = await openExport(page);
  // Nothing is left for the confirmation: the malformed file's errors are repaired by writing it.
  const { file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(path.basename(file)).toBe('sitemap.xml');
  validateXml(file, 'sitemap');
  const xml = new TextDecoder().decode(unpackDownload(file).get('sitemap.xml'));
  const videos = videosIn(xml);
  expect(videos).toHaveLength(1510);
  expect(new Set(videos).size).toBe(1510);
});

test('Remove duplicates by the highest priority merges the copies, lists the conflicts, and one undo puts them back', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [DUPLICATES]);
  await expect(page.getByTestId('url-count')).toHaveText('6');

  await page.getByRole('button', { name: 'Remove duplicates…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('The first copy')).toBeChecked();
  await dialog.getByLabel('The copy with the highest priority').check();
  await saveScreenshot(page, 'merge-dialog');
  await dialog.getByRole('button', { name: 'Remove duplicates' }).click();
  await expect(dialog).toBeHidden();

  await expect(notice(page)).toContainText(
    'Removed 2 duplicate rows. Merged 2 duplicate rows into 1 row kept (the values of the copy with the highest priority): moved 1 video, 1 image, 1 hreflang alternate; 1 identical element written once; 2 values differed between copies.',
  );
  await notice(page).getByText('Details (3)').click();
  await expect(notice(page).getByRole('listitem')).toHaveText([
    'https://example.com/videos: lastmod 2024-03-01 kept over 2024-01-01',
    'https://example.com/videos: priority 0.8 kept over 0.4',
    'https://example.com/news: a duplicate kept as its own row: its <news:news> differs from the one of the row kept, and Google News reads one per URL',
  ]);
  await expect(page.getByTestId('url-count')).toHaveText('4');
  await expect(tableCell(page, 1, 'loc')).toHaveText('https://example.com/videos');
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024-03-01');
  await expect(tableCell(page, 1, 'changefreq')).toHaveText('weekly');
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.8');
  await expect(tableCell(page, 1, 'ext')).toHaveText('4');
  await expect(tableCell(page, 3, 'loc')).toHaveText('https://example.com/news');
  await expect(tableCell(page, 4, 'loc')).toHaveText('https://example.com/news');
  await saveScreenshot(page, 'merge-report');

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByTestId('url-count')).toHaveText('6');
  await expect(tableCell(page, 1, 'priority')).toHaveText('0.4');
  await expect(tableCell(page, 1, 'ext')).toHaveText('1');
  await expect(tableCell(page, 3, 'lastmod')).toHaveText('2024-03-01');
  await expect(tableCell(page, 3, 'ext')).toHaveText('2');
  await expect(tableCell(page, 4, 'ext')).toHaveText('2');
});
