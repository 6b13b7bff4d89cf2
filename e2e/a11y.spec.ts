import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { openApp, saveScreenshot } from './helpers';
import { tableCell } from './table-helpers';
import { expect, test } from './test';

test.use({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
// Each axe run reads the whole page: several per test take minutes on a loaded machine.
test.describe.configure({ timeout: 300_000 });

/** The serious and critical axe-core violations on the page now, one line each (rule, impact, the elements). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), `serious or critical axe violations: ${state}`).toEqual([]);
}

/** A dialog's buttons are all in the window: none pushed out of view by its content. */
async function expectButtonsInView(page: Page, dialog: Locator): Promise<void> {
  const outside = await dialog.getByRole('button').evaluateAll((buttons) =>
    buttons.flatMap((b) => {
      const r = b.getBoundingClientRect();
      const shown = r.width > 0 && r.height > 0;
      return shown && (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth)
        ? [b.textContent ?? '']
        : [];
    }),
  );
  expect(outside, 'buttons out of the window').toEqual([]);
}

async function loadSample(page: Page): Promise<void> {
  await openApp(page);
  await page.getByRole('button', { name: 'Try a sample sitemap' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
}

test('no serious or critical axe violation on the empty page, with the sample loaded and the Problems panel open', async ({
  page,
}) => {
  await openApp(page);
  await expectAccessible(page, 'empty page');

  await page.getByRole('button', { name: 'Try a sample sitemap' }).click();
  // The button is gone with the empty page: the focus moves to the table it loaded.
  await expect(tableCell(page, 1, 'loc')).toBeFocused();
  await expectAccessible(page, 'sample loaded');

  const group = page.locator('.problem-group').first();
  await group.locator('button[aria-pressed]').click();
  await expect(group.locator('details[open]')).toHaveCount(1);
  await saveScreenshot(page, 'a11y-problems-open');
  await expectAccessible(page, 'a problem group expanded');
});

test('no serious or critical axe violation with each dialog open, and each fits 1366 × 768 with its buttons in view', async ({
  page,
}) => {
  await loadSample(page);

  const check = async (open: () => Promise<void>, name: string, opener: Locator | null) => {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expectButtonsInView(page, dialog);
    await expectAccessible(page, `${name} dialog`);
    await saveScreenshot(page, `a11y-dialog-${name.replace(/\W+/g, '-').toLowerCase()}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Closing gives the focus back to what opened it.
    if (opener) await expect(opener).toBeFocused();
  };

  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await check(() => exportButton.click(), 'Export', exportButton);
  const setButton = page.getByRole('button', { name: 'Set values…' });
  await check(() => setButton.click(), 'Set values', setButton);

  const replaceButton = page.getByRole('button', { name: 'Find & replace…' });
  await check(
    async () => {
      await replaceButton.click();
      const dialog = page.getByRole('dialog', { name: 'Find & replace' });
      // A preview of every row: the longest the dialog gets.
      await dialog.getByLabel('Find').fill('https://');
      await expect(dialog.getByTestId('replace-summary')).toContainText('would change');
    },
    'Find & replace',
    replaceButton,
  );

  const details = tableCell(page, 1, 'ext').getByRole('button');
  await check(() => details.click(), 'Row details', details);

  const shortcuts = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await check(() => shortcuts.click(), 'Keyboard shortcuts', shortcuts);

  await tableCell(page, 2, 'lastmod').click();
  await page.evaluate(() => navigator.clipboard.writeText('bad\tworse\n2024-01-01\tdaily'));
  await check(() => page.keyboard.press('Control+v'), 'Paste 2 rows × 2 columns?', tableCell(page, 2, 'lastmod'));
});

test('no serious or critical axe violation with the structure tree open and in the diagram', async ({ page }) => {
  await loadSample(page);
  const tree = page.getByRole('tree', { name: 'Site structure' });
  // The panel's own state, not the tree's visibility, which may lag the sample's rows and toggle it shut.
  const panel = page.getByRole('button', { name: /Structure/ });
  if ((await panel.getAttribute('aria-expanded')) !== 'true') await panel.click();
  await expect(tree).toBeVisible();
  const first = tree.getByRole('treeitem').first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'structure tree expanded');

  await page.getByRole('button', { name: 'Diagram', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Site diagram' })).toBeVisible();
  await saveScreenshot(page, 'a11y-diagram');
  await expectAccessible(page, 'diagram');

  // A box chosen: its details, where its plan is edited.
  await page.getByRole('group', { name: 'Site diagram' }).getByRole('button').first().click();
  await expect(page.getByTestId('box-details').getByLabel('Notes')).toBeVisible();
  await expectAccessible(page, 'diagram box details');
});
