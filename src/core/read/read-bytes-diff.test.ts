import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, mutation, seeds } from '../../../fixtures/fuzz-cases';
import { bytesOf, corpusFile, corpusFiles, fixture, urlset, listOf } from '../../../fixtures/helpers';
import { UrlRows } from '../rows/rows';
import type { SitemapSet } from './sitemap-set';
import { importFiles, type XmlReader } from './import-files';
import { GIVE_UP } from './byte-cursor';
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
    files: set.files,
    problems: set.problems,
    sitemaps: set.sitemaps,
    rows: {
      id: Array.from(r.id.subarray(0, n)),
      loc: listOf(r.loc),
      lastmod: listOf(r.lastmod),
      changefreq: listOf(r.changefreq),
      priority: listOf(r.priority),
      ext: r.ext.slice(0, n),
      file: Array.from(r.file.subarray(0, n)),
      line: Array.from(r.line.subarray(0, n)),
      column: Array.from(r.column.subarray(0, n)),
      readFlags: Array.from(r.readFlags.subarray(0, n)),
    },
  };
}

/** Why the byte reader gives the file up, or null when it reads it itself (a gzip is read inflated, as importFiles reads it). */
function refusal(bytes: Uint8Array): string | null {
  let plain = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    // A cut-off gzip (the fuzz cases make some) is inflated as far as it goes; a broken one is not read at all.
    try {
      plain = new Uint8Array(gunzipSync(bytes, { finishFlush: zlib.Z_SYNC_FLUSH }));
    } catch {
      return 'not a gzip that inflates';
    }
  }
  return readSitemapBytes(plain, { fileIndex: 0, fileName: 'x', rows: new UrlRows(), sitemaps: [], problems: [] }) ===
    null
    ? GIVE_UP.why
    : null;
}

/** Whether the byte reader reads the file itself (true) or gives it up (false). */
function takesBytes(bytes: Uint8Array): boolean {
  return refusal(bytes) === null;
}

function expectSame(name: string, bytes: Uint8Array): void {
  expect(readWith('bytes', name, bytes), name).toEqual(readWith('strings', name, bytes));
}

const E = (body: string): string => urlset(body);

