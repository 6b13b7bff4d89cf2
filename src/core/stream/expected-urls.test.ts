import { describe, expect, it } from 'vitest';
import { bytesOf } from '../../../fixtures/helpers';
import type { InputFile } from '../read/import-files';
import { streamPath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');

function urlset(n: number): InputFile {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  // Row 200 repeats row 10.
  for (let i = 0; i < n; i++) xml += `<url><loc>https://shop.example.com/p/${i === 200 ? 10 : i}</loc></url>\n`;
  return { name: 'shop.xml', bytes: bytesOf(xml + '</urlset>\n') };
}

describe('StreamOptions.expectedUrls', () => {
  it('sizes the duplicate set for four fifths of the estimate at once, and finds the same', () => {
    const input = [urlset(1000)];
    const unsized = streamPath(input, { now, chunkChars: 4096 });
    const sized = streamPath(input, { now, chunkChars: 4096, expectedUrls: 1000 });
    expect(sized.findings).toEqual(unsized.findings);
    expect(sized.report.byCode['loc-duplicate']).toBe(2);
    // 800 expected: 2,048 slots of 8 bytes (three quarters full at 1,536); without, the default 131,072.
    expect(sized.report.duplicateBytes).toBe(2048 * 8);
    expect(unsized.report.duplicateBytes).toBe(131_072 * 8);
  });

  it('grows past an estimate too low, as without one', () => {
    const input = [urlset(100_000)];
    const low = streamPath(input, { now, chunkChars: 1 << 16, expectedUrls: 1000 });
    const unsized = streamPath(input, { now, chunkChars: 1 << 16 });
    expect(low.findings).toEqual(unsized.findings);
    expect(low.report.byCode['loc-duplicate']).toBe(2);
    expect(low.report.duplicateBytes).toBe(262_144 * 8);
    expect(unsized.report.duplicateBytes).toBe(262_144 * 8);
  });
});
