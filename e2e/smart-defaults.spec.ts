import { writeFileSync } from 'node:fs';
import { importFiles, openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

test('the Site URL is suggested from the origin every URL shares; Fix all of relative URLs asks for it first', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('relative.txt');
  writeFileSync(file, 'https://www.example.com/a\n/b\nhttps://www.example.com/c\n');
  await openApp(page);
  await importFiles(page, [file]);
  await expect(page.getByTestId('url-count')).toHaveText('3');
  const siteUrl = page.getByLabel('Site URL');
  await expect(siteUrl).toHaveValue('');

  // Without a Site URL, Fix all of loc-not-absolute says what it needs and goes to the field.
  await problemGroup(page, 'loc-not-absolute').getByRole('button', { name: 'Fix all loc-not-absolute' }).click();
  await expect(
    page.getByText(
      'Set the Site URL first: the relative URL is made absolute by putting it in front (loc-not-absolute), then choose Fix all again.',
    ),
  ).toBeVisible();
  await expect(siteUrl).toBeFocused();
  await saveScreenshot(page, 'site-url-suggestion');

  const suggestion = page.getByRole('button', { name: 'Use https://www.example.com/' });
  await expect(suggestion).toHaveAttribute('title', 'All 2 absolute URLs are on https://www.example.com');
  await suggestion.click();
  await expect(siteUrl).toHaveValue('https://www.example.com/');
  await expect(suggestion).toBeHidden();

  await problemGroup(page, 'loc-not-absolute').getByRole('button', { name: 'Fix all loc-not-absolute' }).click();
  await expect(page.getByText('Fixed 1 × loc-not-absolute.')).toBeVisible();
  await expect(problemGroup(page, 'loc-not-absolute')).toHaveCount(0);
});

test('no suggestion when the URLs are on several origins', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('two-hosts.txt');
  writeFileSync(file, 'https://a.example.com/1\nhttps://b.example.com/2\nhttps://a.example.com/3\n');
  await openApp(page);
  await importFiles(page, [file]);
  await expect(page.getByTestId('url-count')).toHaveText('3');
  await expect(page.getByRole('button', { name: /^Use / })).toHaveCount(0);
});

test('a pasted spreadsheet column with a header imports its URLs and says the header was recognised', async ({
  page,
}) => {
  await openApp(page);
  await page.locator('body').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, 'URL\r\nhttps://www.example.com/a\r\nhttps://www.example.com/b\r\n');
  await expect(page.getByTestId('url-count')).toHaveText('2');
  const group = problemGroup(page, 'text-header');
  await expect(group).toContainText('The first line "URL" is a column header, not a URL, so it was not read as one');
  await expect(page.getByRole('gridcell', { name: 'URL', exact: true })).toHaveCount(0);
  await saveScreenshot(page, 'paste-header');
});
