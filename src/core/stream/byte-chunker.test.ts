import { describe, expect, it } from 'vitest';
import { countLineEnds } from '../read/line-ends';
import { byteCutAfterEntry, ByteChunker, indexOfByte, lineEndsOf } from './byte-chunker';
import { cutAfterEntry } from './text-chunker';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** `bytes` copied to every offset 0–3 of a buffer: the word loops must not depend on alignment. */
function atEveryOffset(bytes: Uint8Array): Uint8Array[] {
  return [0, 1, 2, 3].map((k) => {
    const b = new Uint8Array(bytes.length + 8);
    b.set(bytes, k);
    return b.subarray(k, k + bytes.length);
  });
}

describe('lineEndsOf', () => {
  it('counts LF, CRLF and a lone CR as countLineEnds does, and the code units after the last', () => {
    const texts = [
      '',
      'abc',
      'a\nb',
      'a\r\nb\rc\n',
      'é\n😀x',
      '<url>\n  <loc>ü😀</loc>\n</url>',
      'x'.repeat(37) + '\n' + 'ab😀c'.repeat(9),
      'end\r',
      '\n'.repeat(13),
      'Ê\nÊ\n\n\nĊ\n',
      'a\n\n\nb\n\n',
      // CRs inside the words read four bytes at a time, and bytes 0x8D / 0x8A (in č, Ѝ, Ċ) that are not CR or LF.
      'x'.repeat(40) + '\r\n' + 'y'.repeat(21) + '\r' + 'z'.repeat(9),
      'čѝĊ'.repeat(12) + '\n' + 'čЍ'.repeat(5),
    ];
    for (const text of texts) {
      const { lines, lastLineStart } = countLineEnds(text);
      for (const b of atEveryOffset(enc(text))) {
        expect(lineEndsOf(b), JSON.stringify(text)).toEqual({ lines, tailUnits: text.length - lastLineStart });
      }
    }
  });
});

describe('indexOfByte', () => {
  it('finds what indexOf finds, from any start, at any alignment', () => {
    const bytes = enc('<url><loc>https://e.com/a!b</loc></url>\n<!-- x --><url>!</url>');
    for (const b of atEveryOffset(bytes)) {
      for (let from = 0; from <= b.length; from++) {
        for (const byte of [33, 10, 60, 0]) expect(indexOfByte(b, byte, from)).toBe(b.indexOf(byte, from));
      }
    }
  });
});

describe('byteCutAfterEntry', () => {
  it('cuts where the text path cuts: after the last end tag outside comments and CDATA', () => {
    const texts = [
      '<url><loc>a</loc></url><url><loc>b</loc></url>  ',
      '<url><loc>a</loc></url><!-- <url></url> -->',
      '<url><loc>a</loc></url><!-- </url> --><url><loc>b</loc></url><!-- open',
      '<url><loc><![CDATA[x</url>]]></loc></url><url><loc><![CDATA[</url>',
      '<url><loc>no end',
      '<!-- </url> -->',
      'a!b<url></url>c!',
    ];
    const cut = byteCutAfterEntry(enc('</url>'));
    const textCut = cutAfterEntry('</url>');
    for (const text of texts) expect(cut(enc(text)), text).toBe(textCut(text));
  });
});

describe('ByteChunker', () => {
  it('hands out every byte once, in chunks framed by the root tags, each with the line and column it starts at', () => {
    const entries = Array.from(
      { length: 30 },
      (_, k) => `<url><loc>https://e.com/${k % 2 ? 'ü' : '😀'}${k}</loc></url>${k % 3 ? '\n' : ''}`,
    );
    const text = `<urlset>${entries.join('')}</urlset>\n`;
    const bytes = enc(text);
    const chunker = new ByteChunker(40, enc('<urlset>'), enc('</urlset>'));
    const cut = byteCutAfterEntry(enc('</url>'));
    const chunks: { doc: string; data: string; line: number; column: number }[] = [];
    for (let at = 0; at < bytes.length; at += 11) {
      chunker.append(bytes.subarray(at, at + 11));
      for (let c = chunker.take(cut, false); c; c = chunker.take(cut, false))
        chunks.push({ doc: dec(c.doc), data: dec(c.data), line: c.line, column: c.column });
    }
    const last = chunker.take(cut, true);
    expect(last).not.toBeNull();
    if (last) chunks.push({ doc: dec(last.doc), data: dec(last.data), line: last.line, column: last.column });
    expect(chunks.map((c) => c.data).join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(10);
    let before = '';
    chunks.forEach((c, k) => {
      const prefix = k === 0 ? '' : '<urlset>';
      const suffix = k === chunks.length - 1 ? '' : '</urlset>';
      expect(c.doc).toBe(prefix + c.data + suffix);
      if (k < chunks.length - 1) expect(c.data.endsWith('</url>')).toBe(true);
      const { lines, lastLineStart } = countLineEnds(before);
      expect({ line: c.line, column: c.column }).toEqual({
        line: lines + 1,
        column: before.length - lastLineStart + 1,
      });
      before += c.data;
    });
  });

  it('keeps buffering while no entry ends, then cuts', () => {
    const chunker = new ByteChunker(8, enc('<urlset>'), enc('</urlset>'));
    const cut = byteCutAfterEntry(enc('</url>'));
    chunker.append(enc('<url><loc>https://e.com/long-value-without-end'));
    expect(chunker.take(cut, false)).toBeNull();
    chunker.append(enc('</loc></url><url>'));
    const c = chunker.take(cut, false);
    expect(c && dec(c.data)).toBe('<url><loc>https://e.com/long-value-without-end</loc></url>');
    expect(chunker.length).toBe(5);
  });
});
