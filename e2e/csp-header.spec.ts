import { expect, test } from './test';

const META_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

test('npm start sends the Content-Security-Policy as a header with frame-ancestors, beside the meta tag', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toBe(`${META_POLICY}; frame-ancestors 'none'`);
  // The built page keeps its meta tag (for static hosts that send no header); meta cannot carry frame-ancestors.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', META_POLICY);
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
});
