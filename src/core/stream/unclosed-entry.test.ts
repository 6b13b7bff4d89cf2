import { describe, expect, it } from 'vitest';
import { streamPath, tablePath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');

/** A mistyped end tag leaves the second <url> open; the third opens inside it, two more follow. */
const DOC = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://e.com/1</loc></url>
<url><loc>https://e.com/2</loc></uel>
<url><loc>https://e.com/3</loc></url>
<url><loc>https://e.com/4</loc></url>
<url><loc>https://e.com/5</loc></url>
</urlset>
`;

describe('an entry left open by a mistyped end tag', () => {
  const files = [{ name: 'open.xml', bytes: new TextEncoder().encode(DOC) }];

  it('is said once, where the next <url> opens inside it, and every entry after it is read', () => {
    expect(tablePath(files, { now }).urls).toBe(5);
    expect(tablePath(files, { now }).problems).toEqual([
      'open.xml:4:32 xml-malformed: Not well-formed XML: an end tag </uel> that matches no open element (Search Console: "Parsing error")',
      'open.xml:5:1 xml-malformed: Not well-formed XML: a <url> inside another <url>: the previous one was not closed (Search Console: "Parsing error")',
    ]);
  });

  it('gives the stream path the same findings for every chunk size', () => {
    const table = tablePath(files, { now });
    for (const [chunkChars, piece] of [
      [1, 1],
      [1, 3],
      [40, 7],
      [200, 4096],
      [1 << 20, Infinity],
    ] as const) {
      expect(
        streamPath(files, { now, chunkChars }, piece).findings,
        `chunkChars ${chunkChars}, pieces of ${piece}`,
      ).toEqual(table);
    }
  });
});
