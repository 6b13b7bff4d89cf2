import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { forEachReader, importText, urlset } from '../../../fixtures/helpers';
import { exportSitemaps } from '../write/export';
import { el, options, rowsOf, text } from '../write/test-helpers';
import { isNcName, isQName, whyNotQName } from '../text/xml-name';

forEachReader(() => {
  const SC = ' (Search Console: "Parsing error")';

  function problems(doc: string): string[] {
    return importText(doc).problems.map((p) => `${p.line}:${p.column} ${p.message.replace(SC, '')}`);
  }

  function exported(rows: Parameters<typeof exportSitemaps>[0]) {
    const r = exportSitemaps(rows, options());
    return {
      xml: text((r.files[0] as { data: Uint8Array }).data),
      problems: r.problems.map((p) => `${p.code} ${p.severity} ${p.message}`),
    };
  }

  /** Throws on the first well-formedness or namespace error, as a strict parser must. */
  function wellFormed(xml: string): boolean {
    const p = new SaxesParser({ xmlns: true });
    p.on('error', (e) => {
      throw e;
    });
    p.write(xml).close();
    return true;
  }

  describe('XML names (NameStartChar/NameChar, one colon at most)', () => {
    it.each([
      ['loc', true, true],
      ['image:loc', true, false],
      ['_x.y-z', true, true],
      ['é', true, true],
      ['a·b', true, true],
      ['foo;bar', false, false],
      ['00', false, false],
      ['-a', false, false],
      ['y:z:w', false, false],
      [':a', false, false],
      ['a:', false, false],
      ['a\u0000b', false, false],
      ['a b', false, false],
      ['', false, false],
    ])('%j: QName %s, NCName %s', (name, q, nc) => {
      expect(isQName(name)).toBe(q);
      expect(isNcName(name)).toBe(nc);
    });

    it('says why a name is not one', () => {
      expect(['foo;bar', '00', 'y:z:w', ':a', 'a\u0000b', ''].map(whyNotQName)).toEqual([
        'a name cannot hold ";"',
        'a name cannot start with "0"',
        'it has more than one colon',
        'it starts or ends with a colon',
        'it holds the control character U+0000',
        'it is empty',
      ]);
    });
  });

  describe('reading: names that cannot be written well-formed are left out, each said', () => {
    it('leaves out an element without an XML name, with what it holds, and keeps the rest of the row', () => {
      const doc = urlset('<url><loc>https://e.com/a</loc><foo;bar>t<b>x</b></foo;bar><y:z:w/><ok>k</ok></url>');
      const set = importText(doc);
      expect(set.rows.get(0).ext.map((e) => [e.name, e.children])).toEqual([['ok', ['k']]]);
      expect(problems(doc)).toEqual([
        '3:32 Not well-formed XML: <foo;bar> is not an XML element name (a name cannot hold ";"): the element and what it holds are left out',
        '3:60 Not well-formed XML: <y:z:w> is not an XML element name (it has more than one colon): the element and what it holds are left out',
      ]);
    });

    it('drops a bad attribute and the repeat of an attribute (by name, or by namespace and local name), keeping the first', () => {
      const doc = urlset(
        '<url><loc>https://e.com/a</loc><ok xmlns:p="urn:u" xmlns:q="urn:u" a="1" a="2" b;c="3" p:x="4" q:x="5"/></url>',
      );
      expect(importText(doc).rows.get(0).ext[0]?.attrs).toEqual([
        { ns: '', prefix: '', name: 'a', value: '1' },
        { ns: 'urn:u', prefix: 'p', name: 'x', value: '4' },
      ]);
      expect(problems(doc)).toEqual([
        '3:32 Not well-formed XML: <ok> has the attribute a twice: the first, "1", is kept; a="2" is left out',
        '3:32 Not well-formed XML: the attribute b;c="3" of <ok> does not have an XML name (a name cannot hold ";"): it is left out',
        '3:32 Not well-formed XML: <ok> has two attributes of one name: p:x and q:x are both x in the namespace "urn:u": the first, "4", is kept; q:x="5" is left out',
      ]);
    });

    it('finds the repeats among thousands of attributes on one element (looked up, not scanned, past a few)', () => {
      const many = Array.from({ length: 5000 }, (_, i) => ` a${i}="${i}"`).join('');
      const doc = urlset(
        `<url><loc>https://e.com/a</loc><ok xmlns:p="urn:u" xmlns:q="urn:u"${many} p:x="4" a17="again" q:x="5"/></url>`,
      );
      const attrs = importText(doc).rows.get(0).ext[0]?.attrs ?? [];
      expect(attrs).toHaveLength(5001);
      expect(attrs[17]).toEqual({ ns: '', prefix: '', name: 'a17', value: '17' });
      expect(problems(doc)).toEqual([
        '3:32 Not well-formed XML: <ok> has the attribute a17 twice: the first, "17", is kept; a17="again" is left out',
        '3:32 Not well-formed XML: <ok> has two attributes of one name: p:x and q:x are both x in the namespace "urn:u": the first, "4", is kept; q:x="5" is left out',
      ]);
    });

    it('locates a NUL, reads the file instead of calling it binary, and never writes the NUL', () => {
      const doc = urlset(
        '<url><loc>https://e.com/a</loc><a\u0000b>z</a\u0000b></url>\n<url><loc>https://e.com/b\u0000</loc></url>',
      );
      const set = importText(doc);
      expect(set.files[0]?.kind).toBe('urlset');
      expect(problems(doc)).toEqual([
        '3:34 Not well-formed XML: a NUL character (U+0000), which XML cannot hold (3 in this file; this is the first): it is never written (dropped from values, percent-encoded in URLs)',
        '3:32 Not well-formed XML: <a\\u{0}b> is not an XML element name (it holds the control character U+0000): the element and what it holds are left out',
      ]);
      const { xml } = exported(set.rows);
      expect(xml).not.toContain('\u0000');
      expect(xml).toContain('<loc>https://e.com/b%00</loc>');
      expect(wellFormed(xml)).toBe(true);
      // Real binaries stay binary.
      expect(importText(new Uint8Array([0x89, 0, 0, 1, 2, 0, 3, 0])).problems.map((p) => p.message)).toEqual([
        'This is a binary file, not a sitemap (Search Console: "Sitemap is HTML / Unsupported format")',
      ]);
    });
  });

  describe('writing: the writer refuses an invalid name, whatever gave it the rows', () => {
    it('leaves out elements and attributes without XML names and repeated attributes, and says how many', () => {
      const bad = el('urn:x', 'x', 'foo;bar', {}, ['t']);
      const ok = el(
        'urn:x',
        'x',
        'ok',
        [
          { ns: '', prefix: '', name: 'a', value: '1' },
          { ns: '', prefix: '', name: 'a', value: '2' },
          { ns: '', prefix: '', name: '0b', value: '3' },
          { ns: 'urn:y', prefix: 'p', name: 'c', value: '4' },
          { ns: 'urn:y', prefix: 'q', name: 'c', value: '5' },
        ],
        [el('urn:x', 'x', 'in\u0001ner', {}, ['z']), el('urn:x', 'x', 'kept', {}, ['k'])],
      );
      const { xml, problems: listed } = exported(rowsOf([{ loc: 'https://example.com/a', ext: [bad, ok] }]));
      expect(xml).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:x="urn:x" xmlns:p="urn:y">\n' +
          '  <url>\n    <loc>https://example.com/a</loc>\n    <x:ok a="1" p:c="4">\n      <x:kept>k</x:kept>\n    </x:ok>\n  </url>\n</urlset>\n',
      );
      expect(wellFormed(xml)).toBe(true);
      expect(listed).toEqual([
        'xml-malformed error 5 extension element(s) or attribute(s) whose name is not an XML name, or that repeat an attribute, were left out of the export: written, they would make the file not well-formed. (Search Console: "Parsing error")',
      ]);
    });
  });
});
