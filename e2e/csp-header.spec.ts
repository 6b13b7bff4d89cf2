import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS } from '../vite.config';
import { HEADER_FILES } from '../src/build/security-headers';
import { expect, test } from './test';

const META_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' https: http:; object-src 'none'; base-uri 'none'; form-action 'none'";

/** The build these specs run against (playwright.config.ts builds into E2E_OUT_DIR). */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', process.env.E2E_OUT_DIR ?? 'dist');

test('npm start sends the Content-Security-Policy as a header with frame-ancestors, beside the meta tag, and the other security headers', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toBe(`${META_POLICY}; frame-ancestors 'none'`);
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect([name, headers[name.toLowerCase()]]).toEqual([name, value]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The built page keeps its meta tag (for static hosts that send no header); meta cannot carry frame-ancestors.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', META_POLICY);
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
});

test('the build carries its headers for static hosts: _headers, and the nginx and Apache snippets', async ({
  request,
}) => {
  const netlify = readFileSync(path.join(outDir, HEADER_FILES.netlify), 'utf8');
  const nginx = readFileSync(path.join(outDir, HEADER_FILES.nginx), 'utf8');
  const apache = readFileSync(path.join(outDir, HEADER_FILES.apache), 'utf8');
  expect(netlify.split('\n').slice(1, 3)).toEqual([
    '/*',
    `  Content-Security-Policy: ${META_POLICY}; frame-ancestors 'none'`,
  ]);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(netlify).toContain(`\n  ${name}: ${value}\n`);
    expect(nginx).toContain(`\nadd_header ${name} "${value}" always;\n`);
    expect(apache).toContain(`\n  Header always set ${name} "${value}"\n`);
  }
  // They are for the server: not precached by the service worker.
  const sw = await (await request.get('/sw.js')).text();
  for (const name of Object.values(HEADER_FILES)) expect(sw).not.toContain(`"${name}"`);
});
