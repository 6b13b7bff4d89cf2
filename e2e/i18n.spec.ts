import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { dropFiles, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

// Each axe run reads the whole page: two per test take minutes on a loaded machine.
test.describe.configure({ timeout: 300_000 });

/** What the page says in one language: enough of its words to know it is that language, and no English. */
interface Words {
  locale: string;
  lang: string;
  emptyTitle: string;
  importLabel: string;
  errors: string;
  exportButton: string;
  exportTitle: string;
  download: string;
  /** Core's detail of the example's problems, in this language: "her ay" and the month 13. */
  changefreqDetail: string;
  lastmodDetail: string;
}

/** Core's English details of the example's problems, none of which may be left in another language. */
const ENGLISH_DETAILS = [
  'is not one of the seven values',
  'is not a real date',
  'is not a decimal number',
  '(Search Console:',
];

const ENGLISH_CHROME = [
  'Import sitemaps',
  'Open your sitemaps',
  'Try a sample sitemap',
  'Problems',
  'Errors',
  'Warnings',
  'Export sitemaps',
  'Download',
  'Cancel',
  'Files',
  'Structure',
  'Totals',
  'Site URL',
  'Not set',
  'Columns',
  'Fix all',
  'No rows selected',
  'Select all shown',
  'Set values',
  'Find & replace',
  'Remove duplicates',
];

const LANGUAGES: Words[] = [
  {
    locale: 'tr-TR',
    lang: 'tr',
    emptyTitle: 'Site haritalarınızı açın',
    importLabel: 'Site haritalarını içe aktar',
    errors: 'Hatalar',
    exportButton: 'Dışa aktar',
    exportTitle: 'Site haritalarını dışa aktar',
    download: 'İndir',
    changefreqDetail: 'changefreq "her ay" yedi değerden biri değil; monthly kullanın',
    lastmodDetail: 'lastmod "2024-13-40" gerçek bir tarih değil: 13. ay yoktur',
  },
  {
    locale: 'sr-RS',
    lang: 'sr-Latn',
    emptyTitle: 'Otvorite svoje mape sajta',
    importLabel: 'Uvezi mape sajta',
    errors: 'Greške',
    exportButton: 'Izvezi',
    exportTitle: 'Izvoz mapa sajta',
    download: 'Preuzmi',
    changefreqDetail: 'changefreq "her ay" nije nijedna od sedam vrednosti; koristite monthly',
    lastmodDetail: 'lastmod "2024-13-40" nije stvaran datum: mesec 13 ne postoji',
  },
];

/** The English chrome words still on the page (whole words, in what a reader sees: Turkish "URL'si" is not "URL"). */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return ENGLISH_CHROME.filter((w) => new RegExp(`(^|[^\\p{L}'])${w}($|[^\\p{L}'])`, 'u').test(text));
}

/** Elements whose text is cut: wider than their box with the overflow hidden (a longer word pushed out). */
async function cutOff(page: Page): Promise<string[]> {
  return page.locator('button, label, th, h1, h2, h3, [role="tab"]').evaluateAll((els) =>
    els.flatMap((el) => {
      const style = getComputedStyle(el);
      const hidden = style.overflow === 'hidden' || style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      const box = el.getBoundingClientRect();
      // A visually hidden heading (1 px, for screen readers) is not cut: it is not shown.
      return hidden && box.width > 2 && el.scrollWidth > el.clientWidth + 2 ? [el.textContent ?? ''] : [];
    }),
  );
}

for (const words of LANGUAGES) {
  test.describe(`the page in ${words.locale}`, () => {
    test.use({ locale: words.locale, viewport: { width: 1366, height: 768 } });

    test(`follows the browser: ${words.lang} words, the example's problems and the export dialog, accessible`, async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
      await expect(page.getByRole('heading', { name: words.emptyTitle })).toBeVisible();
      await expect(page.getByLabel(words.importLabel)).toBeAttached();
      expect(await englishLeft(page), 'English words on the empty page').toEqual([]);
      await saveScreenshot(page, `i18n-${words.lang}-empty`);
      expect(await seriousViolations(page), 'axe: empty page').toEqual([]);

      await dropFiles(page, [fixture('turkish-sitemap.xml')]);
      await expect(page.getByRole('grid')).toBeVisible();
      await expect(page.getByRole('heading', { name: words.errors })).toBeVisible();
      // The percent-encoded path reads as written; the file keeps it encoded.
      await expect(page.getByRole('grid')).toContainText('ürünler');
      // Counts in the reader's language's plural.
      await expect(page.getByTestId('url-count')).toHaveText('3');
      expect(await englishLeft(page), 'English words with the example loaded').toEqual([]);
      // Each problem's detail in the reader's language, its values as written.
      const details = page.locator('.problem-message');
      for (const detail of [words.changefreqDetail, words.lastmodDetail]) {
        const example = details.filter({ hasText: detail }).first();
        await expect(example).toBeAttached();
        // A group's examples open as a user opens them.
        if (!(await example.isVisible()))
          await page.locator('details.problem-examples', { has: example }).locator('summary').click();
        await expect(example).toBeVisible();
      }
      await saveScreenshot(page, `i18n-${words.lang}-problems`);
      const shown = await details.allTextContents();
      expect(
        ENGLISH_DETAILS.filter((w) => shown.some((t) => t.includes(w))),
        'English details',
      ).toEqual([]);
      expect(await cutOff(page), 'words cut off').toEqual([]);
      await saveScreenshot(page, `i18n-${words.lang}-loaded`);
      expect(await seriousViolations(page), 'axe: example loaded').toEqual([]);

      await page.getByRole('button', { name: words.exportButton, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: words.exportTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: words.download, exact: true }).first()).toBeVisible();
      expect(await englishLeft(page), 'English words in the export dialog').toEqual([]);
      await saveScreenshot(page, `i18n-${words.lang}-export`);
      expect(await seriousViolations(page), 'axe: export dialog').toEqual([]);
    });
  });
}

