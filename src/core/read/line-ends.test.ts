import { describe, expect, it } from 'vitest';
import { bytesOf, forEachReader, readFiles, listOf } from '../../../fixtures/helpers';
import { streamPath, tablePath } from '../stream/stream-test-helpers';
import { afterLastLineEnd, countLineEnds } from './line-ends';
import { LineIndex } from './line-index';

forEachReader(() => {
  const now = new Date('2025-01-01T00:00:00Z');

  /** A urlset of three URLs, each `<url>` on its own line, lines ended by `eol`. */
  function threeUrls(eol: string): string {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '<url><loc>https://e.com/a</loc></url>',
      '  <url><loc>https://e.com/b</loc></url>',
      '<url><loc>https://e.com/c</loc></url>',
      '</urlset>',
      '',
    ].join(eol);
  }

  function positions(name: string, text: string): [string, number, number][] {
    const set = readFiles([{ name, bytes: bytesOf(text) }]);
    return listOf(set.rows.loc).map((loc, i) => [loc, set.rows.line[i] as number, set.rows.column[i] as number]);
  }

  describe('LineIndex', () => {
    it('counts LF, CRLF and lone CR as one line end each', () => {
      const idx = new LineIndex('a\nb\r\nc\rd');
      expect([0, 2, 3, 5, 7].map((o) => idx.at(o))).toEqual([
        { line: 1, column: 1 },
        { line: 2, column: 1 },
        { line: 2, column: 2 },
        { line: 3, column: 1 },
        { line: 4, column: 1 },
      ]);
    });

    it('answers again after a question about an earlier offset, and at the very end', () => {
      const idx = new LineIndex('ab\rcd');
      expect(idx.at(4)).toEqual({ line: 2, column: 2 });
      expect(idx.at(1)).toEqual({ line: 1, column: 2 });
      expect(idx.at(5)).toEqual({ line: 2, column: 3 });
    });
  });

  describe('line ends in the readers', () => {
    for (const [label, eol] of [
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['CR', '\r'],
    ] as const) {
      it(`puts XML rows on their lines with ${label} line ends`, () => {
        expect(positions('s.xml', threeUrls(eol))).toEqual([
          ['https://e.com/a', 3, 1],
          ['https://e.com/b', 4, 3],
          ['https://e.com/c', 5, 1],
        ]);
      });

      it(`reads a TXT file with ${label} line ends as one URL a line`, () => {
        const set = readFiles([
          {
            name: 's.txt',
            bytes: bytesOf(['https://e.com/a', '', 'https://e.com/b', 'https://e.com/c'].join(eol) + eol),
          },
        ]);
        expect(set.files[0]).toMatchObject({ kind: 'text', count: 3 });
        expect(listOf(set.rows.loc)).toEqual(['https://e.com/a', 'https://e.com/b', 'https://e.com/c']);
        expect(Array.from(set.rows.line.subarray(0, 3))).toEqual([1, 3, 4]);
      });

      it(`streams ${label} files with the rows and places of the table path, whatever the chunk size`, () => {
        const files = [
          { name: 's.txt', bytes: bytesOf(['https://e.com/a', '/relative', 'https://e.com/c'].join(eol) + eol) },
          {
            name: 's.xml',
            bytes: bytesOf(threeUrls(eol).replace('e.com/b</loc>', 'e.com/b</loc><lastmod>2024/01/05</lastmod>')),
          },
        ];
        const table = tablePath(files, { now });
        expect(table.problems).toEqual([
          's.txt:2:1 loc-not-absolute: URL "/relative" is not an absolute URL with http(s):// and a host (Search Console: "Invalid URL / URLs not followed")',
          's.xml:4:3 lastmod-format: lastmod "2024/01/05" is not a W3C date; use 2024-01-05 (Search Console: "Invalid date")',
        ]);
        for (const chunkChars of [1, 20, 1 << 20]) {
          expect(streamPath(files, { now, chunkChars }, 7).findings, `chunks of ${chunkChars}`).toEqual(table);
        }
      });
    }

    it('counts line ends before an offset and cuts after the last whole one', () => {
      expect(countLineEnds('a\r\nb\rc\nd')).toEqual({ lines: 3, lastLineStart: 7 });
      expect(countLineEnds('a\r\nb\rc\nd', 4)).toEqual({ lines: 1, lastLineStart: 3 });
      expect(afterLastLineEnd('a\rb\r')).toBe(2);
      expect(afterLastLineEnd('a\rb\r\n')).toBe(5);
      expect(afterLastLineEnd('abc')).toBe(0);
    });
  });

  describe('one-line (minified) files', () => {
    it('imports 200,000 URLs written on one line, each at its column on line 1', () => {
      const entry = (i: number): string => `<url><loc>https://e.com/p/${i}</loc></url>`;
      const head = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
      const parts: string[] = [];
      for (let i = 0; i < 200_000; i++) parts.push(entry(i));
      const set = readFiles([{ name: 'min.xml', bytes: bytesOf(head + parts.join('') + '</urlset>') }]);
      expect(set.rows.length).toBe(200_000);
      expect(set.rows.loc.get(199_999)).toBe('https://e.com/p/199999');
      expect(set.rows.line[199_999]).toBe(1);
      const before = head.length + parts.slice(0, 199_999).reduce((n, p) => n + p.length, 0);
      expect(set.rows.column[199_999]).toBe(before + 1);
    });
  });
});
