import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileText, linesAround, MAX_LINE_CHARS } from './source-lines';

const TEXT = ['<?xml version="1.0"?>', '<urlset>', '<url>', '<loc>a & b</loc>', '</url>', '</urlset>'].join('\n');

describe('linesAround', () => {
  it('gives the lines around a line, and where the text starts', () => {
    expect(linesAround(TEXT, 4, 9, 2)).toEqual({
      first: 2,
      lines: ['<urlset>', '<url>', '<loc>a & b</loc>', '</url>', '</urlset>'],
      line: 4,
      offsets: [0, 0, 0, 0, 0],
    });
    expect(linesAround(TEXT, 1, 1, 1)).toEqual({
      first: 1,
      lines: ['<?xml version="1.0"?>', '<urlset>'],
      line: 1,
      offsets: [0, 0],
    });
    expect(linesAround(TEXT, 9, 1)).toBe(null);
    expect(linesAround(TEXT, 0, 1)).toBe(null);
  });

  it('counts CRLF and a lone CR as one line end each', () => {
    expect(linesAround('a\r\nb\rc\nd', 3, 1, 1)).toEqual({
      first: 2,
      lines: ['b', 'c', 'd'],
      line: 3,
      offsets: [0, 0, 0],
    });
  });

  it('cuts a long line around the column', () => {
    const long = `${'x'.repeat(1000)}<bad>${'y'.repeat(1000)}`;
    const got = linesAround(`first\n${long}`, 2, 1001, 1);
    expect(got?.offsets).toEqual([0, 1001 - 1 - MAX_LINE_CHARS / 2]);
    expect(got?.lines[1]).toBe(`${'x'.repeat(MAX_LINE_CHARS / 2)}<bad>${'y'.repeat(MAX_LINE_CHARS / 2 - 5)}`);
    expect(linesAround(long, 1, 2004, 0)?.offsets).toEqual([long.length - MAX_LINE_CHARS]);
  });
});

describe('fileText', () => {
  it('finds a file as given, gzipped, or in a zip', () => {
    const bytes = strToU8(TEXT);
    expect(fileText('a.xml', bytes, 'a.xml')).toBe(TEXT);
    expect(fileText('a.xml.gz', gzipSync(bytes), 'a.xml.gz')).toBe(TEXT);
    const zip = zipSync({ 'b.xml': bytes, 'c.xml': strToU8('<urlset/>') });
    expect(fileText('bundle.zip', zip, 'bundle.zip/b.xml')).toBe(TEXT);
    expect(fileText('bundle.zip', zip, 'bundle.zip/c.xml')).toBe('<urlset/>');
    expect(fileText('bundle.zip', zip, 'bundle.zip/d.xml')).toBe(null);
    expect(fileText('a.xml', bytes, 'other.xml')).toBe(null);
    expect(fileText('a.bin', new Uint8Array([0, 1, 2, 255]), 'a.bin')).toBe(null);
  });
});
