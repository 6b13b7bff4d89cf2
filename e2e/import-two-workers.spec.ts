/*
 * An import large enough to be read by two workers (the main worker and its
 * parse helper, each checking the rows it read on their own): the counts the
 * page shows are those of one reader checking everything, computed here in
 * Node by the same core. The duplicates lie across the cut (the second file
 * repeats the first), and the file past it holds a URL off the Site URL and
 * one from the future.
 */
import { writeFileSync } from 'node:fs';
import { generateDataSet, SITE_URL } from '../bench/generate';
import { checkSet } from '../src/core/check/check-set';
import { importFiles as readInNode } from '../src/core/read/import-files';
import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { setSiteUrl } from './export-helpers';
import { expect, test } from './test';

const N = 50_000;

test('two workers read a large import and its counts are exactly those of one', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const [first] = generateDataSet(N).files;
  if (!first) throw new Error('no file generated');
  const extra = new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<url><loc>https://other.example.org/x</loc></url>\n<url><loc>https://shop.example.com/soon</loc><lastmod>2099-01-01</lastmod></url>\n</urlset>\n',
  );
  // 2 × 9 MB: over the size from which an import is split (src/worker/parse-helper.ts); the copy and the extra file go to the helper.
  const inputs = [
    { name: 'a.xml', bytes: first.xml },
    { name: 'b.xml', bytes: first.xml },
    { name: 'extra.xml', bytes: extra },
  ];
  expect(first.xml.length).toBeGreaterThan(4.5 * 1024 * 1024);
  const paths = inputs.map((f) => {
    const file = testInfo.outputPath(f.name);
    writeFileSync(file, f.bytes);
    return file;
  });
  const one = checkSet(readInNode(inputs), { siteUrl: SITE_URL });
  expect(one.byCode['loc-duplicate']).toBe(2 * N);
  expect(one.byCode['loc-not-allowed']).toBe(1);
  expect(one.byCode['lastmod-future']).toBe(1);

  await openApp(page);
  await setSiteUrl(page, SITE_URL);
  await importFiles(page, paths);
  const grouped = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  await expect(page.getByTestId('url-count')).toHaveText(String(2 * N + 2));
  await expect(page.getByTestId('problem-count')).toHaveText(
    `${grouped(one.counts.error, 'error')} · ${grouped(one.counts.warning, 'warning')}`,
  );
  for (const code of ['loc-duplicate', 'loc-not-allowed', 'lastmod-future'] as const) {
    await expect(problemGroup(page, code).getByTestId('group-count')).toHaveText(
      (one.byCode[code] ?? 0).toLocaleString('en-US'),
    );
  }
  await saveScreenshot(page, 'import-two-workers');
});