/** The bulk dialogs' English words, none of which may be left in another language. */
const ENGLISH_BULK = [
  'Apply to',
  'Selected rows',
  'All shown rows',
  'Find',
  'Replace with',
  'Regular expression',
  'Match case',
  'In',
  'All URL fields',
  'First changes',
  'Before',
  'After',
  'Fields to set',
  'New changefreq',
  'New priority',
  'New lastmod',
  'Today',
  'This date',
  'From each row',
  'Apply',
  'Replace',
  'Cancel',
  'From origin',
  'To origin',
  'Move URLs',
  'The first copy',
  'Remove duplicates',
];

/** The English words left in a dialog's text (whole words, as englishLeft reads them). */
async function englishIn(dialog: ReturnType<Page['getByRole']>): Promise<string[]> {
  const text = await dialog.innerText();
  return ENGLISH_BULK.filter((w) => new RegExp(`(^|[^\\p{L}'])${w}($|[^\\p{L}'])`, 'u').test(text));
}

for (const [locale, lang, file] of [
  ['tr-TR', 'tr', 'tr.json'],
  ['sr-RS', 'sr-Latn', 'sr.json'],
] as const) {
  const t = JSON.parse(readFileSync(new URL(`../src/i18n/catalogues/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
  test.describe(`the bulk dialogs in ${locale}`, () => {
    test.use({ locale, viewport: { width: 1366, height: 768 } });

    test(`speak ${lang}: Set values, Find & replace, Move to another origin, Remove duplicates`, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await dropFiles(page, [fixture('turkish-sitemap.xml')]);
      await expect(page.getByRole('grid')).toBeVisible();
      const dialogs: [string, string][] = [
        ['bulk.setValues', 'bulk.title.set'],
        ['bulk.findReplace', 'bulk.title.replace'],
        ['bulk.migrate', 'bulk.title.migrate'],
        ['bulk.dedupe', 'bulk.title.dedupe'],
      ];
      for (const [button, title] of dialogs) {
        await page.getByRole('button', { name: t[button], exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t[title] });
        await expect(dialog).toBeVisible();
        if (title === 'bulk.title.replace') {
          await dialog.getByLabel(t['bulk.find'] as string, { exact: true }).fill('https');
          await dialog.getByLabel(t['bulk.replaceWith'] as string).fill('http');
          const changes = dialog.getByRole('table', { name: t['bulk.firstChanges'] });
          await expect(changes).toBeVisible();
          // The preview reads the Turkish path as the grid does; the file keeps it encoded.
          await expect(changes).toContainText('https://www.example.com/ürünler/');
          await expect(changes).toContainText('http://www.example.com/ürünler/');
          await expect(changes).not.toContainText('%C3%BC');
        }
        if (title === 'bulk.title.migrate') {
          await dialog.getByLabel(t['bulk.toOrigin'] as string).fill('https://yeni.example.com');
          await expect(dialog.getByRole('table', { name: t['bulk.firstChanges'] })).toBeVisible();
        }
        expect(await englishIn(dialog), `English words in ${title}`).toEqual([]);
        expect(await cutOff(page), `words cut off in ${title}`).toEqual([]);
        await saveScreenshot(page, `i18n-${lang}-${title.replace('bulk.title.', 'bulk-')}`);
        expect(await seriousViolations(page), `axe: ${title}`).toEqual([]);
        await dialog.getByRole('button', { name: t['action.cancel'], exact: true }).click();
        await expect(dialog).toBeHidden();
      }
    });
  });
}

test.describe('the language menu', () => {
  test.use({ locale: 'en-US' });

  test('overrides the browser, is remembered, and <html lang> follows', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('tr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { name: 'Site haritalarınızı açın' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Open your sitemaps' })).toBeVisible();
  });
});
