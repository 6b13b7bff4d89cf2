import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, mutation, seeds } from '../../../fixtures/fuzz-cases';
import { bytesOf, corpusFile, corpusFiles, fixture, urlset } from '../../../fixtures/helpers';
import { UrlRows } from '../rows';
import type { SitemapSet } from '../sitemap-set';
import { importFiles, type XmlReader } from './import-files';
import { readSitemapBytes } from './read-xml-bytes';

/**
 * The differential test: the byte reader and the string reader give the
 * same rows (every column, ids included), index entries, files and problems
 * (code, severity, message, file, line, column) for every input, whether the
 * byte reader reads the file itself or gives it up to the string reader.
 */
function readWith(reader: XmlReader, name: string, bytes: Uint8Array): unknown {
  return everything(importFiles([{ name, bytes }], { reader, maxDecompressedBytes: 4 * 1024 * 1024 }));
}

function everything(set: SitemapSet): unknown {
  const r = set.rows;
  const n = r.length;
  return {
    files: set.files, problems: set.problems, sitemaps: set.sitemaps,
    rows: {
      id: Array.from(r.id.subarray(0, n)), loc: r.loc.toArray(), lastmod: r.lastmod.toArray(),
      changefreq: r.changefreq.toArray(), priority: r.priority.toArray(), ext: r.ext.slice(0, n),
      file: Array.from(r.file.subarray(0, n)), line: Array.from(r.line.subarray(0, n)),
      column: Array.from(r.column.subarray(0, n)), readFlags: Array.from(r.readFlags.subarray(0, n)),
    },
  };
}

/** Whether the byte reader reads the file itself (true) or gives it up (false). */
function takesBytes(bytes: Uint8Array): boolean {
  return readSitemapBytes(bytes, { fileIndex: 0, fileName: 'x', rows: new UrlRows(), sitemaps: [], problems: [] }) !== null;
}

function expectSame(name: string, bytes: Uint8Array): void {
  expect(readWith('bytes', name, bytes), name).toEqual(readWith('strings', name, bytes));
}

const E = (body: string): string => urlset(body);

/** Files the byte reader must read itself, each with what makes it worth a case. */
const OWN: [string, string][] = [
  ['plain', E('<url><loc>https://e.com/a</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>')],
  ['entities', E('<url><loc>https://e.com/?a=1&amp;b=&lt;2&gt;&quot;&apos;</loc></url>')],
  ['padded values, CRLF', E('<url>\r\n  <loc>\r\n   https://e.com/a \r\n</loc>\r\n<priority> 0.3</priority></url>').replaceAll('\n', '\r\n').replaceAll('\r\r', '\r')],
  ['lone CR line ends', E('<url><loc>https://e.com/a</loc></url>\r<url>\r<loc>https://e.com/b</loc></url>').replaceAll('\n', '\r')],
  ['non-ASCII before an entry on its line', E('<url><loc>https://e.com/é</loc></url><url><loc>https://e.com/😀ü</loc></url>   <url><loc>b</loc></url>')],
  ['a BOM', `\uFEFF${E('<url><loc>https://e.com/a</loc></url>')}`],
  ['no declaration, comments, a stylesheet PI', `<?xml-stylesheet href="s.xsl"?><!-- a\ncomment --><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!-- x --><url><loc>a</loc></url></urlset><!-- end -->\n`],
  ['schemaLocation attributes across lines', E('<url><loc>a</loc></url>').replace('0.9"', '0.9"\n  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n  xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 x.xsd"')],
  ['repeated fields', E('<url><loc>a</loc><loc> b </loc><lastmod>2024-01-01</lastmod><lastmod>x</lastmod><priority>1</priority><priority>2</priority></url>')],
  ['empty entries and values', E('<url></url><url><loc></loc><lastmod> </lastmod></url>')],
  ['a value over a batch of bytes', E(`<url><loc>https://e.com/${'x'.repeat(70_000)}</loc></url>`)],
  ['an empty urlset', E('')],
  ['an index', '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n <sitemap><loc> https://e.com/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n <sitemap><loc>https://e.com/s&amp;2.xml</loc></sitemap>\n</sitemapindex>'],
  ['many rows (batches)', E(Array.from({ length: 20_000 }, (_, i) => `<url><loc>https://e.com/${i}</loc><lastmod>2024-01-${1 + (i % 28)}</lastmod><changefreq>${i % 3 ? 'daily' : 'weekly'}</changefreq></url>`).join('\n'))],
];

