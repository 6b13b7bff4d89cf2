import { readFileSync } from 'node:fs';
import { downloadBy } from './export-helpers';
import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { editCell } from './table-helpers';
import { expect, test } from './test';

const H = 'https://www.example.com';
const KEY = 'a1b2c3d4e5f6a7b8';

test("the Compare panel offers the comparison's IndexNow payload: the added and changed URLs only, with the key", async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await importFiles(page, [fixture('compare-new.xml')]);
  await expectCounts(page, { urls: 7, errors: 0, warnings: 0 });
  const panel = page.getByRole('region', { name: 'Compare' });
  await panel.getByLabel('Load before sitemaps').setInputFiles(fixture('compare-live.xml'));
  await expect(panel.getByRole('button', { name: 'Added 2' })).toBeVisible();

  const indexNow = panel.getByRole('group', { name: 'IndexNow' });
  await expect(indexNow).toContainText('about the 6 added or changed URLs');
  const key = indexNow.getByLabel('IndexNow key');
  const status = indexNow.getByTestId('indexnow-status');

  // A key IndexNow would refuse is refused here, with the reason.
  await key.fill('key_1234');
  await indexNow.getByRole('button', { name: 'Copy IndexNow payload' }).click();
  await expect(status).toHaveText(
    'The key is not valid: an IndexNow key holds only a-z, A-Z, 0-9 and "-"; this one has "_".',
  );
  await expect(status).toHaveAttribute('role', 'alert');

  // Download: one request body, the changed and added URLs in row order, never the unchanged /about or the removed ones.
  await key.fill(KEY);
  const { file } = await downloadBy(
    page,
    () => indexNow.getByRole('button', { name: 'Download IndexNow payload' }).click(),
    testInfo.outputPath(),
  );
  expect(file.endsWith('indexnow.json')).toBe(true);
  const payload = JSON.parse(readFileSync(file, 'utf8'));
  expect(payload).toEqual({
    host: 'www.example.com',
    key: KEY,
    urlList: [`${H}/`, `${H}/blog/`, `${H}/contact`, `${H}/gallery`, `${H}/pricing`, `${H}/blog/launch`],
  });
  await expect(status).toHaveText('Downloaded the payload of 6 URLs on www.example.com.');

  // Copy: the same JSON on the clipboard.
  await indexNow.getByRole('button', { name: 'Copy IndexNow payload' }).click();
  await expect(status).toHaveText('Copied the payload of 6 URLs on www.example.com.');
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(payload);

  // An added URL on another host: IndexNow takes one host a request, so the user chooses one and the other is listed.
  await editCell(page, 6, 'loc', 'https://shop.example.com/pricing');
  await indexNow.getByRole('button', { name: 'Copy IndexNow payload' }).click();
  await expect(status).toHaveText(
    'The URLs are on 2 hosts (www.example.com (5), shop.example.com (1)); IndexNow takes one host per request: choose one.',
  );
  await indexNow.getByLabel('Host').selectOption('www.example.com');
  await indexNow.getByRole('button', { name: 'Copy IndexNow payload' }).click();
  await expect(status).toContainText('Copied the payload of 5 URLs on www.example.com. 1 URL left out (below).');
  await expect(status.getByRole('listitem')).toHaveText([
    'https://shop.example.com/pricing: on shop.example.com, not www.example.com: IndexNow takes one host per request',
  ]);
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.urlList).not.toContain('https://shop.example.com/pricing');
  await indexNow.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'compare-indexnow');
});
