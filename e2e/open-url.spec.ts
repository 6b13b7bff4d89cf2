import { spawn, type ChildProcess } from 'node:child_process';
import { startTestSite, type TestSite } from '../src/cli/fetch/test-site';
import { openApp, problemGroup, saveScreenshot } from './helpers';
import { expect, test } from './test';

/*
 * Open URL through `sitemap-editor serve`, as a user runs it: serve (started
 * here, on the app the suite built) and a site on 127.0.0.1 with a robots.txt
 * naming an index whose children are gzipped, redirected, missing (404),
 * slow past the time-out, HTML, and refused once (429). Nothing leaves
 * 127.0.0.1.
 */
let site: TestSite;
let serve: ChildProcess | null = null;
/** The address `serve` printed. */
let served = '';

/** Starts `sitemap-editor serve` on the app the suite built, as a user would from a checkout; resolves with its address. */
function startServe(): Promise<string> {
  const args = ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--app', process.env.E2E_OUT_DIR ?? 'dist'];
  // The test site is on 127.0.0.1, which serve refuses without --allow-private.
  args.push('--allow-private', '--timeout', '2000', '--retry-delay', '10', '--host-rate', '0');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  serve = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const address = /Sitemap Editor: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (address) resolve(address);
    });
    child.once('exit', (code) => reject(new Error(`serve ended (${code}) before printing its address: ${out}`)));
  });
}

test.beforeAll(async () => {
  site = await startTestSite();
  served = await startServe();
});
test.afterAll(async () => {
  serve?.kill('SIGTERM');
  await site?.close();
});

test('Open URL reads a robots.txt, its index and every child through serve, with the fetch problems', async ({
  page,
}) => {
  await openApp(page, served);
  await page.getByLabel('Open URL').fill(`${site.origin}/robots.txt`);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  // 3 URLs gzipped, 3 plain, 2 behind the redirect, 1 after the 429.
  await expect(page.getByTestId('url-count')).toHaveText('9', { timeout: 30_000 });
  for (const [code, file] of [
    ['fetch-redirected', '/old-sitemap.xml'],
    ['fetch-http-error', '/sitemap-missing.xml'],
    ['fetch-failed', '/sitemap-slow.xml'],
  ] as const) {
    const group = problemGroup(page, code);
    await expect(group).toBeVisible();
    await expect(group).toContainText(`${site.origin}${file}`);
  }
  // The gzipped child and the redirected one were read as the index's children: none is missing.
  await expect(problemGroup(page, 'index-child-missing')).toHaveCount(0);
  await expect(page.locator('.file-table')).toContainText(`${site.origin}/sitemap-gz.xml.gz`);
  await saveScreenshot(page, 'open-url-serve');
});

// A page serve did not serve fetches by itself, and says how to start serve where the site does not allow it: e2e/open-url-direct.spec.ts.
