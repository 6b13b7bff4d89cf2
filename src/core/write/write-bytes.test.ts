import { describe, expect, it } from 'vitest';
import { BodyBuffer } from './body-buffer';
import { escapeLoc, escapeText, newEscapeStats, unpadded, unpaddedText } from './escape';
import { completeForSchema, formatLastmod, type LastmodForm } from './lastmod-form';
import { image, rowsOf, text } from './test-helpers';
import { ExtWriter } from './write-ext';
import { UrlsetWriter } from './write-xml';

/** Values on and off the byte writer's fast path: each must give the string path's exact bytes and counts. */
const entries = [
  { loc: 'https://example.com/a?b=1&c=2&d=3', lastmod: '2024-01-02', changefreq: 'daily', priority: '0.5' },
  { loc: 'https://example.com/plain', lastmod: '2024-01-02T10:11:12+02:00', changefreq: 'weekly', priority: '1.0' },
  { loc: 'https://example.com/ü/ß?q=€', lastmod: '2024-01-02T10:11:12Z' },
  { loc: '  https://example.com/padded \n', lastmod: ' 2024-03-04 ', changefreq: ' monthly', priority: '0.3 ' },
  { loc: 'https://example.com/"quoted"\'s<b>', lastmod: '2024', changefreq: 'never' },
  { loc: 'https://example.com/ctl\u0001\u0002', lastmod: '2024-05', priority: '0.\u00019' },
  { loc: 'https://example.com/tab\there', lastmod: '2024-05-06T07:08Z' },
  { loc: 'https://example.com/cr\rhere', lastmod: '2024-05-06T07:08+01:00' },
  { loc: 'https://example.com/lone\ud800', lastmod: 'not a date & <junk>' },
  { loc: 'https://example.com/pair\ud83d\ude00', lastmod: '2024-02-30', changefreq: 'hourly\ufffe' },
  {
    loc: 'https://example.com/img',
    lastmod: '   ',
    changefreq: '\u0001',
    priority: ' ',
    ext: [image('https://example.com/i.png?a=1&b=2')],
  },
  { loc: 'https://example.com/' + 'x&'.repeat(3000), lastmod: '2024-01-02T10:11:12.345+05:30' },
];
const rows = rowsOf(entries);
/** Every entry three times, interleaved: the writer's pieces by value number are made once and copied after. */
const repeated = rowsOf([...entries, ...entries.slice().reverse(), ...entries]);

/**
 * The oracle: each entry built as a string from the escaping primitives
 * (escape.ts, lastmod-form.ts, tested apart), as the writer's string path
 * does for a value off the fast path.
 */
function viaStrings(
  form: LastmodForm,
  rows = rowsOf(entries),
): { texts: string[]; stats: ReturnType<typeof newEscapeStats>; used: string[][] } {
  const stats = newEscapeStats();
  const ext = new ExtWriter(stats);
  const texts: string[] = [];
  const used: string[][] = [];
  const field = (tag: string, raw: string, value = (v: string) => v): string => {
    const v = unpaddedText(raw, stats);
    return v ? `    <${tag}>${escapeText(value(v), stats)}</${tag}>\n` : '';
  };
  for (let i = 0; i < rows.length; i++) {
    let s = '  <url>\n    <loc>' + escapeLoc(unpadded(rows.loc.get(i), stats), stats) + '</loc>\n';
    s += field('lastmod', rows.lastmod.get(i), (v) => {
      if (form === 'as-is' && completeForSchema(v) !== v) stats.lastmodCompleted++;
      return formatLastmod(v, form);
    });
    s += field('changefreq', rows.changefreq.get(i));
    s += field('priority', rows.priority.get(i));
    const u: string[] = [];
    const x = rows.ext[i];
    if (x && x.length > 0) s += ext.write(x, '    ', u);
    texts.push(s + '  </url>\n');
    used.push(u);
  }
  return { texts, stats, used };
}

describe('UrlsetWriter.write (bytes)', () => {
  for (const form of ['as-is', 'date', 'datetime'] as const) {
    it(`writes the bytes, sizes and repair counts of the entries built from the escaping primitives (lastmod ${form})`, () => {
      const want = viaStrings(form);
      const stats = newEscapeStats();
      const w = new UrlsetWriter(rows, form, stats, false);
      const body = new BodyBuffer();
      for (let i = 0; i < rows.length; i++) {
        const from = body.end;
        const bytes = w.write(i, body);
        expect(text(body.buf.subarray(from, body.end))).toBe(want.texts[i]);
        expect(bytes).toBe(new TextEncoder().encode(want.texts[i]).length);
        expect(w.used).toEqual(want.used[i]);
        body.commit();
      }
      expect(stats).toEqual(want.stats);
    });
  }

  for (const form of ['as-is', 'date', 'datetime'] as const) {
    it(`writes repeated values from their pieces with the same bytes and counts at each use (lastmod ${form})`, () => {
      const want = viaStrings(form, repeated);
      const stats = newEscapeStats();
      const w = new UrlsetWriter(repeated, form, stats, false);
      const body = new BodyBuffer();
      for (let i = 0; i < repeated.length; i++) {
        const from = body.end;
        w.write(i, body);
        expect(text(body.buf.subarray(from, body.end))).toBe(want.texts[i]);
        body.commit();
      }
      expect(stats).toEqual(want.stats);
      expect(want.stats.trimmed).toBe(3 * viaStrings(form).stats.trimmed);
    });
  }

  it('counts the repairs of this fixture exactly', () => {
    expect(viaStrings('as-is').stats).toEqual({
      dropped: 3,
      percentEncoded: 3,
      lastmodCompleted: 4,
      namesDropped: 0,
      trimmed: 6,
    });
  });

  it('grows the buffer for an entry larger than it', () => {
    const big = rowsOf([{ loc: 'https://example.com/' + 'a&'.repeat(600_000) }]);
    const body = new BodyBuffer();
    const w = new UrlsetWriter(big, 'as-is', newEscapeStats(), false);
    const bytes = w.write(0, body);
    expect(bytes).toBe('  <url>\n    <loc>https://example.com/</loc>\n  </url>\n'.length + 600_000 * 6);
    // Room is reserved for the worst case of the fast path (5 bytes a character): 6 MB, so 8 MiB.
    expect(body.buf.length).toBe(8 * 1024 * 1024);
  });
});

describe('BodyBuffer', () => {
  it('moves a pending entry to the front of the next file', () => {
    const body = new BodyBuffer();
    body.writeString('one\n');
    body.commit();
    body.writeString('twö\n');
    expect(body.pending).toBe(5);
    expect(text(body.finish('<h>', '</h>', 3 + 4 + 4))).toBe('<h>one\n</h>');
    body.commit();
    expect(text(body.finish('', '', 5))).toBe('twö\n');
  });

  it('drops a discarded entry', () => {
    const body = new BodyBuffer();
    body.writeString('kept');
    body.commit();
    body.writeString('gone');
    body.discard();
    expect(text(body.finish('', '', 4))).toBe('kept');
  });
});
