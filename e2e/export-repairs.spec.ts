import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openExport } from './export-helpers';
import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Three raw "&"/"<" breaks around four recovered rows, one of them with changefreq "always<". */
const TRUNCATED = path.resolve(here, '../fixtures/broken-truncated.xml');

test('the Download confirmation counts only the errors the export does not repair', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [TRUNCATED]);
  await expectCounts(page, { urls: 4, errors: 4, warnings: 0 });
  await expect(problemGroup(page, 'xml-malformed')).toContainText(
    'Handled on export: write the rows recovered from it as well-formed XML.',
  );

  const dialog = await openExport(page);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  // The three xml-malformed are repaired by writing the recovered rows; the changefreq is not.
  const confirm = dialog.getByRole('region', { name: '1 error remains' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('1 of them can be fixed automatically');
  await saveScreenshot(page, 'export-confirm-repairs');
});