/** Files the byte reader must give up, so the string reader says what it found. */
const GIVEN_UP: [string, string][] = [
  ['a raw &', E('<url><loc>a&b</loc></url>')],
  ['a numeric reference', E('<url><loc>a&#47;b</loc></url>')],
  ['an extension', E('<url><loc>a</loc><image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>b</image:loc></image:image></url>')],
  ['CDATA', E('<url><loc><![CDATA[a]]></loc></url>')],
  ['a DOCTYPE', `<!DOCTYPE urlset>${E('<url><loc>a</loc></url>')}`],
  ['no namespace', '<urlset><url><loc>a</loc></url></urlset>'],
  ['truncated', E('<url><loc>a</loc></url>').slice(0, -20)],
  ['bare text in an entry', E('<url>https://e.com/a</url>')],
  ['white space before the declaration', ` ${E('<url><loc>a</loc></url>')}`],
  ['changefreq in an index', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>a</loc><changefreq>daily</changefreq></sitemap></sitemapindex>'],
  ['a repeated index field', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>a</loc><loc>b</loc></sitemap></sitemapindex>'],
  ['an unbound attribute prefix', E('').replace('0.9"', '0.9" xsi:schemaLocation="x"')],
  ['a NUL', E('<url><loc>a\u0000b</loc></url>')],
  ['an unknown element', E('<url><loc>a</loc><foo>x</foo></url>')],
  ['text after the root', `${E('<url><loc>a</loc></url>')}junk`],
];

/** Pieces of values: padding, line ends, non-ASCII (a BOM, astral), entities, and what the byte reader gives up. */
const PIECE = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('https://e.com/a', '2024-01-01', 'daily', '0.5', 'x') },
  { weight: 4, arbitrary: fc.constantFrom(' ', '\t', '\n', '\r\n', '\r', 'é', '😀', '\uFEFF', '&amp;', '&lt;&gt;', '&quot;&apos;', '\u0001') },
  { weight: 1, arbitrary: fc.constantFrom('&', '&#47;', '&nbsp;') },
);
const VALUE = fc.array(PIECE, { maxLength: 5 }).map((p) => p.join(''));
const GAP = fc.constantFrom('', '\n', '\r\n', '\r', '  ', '\n\t');
const FIELD = fc.tuple(fc.constantFrom('loc', 'lastmod', 'changefreq', 'priority'), VALUE, GAP).map(([f, v, g]) => `${g}<${f}>${v}</${f}>`);
const ENTRY = fc.tuple(fc.array(FIELD, { maxLength: 6 }), GAP, fc.boolean()).map(([fields, g, comment]) => `${comment ? '<!-- a\ncomment -->' : ''}${g}<url>${fields.join('')}${g}</url>`);
const sitemapText = fc.tuple(fc.boolean(), fc.array(ENTRY, { maxLength: 8 }), fc.constantFrom('', '<!-- c\r\n -->', '\n')).map(
  ([bom, entries, tail]) => `${bom ? '\uFEFF' : ''}<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}\n</urlset>${tail}`,
);

/** How many of the generated files (fixed seed) the byte reader reads itself. */
const OWN_GENERATED = 112;

describe('byte reader: the same rows and problems as the string reader', () => {
  it.each(OWN)('reads itself: %s', (name, text) => {
    const bytes = bytesOf(text);
    expect(takesBytes(bytes)).toBe(true);
    expectSame(`${name}.xml`, bytes);
  });

  it.each(GIVEN_UP)('gives up: %s', (name, text) => {
    const bytes = bytesOf(text);
    expect(takesBytes(bytes)).toBe(false);
    expectSame(`${name}.xml`, bytes);
  });

  it('invalid UTF-8 in a value and a non-UTF-8 declaration are given up', () => {
    const bad = bytesOf(E('<url><loc>a_b</loc></url>'));
    bad[bad.indexOf(95)] = 0xff;
    const latin = bytesOf(E('<url><loc>a</loc></url>').replace('UTF-8', 'ISO-8859-1'));
    for (const bytes of [bad, latin]) {
      expect(takesBytes(bytes)).toBe(false);
      expectSame('enc.xml', bytes);
    }
  });

  it('the repo fixtures', () => {
    const dir = join(__dirname, '../../../fixtures');
    const names = readdirSync(dir).filter((f) => /\.(xml|txt|csv)$/.test(f));
    const site = join(dir, 'site');
    const siteNames = readdirSync(site).filter((f) => statSync(join(site, f)).isFile());
    for (const n of names) expectSame(n, fixture(n));
    for (const n of siteNames) expectSame(n, new Uint8Array(readFileSync(join(site, n))));
    // basic-urlset.xml has an image extension with CDATA: the string reader's.
    expect(takesBytes(fixture('basic-urlset.xml'))).toBe(false);
    expect(takesBytes(fixture('basic-index.xml'))).toBe(true);
  });

  it('the corpus (when ../shared is there)', () => {
    const real = corpusFiles();
    for (const n of real) expectSame(n, corpusFile(n));
    for (const n of corpusFiles('robustness')) expectSame(n, corpusFile(n, 'robustness'));
    const own = real.filter((n) => takesBytes(corpusFile(n)));
    console.log(`byte reader: ${own.length} of ${real.length} corpus files read from bytes, the rest given up to the string reader`);
  });

  it('generated sitemaps, many read from bytes', () => {
    let own = 0;
    const runs = 400;
    fc.assert(
      fc.property(sitemapText, (text) => {
        const bytes = bytesOf(text);
        expectSame('gen.xml', bytes);
        if (takesBytes(bytes)) own++;
      }),
      { numRuns: runs, seed: 20261202 },
    );
    // A raw "&", a numeric reference or a named entity (in one piece of a value in 11) sends a file to the string reader.
    expect(own).toBe(OWN_GENERATED);
    console.log(`byte reader: ${own} of ${runs} generated sitemaps read from bytes`);
  }, 120_000);

  it('the fuzz cases', () => {
    let runs = 0;
    let own = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (seedIndex, mutations) => {
        const [name, original] = seeds[seedIndex] as [string, Uint8Array];
        const bytes = mutations.reduce(apply, original);
        expectSame(name, bytes);
        if (takesBytes(bytes)) own++;
        runs++;
      }),
      { numRuns: 1500, seed: 20261201 },
    );
    expect(runs).toBe(1500);
    console.log(`byte reader: ${own} of ${runs} fuzz cases read from bytes`);
  }, 300_000);
});
