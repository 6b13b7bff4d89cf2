import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { tableCell, urlGrid, writeTextSitemap } from './table-helpers';
import { expect, test } from './test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SMALL = fixture('small-sitemap.xml');

const clipboard = {
  read: (page: Page) => page.evaluate(() => navigator.clipboard.readText()),
  write: (page: Page, text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text),
};

/** The cells drawn as part of the range, as "row:column label". */
async function rangeCells(page: Page): Promise<string[]> {
  return urlGrid(page)
    .locator('[role="gridcell"][aria-selected="true"]')
    .evaluateAll((cells) =>
      cells.map((c) => {
        const row = c.closest('[role="row"]')?.getAttribute('aria-rowindex');
        const col = [...c.classList].find((k) => k.startsWith('ut-col-'))?.slice(7);
        return `${row}:${col}`;
      }),
    );
}

async function headerOrder(page: Page): Promise<string[]> {
  return urlGrid(page)
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
}

test('a range dragged with the mouse is drawn and copies its whole values as TSV', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  const from = tableCell(page, 1, 'loc');
  const to = tableCell(page, 3, 'lastmod');
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('cells not drawn');
  await page.mouse.move(a.x + 10, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + 10, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await rangeCells(page)).toEqual([
    '1:loc',
    '1:problems',
    '1:ext',
    '1:lastmod',
    '2:loc',
    '2:problems',
    '2:ext',
    '2:lastmod',
    '3:loc',
    '3:problems',
    '3:ext',
    '3:lastmod',
  ]);
  await expect(to).toBeFocused();
  await saveScreenshot(page, 'sheet-drag-range');

  await page.keyboard.press('Control+c');
  await expect
    .poll(() => clipboard.read(page))
    .toBe(
      [
        'https://www.example.com/\t\t0\t2024-01-15',
        'https://www.example.com/about\tlastmod-format\t0\t2024/01/05',
        'https://www.example.com/blog/\tchangefreq-value\t0\t2024-02-01T10:30:00+01:00',
      ].join('\n'),
    );
});

test('Shift+click extends the range from the focused cell; a range with the Select column copies whole rows with a header', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await tableCell(page, 4, 'changefreq').click();
  await tableCell(page, 5, 'priority').click({ modifiers: ['Shift'] });
  expect(await rangeCells(page)).toEqual(['4:changefreq', '4:priority', '5:changefreq', '5:priority']);
  // A cell range is not a row selection.
  await expect(page.getByTestId('selection-count')).toHaveText('No rows selected');
  await page.keyboard.press('Control+c');
  await expect.poll(() => clipboard.read(page)).toBe('weekly\t\n\t0.3');

  await tableCell(page, 4, 'select').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+c');
  await expect
    .poll(() => clipboard.read(page))
    .toBe(
      [
        '#\tloc\tproblems\text.\tlastmod\tchangefreq\tpriority\tsource file',
        '4\thttps://www.example.com/shop#top\tloc-fragment\t0\t\tweekly\t\tsmall-sitemap.xml',
        '5\thttps://www.example.com/contact?lang=en&ref=footer\t\t0\t2023-11-30\t\t0.3\tsmall-sitemap.xml',
      ].join('\n'),
    );
});

test('Ctrl+V pastes a block over several columns, asks first when values are invalid, and one undo takes it back', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await tableCell(page, 2, 'lastmod').click();
  await clipboard.write(page, '2025-01-01\tmonthly\t0.4\r\n2025-01-02\tyearly\tbad\r\n');
  await page.keyboard.press('Control+v');
  const dialog = page.getByRole('dialog', { name: 'Paste 2 rows × 3 columns?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    '6 values into lastmod, changefreq, priority, rows 2–3. Undo takes the whole paste back in one step.',
  );
  await expect(dialog).toContainText(
    '1 value is invalid: pasted as typed, as an edit would be, and flagged as problems.',
  );
  await expect(dialog.getByRole('list', { name: 'Invalid values' }).getByRole('listitem')).toHaveText([
    'Row 3, priority: "bad" is not a priority from 0.0 to 1.0.',
  ]);
  await saveScreenshot(page, 'sheet-paste-confirm');
  await dialog.getByRole('button', { name: 'Paste' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(
      'Pasted 6 values into lastmod, changefreq, priority: 6 cells changed. 1 pasted value is invalid and flagged in the Problems panel.',
    ),
  ).toBeVisible();
  const values = async (row: number) =>
    Promise.all(['lastmod', 'changefreq', 'priority'].map((c) => tableCell(page, row, c).textContent()));
  expect(await values(2)).toEqual(['2025-01-01', 'monthly', '0.4']);
  expect(await values(3)).toEqual(['2025-01-02', 'yearly', 'bad']);
  // The focus went back to the cell the paste was asked from.
  await expect(tableCell(page, 2, 'lastmod')).toBeFocused();

  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute(
    'title',
    /Paste lastmod, changefreq, priority \(6 cells\)/,
  );
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(tableCell(page, 2, 'lastmod')).toHaveText('2024/01/05');
  expect(await values(2)).toEqual(['2024/01/05', '', '0.8']);
  expect(await values(3)).toEqual(['2024-02-01T10:30:00+01:00', 'Daily', '0.6']);
});

test('a small valid block pastes at once; read-only columns in it are left out', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await tableCell(page, 4, 'loc').click();
  await clipboard.write(page, 'https://www.example.com/shop\tignored\t9\t2024-03-03');
  await page.keyboard.press('Control+v');
  await expect(page.getByText('Pasted 2 values into loc, lastmod: 2 cells changed.')).toBeVisible();
  await expect(tableCell(page, 4, 'loc')).toHaveAttribute('title', 'https://www.example.com/shop');
  await expect(tableCell(page, 4, 'lastmod')).toHaveText('2024-03-03');
  await expect(tableCell(page, 4, 'ext')).toHaveText('+');
});

