import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Download, Page } from '@playwright/test';
import { gunzipSync, unzipSync } from 'fflate';
import { assertValidXsdFile } from '../fixtures/xsd';
import { expect } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The shared reference data beside the repository (schemas, corpus); CI has it too. */
export const SHARED = path.resolve(here, '../../shared');

/**
 * Opens the export dialog from the toolbar and chooses a Layout: by default
 * "Split by limits", which the specs written before Keep my files test (the
 * default for rows from sitemap files is Keep my files); null leaves it.
 */
export async function openExport(page: Page, layout: string | null = 'Split by limits') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export sitemaps' });
  await expect(dialog).toBeVisible();
  if (layout !== null) {
    const choice = dialog.getByLabel('Layout');
    // The worker's plan says what "automatic" stands for; choose once it has.
    await expect(
      dialog.getByRole('table', { name: 'Files to write' }).or(dialog.getByText(/Nothing to write/)),
    ).toBeVisible();
    await choice.selectOption({ label: layout });
    await expect(choice.locator('option:checked')).toHaveText(layout);
  }
  return dialog;
}

/** Sets the toolbar's Site URL as a user does (type, then Enter). */
export async function setSiteUrl(page: Page, url: string): Promise<void> {
  const field = page.getByLabel('Site URL');
  await field.fill(url);
  await field.press('Enter');
  await expect(field).toHaveValue(url);
}

/** Clicks something that starts a download, waiting for it first (so none is missed), and saves it. */
export async function downloadBy(
  page: Page,
  click: () => Promise<void>,
  dir: string,
): Promise<{ download: Download; file: string }> {
  const pending = page.waitForEvent('download');
  await click();
  const download = await pending;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { download, file };
}

/**
 * The files of a download: a zip is unpacked and, unless asked not to, each
 * .gz member gunzipped (names keep their .gz, contents are the XML/text).
 */
export function unpackDownload(file: string, { gunzip = true } = {}): Map<string, Uint8Array> {
  const bytes = new Uint8Array(readFileSync(file));
  const members: Record<string, Uint8Array> = file.endsWith('.zip')
    ? unzipSync(bytes)
    : { [path.basename(file)]: bytes };
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(members)) {
    out.set(name, gunzip && name.endsWith('.gz') ? gunzipSync(data) : data);
  }
  return out;
}

/** Writes files to a folder, returning their paths. */
export function writeAll(
  dir: string,
  files: Map<string, Uint8Array>,
  rename: (name: string) => string = (n) => n,
): string[] {
  mkdirSync(dir, { recursive: true });
  return [...files].map(([name, data]) => {
    const target = path.join(dir, rename(name));
    writeFileSync(target, data);
    return target;
  });
}

/**
 * Validates a file against the official schemas with libxml2 (fixtures/xsd.ts),
 * offline: sitemaps against sitemap-all.xsd (the core schema plus every
 * extension), indexes against siteindex.xsd. Throws with libxml2's messages.
 */
export function validateXml(file: string, kind: 'sitemap' | 'index'): void {
  assertValidXsdFile(file, kind === 'index' ? 'siteindex.xsd' : 'sitemap-all.xsd');
}

/** A clean urlset of `n` URLs on one host, as a file in `dir`. */
export function writeCleanSitemap(dir: string, n: number, name = 'clean.xml'): string {
  const urls = Array.from(
    { length: n },
    (_, i) =>
      `  <url>\n    <loc>https://www.example.org/page-${i + 1}</loc>\n    <lastmod>2024-03-${String((i % 28) + 1).padStart(2, '0')}</lastmod>\n  </url>\n`,
  ).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, xml);
  return file;
}
