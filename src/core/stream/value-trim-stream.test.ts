import { describe, expect, it } from 'vitest';
import { bytesOf } from '../../../fixtures/helpers';
import { streamPath, tablePath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');

describe('the streaming path says value-whitespace once per file, as the table path does', () => {
  const padded = (i: number) => `<url><loc>\n  https://example.com/${i}\n</loc></url>`;
  const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[1, 2, 3, 4, 5].map(padded).join('\n')}\n</urlset>\n`;
  const txt = 'https://example.com/a\n  https://example.com/b\nhttps://example.com/c\n\thttps://example.com/d\n';

  it.each([
    ['padded.xml', xml],
    ['padded.txt', txt],
  ])('%s, read in chunks of a few characters', (name, body) => {
    const files = [{ name, bytes: bytesOf(body) }];
    const table = tablePath(files, { now });
    const trimmed = table.problems.filter((p) => p.includes('value-whitespace'));
    expect(trimmed).toEqual(
      name.endsWith('.xml')
        ? [
            'padded.xml:2:6 value-whitespace: 5 values had white space around them (the first: <loc> here); it was removed on import and is never written',
          ]
        : [
            'padded.txt:2:1 value-whitespace: 2 values had white space around them (the first: a line here); it was removed on import and is never written',
          ],
    );
    for (const chunkChars of [1, 20]) expect(streamPath(files, { now, chunkChars }).findings).toEqual(table);
  });
});
