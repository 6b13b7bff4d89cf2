import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { xmlErrors } from '../fixtures/xml-errors';
import { downloadBy, openExport, setSiteUrl, unpackDownload } from './export-helpers';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { corpus, fixture } from './paths';
import { pdfPageCount, pdfTexts } from './pdf-text';
import { expect, test } from './test';

const HOST = 'https://www.sitemaps.org';

test.use({ viewport: { width: 1366, height: 850 } });

function board(page: Page) {
  return page.getByRole('group', { name: 'Site diagram' });
}

/** The board's box whose accessible name starts with this label. */
function box(page: Page, label: string) {
  return board(page).getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},`) });
}

async function openBoard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  await expect(board(page)).toBeVisible();
  await expect(page.locator('.dg-viewport')).toHaveAttribute('aria-busy', 'false');
}

/** The zoom of the board, from its transform. */
async function scale(page: Page): Promise<number> {
  const t = (await page.locator('.dg-content').getAttribute('transform')) ?? '';
  return Number(/scale\(([\d.e+-]+)\)/.exec(t)?.[1]);
}

/**
 * Every title drawn, as the screen shows it: its height on the screen
 * (getBoundingClientRect) and its font size times the zoom, in CSS pixels.
 */
async function titleSizes(page: Page): Promise<{ height: number; font: number }[]> {
  const k = await scale(page);
  return page.locator('.dg-words .dg-title').evaluateAll(
    (els, zoom) =>
      els.map((el) => ({
        height: el.getBoundingClientRect().height,
        font: Number(el.getAttribute('font-size')) * zoom,
      })),
    k,
  );
}

/** The boxes of a PDF of the board, by their count line ("4 URLs"): every box draws one, nothing else does. */
function pdfBoxes(bytes: Buffer): number {
  return pdfTexts(bytes).filter((t) => /^[\d,]+ URLs?$/.test(t.text)).length;
}

/** The first lines of the box titles in a one-page PDF of the board: bold, 17 units at 0.75 pt a unit. */
function pdfTitles(bytes: Buffer): string[] {
  return pdfTexts(bytes)
    .filter((t) => t.font === 'F2' && t.size === 12.75)
    .map((t) => t.text);
}

test('a new user sees a top-down board of readable, titled boxes, plans on it and downloads it whole', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page);
  await importFiles(page, [fixture('sitemaps-org-84.xml'), fixture('board/crawl-titles.csv')]);
  await expect(page.getByTestId('url-count')).toHaveText('84');
  await openBoard(page);

  // Top down, the home page at the top, titled by the crawl export's Title 1, else by its path.
  await expect(page.getByLabel('Layout')).toHaveValue('top-down');
  await expect(page.getByLabel('Layout').locator('option:checked')).toHaveText('Top down');
  const home = box(page, 'Sitemaps — home');
  // The crawl export (four pages) also gives each box its coverage: the 80 other pages were not crawled.
  await expect(home).toHaveAccessibleName('Sitemaps — home, 84 URLs, no problems, 80 not crawled, newest 2024-03-01');
  await expect(box(page, 'Sitemaps XML format')).toBeVisible();
  await expect(box(page, 'da')).toBeVisible();
  const homeBox = await home.boundingBox();
  for (const label of ['da', 'Sitemaps XML format', 'zh_TW']) {
    const b = await box(page, label).boundingBox();
    expect(b && homeBox && b.y, label).toBeGreaterThanOrEqual((homeBox?.y ?? 0) + (homeBox?.height ?? 0));
  }

  // At Fit every title drawn is readable: at least 10 px on the screen, measured.
  const sizes = await titleSizes(page);
  expect(sizes.length).toBeGreaterThan(20);
  for (const s of sizes) {
    expect(s.height).toBeGreaterThanOrEqual(10);
    expect(s.font).toBeGreaterThanOrEqual(10);
  }
  await saveScreenshot(page, 'board-fit');

  // A box's details: its plan, each change one undo step.
  await box(page, 'Sitemaps XML format').click();
  const details = page.getByTestId('box-details');
  await expect(details.locator('code')).toHaveText(`${HOST}/protocol.html`);
  await details.getByLabel('Status').selectOption('To redirect');
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveAttribute(
    'title',
    /Set status of www\.sitemaps\.org\/protocol\.html to To redirect/,
  );
  await details.getByLabel('Notes').fill('Merge into the FAQ; keep the examples.');
  await details.getByLabel('Owner').click();
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveAttribute('title', /Edit notes of/);
  await details.getByLabel('Owner').fill('Ana');
  await details.getByLabel('Owner').press('Enter');
  await expect(box(page, 'Sitemaps XML format')).toHaveAccessibleName(
    'Sitemaps XML format, 1 URL, no problems, To redirect, Ana, notes, newest 2024-03-01',
  );

  // A planned page under the home page: a new row, Planned. (Another box's details start afresh.)
  await home.click();
  await expect(page.getByTestId('box-details').getByLabel('Notes')).toHaveValue('');
  await page.getByTestId('box-details').getByRole('button', { name: 'Add page…' }).click();
  const add = page.getByRole('dialog', { name: 'Add a planned page' });
  await add.getByLabel('Page segment').fill('pricing');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByTestId('url-count')).toHaveText('85');
  await expect(box(page, 'pricing')).toHaveAccessibleName('pricing, 1 URL, no problems, 1 not crawled, Planned');
  await expect(box(page, 'pricing')).toHaveAttribute('data-status', 'planned');
  await saveScreenshot(page, 'board-planned');

  // The table filters by status.
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await page.getByLabel('Filter URLs').fill('status:planned');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '1');
  await page.getByLabel('Filter URLs').fill('status:"to redirect"');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '1');
  await page.getByLabel('Filter URLs').fill('');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '85');

  // The whole board out: every page, whatever is open on the screen.
  await openBoard(page);
  const out = testInfo.outputPath('out');
  const svg = await downloadBy(page, () => page.getByRole('button', { name: 'Download SVG' }).click(), out);
  expect(svg.download.suggestedFilename()).toBe('site-diagram.svg');
  const svgText = readFileSync(svg.file, 'utf8');
  expect(xmlErrors(svgText)).toEqual([]);
  expect(svgText.match(/<g class="dg-box"/g)).toHaveLength(85);
  expect(svgText).toContain(`<title>Sitemaps XML format — ${HOST}/protocol.html</title>`);
  expect(svgText.match(/>faq\.html</g)).toHaveLength(20);
  const pdf = await downloadBy(page, () => page.getByRole('button', { name: 'Download PDF' }).click(), out);
  expect(pdf.download.suggestedFilename()).toBe('site-diagram.pdf');
  const pdfBytes = readFileSync(pdf.file);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfPageCount(pdfBytes)).toBe(1);
  expect(pdfBoxes(pdfBytes)).toBe(85);
  const titles = pdfTitles(pdfBytes);
  expect(titles.filter((t) => t === 'faq.html')).toHaveLength(20);
  expect(titles).toContain('Sitemaps XML');
  expect(titles).toContain('format');
  await page.getByLabel('PDF pages').selectOption('a4');
  const tiles = await downloadBy(page, () => page.getByRole('button', { name: 'Download PDF' }).click(), out);
  const tileBytes = readFileSync(tiles.file);
  expect(pdfPageCount(tileBytes)).toBeGreaterThanOrEqual(1);
  const media = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(tileBytes.toString('latin1'));
  expect([Number(media?.[1]), Number(media?.[2])].map(Math.round)).toEqual([842, 595]);
  const csv = await downloadBy(page, () => page.getByRole('button', { name: 'Download plan CSV' }).click(), out);
  const csvLines = readFileSync(csv.file, 'utf8').trimEnd().split('\r\n');
  expect(csvLines).toHaveLength(1 + 85);
  expect(csvLines).toContain(
    `1,${HOST}/protocol.html,Sitemaps XML format,To redirect,Merge into the FAQ; keep the examples.,Ana,,1,0,0,2024-03-01`,
  );
  const md = await downloadBy(
    page,
    () => page.getByRole('button', { name: 'Download outline (Markdown)' }).click(),
    out,
  );
  expect(readFileSync(md.file, 'utf8')).toContain(`  - pricing (<${HOST}/pricing>) — **Planned**, 1 URL`);

  // The sitemaps leave the planned page out, and say so, unless asked to write it.
  await setSiteUrl(page, `${HOST}/`);
  const dialog = await openExport(page);
  await expect(dialog.getByTestId('planned-pages')).toContainText('1 planned page is left out: it is not live yet.');
  const left = await downloadBy(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click(), out);
  const [xml] = [...unpackDownload(left.file).values()];
  expect(new TextDecoder().decode(xml).match(/<loc>/g)).toHaveLength(84);
  await dialog.getByLabel('Include planned pages').check();
  await expect(dialog.getByTestId('planned-pages')).toContainText('1 planned page is written with the others.');
  const all = await downloadBy(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click(), out);
  const [xmlAll] = [...unpackDownload(all.file).values()];
  expect(new TextDecoder().decode(xmlAll)).toContain(`<loc>${HOST}/pricing</loc>`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The plan is part of the document: a reload brings the note back.
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('url-count')).toHaveText('85');
  await openBoard(page);
  await box(page, 'Sitemaps XML format').click();
  await expect(page.getByTestId('box-details').getByLabel('Notes')).toHaveValue(
    'Merge into the FAQ; keep the examples.',
  );
  await expect(page.getByTestId('box-details').getByLabel('Status')).toHaveValue('to-redirect');
  // And undo still reaches it.
  await page.getByRole('button', { name: /^Undo/ }).click();
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(page.getByTestId('url-count')).toHaveText('84');
});

test('the layout switches between top down and left to right, children always past their parent', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('sitemaps-org-84.xml')]);
  await openBoard(page);
  const below = async () => {
    const parent = await box(page, 'www.sitemaps.org').boundingBox();
    const child = await box(page, 'terms.html').boundingBox();
    return { parent: parent!, child: child! };
  };
  let { parent, child } = await below();
  expect(child.y).toBeGreaterThanOrEqual(parent.y + parent.height);

  await page.getByLabel('Layout').selectOption('Left to right');
  await expect(page.getByLabel('Layout')).toHaveValue('left-right');
  await expect
    .poll(async () => {
      ({ parent, child } = await below());
      return child.x - (parent.x + parent.width);
    })
    .toBeGreaterThanOrEqual(0);
  for (const s of await titleSizes(page)) expect(s.height).toBeGreaterThanOrEqual(10);
  await saveScreenshot(page, 'board-left-to-right');

  await page.getByLabel('Layout').selectOption('Top down');
  await expect
    .poll(async () => {
      ({ parent, child } = await below());
      return child.y - (parent.y + parent.height);
    })
    .toBeGreaterThanOrEqual(0);
});

test('a flat site of 100,000 pages: readable at Fit, sections named when zoomed out, the whole board within 2,000 boxes', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApp(page);
  await importFiles(page, [corpus('gz_txt_100000-urls_over-50k-limit_sitemapjs.txt.gz')]);
  await expect(page.getByTestId('url-count')).toHaveText('100000');
  await openBoard(page);
  // Larger than 2,000 pages: left to right, a level of the biggest branches and "N more".
  await expect(page.getByLabel('Layout')).toHaveValue('left-right');
  const more = board(page).getByRole('button', { name: /more branches \([\d,]+ URLs\): show more$/ });
  await expect(more).toBeVisible();
  const shown = await board(page).getByRole('button').count();
  expect(shown).toBeGreaterThan(20);
  expect(shown).toBeLessThanOrEqual(1 + 60 + 1);
  for (const s of await titleSizes(page)) {
    expect(s.height).toBeGreaterThanOrEqual(10);
    expect(s.font).toBeGreaterThanOrEqual(10);
  }
  await saveScreenshot(page, 'board-100k-fit');

  // Zoomed out past the titles: no word under 10 px; the host's section is named at a size that reads.
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(board(page)).toHaveAttribute('data-detail', 'none');
  await expect(page.locator('.dg-words .dg-title')).toHaveCount(0);
  const labels = await page
    .locator('.dg-section-label')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(labels.length).toBeGreaterThan(0);
  for (const h of labels) expect(h).toBeGreaterThanOrEqual(10);

  // "N more" shows more.
  await page.getByRole('button', { name: 'Fit' }).click();
  const before = await board(page).getByRole('button').count();
  await more.click();
  await expect.poll(() => board(page).getByRole('button').count()).toBeGreaterThan(before);

  // The whole board: the first level cut to the boxes the export holds.
  const out = testInfo.outputPath('out');
  const svg = await downloadBy(page, () => page.getByRole('button', { name: 'Download SVG' }).click(), out);
  const svgText = readFileSync(svg.file, 'utf8');
  expect(xmlErrors(svgText)).toEqual([]);
  expect(svgText.match(/<g class="dg-box"/g)).toHaveLength(2000);
  expect(svgText).toContain('every branch to the depth that fits 2,000 boxes');
  const pdf = await downloadBy(page, () => page.getByRole('button', { name: 'Download PDF' }).click(), out);
  expect(pdfBoxes(readFileSync(pdf.file))).toBe(2000);
});

test('a loc holding U+0001, U+000B or U+FFFE: the SVG is well-formed and the PNG is drawn', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await importFiles(page, [fixture('control-chars.txt')]);
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await openBoard(page);
  await expect(box(page, 'a\u2401b')).toBeVisible();
  const out = testInfo.outputPath('out');
  const svg = await downloadBy(page, () => page.getByRole('button', { name: 'Download SVG' }).click(), out);
  const svgText = readFileSync(svg.file, 'utf8');
  expect(xmlErrors(svgText)).toEqual([]);
  expect(svgText).toContain('a\u2401b');
  expect(svgText).toContain('tab\u240bbed');
  expect(svgText).toContain('non\ufffdchar');
  const png = await downloadBy(page, () => page.getByRole('button', { name: 'Download PNG' }).click(), out);
  const bytes = readFileSync(png.file);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.length).toBeGreaterThan(5_000);
  // And the PDF: the built-in fonts cannot write ␁, so it is drawn as a picture, and says so.
  const pdf = await downloadBy(page, () => page.getByRole('button', { name: 'Download PDF' }).click(), out);
  expect(readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.locator('.dg-note')).toContainText('the PDF shows the board as a picture');
});
