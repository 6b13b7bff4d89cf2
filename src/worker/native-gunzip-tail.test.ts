import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../core/read/import-files';
import { gunzipFrom, preinflate } from './native-gunzip';
import { listOf } from '../../fixtures/helpers';

const XML =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b</loc></url></urlset>';

describe("the worker's gunzip (native first) on trailing garbage", () => {
  for (const [label, tail, message] of [
    [
      'a text line',
      Buffer.from('garbage here\n'),
      '13 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'zero padding',
      Buffer.alloc(4),
      '4 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'one byte',
      Buffer.from('x'),
      '1 byte after the end of the gzip data is not gzip data: ignored (everything before it was read)',
    ],
  ] as const) {
    it(`leaves ${label} to the portable path, which says it once and keeps the rows`, async () => {
      const input = { name: 'a.xml.gz', bytes: new Uint8Array(Buffer.concat([gzipSync(XML), tail])) };
      const pre = await preinflate([input], 1e6);
      expect(pre.has(input.bytes)).toBe(false);
      const set = importFiles([input], { gunzip: gunzipFrom(pre) });
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a', 'https://e.com/b']);
      expect(set.problems.map((p) => `${p.code}: ${p.message}`)).toEqual([
        `compression: a.xml.gz: ${message} (Search Console: "Compression error")`,
      ]);
    });
  }
});