/** Files the byte reader must read itself, each with what makes it worth a case. */
const OWN: [string, string][] = [
  [
    'plain',
    E(
      '<url><loc>https://e.com/a</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>',
    ),
  ],
  ['entities', E('<url><loc>https://e.com/?a=1&amp;b=&lt;2&gt;&quot;&apos;</loc></url>')],
  [
    'padded values, CRLF',
    E('<url>\r\n  <loc>\r\n   https://e.com/a \r\n</loc>\r\n<priority> 0.3</priority></url>')
      .replaceAll('\n', '\r\n')
      .replaceAll('\r\r', '\r'),
  ],
  // The first padded value is placed at its start tag, after non-ASCII on its line, padded by a line end, or read in the slow lane.
  [
    'a padded value after non-ASCII on its line',
    E('<url><loc>https://e.com/😀é</loc><lastmod>\n 2024-01-01 </lastmod></url>'),
  ],
  [
    'a padded value read in the slow lane',
    E('<url><loc>https://e.com/ü</loc><changefreq> da&#105;ly\n</changefreq></url><url><loc> a<!-- c -->b</loc></url>'),
  ],
  [
    'lone CR line ends',
    E('<url><loc>https://e.com/a</loc></url>\r<url>\r<loc>https://e.com/b</loc></url>').replaceAll('\n', '\r'),
  ],
  [
    'non-ASCII before an entry on its line',
    E('<url><loc>https://e.com/é</loc></url><url><loc>https://e.com/😀ü</loc></url>   <url><loc>b</loc></url>'),
  ],
  ['a BOM', `\uFEFF${E('<url><loc>https://e.com/a</loc></url>')}`],
  [
    'no declaration, comments, a stylesheet PI',
    `<?xml-stylesheet href="s.xsl"?><!-- a\ncomment --><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!-- x --><url><loc>a</loc></url></urlset><!-- end -->\n`,
  ],
  [
    'schemaLocation attributes across lines',
    E('<url><loc>a</loc></url>').replace(
      '0.9"',
      '0.9"\n  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n  xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 x.xsd"',
    ),
  ],
  [
    'repeated fields',
    E(
      '<url><loc>a</loc><loc> b </loc><lastmod>2024-01-01</lastmod><lastmod>x</lastmod><priority>1</priority><priority>2</priority></url>',
    ),
  ],
  ['empty entries and values', E('<url></url><url><loc></loc><lastmod> </lastmod></url>')],
  ['a value over a batch of bytes', E(`<url><loc>https://e.com/${'x'.repeat(70_000)}</loc></url>`)],
  ['an empty urlset', E('')],
  [
    'an index',
    '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n <sitemap><loc> https://e.com/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n <sitemap><loc>https://e.com/s&amp;2.xml</loc></sitemap>\n</sitemapindex>',
  ],
  ['a raw &', E('<url><loc>a&b</loc></url>')],
  [
    'numeric references, an undefined entity',
    E('<url><loc>a&#47;b&#x2F;&nbsp;&#0;</loc><priority>&#32;0.5&#9;</priority></url>'),
  ],
  [
    'an extension',
    E(
      '<url><loc>a</loc><image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc> b </image:loc></image:image></url>',
    ),
  ],
  [
    'extensions bound on the root, self-closed, nested, with attributes',
    urlset(
      '<url><loc>a</loc><xhtml:link rel="alternate" hreflang="é" href=" https://e.com/&amp;x "/><video:video>\n <video:title>T &lt; <![CDATA[<b>&amp;</b>]]></video:title><!-- c --><video:price currency="EUR">1</video:price></video:video></url>',
    ).replace(
      '0.9"',
      '0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"',
    ),
  ],
  [
    'an unknown element, an unbound prefix, a bad attribute',
    E('<url><loc>a</loc><foo a="1" a="2">x<bar/></foo><q:x>y</q:x><r:y q:z="1"/></url>'),
  ],
  [
    'a default namespace redeclared inside an entry',
    E(
      '<url><loc>a</loc><PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0"><DataObject type="x"><Attribute name="a">v</Attribute></DataObject></PageMap></url>',
    ),
  ],
  ['CDATA', E('<url><loc><![CDATA[a]]></loc><lastmod> <![CDATA[ 2024 ]]>-01</lastmod></url>')],
  ['comments and a PI inside an entry and a value', E('<url><!-- é --><loc>a<!-- x -->b</loc><?pi x?></url>')],
  ['a stray "<"', E('<url><loc>a</loc><changefreq>always<</changefreq></url>')],
  [
    'a DOCTYPE with entities',
    `<?xml version="1.0"?>\n  <!DOCTYPE urlset [\n <!ENTITY xxe SYSTEM "file:///etc/passwd">\n <!ENTITY e "x">\n]>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>a&xxe;&e;</loc><x:y xmlns:x="u" a="&e;"/></url></urlset>`,
  ],
  ['no namespace', '<urlset><url><loc>a</loc></url></urlset>'],
  ['a wrong namespace', '<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>a</loc></url></urlset>'],
  ['a self-closed root', '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n'],
  ['white space before the declaration', ` \n${E('<url><loc>a</loc></url>')}`],
  ['an unknown element', E('<url><loc>a</loc><foo>x</foo></url>')],
  [
    'bare text in entries',
    E(
      '<url>\n https://e.com/a&amp;b \n</url><url>x<loc>b</loc>&bad;<!-- c -->y</url><url><![CDATA[ c ]]>\n<lastmod>2024-01-01</lastmod>d</url><url> \n <priority>1</priority></url>',
    ),
  ],
  [
    'bare text in an index',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>\n  https://e.com/s.xml?a=1&amp;b=2\n</sitemap></sitemapindex>',
  ],
  [
    'an unbound attribute prefix on the root',
    E('<url><loc>a</loc></url>').replace(
      ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      ' xsi:schemaLocation="x"\n q:a="1"',
    ),
  ],
  [
    'changefreq in an index',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>a</loc><changefreq>daily</changefreq></sitemap></sitemapindex>',
  ],
  [
    'unknown elements in the root and in index entries, skipped',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<foo>\n a &bad; <b u:x="&amp;" v="&nope;"><![CDATA[ & ]]><u:c/></b>\n</foo><x:y xmlns:x="e"/><sitemap><loc>a</loc><x:y xmlns:x="e">&bad;</x:y><q:z/></sitemap></sitemapindex>',
  ],
  [
    'defects across the lines of one value',
    E('<url><loc>a&b\r\n &c\r&#1;&d é😀&e\n&f;</loc><x:y xmlns:x="u" a="1&\r\n&b">&z\n&q</x:y></url>'),
  ],
  ['over 50 defects', E(Array.from({ length: 60 }, (_, i) => `<url><loc>a&b${i}</loc></url>`).join('\n'))],
  [
    'declarations Namespaces in XML forbids, on extension elements',
    E(
      '<url><loc>a</loc><a:e xmlns:a="u"><a:f xmlns:a="">t</a:f></a:e><e xmlns:xml="o" xmlns:b="http://www.w3.org/XML/1998/namespace" xmlns:xmlns="x"/><c:e xmlns:c="u" xmlns:c="v"/><xmlns:g/></url>',
    ),
  ],
  [
    'a namespace declared twice on the root, the xml prefix rebound on it',
    E('<url><loc>a</loc></url>').replace('0.9"', '0.9" xmlns:xml="o" xmlns="http://e.com/other"'),
  ],
  [
    'thousands of attributes on one element, a repeat among them',
    E(
      `<url><loc>a</loc><x:e xmlns:x="u"${Array.from({ length: 3000 }, (_, i) => ` a${i}="${i}"`).join('')} a17="again"/></url>`,
    ),
  ],
  [
    'many rows (batches)',
    E(
      Array.from(
        { length: 20_000 },
        (_, i) =>
          `<url><loc>https://e.com/${i}</loc><lastmod>2024-01-${1 + (i % 28)}</lastmod><changefreq>${i % 3 ? 'daily' : 'weekly'}</changefreq></url>`,
      ).join('\n'),
    ),
  ],
];

