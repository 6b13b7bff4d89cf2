import { expectCounts, importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

test('the header counts what the Problems panel lists, section by section', async ({ page }) => {
  await openApp(page);
  await importFiles(page, [fixture('mixed-severity.xml')]);
  // loc-too-long is an error over 2,048 characters and a warning over 1,024; the DOCTYPE and the padded loc are warnings.
  await expectCounts(page, { urls: 3, errors: 1, warnings: 3 });
  await expect(page.locator('#problems-error')).toHaveText('Errors 1');
  await expect(page.locator('#problems-warning')).toHaveText('Warnings 3');
  const warnings = page.getByRole('list', { name: /Warnings/ });
  await expect(warnings.locator('.problem-group[data-code="loc-too-long"]').getByTestId('group-count')).toHaveText('1');
  await expect(
    page
      .getByRole('list', { name: /Errors/ })
      .locator('.problem-group[data-code="loc-too-long"]')
      .getByTestId('group-count'),
  ).toHaveText('1');
  await expect(problemGroup(page, 'xml-doctype')).toContainText('A DOCTYPE declaration');
  await expect(problemGroup(page, 'value-whitespace')).toContainText('removed on import, never written');
  // The padded loc is the URL alone in the table.
  await expect(page.getByRole('grid').getByText('https://www.example.com/', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'problem-counts');
});
