import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  downloadBy,
  openExport,
  setSiteUrl,
  unpackDownload,
  validateXml,
  writeAll,
  writeCleanSitemap,
} from './export-helpers';
import { expectCounts, importFiles, openApp } from './helpers';
import { expect, test } from './test';
import { artifact } from './paths';

const SITE = 'https://www.example.org/';

test('the default options (gzip unchecked) zip split plain sitemaps, deflated on the gzip helpers, valid and schema-valid', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [writeCleanSitemap(testInfo.outputPath('in'), 5)]);
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });

  const dialog = await openExport(page);
  await expect(dialog.getByLabel(/Gzip each file/)).not.toBeChecked();
  // Neither bundle is the faster (both gzip each file as it is written): the dialog says so beside the choice.
  await expect(dialog.getByLabel(/Gzip each file/)).toHaveAccessibleDescription(
    'Several files come as one zip, as small and as quick to make either way; .gz files can be uploaded as they are.',
  );
  await dialog.screenshot({ path: artifact('export-gzip-note.png') });
  await dialog.getByLabel('Custom').check();
  await dialog.getByLabel('Max URLs per file').fill('2');
  const names = ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-index.xml'];
  const files = dialog.getByRole('table', { name: 'Files to write' });
  await expect(files.locator('tbody tr td:first-child')).toHaveText(names);

  const { download, file } = await downloadBy(
    page,
    () => dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemaps.zip');
  // Info-ZIP checks every header, offset and CRC of the zip the worker laid out.
  const report = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  expect(report).toContain('No errors detected in compressed data');
  // Every sitemap member is deflated (method 8 in `unzip -v`), robots.txt stored.
  const listing = execFileSync('unzip', ['-v', file], { encoding: 'utf8' });
  for (const name of names) expect(listing).toMatch(new RegExp(`Defl:N .* ${name.replace('.', '\\.')}\\n`));
  expect(listing).toMatch(/Stored .* robots\.txt\n/);

  const unpacked = unpackDownload(file);
  expect([...unpacked.keys()]).toEqual([...names, 'robots.txt']);
  expect(new TextDecoder().decode(unpacked.get('robots.txt'))).toBe(`Sitemap: ${SITE}sitemap-index.xml\n`);
  const written = writeAll(
    testInfo.outputPath('plain'),
    new Map([...unpacked].filter(([name]) => name.endsWith('.xml'))),
  );
  for (const f of written) validateXml(f, path.basename(f).startsWith('sitemap-index') ? 'index' : 'sitemap');
  const urls = [...unpacked]
    .filter(([name]) => /^sitemap-\d/.test(name))
    .map(([, data]) => new TextDecoder().decode(data).split('<url>').length - 1);
  expect(urls).toEqual([2, 2, 1]);
});
