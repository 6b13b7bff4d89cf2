/*
 * The whole board at its largest: 2,000 boxes, drawn from a flat sitemap of
 * 100,000 pages (the board then cuts the host's one level to its 1,998
 * biggest branches and an "N more" box). The synthetic data set of the other
 * steps holds more than 2,000 branches at its second depth, so its board
 * stops at the first (50 boxes): this step is what "2,000 boxes" costs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { OUT_DIR } from '../dataset';
import { exportBoard } from './view-steps';

const FLAT_URLS = 100_000;

export interface WholeBoardFigures {
  svgMs: number;
  pdfMs: number;
  boxes: number;
}

/** A text sitemap of 100,000 pages right under the host, written once. */
function flatSitemap(): string {
  const path = join(OUT_DIR, 'board-flat-100000.txt');
  mkdirSync(OUT_DIR, { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < FLAT_URLS; i++) lines.push(`https://www.example.com/page-${i}`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** Imports the flat sitemap in a fresh page, opens the board, and downloads it whole as SVG and as PDF. */
export async function measureWholeBoard(browser: Browser, url: string): Promise<WholeBoardFigures> {
  const file = flatSitemap();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Import sitemaps').setInputFiles(file);
    await page
      .getByTestId('url-count')
      .filter({ hasText: String(FLAT_URLS) })
      .waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Diagram', exact: true }).click();
    await page.locator('.dg-viewport[aria-busy="false"]').waitFor();
    const svg = await exportBoard(page, 'SVG');
    const pdf = await exportBoard(page, 'PDF');
    return { svgMs: svg.ms, pdfMs: pdf.ms, boxes: svg.boxes };
  } finally {
    await context.close();
  }
}