/** Files the byte reader must give up, so the string reader mends and says what it found; and why it gives each up. */
const GIVEN_UP: [string, string, string][] = [
  ['truncated', E('<url><loc>a</loc></url>').replace(/<\/url>[^]*/, '\n'), 'the file ends inside an entry'],
  ['truncated in an end tag', E('<url><loc>a</loc></url>').slice(0, -20), 'a field whose end tag does not match'],
  ['truncated in a value', E('<url><loc>a</loc></url>').slice(0, -22), 'the file ends inside a value'],
  [
    'truncated in an extension',
    E('<url><loc>a</loc><x:y xmlns:x="u">b</x:y></url>').slice(0, -22),
    'the file ends inside an extension element',
  ],
  [
    'a repeated index field',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>a</loc><loc>b</loc></sitemap></sitemapindex>',
    'a repeated field in an index entry',
  ],
  ['a NUL', E('<url><loc>a\u0000b</loc></url>'), 'a NUL character'],
  ['text after the root', `${E('<url><loc>a</loc></url>')}junk`, 'text outside the root'],
  [
    'an entry with attributes',
    E('<url xmlns=""><loc>a</loc></url>'),
    'an entry, or a field with attributes, where the string reader mends or says it',
  ],
  [
    'an entry of the other kind',
    E('<sitemap><loc>a</loc></sitemap>'),
    'an entry, or a field with attributes, where the string reader mends or says it',
  ],
  ['a field with attributes', E('<url><loc a="1">a</loc></url>'), 'a field or entry with attributes'],
  ['an element inside a value', E('<url><loc>a<b/></loc></url>'), 'markup inside a value'],
  [
    'a mismatched end tag in an extension',
    E('<url><loc>a</loc><x:y xmlns:x="u">b</x:z></url>'),
    'an end tag that does not match',
  ],
  [
    'a prefixed root',
    '<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"><s:url><s:loc>a</s:loc></s:url></s:urlset>',
    'a root element other than <urlset> or <sitemapindex>',
  ],
  [
    'a foreign root namespace',
    '<urlset xmlns="http://e.com/ns"><url><loc>a</loc></url></urlset>',
    'a root in a foreign namespace',
  ],
  [
    'a declaration after a comment',
    `<!-- c --><?xml version="1.0"?>${E('').replace(/^<\?xml[^>]*>/, '')}`,
    'an XML declaration not at the start',
  ],
  ['a CDATA section cut off', E('<url><loc><![CDATA[a</loc></url>'), 'a CDATA section the file ends inside'],
  [
    'a root undeclaring a prefix',
    E('<url><loc>a</loc></url>').replace('0.9"', '0.9" xmlns:a=""'),
    'a namespace declaration the string reader says',
  ],
  [
    'stray end tags under nested elements',
    E(`<url><loc>a</loc>${'<a>'.repeat(50)}${'</b>'.repeat(60)}</url><url><loc>b</loc></url>`),
    'an end tag that does not match',
  ],
  ['not markup', 'https://e.com/a\n', 'not XML markup'],
];

