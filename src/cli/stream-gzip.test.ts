import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { mainAsync } from './main';
import { run } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'sitemap-gzip-tail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const XML =
  '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://e.com/a</loc></url>\n</urlset>\n';

async function stream(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  await mainAsync(
    ['stream', ...argv],
    (l) => out.push(l),
    () => {},
  );
  return out;
}

describe('CLI: trailing garbage after a gzip stream, the same in check and stream', () => {
  for (const [label, tail, message] of [
    [
      'a text line (zlib: "incorrect header check", nothing read)',
      Buffer.from('garbage here\n'),
      '13 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'zero padding (zlib: silence)',
      Buffer.alloc(4),
      '4 bytes after the end of the gzip data are not gzip data: ignored (everything before them was read)',
    ],
    [
      'one byte (zlib: "unexpected end of file")',
      Buffer.from('x'),
      '1 byte after the end of the gzip data is not gzip data: ignored (everything before it was read)',
    ],
  ] as const) {
    it(label, async () => {
      const file = join(dir, `t${tail.length}.xml.gz`);
      writeFileSync(file, Buffer.concat([gzipSync(XML), tail]));
      const line = `t${tail.length}.xml.gz: error compression: t${tail.length}.xml.gz: ${message} (Search Console: "Compression error")`;
      const checked = run('check', file);
      expect(checked.out).toEqual([line, '1 URL in 1 sitemap: 1 error, 0 warnings, 0 infos']);
      const streamed = await stream(file, '--site', 'https://e.com/');
      expect(streamed.slice(0, 2)).toEqual([line, '1 URL in 1 sitemap: 1 error, 0 warnings, 0 infos']);
    });
  }
});
