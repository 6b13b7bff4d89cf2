import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { downloadBy, setSiteUrl, unpackDownload } from './export-helpers';
import { saveScreenshot } from './helpers';
import { expect, test } from './test';

const SITE = 'https://www.example.org/';
const GALLERY = `${SITE}gallery`;

/** URLs with an image each: 2.7 MB of XML, read in many chunks. */
const N = 20_000;

/**
 * N URLs with an image each. /gallery is listed three times at the start
 * (one chunk: merged) and once more at the end, megabytes past the first
 * chunk, with the first copy's image again and one of its own.
 */
function writeSitemap(dir: string): string {
  const url = (loc: string, ...images: string[]) =>
    `<url><loc>${loc}</loc>${images.map((i) => `<image:image><image:loc>${SITE}img/${i}.jpg</image:loc></image:image>`).join('')}</url>\n`;
  const entries = [url(GALLERY, 'g0'), url(GALLERY, 'g1'), url(GALLERY, 'g2')];
  for (let i = 3; i < N - 1; i++) entries.push(url(`${SITE}page/${i}`, `p${i}`));
  entries.push(url(GALLERY, 'g0', 'g3'));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'images.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${entries.join('')}</urlset>\n`,
  );
  return file;
}

test('checking without the table, with fixes, merges duplicates and keeps every image, and says how', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/?stream-threshold=1000');
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
  await setSiteUrl(page, SITE);
  await page.getByLabel('Import sitemaps').setInputFiles([writeSitemap(testInfo.outputPath('in'))]);
  const offer = page.getByRole('region', { name: 'Too many URLs for the table' });
  await offer.getByLabel('Apply the safe automatic fixes to what is written (and merge repeated URLs)').check();
  await offer.getByRole('button', { name: 'Check and re-split without loading into the table' }).click();

  const result = page.getByRole('region', { name: 'Checked without loading into the table' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('stream-duplicates').getByRole('listitem')).toHaveText([
    "Merged 2 duplicate rows into 1 row kept (the first copy's values): moved 2 images; 0 values differed between copies.",
    '1 later copy of URLs written before was written as an entry of its own with what only it had (1 image): a streamed file cannot merge into an entry already written, so that URL appears more than once',
    '1 extension element of later copies already written with its URL was written once',
  ]);
  await saveScreenshot(page, 'stream-merge');

  const { file } = await downloadBy(
    page,
    () => result.getByRole('button', { name: /^Download sitemaps\.zip/ }).click(),
    testInfo.outputPath('download'),
  );
  const members = unpackDownload(file);
  expect([...members.keys()]).toEqual(['sitemap.xml.gz', 'robots.txt']);
  const xml = new TextDecoder().decode(members.get('sitemap.xml.gz'));
  const images = [...xml.matchAll(/<image:loc>([^<]*)<\/image:loc>/g)].map((m) => m[1]);
  expect(images).toHaveLength(N);
  expect(new Set(images).size).toBe(N);
  expect(xml.split(`<loc>${GALLERY}</loc>`).length - 1).toBe(2);
});