/** Pieces of values: padding, line ends, non-ASCII (a BOM, astral), entities, and what the byte reader gives up. */
const PIECE = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('https://e.com/a', '2024-01-01', 'daily', '0.5', 'x') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r\n',
      '\r',
      'é',
      '😀',
      '\uFEFF',
      '&amp;',
      '&lt;&gt;',
      '&quot;&apos;',
      '\u0001',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('&', '&#47;', '&nbsp;') },
);
const VALUE = fc.array(PIECE, { maxLength: 5 }).map((p) => p.join(''));
const GAP = fc.constantFrom('', '\n', '\r\n', '\r', '  ', '\n\t');
const FIELD = fc
  .tuple(fc.constantFrom('loc', 'lastmod', 'changefreq', 'priority'), VALUE, GAP)
  .map(([f, v, g]) => `${g}<${f}>${v}</${f}>`);
const ENTRY = fc
  .tuple(fc.array(FIELD, { maxLength: 6 }), GAP, fc.boolean())
  .map(([fields, g, comment]) => `${comment ? '<!-- a\ncomment -->' : ''}${g}<url>${fields.join('')}${g}</url>`);
const sitemapText = fc
  .tuple(fc.boolean(), fc.array(ENTRY, { maxLength: 8 }), fc.constantFrom('', '<!-- c\r\n -->', '\n'))
  .map(
    ([bom, entries, tail]) =>
      `${bom ? '\uFEFF' : ''}<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}\n</urlset>${tail}`,
  );

/** Extension (and unknown) elements: bound on the root, bound on themselves, unbound, unprefixed; nested, self-closed, with attributes, CDATA and comments. */
const EXT_QNAME = fc
  .tuple(
    fc.constantFrom('image:', 'video:', 'xhtml:', 'u:', ''),
    fc.constantFrom('loc', 'title', 'link', 'content_loc', 'foo'),
  )
  .map(([p, n]) => p + n);
const ATTRS = fc
  .array(
    fc.tuple(fc.constantFrom('href', 'rel', 'a', 'u:b', 'xmlns:u', 'xmlns'), VALUE).map(([n, v]) => ` ${n}="${v}"`),
    { maxLength: 3 },
  )
  .map((a) => a.join(''));
const EXT_TEXT = fc.oneof(VALUE, fc.constantFrom('<![CDATA[ a<b&amp; ]]>', '<!-- c -->', '\n  '));
const { ext: EXT } = fc.letrec<{ ext: string }>((tie) => ({
  ext: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'ext' },
    fc.tuple(EXT_QNAME, ATTRS).map(([q, a]) => `<${q}${a}/>`),
    fc
      .tuple(EXT_QNAME, ATTRS, fc.array(fc.oneof(EXT_TEXT, tie('ext')), { maxLength: 3 }))
      .map(([q, a, kids]) => `<${q}${a}>${kids.join('')}</${q}>`),
  ),
}));
const EXT_ENTRY = fc
  .tuple(fc.array(fc.oneof(FIELD, EXT), { maxLength: 5 }), GAP)
  .map(([parts, g]) => `${g}<url>${parts.join(g)}${g}</url>`);
const extSitemapText = fc
  .array(EXT_ENTRY, { maxLength: 5 })
  .map((entries) =>
    urlset(entries.join('')).replace(
      '0.9"',
      '0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"',
    ),
  );

/** How many of the generated files (fixed seed) the byte reader reads itself. */
const OWN_GENERATED = 400;

