import { describe, expect, it } from 'vitest';
import { fixture, forEachReader, importText, problemCodes, urlset, listOf } from '../../../fixtures/helpers';
import { READ_FLAG } from '../rows/rows';

forEachReader(() => {
  describe('readSitemapXml: well-formed sitemaps', () => {
    it('reads every core field and keeps extensions as a tree', () => {
      const set = importText(fixture('basic-urlset.xml'), 'basic-urlset.xml');
      expect(set.problems).toEqual([]);
      expect(set.files).toEqual([
        { name: 'basic-urlset.xml', kind: 'urlset', count: 3, bytes: 673, encoding: 'utf-8', compression: null },
      ]);
      const rows = listOf(set.rows);
      expect(rows.map((r) => r.loc)).toEqual([
        'https://example.com/',
        'https://example.com/shop?item=1&color=red',
        'https://example.com/about',
      ]);
      expect(rows[0]).toMatchObject({ lastmod: '2024-05-01', changefreq: 'daily', priority: '1.0', ext: [] });
      expect(rows[1]?.lastmod).toBe('2024-05-02T10:30:00+02:00');
      expect(rows[1]?.ext).toEqual([
        {
          ns: 'http://www.google.com/schemas/sitemap-image/1.1',
          prefix: 'image',
          name: 'image',
          attrs: [],
          children: [
            {
              ns: 'http://www.google.com/schemas/sitemap-image/1.1',
              prefix: 'image',
              name: 'loc',
              attrs: [],
              children: ['https://example.com/img/1.jpg'],
            },
            {
              ns: 'http://www.google.com/schemas/sitemap-image/1.1',
              prefix: 'image',
              name: 'caption',
              attrs: [],
              children: ['A <red> shirt & tie'],
            },
          ],
        },
      ]);
      expect(set.rows.origin(1)).toEqual({ file: 0, line: 9, column: 3 });
      expect(Array.from(set.rows.id.subarray(0, 3))).toEqual([1, 2, 3]);
    });

    it('reads a sitemap index into index entries, not rows', () => {
      const set = importText(fixture('basic-index.xml'), 'basic-index.xml');
      expect(set.rows.length).toBe(0);
      expect(set.files[0]?.kind).toBe('sitemapindex');
      expect(set.sitemaps.map((s) => [s.loc, s.lastmod, s.line])).toEqual([
        ['https://example.com/basic-urlset.xml', '2024-05-03', 3],
        ['https://example.com/missing-child.xml.gz', '', 7],
      ]);
    });

    it('resolves namespaces by URI, not by prefix', () => {
      const doc =
        '<sit:urlset xmlns:sit="http://www.sitemaps.org/schemas/sitemap/0.9"><sit:url><sit:loc>https://e.com/a</sit:loc></sit:url></sit:urlset>';
      const set = importText(doc);
      expect(set.problems).toEqual([]);
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a']);
    });

    it('keeps a default-namespace extension (PageMap) with its own namespace', () => {
      const doc = urlset(
        '<url><loc>https://e.com/</loc><PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0"><DataObject type="doc"><Attribute name="a">v</Attribute></DataObject></PageMap></url>',
      );
      const set = importText(doc);
      const ext = set.rows.get(0).ext[0];
      expect(ext).toMatchObject({
        ns: 'http://www.google.com/schemas/sitemap-pagemap/1.0',
        prefix: '',
        name: 'PageMap',
      });
      expect(ext?.children[0]).toMatchObject({
        ns: 'http://www.google.com/schemas/sitemap-pagemap/1.0',
        name: 'DataObject',
        attrs: [{ ns: '', prefix: '', name: 'type', value: 'doc' }],
      });
      expect(set.rows.readFlags[0]! & READ_FLAG.unknownTag).toBe(READ_FLAG.unknownTag);
    });

    it('trims white space around values (value-whitespace) and keeps the rest for the checker', () => {
      const set = importText(urlset('<url><loc>\n\t https://e.com/a \n</loc><changefreq> Daily </changefreq></url>'));
      expect(set.rows.get(0)).toMatchObject({ loc: 'https://e.com/a', changefreq: 'Daily' });
      expect(problemCodes(set)).toEqual({ 'value-whitespace': 1 });
    });

    it('flags a repeated tag and keeps the first value', () => {
      const set = importText(
        urlset('<url><loc>https://e.com/1</loc><lastmod>2024-01-01</lastmod><lastmod>2025-01-01</lastmod></url>'),
      );
      expect(set.rows.get(0).lastmod).toBe('2024-01-01');
      expect(set.rows.readFlags[0]).toBe(READ_FLAG.duplicateLastmod);
    });
  });

  describe('readSitemapXml: namespace and prologue problems', () => {
    it.each([
      ['missing', '<urlset><url><loc>https://e.com/</loc></url></urlset>', 'has no sitemap namespace'],
      [
        'https',
        '<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/</loc></url></urlset>',
        'uses the namespace "https://www.sitemaps.org/schemas/sitemap/0.9"',
      ],
      [
        'google 0.84',
        '<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://e.com/</loc></url></urlset>',
        'google.com/schemas/sitemap/0.84',
      ],
    ])('reports a %s namespace and still reads the rows', (_label, doc, text) => {
      const set = importText(doc);
      expect(problemCodes(set)).toEqual({ namespace: 1 });
      expect(set.problems[0]?.message).toContain(text);
      expect(set.problems[0]?.message).toContain('Incorrect namespace');
      expect(set.rows.length).toBe(1);
    });

    it('reports whitespace before the XML declaration with its length', () => {
      const set = importText(`\n  ${urlset('<url><loc>https://e.com/</loc></url>')}`);
      expect(problemCodes(set)).toEqual({ 'leading-whitespace': 1 });
      expect(set.problems[0]).toMatchObject({ line: 1, column: 1 });
      expect(set.problems[0]?.message).toContain('3 whitespace characters');
    });

    it('never expands DTD entities (external entity)', () => {
      const doc =
        '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://e.com/&xxe;</loc></url></urlset>';
      const set = importText(doc);
      expect(set.rows.get(0).loc).toBe('http://e.com/&xxe;');
      expect(set.problems.map((p) => [p.code, p.severity, p.line, p.column, p.message])).toEqual([
        [
          'xml-doctype',
          'warning',
          1,
          22,
          'A DOCTYPE declaration: sitemaps have none, and nothing in it is used; it declares the external entity &xxe;, never loaded',
        ],
        [
          'xml-doctype',
          'warning',
          1,
          163,
          'The external entity &xxe; (declared in the DOCTYPE as "file:///etc/passwd") was not loaded: entities are never fetched, so the value keeps "&xxe;" as written',
        ],
      ]);
    });

    it('says a reference to no declared entity is undefined, and what the DOCTYPE is (a warning, not a parsing error)', () => {
      const set = importText(
        '<!DOCTYPE urlset>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/&nope;</loc></url></urlset>',
      );
      expect(set.problems.map((p) => [p.code, p.severity, p.line, p.column, p.message])).toEqual([
        ['xml-doctype', 'warning', 1, 1, 'A DOCTYPE declaration: sitemaps have none, and nothing in it is used'],
        [
          'xml-malformed',
          'error',
          2,
          85,
          'Not well-formed XML: undefined entity &nope; (kept as written, never expanded) (Search Console: "Parsing error")',
        ],
      ]);
    });

    it('says a well-formed element where the schema allows none is invalid, not malformed', () => {
      const index = importText(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a</loc></url></sitemapindex>',
      );
      expect(index.problems.map((p) => [p.code, p.message])).toEqual([
        [
          'xml-schema',
          'Invalid sitemap: a <url> inside <sitemapindex>, which holds <sitemap> entries: it is not read (its <loc> held "https://e.com/a") (Search Console: "Invalid XML tag")',
        ],
      ]);
      const inUrlset = importText(urlset('<sitemap>\n  <loc> https://e.com/s.xml </loc>\n</sitemap>'));
      expect(inUrlset.problems.map((p) => p.message)).toEqual([
        'Invalid sitemap: a <sitemap> inside <urlset>, which holds <url> entries: it is not read (its <loc> held "https://e.com/s.xml") (Search Console: "Invalid XML tag")',
        'This sitemap lists no URLs (Search Console: "Empty sitemap")',
      ]);
      const inLoc = importText(urlset('<url><loc>https://e.com/a<b>x</b></loc></url>'));
      expect(listOf(inLoc.rows.loc)).toEqual(['https://e.com/ax']);
      expect(inLoc.problems.map((p) => [p.code, p.line, p.column])).toEqual([['xml-schema', 3, 26]]);
    });

    it('never expands a billion-laughs entity chain', () => {
      const lol = Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
      const doc = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${lol}]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/&lol10;</loc></url></urlset>`;
      const set = importText(doc);
      expect(set.rows.get(0).loc).toBe('https://e.com/&lol10;');
      expect(problemCodes(set)).toEqual({ 'xml-doctype': 2 });
      expect(set.problems[1]?.message).toBe(
        'The entity &lol10; declared in the DOCTYPE was not expanded (entities never are), so the value keeps "&lol10;" as written',
      );
    });
  });

  describe('readSitemapXml: recovery from broken files', () => {
    it('recovers rows around raw &, a stray < and truncation, each defect located', () => {
      const set = importText(fixture('broken-truncated.xml'), 'broken-truncated.xml');
      expect(listOf(set.rows).map((r) => [r.loc, r.changefreq])).toEqual([
        ['https://example.com/a', ''],
        ['https://example.com/b?x=1&y=2', ''],
        ['https://example.com/c', 'always<'],
        ['https://example.com/d', ''],
      ]);
      const located = set.problems.map((p) => `${p.code} ${p.line}:${p.column} ${p.message.slice(0, 40)}`);
      expect(located).toEqual([
        'xml-malformed 4:38 Not well-formed XML: a raw "&" that shou',
        'xml-malformed 5:58 Not well-formed XML: a stray "<" that sh',
        'xml-malformed 6:3 Not well-formed XML: the file ends insid',
      ]);
    });

    it('starts a new entry when a <url> is opened inside another', () => {
      const set = importText(urlset('<url><loc>https://e.com/1</loc>\n<url><loc>https://e.com/2</loc></url>'));
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/1', 'https://e.com/2']);
      expect(problemCodes(set)['xml-malformed']).toBeGreaterThanOrEqual(1);
    });

    it('reads a bare URL inside <sitemap> as its loc and reports the missing <loc>', () => {
      const doc =
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>\n https://e.com/s1.xml \n</sitemap></sitemapindex>';
      const set = importText(doc, 'index.xml');
      expect(set.sitemaps[0]?.loc).toBe('https://e.com/s1.xml');
      expect(problemCodes(set)).toEqual({ 'loc-missing': 1, 'value-whitespace': 1, 'index-child-missing': 1 });
    });

    it('caps the list of defects in one file with a summary', () => {
      const body = Array.from({ length: 80 }, (_, i) => `<url><loc>https://e.com/?a=1&b=${i}</loc></url>`).join('\n');
      const set = importText(urlset(body));
      expect(set.rows.length).toBe(80);
      expect(problemCodes(set)['xml-malformed']).toBe(51);
      expect(set.problems[50]?.message).toContain('30 more XML defects');
    });

    it('says stray end tags under thousands of open elements, and reads the entries after them', () => {
      const n = 5000;
      const body = `<url><loc>https://e.com/a</loc>${'<x:a xmlns:x="u">'.repeat(n)}${'</b>'.repeat(n)}</url>\n<url><loc>https://e.com/b</loc></url>`;
      const set = importText(urlset(body));
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a', 'https://e.com/b']);
      const malformed = set.problems.filter((p) => p.code === 'xml-malformed').map((p) => p.message);
      expect(malformed[0]).toBe(
        'Not well-formed XML: an end tag </b> that matches no open element (Search Console: "Parsing error")',
      );
      // Each stray tag is one defect; the open elements are closed by </url>, each said once, past the cap in one line.
      expect(malformed).toHaveLength(51);
      expect(malformed[50]).toBe(
        `${2 * n - 50} more XML defects in this file are not listed (Search Console: "Parsing error")`,
      );
    });

    it.each([
      ['an HTML page', '<html><body>Not found</body></html>', 'This is an HTML page'],
      [
        'an RSS 1.0 feed',
        '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>',
        'This is an RSS 1.0 (RDF) feed',
      ],
      [
        'an Atom 0.3 feed',
        '<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"/>',
        'This is an Atom 0.3 feed',
      ],
      ['another XML document', '<?xml version="1.0"?><config/>', 'root element is <config>'],
    ])('says plainly when the file is %s', (_label, doc, text) => {
      const set = importText(doc);
      expect(problemCodes(set)).toEqual({ 'not-a-sitemap': 1 });
      expect(set.problems[0]?.message).toContain(text);
      expect(set.rows.length).toBe(0);
    });

    it('reports an unknown element in the sitemap namespace and keeps it on the row', () => {
      const set = importText(urlset('<url><loc>https://e.com/</loc><foo>bar</foo></url>'));
      expect(set.rows.get(0).ext).toEqual([
        { ns: 'http://www.sitemaps.org/schemas/sitemap/0.9', prefix: '', name: 'foo', attrs: [], children: ['bar'] },
      ]);
      expect(set.rows.readFlags[0]).toBe(READ_FLAG.unknownTag);
    });

    it('reports an empty urlset', () => {
      const set = importText('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>');
      expect(problemCodes(set)).toEqual({ 'empty-sitemap': 1 });
    });
  });
});
