import { describe, expect, it } from 'vitest';
import { exportSitemaps } from './export';
import { LIMITS } from '../rules/limits';
import { options, rowsOf } from './test-helpers';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const FOOT = '</urlset>\n';
const entryOf = (loc: string) => `  <url>\n    <loc>${loc}</loc>\n  </url>\n`;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('the real 52,428,800-byte limit', () => {
  it('fills a file up to the limit with multi-byte URLs, and no further', () => {
    const limit = LIMITS.standard.maxBytes;
    // 'ü' written raw takes 2 bytes per character: byte and character counts differ.
    const locs = Array.from(
      { length: 25000 },
      (_, i) => `https://example.com/${i}/${'ü'.repeat(500 + ((i * 7919) % 900))}-${'a'.repeat((i * 104729) % 600)}`,
    );
    const r = exportSitemaps(rowsOf(locs.map((loc) => ({ loc }))), options());
    const sitemaps = r.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps).toHaveLength(2);
    const [first, second] = sitemaps as [(typeof sitemaps)[0], (typeof sitemaps)[0]];
    expect(first.urls + second.urls).toBe(25000);

    const expected = bytes(HEAD) + locs.slice(0, first.urls).reduce((n, l) => n + bytes(entryOf(l)), 0) + bytes(FOOT);
    expect(first.data.length).toBe(expected);
    expect(first.rawBytes).toBe(expected);
    expect(first.data.length).toBeLessThanOrEqual(limit);
    expect(first.data.length + bytes(entryOf(locs[first.urls] as string))).toBeGreaterThan(limit);

    const tail = new TextDecoder().decode(first.data.subarray(first.data.length - 4000));
    expect(tail.endsWith(`<loc>${locs[first.urls - 1]}</loc>\n  </url>\n</urlset>\n`)).toBe(true);
    const head2 = new TextDecoder().decode(second.data.subarray(0, 4000));
    expect(head2.startsWith(HEAD + `  <url>\n    <loc>${locs[first.urls]}</loc>`)).toBe(true);
  });
});
