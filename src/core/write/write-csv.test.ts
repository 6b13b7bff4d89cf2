import { describe, expect, it } from 'vitest';
import { fixture } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { addRow } from '../edit/commands';
import { importFiles } from '../read/import-files';
import { emptySet, type SitemapSet } from '../read/sitemap-set';
import { ext, image, rowsOf } from './test-helpers';
import { writeCsv, type CsvOptions, type CsvOutput } from './write-csv';

const HEADER =
  'loc,lastmod,changefreq,priority,images,videos,news,alternates,other extensions,source file,problems\r\n';

function bytesOf(out: CsvOutput): Uint8Array {
  const all = new Uint8Array(out.bytes);
  let at = 0;
  for (const part of out.parts) {
    all.set(part, at);
    at += part.length;
  }
  expect(at).toBe(out.bytes);
  return all;
}

/** The file's text, the byte order mark kept (TextDecoder drops it unless told not to). */
function textOf(out: CsvOutput): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytesOf(out));
}

function csvOf(set: SitemapSet, positions?: ArrayLike<number>, opts?: CsvOptions): string {
  return textOf(writeCsv(set, checkSet(set).rowCodes, positions, opts));
}

/** The two small fixtures, with their problems: duplicates across files, a bad date, changefreq and priority. */
function fixtureSet(): SitemapSet {
  return importFiles([
    { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
    { name: 'urls.csv', bytes: fixture('urls.csv') },
  ]);
}

function setOf(rows: ReturnType<typeof rowsOf>, fileName = 'in.xml'): SitemapSet {
  const set = emptySet();
  set.rows = rows;
  set.files.push({
    name: fileName,
    kind: 'urlset',
    count: rows.length,
    bytes: 0,
    encoding: 'utf-8',
    compression: null,
  });
  return set;
}

describe('writeCsv', () => {
  it('writes a header, then every row with its counts, source file and problem codes', () => {
    expect(csvOf(fixtureSet())).toBe(
      '\uFEFF' +
        HEADER +
        'https://example.com/,2024-05-01,daily,1.0,0,0,0,0,0,basic-urlset.xml,loc-duplicate\r\n' +
        'https://example.com/shop?item=1&color=red,2024-05-02T10:30:00+02:00,,,1,0,0,0,0,basic-urlset.xml,\r\n' +
        'https://example.com/about,,,,0,0,0,0,0,basic-urlset.xml,\r\n' +
        'https://example.com/,2024-01-01,daily,1.0,0,0,0,0,0,urls.csv,loc-duplicate\r\n' +
        'https://example.com/a,2024/01/05,Daily,"0,8",0,0,0,0,0,urls.csv,lastmod-format changefreq-value priority-format\r\n',
    );
  });

  it('lists the extension rules of a row after its row codes', () => {
    const set = importFiles([{ name: 'ext-defects.xml', bytes: fixture('ext-defects.xml') }]);
    const result = checkSet(set);
    const lines = textOf(
      writeCsv(set, result.rowCodes, Uint32Array.of(0, 1), { bom: false, extCodes: result.extCodes }),
    ).split('\r\n');
    expect(lines[1]).toMatch(/,hreflang-value$/);
    expect(lines[2]).toMatch(/,hreflang-href$/);
  });

  it('writes the given positions in their order (a filtered, sorted view)', () => {
    expect(csvOf(fixtureSet(), Uint32Array.of(4, 0), { bom: false })).toBe(
      HEADER +
        'https://example.com/a,2024/01/05,Daily,"0,8",0,0,0,0,0,urls.csv,lastmod-format changefreq-value priority-format\r\n' +
        'https://example.com/,2024-05-01,daily,1.0,0,0,0,0,0,basic-urlset.xml,loc-duplicate\r\n',
    );
    expect(csvOf(fixtureSet(), new Uint32Array(0), { bom: false })).toBe(HEADER);
  });

  it('starts with a UTF-8 byte order mark unless asked not to, and keeps non-ASCII text as UTF-8', () => {
    const set = setOf(rowsOf([{ loc: 'https://bücher.example/straße' }]), 'bücher.xml');
    const out = writeCsv(set, checkSet(set).rowCodes);
    expect([...bytesOf(out).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(textOf(out)).toBe(
      '\uFEFF' + HEADER + 'https://bücher.example/straße,,,,0,0,0,0,0,bücher.xml,loc-unescaped\r\n',
    );
    const bare = writeCsv(set, checkSet(set).rowCodes, undefined, { bom: false });
    expect(bare.bytes).toBe(out.bytes - 3);
    expect(textOf(bare).startsWith('loc,')).toBe(true);
  });

  it('counts each kind of extension element', () => {
    const alternate = (lang: string) =>
      ext('xhtml', 'link', { rel: 'alternate', hreflang: lang, href: `https://example.com/${lang}/` });
    const rows = rowsOf([
      {
        loc: 'https://example.com/',
        ext: [
          image('https://example.com/1.jpg'),
          image('https://example.com/2.jpg'),
          ext('video', 'video'),
          ext('news', 'news'),
          alternate('en'),
          alternate('de'),
          alternate('x-default'),
          ext('mobile', 'mobile'),
        ],
      },
      { loc: 'https://example.com/b' },
    ]);
    // No problems given: these bare elements are for counting, not for the extension checker's verdict.
    const out = writeCsv(setOf(rows), new Uint32Array(rows.length), undefined, { bom: false });
    expect(textOf(out)).toBe(
      HEADER + 'https://example.com/,,,,2,1,1,3,1,in.xml,\r\nhttps://example.com/b,,,,0,0,0,0,0,in.xml,\r\n',
    );
  });

  it('quotes what needs quoting and guards formulas, in values and file names alike', () => {
    const rows = rowsOf([
      { loc: '=HYPERLINK("http://evil.example","Fix")', lastmod: '@now', changefreq: '+daily', priority: '-0.5' },
      { loc: 'https://example.com/a,b "c"', priority: '-1+1' },
    ]);
    const set = setOf(rows, '=cmd.xml');
    expect(csvOf(set, undefined, { bom: false })).toBe(
      HEADER +
        '"\'=HYPERLINK(""http://evil.example"",""Fix"")",\'@now,\'+daily,-0.5,0,0,0,0,0,\'=cmd.xml,loc-not-absolute loc-unescaped lastmod-format changefreq-value priority-range\r\n' +
        '"https://example.com/a,b ""c""",,,\'-1+1,0,0,0,0,0,\'=cmd.xml,loc-whitespace loc-unescaped priority-format\r\n',
    );
    expect(csvOf(set, [1], { bom: false, guardFormulas: false })).toBe(
      HEADER +
        '"https://example.com/a,b ""c""",,,-1+1,0,0,0,0,0,=cmd.xml,loc-whitespace loc-unescaped priority-format\r\n',
    );
  });

  it('leaves the source file of a row added in the editor empty', () => {
    const set = setOf(rowsOf([{ loc: 'https://example.com/' }]));
    addRow(set, { loc: 'https://example.com/new', lastmod: '', changefreq: 'weekly', priority: '', ext: [] });
    expect(csvOf(set, undefined, { bom: false })).toBe(
      HEADER + 'https://example.com/,,,,0,0,0,0,0,in.xml,\r\nhttps://example.com/new,,weekly,,0,0,0,0,0,,\r\n',
    );
  });

  it('writes many rows in several encoded pieces, reporting progress', () => {
    const n = 120_000;
    const rows = rowsOf(
      Array.from({ length: n }, (_, i) => ({ loc: `https://example.com/p/${i}`, lastmod: '2024-05-01' })),
    );
    const set = setOf(rows);
    const progress: [number, number][] = [];
    const out = writeCsv(set, checkSet(set).rowCodes, undefined, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(out.rows).toBe(n);
    expect(out.parts.length).toBe(1 + Math.ceil(n / 4096));
    expect(progress).toEqual([
      [50_000, n],
      [100_000, n],
      [n, n],
    ]);
    const lines = textOf(out).split('\r\n');
    expect(lines.length).toBe(n + 2);
    expect(lines[1]).toBe('https://example.com/p/0,2024-05-01,,,0,0,0,0,0,in.xml,');
    expect(lines[n]).toBe(`https://example.com/p/${n - 1},2024-05-01,,,0,0,0,0,0,in.xml,`);
    expect(lines[n + 1]).toBe('');
  });

  it('imports back into the same rows (the app reads its own CSV)', () => {
    const set = fixtureSet();
    const bytes = bytesOf(writeCsv(set, checkSet(set).rowCodes));
    const back = importFiles([{ name: 'urls.csv', bytes }]);
    expect(back.problems).toEqual([]);
    expect(back.files.map((f) => [f.kind, f.count, f.encoding])).toEqual([['csv', 5, 'utf-8']]);
    const entries = (s: SitemapSet) => Array.from({ length: s.rows.length }, (_, i) => ({ ...s.rows.get(i), ext: [] }));
    expect(entries(back)).toEqual(entries(set));
  });
});
