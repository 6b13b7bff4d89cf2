/*
 * Every long step of the worker says it is busy as it goes (core/beat.ts):
 * otherwise the page's watch takes a worker busy past the hang time-out for
 * a stuck one, restarts it, and the step's answer is lost (issue 34). Counted
 * here, not timed: a loop that beats per row runs the listener once per
 * BEAT_EVERY rows, a pass that beats once at its end runs it once, so each
 * step over N rows runs it at least as often as it has rows per BEAT_EVERY
 * or passes, and no step is one silent stretch as long as itself.
 */
import { gzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { BEAT_EVERY, onBeat } from '../core/base/beat';
import { gunzipCapped } from '../core/read/inflate';
import { importFiles } from '../core/read/import-files';
import { ALL_ROWS } from '../core/view/query';
import type { ExportSettings } from './protocol';
import { Session } from './session';

const N = 40_000;
/** At least this many beats for a pass over the N rows. */
const PER_PASS = Math.floor(N / BEAT_EVERY);

const SETTINGS: ExportSettings = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  layout: 'limits',
  newRowsTo: '',
  siteUrl: 'https://example.com/',
  schemaLocation: false,
  lastmodForm: 'as-is',
};

/** N rows, each with an unreadable date (for Fix all) and an alternate (for the hreflang index). */
function sitemap(offset = 0): Uint8Array {
  const entries: string[] = [];
  for (let i = 0; i < N; i++) {
    const loc = `https://example.com/p/${(i * 7919 + offset) % N}`;
    entries.push(
      `<url><loc>${loc}</loc><lastmod>2024/01/02</lastmod><xhtml:link rel="alternate" hreflang="en" href="${loc}"/></url>`,
    );
  }
  return new TextEncoder().encode(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>`,
  );
}

/** How many times the worker's listener ran during `step`. */
function beatsDuring(step: () => unknown): number {
  let beats = 0;
  onBeat(() => beats++);
  step();
  onBeat(null);
  return beats;
}

afterEach(() => onBeat(null));

describe('the long steps beat as they go', () => {
  it('import (inflate, read, check), sort, Fix all, compare, export preview, save and restore', () => {
    const gz = gzipSync(sitemap(), { level: 1 });
    const session = new Session();
    // Inflating: a beat per KiB of output; reading: one per entry.
    const inflated = { bytes: 0 };
    expect(
      beatsDuring(() => {
        inflated.bytes = gunzipCapped(gz).data.length;
      }),
    ).toBeGreaterThanOrEqual(Math.floor(inflated.bytes / 1024 / BEAT_EVERY));
    let set = importFiles([]);
    expect(beatsDuring(() => (set = importFiles([{ name: 'a.xml.gz', bytes: gz }])))).toBeGreaterThanOrEqual(PER_PASS);
    expect(set.rows.length).toBe(N);
    // The check: the hreflang index row by row (twice), and each of its other passes once.
    expect(beatsDuring(() => session.importSet(set, false))).toBeGreaterThanOrEqual(2 * PER_PASS + 5);
    expect(beatsDuring(() => session.setView({ ...ALL_ROWS, sort: { key: 'loc', dir: 'asc' } }))).toBeGreaterThan(0);
    expect(beatsDuring(() => session.edits.fix('all'))).toBeGreaterThanOrEqual(PER_PASS);
    expect(
      beatsDuring(() => session.compare.loadSet(importFiles([{ name: 'before.xml', bytes: sitemap(1) }]))),
    ).toBeGreaterThanOrEqual(2 * PER_PASS);
    expect(beatsDuring(() => session.downloads.planExport(SETTINGS))).toBeGreaterThanOrEqual(PER_PASS);
    const snapshot = session.snapshot(1);
    expect(snapshot).not.toBeNull();
    expect(beatsDuring(() => new Session().restore(snapshot!))).toBeGreaterThanOrEqual(2 * PER_PASS + 5);
  });

  it('a gzip bomb beats while it inflates to the cap, a slice at a time', () => {
    // 128 MiB of zeros, some 130 KB gzipped, under a 64 MiB cap: a 16 KiB slice inflates to some 16 MiB.
    const bomb = gzipSync(new Uint8Array(128 * 1024 * 1024), { level: 9 });
    let capped = false;
    const beats = beatsDuring(() => (capped = gunzipCapped(bomb, 64 * 1024 * 1024).capped));
    expect(capped).toBe(true);
    // One beat a slice: with 1 MiB slices, the whole bomb inflated in one call and beat once.
    expect(beats).toBeGreaterThanOrEqual(3);
  });
});