describe('byte reader: the same rows and problems as the string reader', () => {
  it.each(OWN)('reads itself: %s', (name, text) => {
    const bytes = bytesOf(text);
    expect(takesBytes(bytes)).toBe(true);
    expectSame(`${name}.xml`, bytes);
  });

  it.each(GIVEN_UP)('gives up: %s', (name, text, why) => {
    const bytes = bytesOf(text);
    expect(refusal(bytes)).toBe(why);
    expectSame(`${name}.xml`, bytes);
  });

  it('invalid UTF-8 in a value and a non-UTF-8 declaration are given up', () => {
    const bad = bytesOf(E('<url><loc>a_b</loc></url>'));
    bad[bad.indexOf(95)] = 0xff;
    const latin = bytesOf(E('<url><loc>a</loc></url>').replace('UTF-8', 'ISO-8859-1'));
    expect(refusal(bad)).toBe('invalid UTF-8');
    expect(refusal(latin)).toBe('another encoding');
    for (const bytes of [bad, latin]) expectSame('enc.xml', bytes);
  });

  it('the repo fixtures', () => {
    const dir = join(__dirname, '../../../fixtures');
    const names = readdirSync(dir).filter((f) => /\.(xml|txt|csv)$/.test(f));
    const site = join(dir, 'site');
    const siteNames = readdirSync(site).filter((f) => statSync(join(site, f)).isFile());
    for (const n of names) expectSame(n, fixture(n));
    for (const n of siteNames) expectSame(n, new Uint8Array(readFileSync(join(site, n))));
    // Only the truncated fixture is the string reader's (it mends the cut-off entry).
    const xml = [
      ...names.filter((n) => n.endsWith('.xml')).map((n) => [n, fixture(n)] as const),
      ...siteNames
        .filter((n) => n.endsWith('.xml'))
        .map((n) => [n, new Uint8Array(readFileSync(join(site, n)))] as const),
    ];
    const refused = Object.fromEntries(xml.map(([n, bytes]) => [n, refusal(bytes)]).filter(([, why]) => why !== null));
    expect(refused).toEqual({ 'broken-truncated.xml': 'the file ends inside an entry' });
    expect(xml.length).toBe(11);
  });

  it('the corpus (when ../shared is there)', () => {
    const real = corpusFiles();
    for (const n of real) expectSame(n, corpusFile(n));
    for (const n of corpusFiles('robustness')) expectSame(n, corpusFile(n, 'robustness'));
    const own = real.filter((n) => takesBytes(corpusFile(n)));
    console.log(
      `byte reader: ${own.length} of ${real.length} corpus files read from bytes, the rest given up to the string reader`,
    );
    if (real.length === 0) return;
    // By name, why each file the byte reader does not read is left: text files, and the defects the string reader mends.
    const refused = Object.fromEntries(real.map((n) => [n, refusal(corpusFile(n))]).filter(([, why]) => why !== null));
    expect(refused).toEqual({
      'broken_jekyll-unrendered-template_news-sitemap.xml': 'not XML markup',
      'gz_txt_100000-urls_over-50k-limit_sitemapjs.txt.gz': 'not XML markup',
      'gz_txt_crawler-commons.txt.gz': 'not XML markup',
      'ns_missing-namespace-xmlns-empty_scrapy.xml':
        'an entry, or a field with attributes, where the string reader mends or says it',
      'ns_prefixed-sit-namespace_crawler-commons.xml': 'a root element other than <urlset> or <sitemapindex>',
      'txt_0install-net_sitemap.txt': 'not XML markup',
      'txt_utf8-bom_crawler-commons.txt': 'not XML markup',
    });
    expect(own.length).toBe(33);
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
    // A raw "&", a numeric reference or a named entity is read in the byte reader's slow lane: every file is its own.
    expect(own).toBe(OWN_GENERATED);
    console.log(`byte reader: ${own} of ${runs} generated sitemaps read from bytes`);
  }, 120_000);

  it('generated sitemaps with extensions, read from bytes', () => {
    let own = 0;
    const runs = 300;
    const whys = new Set<string>();
    fc.assert(
      fc.property(extSitemapText, (text) => {
        const bytes = bytesOf(text);
        expectSame('ext.xml', bytes);
        const why = refusal(bytes);
        if (why === null) own++;
        else whys.add(why);
      }),
      { numRuns: runs, seed: 20261203 },
    );
    // The rest hold an unprefixed `<loc>` (a field) with attributes or an element inside: the string reader's.
    // (A namespace declared twice on one element keeps its first binding, as a repeated attribute keeps its first value.)
    expect(own).toBe(257);
    expect([...whys].sort()).toEqual(['a field or entry with attributes', 'markup inside a value']);
  }, 120_000);

  it('the fuzz cases', () => {
    let runs = 0;
    let own = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: seeds.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (seedIndex, mutations) => {
          const [name, original] = seeds[seedIndex] as [string, Uint8Array];
          const bytes = mutations.reduce(apply, original);
          expectSame(name, bytes);
          if (takesBytes(bytes)) own++;
          runs++;
        },
      ),
      { numRuns: 1500, seed: 20261201 },
    );
    expect(runs).toBe(1500);
    expect(own).toBe(48);
    console.log(`byte reader: ${own} of ${runs} fuzz cases read from bytes`);
  }, 300_000);
});
