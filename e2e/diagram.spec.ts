import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { corpus } from './paths';
import { expect, test } from './test';

const HOST = 'https://www.sitemaps.org';

/** The diagram's box whose accessible name starts with this label. */
function box(page: Page, label: string) {
  return page
    .getByRole('group', { name: 'Site diagram' })
    .getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},`) });
}

async function dragOnto(page: Page, from: string, to: string): Promise<void> {
  const a = await box(page, from).boundingBox();
  const b = await box(page, to).boundingBox();
  if (!a || !b) throw new Error('The boxes are not on the screen.');
  await page.mouse.move(a.x + 30, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + 60, a.y + 40, { steps: 4 });
  await page.mouse.move(b.x + 40, b.y + 30, { steps: 8 });
  await page.mouse.up();
}

test('a new user sees the site as a diagram, restructures it, and downloads the sitemaps, the picture and the redirect map', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openApp(page);
  await importFiles(page, [corpus('real_sitemaps-org-own-sitemap_84urls.xml')]);
  await expectCounts(page, { urls: 84, errors: 0, warnings: 0 });

  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Diagram', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const diagram = page.getByRole('group', { name: 'Site diagram' });
  await expect(diagram).toBeVisible();

  // One host, 84 pages: the whole board, its folders closed into sections where the window is too small to read them.
  const host = box(page, 'www.sitemaps.org');
  await expect(host).toHaveAttribute('aria-expanded', 'true');
  await expect(host).toHaveAccessibleName('www.sitemaps.org, 84 URLs, no problems, newest 2022-12-15');
  await expect(box(page, 'da')).toHaveAccessibleName('da, 4 URLs, no problems, newest 2022-12-15');
  await expect(box(page, 'faq.html').first()).toBeVisible();
  await expect(diagram.getByRole('button', { name: /more branches/ })).toHaveCount(0);
  await saveScreenshot(page, 'diagram-open');
  // The whole diagram in the window, so that every box can be reached by the pointer.
  await page.getByRole('button', { name: 'Fit' }).click();

  // Choosing a box filters the table, in step with the Structure panel.
  await box(page, 'de').click();
  await expect(box(page, 'de')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('structure-filter')).toHaveText('Table: 4 of 84 URLs in www.sitemaps.org/de.');
  await page.getByRole('button', { name: 'Show 4 URLs in the table' }).click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '4');
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  await expect(box(page, 'de')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.locator('.dg-viewport').scrollIntoViewIfNeeded();

  // Drag da onto de: a preview of the URLs it changes, then one undo step.
  await dragOnto(page, 'da', 'de');
  const dialog = page.getByRole('dialog', { name: 'Move branch' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('branch-preview')).toContainText(
    'Changes 4 URLs to www.sitemaps.org/de/da; one undo step puts them back.',
  );
  await expect(dialog.getByTestId('branch-preview').getByRole('listitem').first()).toHaveText(
    `${HOST}/da/ → ${HOST}/de/da/`,
  );
  await saveScreenshot(page, 'diagram-move-preview');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveAttribute(
    'title',
    /Move www\.sitemaps\.org\/da to www\.sitemaps\.org\/de\/da \(4 cells\)/,
  );
  // The new parent opens to show the branch under it; the table's branch grew by it.
  await expect(box(page, 'de')).toHaveAccessibleName('de, 8 URLs, no problems, newest 2022-12-15');
  await expect(box(page, 'de')).toHaveAttribute('aria-expanded', 'true');
  await expect(box(page, 'da')).toHaveCount(1);
  await expect(page.locator(`.dg-box[data-key="${HOST}/de/da"]`)).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'diagram-moved');
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(box(page, 'de')).toHaveAccessibleName('de, 4 URLs, no problems, newest 2022-12-15');
  await expect(box(page, 'da')).toHaveAccessibleName('da, 4 URLs, no problems, newest 2022-12-15');

  // By keyboard: the fr box, F2 renames it in place.
  await box(page, 'fr').focus();
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename segment' });
  await rename.getByLabel('New segment').fill('francais');
  await expect(rename.getByTestId('branch-preview')).toContainText('Changes 4 URLs to www.sitemaps.org/francais');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(box(page, 'francais')).toHaveAccessibleName('francais, 4 URLs, no problems, newest 2022-12-15');

  // "Move to…" is the keyboard's drag: it moves es under it.
  await box(page, 'es').focus();
  await page.keyboard.press('m');
  const move = page.getByRole('dialog', { name: 'Move branch' });
  await move.getByLabel('Move under').selectOption(`${HOST}/it`);
  await expect(move.getByTestId('branch-preview')).toContainText('Changes 4 URLs to www.sitemaps.org/it/es');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(box(page, 'it')).toHaveAccessibleName('it, 8 URLs, no problems, newest 2022-12-15');

  // A planned page under the host: a new row, Planned.
  await host.click();
  await page.getByTestId('box-details').getByRole('button', { name: 'Add page…' }).click();
  const add = page.getByRole('dialog', { name: 'Add a planned page' });
  await add.getByLabel('Page segment').fill('pricing');
  await expect(add.getByTestId('branch-preview')).toHaveText(`Adds 1 URL: ${HOST}/pricing`);
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByTestId('url-count')).toHaveText('85');

  // The picture: SVG and PNG.
  const out = testInfo.outputPath('out');
  const svg = await downloadBy(page, () => page.getByRole('button', { name: 'Download SVG' }).click(), out);
  expect(svg.download.suggestedFilename()).toBe('site-diagram.svg');
  const svgText = readFileSync(svg.file, 'utf8');
  expect(svgText.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
  expect(svgText).toContain('Site diagram — www.sitemaps.org');
  expect(svgText).toContain('has URLs with errors');
  expect(svgText).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(svgText).toContain('>francais<');
  const png = await downloadBy(page, () => page.getByRole('button', { name: 'Download PNG' }).click(), out);
  expect(png.download.suggestedFilename()).toBe('site-diagram.png');
  const pngBytes = readFileSync(png.file);
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.length).toBeGreaterThan(10_000);

  // The redirect map: the rename and the move (the undone move is not in it).
  const csv = await downloadBy(page, () => page.getByRole('button', { name: 'Download redirect map' }).click(), out);
  expect(csv.download.suggestedFilename()).toBe('redirects.csv');
  const pages = ['', 'protocol.html', 'faq.html', 'terms.html'];
  expect(readFileSync(csv.file, 'utf8')).toBe(
    [
      'old,new',
      ...pages.map((p) => `${HOST}/fr/${p},${HOST}/francais/${p}`),
      ...pages.map((p) => `${HOST}/es/${p},${HOST}/it/es/${p}`),
    ].join('\r\n') + '\r\n',
  );
  await page.getByLabel('Redirect map').selectOption('nginx');
  const nginx = await downloadBy(page, () => page.getByRole('button', { name: 'Download redirect map' }).click(), out);
  const nginxLines = readFileSync(nginx.file, 'utf8').split('\n');
  expect(nginxLines.slice(2, 5)).toEqual([
    'map $request_uri $redirect_to {',
    '    default "";',
    `    /fr/ ${HOST}/francais/;`,
  ]);
  await page.getByLabel('Redirect map').selectOption('apache');
  const apache = await downloadBy(page, () => page.getByRole('button', { name: 'Download redirect map' }).click(), out);
  expect(readFileSync(apache.file, 'utf8')).toContain('Redirect 301 /fr/protocol.html /francais/protocol.html\n');
  await page.getByLabel('Redirect map').selectOption('netlify');
  const netlify = await downloadBy(
    page,
    () => page.getByRole('button', { name: 'Download redirect map' }).click(),
    out,
  );
  expect(netlify.download.suggestedFilename()).toBe('_redirects');
  expect(readFileSync(netlify.file, 'utf8')).toContain('/es/faq.html  /it/es/faq.html  301\n');

  // And the new sitemaps, without the page only planned (the dialog says so).
  await setSiteUrl(page, `${HOST}/`);
  const exportDialog = await openExport(page);
  await expect(exportDialog.getByTestId('planned-pages')).toContainText('1 planned page is left out');
  const sitemaps = await downloadBy(
    page,
    () => exportDialog.getByRole('button', { name: 'Download', exact: true }).click(),
    out,
  );
  const [xml] = [...unpackDownload(sitemaps.file).values()];
  const text = new TextDecoder().decode(xml);
  expect(text).toContain(`<loc>${HOST}/francais/faq.html</loc>`);
  expect(text).toContain(`<loc>${HOST}/it/es/</loc>`);
  expect(text).not.toContain(`<loc>${HOST}/pricing</loc>`);
  expect(text).not.toContain(`<loc>${HOST}/fr/`);
  expect(text.match(/<loc>/g)).toHaveLength(84);
});

test('the diagram zooms, pans and fits with buttons, keys and the wheel', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [corpus('real_sitemaps-org-own-sitemap_84urls.xml')]);
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  const content = page.locator('.dg-content');
  await expect(box(page, 'da')).toBeVisible();
  // The first drawing is fitted (at a zoom where every title drawn reads).
  await expect.poll(async () => scaleOf(await content.getAttribute('transform'))).toBeGreaterThan(0.6);
  const fitted = await content.getAttribute('transform');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await content.getAttribute('transform');
  expect(scaleOf(zoomed)).toBeCloseTo(scaleOf(fitted) * 1.25, 5);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(content).toHaveAttribute('transform', fitted as string);

  // Keys on the diagram area: − zooms out, an arrow pans, 0 fits again.
  await page.locator('.dg-viewport').focus();
  await page.keyboard.press('-');
  expect(scaleOf(await content.getAttribute('transform'))).toBeCloseTo(scaleOf(fitted) / 1.25, 5);
  await page.keyboard.press('0');
  await expect(content).toHaveAttribute('transform', fitted as string);
  await page.keyboard.press('ArrowDown');
  expect(translateOf(await content.getAttribute('transform'))[1]).toBeCloseTo(translateOf(fitted)[1] - 80, 5);

  // The wheel pans; with Ctrl it zooms.
  await page.keyboard.press('0');
  await expect(content).toHaveAttribute('transform', fitted as string);
  const area = await page.locator('.dg-viewport').boundingBox();
  if (!area) throw new Error('no diagram area');
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, 100);
  await expect
    .poll(async () => translateOf(await content.getAttribute('transform'))[1])
    .toBeCloseTo(translateOf(fitted)[1] - 100, 5);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(async () => scaleOf(await content.getAttribute('transform'))).toBeGreaterThan(scaleOf(fitted));

  // Expand and collapse with the keyboard: → opens de, ← closes it.
  await page.getByRole('button', { name: 'Fit' }).click();
  await box(page, 'de').focus();
  await page.keyboard.press('ArrowRight');
  await expect(box(page, 'de')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`.dg-box[data-key="${HOST}/de/protocol.html"]`)).toHaveCount(1);
  await saveScreenshot(page, 'diagram-de-open');
  await page.keyboard.press('ArrowLeft');
  await expect(box(page, 'de')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator(`.dg-box[data-key="${HOST}/de/protocol.html"]`)).toHaveCount(0);
});

function scaleOf(transform: string | null): number {
  const m = /scale\(([\d.e+-]+)\)/.exec(transform ?? '');
  return m ? Number(m[1]) : NaN;
}

function translateOf(transform: string | null): [number, number] {
  const m = /translate\(([\d.e+-]+),([\d.e+-]+)\)/.exec(transform ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
}
