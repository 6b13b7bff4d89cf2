import { writeFileSync } from 'node:fs';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { urlGrid } from './table-helpers';
import { expect, test } from './test';

/*
 * Issue 34: URL filters that pass the (a+)+ check, such as (.*a){25}$ and
 * (a|aa)*$, froze the worker (minutes a URL of JavaScript's backtracking
 * on a near miss) until the watchdog killed it: the time budget was read
 * between URLs only. Such URLs now go to RE2, linear in the URL: the filter
 * answers at once, and the worker is never restarted.
 */
const COUNT = 3000;

test('hostile regular expressions answer at once on near misses, without losing the worker', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('near-misses.xml');
  const urls: string[] = [];
  for (let k = 0; k < COUNT; k++)
    urls.push(`<url><loc>https://example.com/${'a'.repeat(40 + (k % 30))}${k % 2 ? '!' : ''}</loc></url>`);
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  await openApp(page);
  await importFiles(page, [file]);
  await expect(page.getByTestId('view-count')).toHaveText('3,000 of 3,000 URLs');
  await page.getByLabel('Regex').check();

  const expectShown = async (n: number) => {
    await expect(page.getByTestId('view-count')).toHaveText(`${n.toLocaleString('en-US')} of 3,000 URLs`);
    await expect(urlGrid(page)).toHaveAttribute('aria-rowcount', String(n));
  };
  // Half the URLs end in "!": near misses, on which backtracking tries every split.
  await page.getByLabel('Filter URLs').fill('(.*a){25}$');
  await expectShown(COUNT / 2);
  await page.getByLabel('Filter URLs').fill('(a|aa)*!$');
  await expectShown(COUNT / 2);
  await page.getByLabel('Filter URLs').fill('^https://example\\.com/(a+)+$');
  await expectShown(COUNT / 2);
  await expect(page.getByTestId('regex-error')).toHaveCount(0);
  // The worker answered each time: no failure, no restart offered.
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await saveScreenshot(page, 'regex-budget');
});