test('a paste of more than 50 values asks first; Cancel changes nothing', async ({ page }, testInfo) => {
  await openApp(page);
  await importFiles(page, [writeTextSitemap(testInfo, 'thirty.txt', 30)]);
  await tableCell(page, 1, 'lastmod').click();
  const block = Array.from({ length: 30 }, (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')}\tdaily`).join(
    '\n',
  );
  await clipboard.write(page, block);
  await page.keyboard.press('Control+v');
  const dialog = page.getByRole('dialog', { name: 'Paste 30 rows × 2 columns?' });
  await expect(dialog).toContainText('60 values into lastmod, changefreq, rows 1–30.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('');
  await expect(tableCell(page, 1, 'lastmod')).toBeFocused();
});

test('Set values sets changefreq, priority and lastmod together in one undo step', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await tableCell(page, 1, 'loc').click({ modifiers: ['Control'] });
  await tableCell(page, 4, 'loc').click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Set values…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set values' });
  await dialog.getByLabel('New changefreq').selectOption('monthly');
  await dialog.getByRole('checkbox', { name: 'priority' }).check();
  await dialog.getByLabel('New priority (0.0–1.0)').fill('0.9');
  await dialog.getByRole('checkbox', { name: 'lastmod' }).check();
  await dialog.getByLabel('This date').check();
  await dialog.getByLabel('lastmod date').fill('2025-03-04');
  await saveScreenshot(page, 'sheet-set-values');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Set changefreq to monthly, priority to 0.9, lastmod to 2025-03-04: 6 cells changed.'),
  ).toBeVisible();
  const values = async (row: number) =>
    Promise.all(['lastmod', 'changefreq', 'priority'].map((c) => tableCell(page, row, c).textContent()));
  expect(await values(1)).toEqual(['2025-03-04', 'monthly', '0.9']);
  expect(await values(4)).toEqual(['2025-03-04', 'monthly', '0.9']);
  expect(await values(2)).toEqual(['2024/01/05', '', '0.8']);

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(tableCell(page, 1, 'lastmod')).toHaveText('2024-01-15');
  expect(await values(1)).toEqual(['2024-01-15', 'daily', '1.0']);
  expect(await values(4)).toEqual(['', 'weekly', '']);
});

test('? opens the shortcut sheet from the grid, not from a text field; closing returns the focus', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await page.getByLabel('Filter URLs').fill('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Filter URLs').fill('');
  await tableCell(page, 1, 'loc').click();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(
    sheet.getByRole('table', { name: 'Table: editing' }).getByRole('row', { name: /Ctrl\+V/ }),
  ).toContainText('Paste a column or a block from the focused cell down');
  await expect(sheet.getByRole('table')).toHaveCount(5);
  await saveScreenshot(page, 'sheet-shortcuts');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(tableCell(page, 1, 'loc')).toBeFocused();

  const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(button).toBeFocused();
});

test('a header dragged onto another moves its column, the pinned ones stay first, and the order survives a reload', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  const header = (label: string) => urlGrid(page).getByRole('columnheader', { name: label, exact: true });
  expect(await headerOrder(page)).toEqual([
    'Select',
    '#',
    'loc',
    'problems',
    'ext.',
    'lastmod',
    'changefreq',
    'priority',
    'source file',
  ]);
  await header('priority').dragTo(header('problems'), { sourcePosition: { x: 4, y: 8 } });
  const moved = ['Select', '#', 'loc', 'priority', 'problems', 'ext.', 'lastmod', 'changefreq', 'source file'];
  expect(await headerOrder(page)).toEqual(moved);
  // The cells moved with their header.
  await expect(urlGrid(page).locator('[role="row"][aria-rowindex="1"] [aria-colindex="4"]')).toHaveText('1.0');
  // Across the pinned edge nothing moves.
  await header('source file').dragTo(header('loc'), { sourcePosition: { x: 4, y: 8 } });
  expect(await headerOrder(page)).toEqual(moved);
  await page.reload();
  await expect(tableCell(page, 1, 'loc')).toBeVisible();
  expect(await headerOrder(page)).toEqual(moved);
});

test('the first Tab stop skips to the table', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [SMALL]);
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the table' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tableCell(page, 1, 'loc')).toBeFocused();
});

for (const width of [768, 1366, 1920]) {
  test(`screenshots at ${width} px: a range, the paste confirmation and the shortcut sheet`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openApp(page);
    await importFiles(page, [SMALL]);
    await tableCell(page, 1, 'lastmod').click();
    await tableCell(page, 3, 'priority').click({ modifiers: ['Shift'] });
    expect(await rangeCells(page)).toHaveLength(9);
    await saveScreenshot(page, `sheet-range-${width}`);
    await clipboard.write(page, 'x\ty\nz\tw');
    await page.keyboard.press('Control+v');
    const confirm = page.getByRole('dialog', { name: 'Paste 2 rows × 2 columns?' });
    await expect(confirm.getByRole('button', { name: 'Paste' })).toBeInViewport();
    await saveScreenshot(page, `sheet-paste-confirm-${width}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeInViewport();
    await saveScreenshot(page, `sheet-shortcuts-${width}`);
  });
}
