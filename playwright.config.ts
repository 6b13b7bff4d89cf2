import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromium } from 'playwright-core';
import { executablePathFor, findChromium } from './e2e/browser/find-chromium';

// Overridable so that several checkouts or agents can run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';
const BASE_URL = `http://127.0.0.1:${PORT}`;

/*
 * CHROMIUM_PATH, else Debian's Chromium, else Playwright's own download (this
 * machine and CI never download one); `npm run test:e2e` first runs
 * e2e/browser/ensure-chromium.ts, which installs one when none is found.
 */
const executablePath = executablePathFor(
  findChromium({ env: process.env, exists: existsSync, playwrightChromium: () => chromium.executablePath() }),
);

export default defineConfig({
  testDir: 'e2e',
  // e2e/**/*.test.ts are Vitest's (the browser set-up's unit tests).
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_RESULTS ?? 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath,
          // Keeps Chromium from phoning home, so the "no foreign requests" spec
          // sees only what the page itself asks for.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The built app, as users get it (with its Content-Security-Policy).
    command: `npx vite build --outDir ${OUT_DIR} --emptyOutDir && npx vite preview --outDir ${OUT_DIR} --port ${PORT} --strictPort --host 127.0.0.1`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
