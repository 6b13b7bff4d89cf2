/*
 * The table's bar of commands at every width (issue 34: at 768 px "Add URL"
 * lay over "Remove duplicates…", and a click on the top half of the one hit
 * the other): no two of its controls overlap, and each takes its own click.
 */
import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

/** The boxes of the visible buttons of the selection's bar, Add URL, Delete selected and Columns. */
async function barButtons(page: Page): Promise<{ name: string; x: number; y: number; w: number; h: number }[]> {
  return page.locator('.ut-bar button').evaluateAll((buttons) =>
    buttons.flatMap((b) => {
      const r = b.getBoundingClientRect();
      return r.width > 0 && r.height > 0
        ? [{ name: (b.textContent ?? '').trim(), x: r.x, y: r.y, w: r.width, h: r.height }]
        : [];
    }),
  );
}

for (const width of [768, 1024, 1280]) {
  test(`at ${width} px no two commands of the table's bar overlap, and each takes its own click`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await importFiles(page, [fixture('small-sitemap.xml')]);
    const boxes = await barButtons(page);
    expect(boxes.map((b) => b.name)).toEqual(expect.arrayContaining(['Add URL', 'Remove duplicates…', 'Columns']));
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
          overlaps.push(`${a.name} × ${b.name}`);
      }
    expect(overlaps).toEqual([]);
    if (width === 768) await saveScreenshot(page, 'toolbar-768');

    // The top half of Remove duplicates… is Remove duplicates…, not Add URL.
    const dedupe = page.getByRole('button', { name: 'Remove duplicates…' });
    const box = (await dedupe.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 4);
    const dialog = page.getByRole('dialog', { name: /Remove duplicates/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('url-count')).toHaveText('5');
  });
}
