import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl, unpackDownload, validateXml, writeAll } from './export-helpers';
import { expectCounts, importFiles, openApp } from './helpers';
import { expect, test } from './test';
import { artifact } from './paths';

const SITE = 'https://www.example.org/';

/** A sitemap whose locs try to break out: a quote and a tag, a javascript: URL. */
function writeHostile(dir: string): string {
  const locs = [
    'https://www.example.org/',
    'https://www.example.org/blog/caf%C3%A9',
    'https://www.example.org/blog/post?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    "javascript:alert('x')",
    'https://www.example.org/about',
  ];
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'hostile.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc><lastmod>2024-03-01</lastmod></url>`).join('\n')}\n</urlset>\n`,
  );
  return file;
}

/** Serves the files at http://files.test/ in this page (no server: the route answers). */
async function serveFiles(page: Page, files: Map<string, Uint8Array>): Promise<void> {
  await page.route('http://files.test/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const body = files.get(name);
    if (!body) return route.fulfill({ status: 404, body: '' });
    const type = name.endsWith('.html') ? 'text/html' : name.endsWith('.xsl') ? 'text/xsl' : 'application/xml';
    return route.fulfill({ status: 200, body: Buffer.from(body), contentType: type });
  });
}

test('Add a stylesheet (XSL): every file names sitemap.xsl, the zip holds it, Chromium 156 still renders the table', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [writeHostile(testInfo.outputPath('in'))]);
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });

  const dialog = await openExport(page);
  await dialog.check().catch(() => undefined);
  await dialog.getByLabel('Custom').check();
  await dialog.getByLabel('Max URLs per file').fill('3');
  const option = dialog.getByTestId('export-stylesheet');
  await expect(option).toHaveAccessibleDescription(/Chrome is removing XSLT/);
  await option.check();
  await dialog.screenshot({ path: artifact('export-stylesheet-option.png') });
  const { file } = await downloadBy(
    page,
    async () => {
      await dialog.getByRole('button', { name: 'Download', exact: true }).click();
      // The javascript: loc is an error the export does not fix: the dialog asks first.
      await dialog.getByRole('button', { name: 'Continue with errors' }).click();
    },
    testInfo.outputPath('out'),
  );
  const unpacked = unpackDownload(file);
  expect([...unpacked.keys()]).toContain('sitemap.xsl');
  const xmlNames = [...unpacked.keys()].filter((n) => n.endsWith('.xml'));
  expect(xmlNames.length).toBeGreaterThan(1);
  const written = writeAll(testInfo.outputPath('files'), new Map([...unpacked].filter(([n]) => n.endsWith('.xml'))));
  for (const f of written) {
    const text = new TextDecoder().decode(unpacked.get(path.basename(f)));
    expect(text.split('\n')[1]).toBe('<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>');
    validateXml(f, text.includes('<sitemapindex') ? 'index' : 'sitemap');
  }

  // Opened as a visitor would: the browser applies the stylesheet (Chromium 156 still does, under a removal banner).
  const viewer = await page.context().newPage();
  await serveFiles(viewer, unpacked);
  const sitemap = xmlNames.find((n) => !n.includes('index')) as string;
  await viewer.goto(`http://files.test/${sitemap}`);
  await expect(viewer.getByRole('heading', { name: 'XML Sitemap' })).toBeVisible();
  const links = viewer.locator('a[href]');
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  for (const h of hrefs) expect(h).toMatch(/^https?:\/\//);
  await expect(viewer.locator('script')).toHaveCount(0);
  await viewer.screenshot({ path: artifact('export-stylesheet-rendered.png'), fullPage: true });
  await viewer.close();
});

test('HTML sitemap: one sitemap.html of links by section, hostile locs inert', async ({ page }, testInfo) => {
  await openApp(page);
  await setSiteUrl(page, SITE);
  await importFiles(page, [writeHostile(testInfo.outputPath('in'))]);
  await expectCounts(page, { urls: 5, errors: 1, warnings: 1 });

  const dialog = await openExport(page);
  await dialog.getByLabel(/HTML sitemap/).check();
  const files = dialog.getByRole('table', { name: 'Files to write' });
  await expect(files.locator('tbody tr td:first-child')).toHaveText(['sitemap.html']);
  const { download, file } = await downloadBy(
    page,
    async () => {
      await dialog.getByRole('button', { name: 'Download', exact: true }).click();
      // The javascript: loc is an error the export does not fix: the dialog asks first.
      await dialog.getByRole('button', { name: 'Continue with errors' }).click();
    },
    testInfo.outputPath('out'),
  );
  expect(download.suggestedFilename()).toBe('sitemap.html');
  const unpacked = unpackDownload(file);
  const html = new TextDecoder().decode(unpacked.get('sitemap.html'));
  expect(html).toContain('<html lang="en">');
  expect(html).not.toMatch(/<script/i);

  const viewer = await page.context().newPage();
  await serveFiles(viewer, unpacked);
  await viewer.goto('http://files.test/sitemap.html');
  await expect(viewer.getByRole('heading', { name: 'Sitemap' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: '/blog/café' })).toHaveAttribute(
    'href',
    'https://www.example.org/blog/caf%C3%A9',
  );
  await expect(viewer.getByText("javascript:alert('x')")).toBeVisible();
  const hrefs = await viewer.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(4);
  for (const h of hrefs) expect(h).toMatch(/^https:\/\/www\.example\.org\//);
  await viewer.screenshot({ path: artifact('export-html-sitemap.png'), fullPage: true });
  await viewer.close();
});
