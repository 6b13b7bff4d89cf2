/**
 * The large-site benchmark's input (bench/large-site-input.ts) at a small
 * size, streamed as the benchmark streams it: every URL counted, the copies
 * across files found (each copy counted, the later copy as the example, in
 * its own file), nothing else reported: what `bench --large-site` expects
 * of its 50,000,000-URL run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SITE_URL } from '../../bench/generate';
import { largeSiteProblems, writeLargeSite } from '../../bench/large-site-input';
import type { StreamSummary } from './stream-command';
import { runAsync } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'sitemap-large-site-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILES = 8;
const input = writeLargeSite(dir, 16_000, FILES);

it('streams a set of gzipped files behind an index, finding the URLs repeated across files', async () => {
  expect(input.paths).toHaveLength(FILES + 1);
  const json = await runAsync('stream', ...input.paths, '--site', SITE_URL, '--json');
  expect(json.err).toEqual([]);
  const s = JSON.parse(json.out.join('\n')) as StreamSummary;
  expect({ urls: s.urls, sitemaps: s.sitemaps, indexes: s.indexes }).toEqual({ urls: 16_000, sitemaps: 8, indexes: 1 });
  expect(s.problems).toEqual(largeSiteProblems(FILES));
  expect(s.problems).toEqual({ 'loc-duplicate': 14 });
  expect(s.duplicateBytes).toBeGreaterThan(0);

  // The examples are the later copies: the 8th entry of files 2 to 8 (line 10: two lines of header).
  const text = await runAsync('stream', ...input.paths, '--site', SITE_URL);
  const examples = text.out.filter((l) => l.includes('loc-duplicate'));
  expect(examples.map((l) => l.slice(0, l.indexOf(' loc-duplicate')))).toEqual(
    Array.from({ length: FILES - 1 }, (_, k) => `shop-${k + 2}.xml.gz:10:3: warning`),
  );
});
