import { readFileSync, writeFileSync } from 'node:fs';
import { downloadBy } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { expect, test } from './test';

// A loc holding a line break (&#10;) whose second line is an Apache rule for the whole site.
const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/a&#10;Redirect 301 / https://evil.example/</loc></url>
  <url><loc>https://www.example.com/b</loc></url>
</urlset>
`;

test('Fix all puts a loc with a line break in the redirect map: the Apache map leaves it out, says so, and the page tells the user', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('hostile.xml');
  writeFileSync(file, HOSTILE);
  await openApp(page);
  await importFiles(page, [file]);
  await page.getByRole('button', { name: 'Fix all automatically fixable' }).click();
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  await page.getByLabel('Redirect map').selectOption('apache');
  const out = testInfo.outputPath('downloads');
  const apache = await downloadBy(page, () => page.getByRole('button', { name: 'Download redirect map' }).click(), out);
  const text = readFileSync(apache.file, 'utf8');
  // No line of the file is a rule the user did not write; the loc is listed in a comment, percent-encoded.
  expect(text.split('\n').filter((l) => l.startsWith('Redirect'))).toEqual([]);
  expect(text).toContain(
    '# Left out: 1 redirect that cannot be written safely in this file (shown percent-encoded):\n',
  );
  expect(text).toContain('#   https://www.example.com/a%0ARedirect%20301%20/%20https://evil.example/ -> ');
  await expect(
    page.getByText(
      "1 redirect could not be written safely in this format (a control character, the format's own syntax, or not an absolute http(s) URL): left out, and listed at the end of the file.",
    ),
  ).toBeVisible();
  await saveScreenshot(page, 'redirect-map-left-out');
});
