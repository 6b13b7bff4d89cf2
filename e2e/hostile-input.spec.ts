import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openExport } from './export-helpers';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { corpus } from './paths';
import { expect, test } from './test';

/*
 * Hostile and damaged inputs as a user meets them in the page (issue 34's
 * input side): a gzip bomb, a .gz cut in half, a gzip whose CRC is wrong, a
 * CSV with a quote never closed. Each file is made here, from a real sitemap
 * of the shared corpus or from nothing.
 */

// A bomb takes a few seconds to reach the cap on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const REAL = 'image_webflow-1MB_image-sitemap.xml';

function written(dir: string, name: string, bytes: Uint8Array | string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('a gzip bomb is stopped at the cap, said as a compression error naming it, and the page goes on', async ({
  page,
}, info) => {
  // 300 MiB of blanks after a urlset's start: some 300 KB gzipped.
  const body = Buffer.alloc(300 * 1024 * 1024, 0x20);
  Buffer.from('<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">').copy(body);
  const bomb = written(info.outputPath('in'), 'bomb.xml.gz', gzipSync(body, { level: 9 }));
  await openApp(page);
  // What the job says while the bomb is inflated: how far decompressing got (the worker is busy, not hung).
  await page.evaluate(() => {
    const w = window as { __said?: string[] };
    w.__said = [];
    new MutationObserver(() => {
      const text = document.querySelector('.job')?.textContent;
      if (text) w.__said?.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await importFiles(page, [bomb]);
  const said = await page.evaluate(() => (window as { __said?: string[] }).__said ?? []);
  expect(
    said.some((t) => /Decompressing… [\d.]+ (KiB|MiB) so far/.test(t)),
    said.join(' | '),
  ).toBe(true);
  const group = problemGroup(page, 'compression');
  await expect(group).toContainText(
    'bomb.xml.gz: decompressed size exceeds the cap of 256 MiB: stopped (a compression bomb?)',
  );
  await expect(page.getByTestId('problem-count')).toHaveText(/^1 error · \d+ warnings?$/);
  await saveScreenshot(page, 'hostile-gzip-bomb');
  // The worker is still there: the next import works.
  await importFiles(page, [corpus(REAL)]);
  await expect(page.getByTestId('url-count')).toHaveText('583');
});

test('a .gz cut in half is partial input: an error saying what was recovered, and Download asks first', async ({
  page,
}, info) => {
  const gz = gzipSync(readFileSync(corpus(REAL)));
  const cut = written(info.outputPath('in'), 'half.xml.gz', gz.subarray(0, gz.length >> 1));
  await openApp(page);
  await importFiles(page, [cut]);
  const urls = Number(await page.getByTestId('url-count').textContent());
  expect(urls).toBeGreaterThan(100);
  expect(urls).toBeLessThan(583);
  await expect(problemGroup(page, 'compression')).toContainText(
    new RegExp(
      `half\\.xml\\.gz: the file ends early: its compressed data stops before the end, so what followed is lost; [\\d.]+ KiB decompressed, ${urls} URLs recovered from them`,
    ),
  );
  // Writing the rows read is no repair of a file cut off: the panel must not say it is handled.
  await expect(problemGroup(page, 'xml-malformed')).toBeVisible();
  await expect(problemGroup(page, 'xml-malformed')).not.toContainText('Handled on export');

  const dialog = await openExport(page);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const confirm = dialog.getByRole('region', { name: '2 errors remain' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('partial-files')).toHaveText(
    'half.xml.gz ends early: only what was read before the cut is written, and what followed is lost.',
  );
  await expect(confirm.getByRole('button', { name: 'Continue with errors' })).toBeVisible();
  expect(await seriousViolations(page), 'serious or critical axe violations: the confirmation').toEqual([]);
  await saveScreenshot(page, 'hostile-gzip-cut-confirm');
});

test('a gzip whose CRC is wrong: its rows are read and the compression error said, as check and stream do', async ({
  page,
}, info) => {
  const gz = gzipSync(
    '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>\n',
  );
  gz[gz.length - 8] = (gz[gz.length - 8] as number) ^ 0xff;
  const bad = written(info.outputPath('in'), 'crc.xml.gz', gz);
  await openApp(page);
  await importFiles(page, [bad]);
  await expectCounts(page, { urls: 1, errors: 1, warnings: 0 });
  await expect(problemGroup(page, 'compression')).toContainText(
    'crc.xml.gz: the gzip CRC check failed: the data is corrupt',
  );
});

test('a CSV quote never closed is an error at the quote, and every later line is still a URL', async ({
  page,
}, info) => {
  const csv = written(
    info.outputPath('in'),
    'urls.csv',
    'loc,lastmod\nhttps://a.example/1,2024-01-01\n"https://a.example/2,2024-01-02\nhttps://a.example/3,2024-01-03\nhttps://a.example/4,2024-01-04\n',
  );
  await openApp(page);
  await importFiles(page, [csv]);
  await expectCounts(page, { urls: 4, errors: 1, warnings: 0 });
  const group = problemGroup(page, 'csv-malformed');
  await expect(group).toContainText('never closed');
  await expect(group.locator('.problem-place').first()).toHaveText('urls.csv:3:1');
  await saveScreenshot(page, 'hostile-csv-quote');
});
