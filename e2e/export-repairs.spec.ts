import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openExport } from './export-helpers';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A raw "&" and a stray "<" around four recovered rows (one with changefreq "always<"), and the file ends inside the last. */
const TRUNCATED = path.resolve(here, '../fixtures/broken-truncated.xml');

test('the Download confirmation counts only the errors the export does not repair', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [TRUNCATED]);
  await expectCounts(page, { urls: 4, errors: 4, warnings: 0 });
  // The raw "&" and the stray "<" are repaired by writing the rows; where the file is cut off is not.
  await expect(problemGroup(page, 'xml-malformed')).toContainText(
    'Handled on export: write the rows recovered from it as well-formed XML (2 of 3).',
  );

  const dialog = await openExport(page);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  // Left: where the file ends early, and the changefreq (which Fix all repairs).
  const confirm = dialog.getByRole('region', { name: '2 errors remain' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('1 of them can be fixed automatically');
  await expect(confirm.getByTestId('partial-files')).toHaveText(
    'broken-truncated.xml ends early: only what was read before the cut is written, and what followed is lost.',
  );
  await saveScreenshot(page, 'export-confirm-repairs');
});
