import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

const HOST = 'https://www.example.com';

/** A branch of the structure tree by its label (the accessible name starts with it). */
function branch(page: Page, label: string) {
  return page
    .getByRole('tree', { name: 'Site structure' })
    .getByRole('treeitem', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},`) });
}

test('the structure tree shows the branches with their counts, and choosing one filters the table', async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('structure-sitemap.xml')]);
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '10');

  const host = branch(page, 'www.example.com');
  await expect(host).toHaveAttribute('aria-level', '1');
  // One host: its first level is open from the start (issue 34: the tree was one line).
  await expect(host).toHaveAttribute('aria-expanded', 'true');
  // The bad lastmod (31/01/2023) is a problem row.
  await expect(host).toHaveAccessibleName(`www.example.com, 10 URLs, 1 with problems, newest 2024-07-20`);

  // Collapse and expand the host with the keyboard: focus it, then ArrowLeft and ArrowRight.
  await host.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(host).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(host).toHaveAttribute('aria-expanded', 'true');
  const blog = branch(page, 'blog');
  await expect(blog).toHaveAttribute('aria-level', '2');
  await expect(blog).toHaveAccessibleName('blog, 5 URLs, 1 with problems, newest 2024-07-20');
  // The tree is flat: an item's children follow it, one level deeper.
  const level2 = page.getByRole('tree', { name: 'Site structure' }).locator('[role="treeitem"][aria-level="2"]');
  await expect(level2).toHaveCount(4);
  await expect(level2.nth(0)).toHaveAccessibleName(/^blog,/);
  await expect(level2.nth(1)).toHaveAccessibleName(/^docs, 2 URLs/);

  // ArrowDown moves to the first child; Enter chooses it.
  await page.keyboard.press('ArrowDown');
  await expect(blog).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(blog).toHaveAttribute('aria-selected', 'true');
  await expect(grid).toHaveAttribute('aria-rowcount', '5');
  const chip = page.getByTestId('branch-filter');
  await expect(chip).toContainText(`In: ${HOST}/blog`);
  await expect(page.getByTestId('view-count')).toHaveText('5 of 10 URLs');

  // Expand blog and choose 2024 with the mouse.
  await page.keyboard.press('ArrowRight');
  await expect(blog).toHaveAttribute('aria-expanded', 'true');
  await branch(page, '2024').locator('.st-label').click();
  await expect(branch(page, '2024')).toHaveAttribute('aria-level', '3');
  await expect(grid).toHaveAttribute('aria-rowcount', '2');
  await expect(chip).toContainText(`In: ${HOST}/blog/2024`);
  await saveScreenshot(page, 'structure-tree');

  // ArrowLeft goes to the parent, and collapses it.
  await page.keyboard.press('ArrowLeft');
  await expect(blog).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(blog).toHaveAttribute('aria-expanded', 'false');

  // Clear the branch from the table's toolbar: every row is back.
  await chip.getByRole('button', { name: 'Show every branch' }).click();
  await expect(chip).toHaveCount(0);
  await expect(grid).toHaveAttribute('aria-rowcount', '10');
  await expect(page.getByRole('treeitem', { selected: true })).toHaveCount(0);
});

test('the tree follows edits: a deleted row leaves its branch count', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('structure-sitemap.xml')]);
  const host = branch(page, 'www.example.com');
  await expect(branch(page, 'docs')).toHaveAccessibleName(/^docs, 2 URLs/);
  await branch(page, 'docs').locator('.st-label').click();
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '2');
  await grid.getByRole('checkbox', { name: /select row 1/i }).check();
  await page.getByRole('button', { name: /Delete selected/ }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', '1');
  await expect(branch(page, 'docs')).toHaveAccessibleName(/^docs, 1 URL(,|$)/);
  await expect(host).toHaveAccessibleName(/^www\.example\.com, 9 URLs/);
});

test("the table's filters show in the tree: its branch, even collapsed, and the other filters in words", async ({
  page,
}) => {
  await openApp(page);
  await importFiles(page, [fixture('structure-sitemap.xml')]);
  const host = branch(page, 'www.example.com');
  await expect(host).toHaveAttribute('aria-expanded', 'true');
  await branch(page, 'blog').locator('.st-label').click();
  await expect(branch(page, 'blog')).toHaveAttribute('aria-selected', 'true');
  // Only the branch: the tree's highlight says it all, the note gives the count.
  const note = page.getByTestId('structure-filter');
  await expect(note).toHaveText('Table: 5 of 10 URLs in www.example.com/blog.');

  // Collapsed, the host says it holds the table's branch.
  await host.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(host).toHaveAttribute('aria-expanded', 'false');
  await expect(host).toHaveAccessibleName(
    "www.example.com, 10 URLs, 1 with problems, newest 2024-07-20, holds the table's branch",
  );

  // A text filter is said too: the tree's counts are for every URL.
  await page.getByLabel('Filter URLs').fill('summer');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '1');
  await expect(note).toHaveText(
    'Table: 1 of 10 URLs in www.example.com/blog, containing “summer”. The tree counts every URL.',
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(note).toHaveCount(0);
  await expect(host).toHaveAccessibleName('www.example.com, 10 URLs, 1 with problems, newest 2024-07-20');
});

test('a set of several hosts opens with each host collapsed, one line each', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('two-hosts.txt');
  writeFileSync(
    file,
    ['https://a.example.com/x/1', 'https://a.example.com/x/2', 'https://b.example.com/y/1'].join('\n'),
  );
  await openApp(page);
  await importFiles(page, [file]);
  const items = page.getByRole('tree', { name: 'Site structure' }).getByRole('treeitem');
  await expect(items).toHaveCount(2);
  await expect(branch(page, 'a.example.com')).toHaveAttribute('aria-expanded', 'false');
  await expect(branch(page, 'b.example.com')).toHaveAttribute('aria-expanded', 'false');
});
