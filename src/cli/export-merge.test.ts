import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, hasShared, NEWS_FIXTURES_DATE } from '../../fixtures/helpers';
import { mainAsync } from './main';
import { FIX, runAsync } from './test-helpers';

/**
 * The `<video:video>` elements of an XML text, each as its page's loc and
 * its children's values sorted (the export writes the children in schema
 * order, the source has them out of it): a video is the same video on the
 * same page when these are equal.
 */
function videosIn(xml: string): string[] {
  const out: string[] = [];
  for (const url of xml.match(/<url>[\s\S]*?<\/url>/g) ?? []) {
    // Decoded: the fix percent-encodes the two locs with ™ and ®.
    const loc = decodeURI(decode(/<loc>([^<]*)<\/loc>/.exec(url)?.[1] ?? '').trim());
    for (const v of url.match(/<video:video>[\s\S]*?<\/video:video>/g) ?? []) {
      const fields = [...v.matchAll(/<video:([a-z_]+)>([^<]*)<\/video:\1>/g)].map(
        ([, name, value]) => `${name}=${decode(value ?? '').trim()}`,
      );
      out.push(`${loc}\n${fields.sort().join('\n')}`);
    }
  }
  return out;
}

/** Text as the XML means it (the source has a raw `&` the export writes `&amp;`). */
function decode(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
  );
}

describe('cli export --fix merges duplicates', () => {
  it("moves the copies' videos, images and alternates into the row kept, lists conflicts and the news copy kept apart", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-merge-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'duplicates-ext.xml'),
      '--site',
      'https://example.com/',
      '--out',
      dir,
      '--fix',
      // Its news entries (2024-05-01, 2024-05-02) recent: the two /news copies differ, and stay apart.
      '--date',
      NEWS_FIXTURES_DATE.toISOString().slice(0, 10),
    );
    expect(r.out.slice(0, 5)).toEqual([
      'fixed: loc-duplicate ×2; removed 2 duplicate rows',
      "Merged 2 duplicate rows into 1 row kept (the first copy's values): moved 1 video, 1 image, 1 hreflang alternate; 1 identical element written once; 2 values differed between copies.",
      'https://example.com/videos: lastmod 2024-01-01 kept over 2024-03-01',
      'https://example.com/videos: priority 0.4 kept over 0.8',
      'https://example.com/news: a duplicate kept as its own row: its <news:news> differs from the one of the row kept, and Google News reads one per URL',
    ]);
    const xml = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    expect(xml.match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>https://example.com/videos</loc>',
      '<loc>https://example.com/about</loc>',
      '<loc>https://example.com/news</loc>',
      '<loc>https://example.com/news</loc>',
    ]);
    const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'));
    expect(first.match(/<(lastmod|changefreq|priority)>[^<]*/g)).toEqual([
      '<lastmod>2024-01-01',
      '<changefreq>weekly',
      '<priority>0.4',
    ]);
    expect(first.match(/<video:title>[^<]*/g)).toEqual(['<video:title>One', '<video:title>Two']);
    expect(first.match(/<(xhtml:link|image:loc)[^>]*>/g)).toEqual([
      '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/videos"/>',
      '<image:loc>',
    ]);
    expect(xml.match(/<news:title>[^<]*/g)).toEqual(['<news:title>Monday', '<news:title>Tuesday']);
  });
});

describe.runIf(hasShared)('cli export --fix on the real video sitemap', () => {
  it('keeps all 1,510 distinct videos of the 1,511 (one is listed twice for the same page)', async () => {
    const file = join(CORPUS_DIR, 'real', 'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml');
    const source = videosIn(readFileSync(file, 'utf8'));
    expect(source).toHaveLength(1511);
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-merge-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      file,
      '--site',
      'https://thefurnaceoutlet.com/',
      '--out',
      dir,
      '--fix',
    );
    expect(r.out.slice(0, 2)).toEqual([
      'fixed: ext-invalid ×1511, loc-unescaped ×2, loc-duplicate ×512; removed 512 duplicate rows',
      "Merged 512 duplicate rows into 2 rows kept (the first copy's values): moved 511 videos; 1 identical element written once; 0 values differed between copies.",
    ]);
    const written = videosIn(readFileSync(join(dir, 'sitemap.xml'), 'utf8'));
    expect(written).toHaveLength(1510);
    expect(new Set(written).size).toBe(1510);
    expect(new Set(source).size).toBe(1510);
    expect([...new Set(source)].filter((v) => !written.includes(v))).toEqual([]);
  });

  it('keeps them through stream --fix too, and says what it merged', async () => {
    const file = join(CORPUS_DIR, 'real', 'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml');
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-merge-'));
    const out: string[] = [];
    await mainAsync(
      ['stream', file, '--site', 'https://thefurnaceoutlet.com/', '--out', dir, '--fix'],
      (l) => out.push(l),
      () => {},
    );
    expect(out).toContain(
      "Merged 512 duplicate rows into 2 rows kept (the first copy's values): moved 511 videos; 1 identical element written once; 0 values differed between copies.",
    );
    const written = videosIn(readFileSync(join(dir, 'sitemap.xml'), 'utf8'));
    expect(written).toHaveLength(1510);
    expect(new Set(written).size).toBe(1510);
  });
});
