import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesOf, forEachReader, readFiles, urlset, listOf } from '../../../fixtures/helpers';
import { streamPath } from '../stream/stream-test-helpers';
import { bytesAfterGzipTrailer } from './gzip-trailer';
import { crc32 } from './inflate';

forEachReader(() => {
  const now = new Date('2025-01-01T00:00:00Z');
  const XML = urlset('<url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b</loc></url>');
  const GZ = new Uint8Array(gzipSync(bytesOf(XML)));

  const TAILS: [string, Uint8Array, string][] = [
    [
      'a text line',
      bytesOf('garbage here\n'),
      '13 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'zero padding',
      new Uint8Array(4),
      '4 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'one byte',
      bytesOf('x'),
      '1 byte after the end of the gzip data is not gzip data: ignored (everything before it was read)',
    ],
  ];

  const withTail = (tail: Uint8Array): Uint8Array => new Uint8Array([...GZ, ...tail]);
  const said = (problems: { code: string; message: string }[]): string[] =>
    problems.map((p) => `${p.code}: ${p.message}`);
  const expected = (message: string): string[] => [
    `compression: a.xml.gz: ${message} (Search Console: "Compression error")`,
  ];

  // The same from zlib (check, export, stream in the CLI): src/cli/stream-gzip.test.ts; from the worker's native gunzip: src/worker/native-gunzip-tail.test.ts.
  describe('trailing garbage after a gzip stream: one message and the rows before it, on every path', () => {
    for (const [label, tail, message] of TAILS) {
      const bytes = withTail(tail);

      it(`the table import (portable gunzip, as the app's fallback): ${label}`, () => {
        const set = readFiles([{ name: 'a.xml.gz', bytes }]);
        expect(listOf(set.rows.loc)).toEqual(['https://e.com/a', 'https://e.com/b']);
        expect(said(set.problems)).toEqual(expected(message));
      });

      it(`the stream path, whatever the piece size: ${label}`, () => {
        for (const piece of [1, 7, Infinity]) {
          const { findings } = streamPath([{ name: 'a.xml.gz', bytes }], { now }, piece);
          expect(findings.urls, `pieces of ${piece}`).toBe(2);
          expect(findings.problems).toEqual([
            `a.xml.gz compression: ${expected(message)[0]?.slice('compression: '.length)}`,
          ]);
        }
      });
    }

    it('finds nothing after a clean stream, nor when another gzip member follows', () => {
      const crc = crc32(bytesOf(XML));
      const size = bytesOf(XML).length;
      expect(bytesAfterGzipTrailer(GZ, crc, size)).toBe(-1);
      expect(bytesAfterGzipTrailer(new Uint8Array([...GZ, ...GZ]), crc, size)).toBe(-1);
      expect(bytesAfterGzipTrailer(withTail(new Uint8Array(3)), crc, size)).toBe(3);
      const set = readFiles([
        {
          name: 'two.xml.gz',
          bytes: new Uint8Array([...gzipSync(bytesOf(XML.slice(0, 80))), ...gzipSync(bytesOf(XML.slice(80)))]),
        },
      ]);
      expect(set.problems).toEqual([]);
      expect(set.rows.length).toBe(2);
    });
  });
});
