import { expectCounts, importFiles, openApp, saveScreenshot } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('after a first visit the editor opens and imports without a network', async ({ page, context, health }) => {
  await openApp(page);
  // The service worker installs (precaching every file of the build) and takes this page over.
  const scriptURL = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL;
  });
  expect(scriptURL).toBe(new URL('/sw.js', page.url()).href);

  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  const fromNetwork: string[] = [];
  page.on('response', (response) => {
    if (!response.fromServiceWorker()) fromNetwork.push(response.url());
  });
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Sitemap Editor', level: 1 })).toBeVisible();
  // The network really is gone, for the service worker too: what it does not hold cannot be fetched.
  // That failed request is the one console error this test expects; it is taken off the list checked at the end.
  expect(health.consoleErrors).toEqual([]);
  expect(
    await page.evaluate(() =>
      fetch('/not-precached.txt').then(
        () => 'fetched',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await expect.poll(() => health.consoleErrors).toEqual(['Failed to load resource: net::ERR_FAILED']);
  health.consoleErrors.length = 0;

  // The import worker (its own module, from the cache too) reads a file chosen with the picker.
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expect(page.getByTestId('url-count')).toHaveText('5');
  await expect(page.getByRole('grid')).toBeVisible();
  await saveScreenshot(page, 'offline');
  expect(fromNetwork).toEqual([]);
});

test('the page links a web app manifest that makes it installable', async ({ page }) => {
  await openApp(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; type: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Sitemap Editor',
    short_name: 'Sitemaps',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });

  // Its colours are the app's own: the accent for the title bar, the page background for the splash screen.
  const colours = await page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    return {
      accent: css.getPropertyValue('--accent').trim(),
      bg: css.getPropertyValue('--bg').trim(),
      meta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    };
  });
  expect(colours).toEqual({ accent: manifest.theme_color, bg: manifest.background_color, meta: manifest.theme_color });

  // Chromium's install criteria: a 192 and a 512 px PNG; a maskable one keeps Android from shrinking it into a white disc.
  expect(manifest.icons.map((i) => `${i.src} ${i.sizes} ${i.purpose}`)).toEqual([
    '/favicon.svg any any',
    '/icons/icon-192.png 192x192 any',
    '/icons/icon-512.png 512x512 any',
    '/icons/icon-maskable-512.png 512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toContain(icon.type);
    if (icon.type === 'image/png') expect(pngSize(await file.body()).join('x')).toBe(icon.sizes);
  }
});

test('the app still counts URLs as before with the service worker in charge', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await importFiles(page, [fixture('clean-sitemap.xml')]);
  await expectCounts(page, { urls: 3, errors: 0, warnings: 0 });
});
