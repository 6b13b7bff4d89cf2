import { describe, expect, it } from 'vitest';
import { forEachReader, importText, urlset } from '../../../fixtures/helpers';

/** Each problem as `line:column code: message` (without Search Console's words). */
const said = (text: string): string[] =>
  importText(text).problems.map(
    (p) => `${p.line ?? '-'}:${p.column ?? '-'} ${p.code}: ${p.message.replace(/ \(Search Console: .*\)$/, '')}`,
  );

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

forEachReader(() => {
  describe('Namespaces in XML: declarations the recommendation forbids are said where they are, and ignored', () => {
    it('an undeclared prefix (xmlns:a=""), on the root and on an extension element', () => {
      expect(said(urlset('<url><loc>https://e.com/</loc></url>', ' xmlns:a=""'))).toEqual([
        '2:1 xml-malformed: Not well-formed XML: xmlns:a="" undeclares the prefix "a:", which XML 1.0 does not allow (XML 1.1 does): the declaration is ignored',
      ]);
      const inner = said(
        urlset('<url><loc>https://e.com/</loc><a:e xmlns:a="urn:a"><a:f xmlns:a="">t</a:f></a:e></url>'),
      );
      expect(inner).toContain(
        '3:52 xml-malformed: Not well-formed XML: xmlns:a="" undeclares the prefix "a:", which XML 1.0 does not allow (XML 1.1 does): the declaration is ignored',
      );
    });

    it('the xml prefix rebound, the XML namespace bound to another prefix, the xmlns prefix declared', () => {
      expect(
        said(
          urlset(
            `<url><loc>https://e.com/</loc><e xmlns:xml="urn:other" xmlns:b="${XML_NS}" xmlns:xmlns="urn:x" xmlns:c="http://www.w3.org/2000/xmlns/"/></url>`,
          ),
        ).filter((p) => p.includes('xml-malformed')),
      ).toEqual([
        `3:31 xml-malformed: Not well-formed XML: xmlns:xml="urn:other" binds the prefix "xml:", which is bound to ${XML_NS} and to nothing else: the declaration is ignored`,
        `3:31 xml-malformed: Not well-formed XML: xmlns:b="${XML_NS}" binds ${XML_NS}, which only the prefix "xml:" may name: the declaration is ignored`,
        '3:31 xml-malformed: Not well-formed XML: xmlns:xmlns="urn:x" declares the prefix "xmlns:", which is reserved and never declared: the declaration is ignored',
        '3:31 xml-malformed: Not well-formed XML: xmlns:c="http://www.w3.org/2000/xmlns/" binds http://www.w3.org/2000/xmlns/, which names namespace declarations and is never declared: the declaration is ignored',
      ]);
    });

    it('the xml prefix bound to its own namespace is allowed', () => {
      expect(said(urlset(`<url><loc>https://e.com/</loc><e xmlns:xml="${XML_NS}" xml:lang="en"/></url>`))).toEqual([]);
    });

    it('the xml prefix rebound on the root: said, and the root is read on', () => {
      const set = importText(urlset('<url><loc>https://e.com/</loc></url>', ' xmlns:xml="urn:other"'));
      expect(set.rows.length).toBe(1);
      expect(set.problems.map((p) => [p.code, p.line, p.column])).toEqual([['xml-malformed', 2, 1]]);
    });

    it('a prefix declared twice on one element: the first binding stays, the second is said', () => {
      const set = importText(urlset('<url><loc>https://e.com/</loc><c:e xmlns:c="urn:c" xmlns:c="urn:d"/></url>'));
      expect(set.problems.map((p) => `${p.line}:${p.column} ${p.message}`)[0]).toBe(
        '3:31 Not well-formed XML: xmlns:c is declared twice on one element: the second (urn:d) is ignored (Search Console: "Parsing error")',
      );
      expect(set.rows.ext[0]?.[0]).toMatchObject({ ns: 'urn:c', prefix: 'c', name: 'e' });
    });

    it('an element named with the xmlns prefix: said as reserved, not as a prefix never declared', () => {
      expect(said(urlset('<url><loc>https://e.com/</loc><xmlns:g/></url>'))).toContain(
        '3:31 xml-malformed: Not well-formed XML: the prefix "xmlns:" names namespace declarations only: no element or other attribute may use it',
      );
    });

    it('thousands of declarations on one element are each bound once (a set, not a scan, past a few)', () => {
      const decls = Array.from({ length: 3000 }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join('');
      const set = importText(urlset(`<url><loc>https://e.com/</loc><x${decls} xmlns:p7="urn:again"/></url>`));
      expect(set.problems.filter((p) => p.code === 'xml-malformed').map((p) => p.message)).toEqual([
        'Not well-formed XML: xmlns:p7 is declared twice on one element: the second (urn:again) is ignored (Search Console: "Parsing error")',
      ]);
    });
  });
});
