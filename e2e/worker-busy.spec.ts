/*
 * A worker busy past the hang time-out is not a stuck one (issue 34): a long
 * step says it is busy as it goes (core/beat.ts), so the page's watch lets it
 * finish, and its answer is shown, not lost with a restarted worker. The hang
 * time-out is shortened here (`?hang-timeout=`), so steps that take a second
 * stand for the ones that take a minute on a busy machine.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expectCounts, importFiles, openApp, problemGroup } from './helpers';
import { fixture } from './paths';
import { expect, test } from './test';

test('a job that works for three times the hang time-out ends with its own answer, not a lost worker', async ({
  page,
}) => {
  await openApp(page, '/?test-hooks&hang-timeout=2000');
  await importFiles(page, [fixture('small-sitemap.xml')]);
  await expectCounts(page, { urls: 5, errors: 2, warnings: 1 });
  // Fix all first works 6 s on the worker's thread, as a step over a million rows may on a busy machine.
  await page.evaluate(() =>
    (
      window as unknown as { __sitemapEditorTest: { stopWorkerDuring: (d: string, h: string, ms: number) => void } }
    ).__sitemapEditorTest.stopWorkerDuring('fix', 'slow', 6_000),
  );
  await page.getByRole('button', { name: /Fix all automatically fixable/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fixed' })).toContainText('1 × changefreq-value', {
    timeout: 30_000,
  });
  await expectCounts(page, { urls: 5, errors: 0, warnings: 0 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/**
 * Counts the worker's signs of life during a long step, from before the app
 * starts it: its "busy" messages (core/beat.ts), and its progress messages
 * (a step that reports progress needs no "busy" between them).
 */
function countBusy(): void {
  const w = window as unknown as { __busy: number };
  w.__busy = 0;
  const post = Worker.prototype.postMessage;
  const heard = new WeakSet<Worker>();
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    if (!heard.has(this)) {
      heard.add(this);
      this.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
        if (e.data?.type === 'busy' || e.data?.type === 'progress') w.__busy++;
      });
    }
    return post.apply(this, args);
  } as Worker['postMessage'];
}

test('a gzip bomb, inflated to the cap on the worker\'s thread, ends as "Compression error", not as a clean file', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // 260 MiB of zeros: past the 256 MiB cap, some 260 KB gzipped.
  const bomb = testInfo.outputPath('bomb.xml.gz');
  writeFileSync(bomb, gzipSync(Buffer.alloc(260 * 1024 * 1024), { level: 9 }));
  await page.addInitScript(countBusy);
  // A tenth of a minute's hang: inflating 256 MiB is a second or more, longer on a busy machine.
  await openApp(page, '/?test-hooks&hang-timeout=6000');
  await importFiles(page, [bomb]);
  // It said it was busy, or how far it had come, while it inflated (before: not a word, for as long as it took)…
  expect(await page.evaluate(() => (window as unknown as { __busy: number }).__busy)).toBeGreaterThan(0);
  // …and was not taken for a stuck one: its own answer is shown.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectCounts(page, { urls: 0, errors: 1, warnings: 0 });
  await expect(page.getByTestId('files-summary')).toHaveText(/^bomb\.xml\.gz · Not a sitemap · 0 entries · /);
  await expect(problemGroup(page, 'compression')).toContainText('exceeds the cap of 256 MiB');
});
