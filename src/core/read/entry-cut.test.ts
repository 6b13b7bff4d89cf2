import { describe, expect, it } from 'vitest';
import { forEachReader, importText, listOf } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { exportSitemaps } from '../write/export';
import { options, text } from '../write/test-helpers';

forEachReader(() => {
  const OPEN =
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
  const SC = ' (Search Console: "Parsing error")';

  function read(doc: string) {
    const set = importText(doc, 'cut.xml');
    return {
      set,
      rows: listOf(set.rows).map((r) => [r.loc, r.lastmod, r.ext.length]),
      problems: set.problems.map((p) => `${p.code} ${p.line}:${p.column} ${p.message}`),
    };
  }

  describe('exact recovery: a value cut off by the end of the file is not a value', () => {
    it('does not read an entry whose <loc> is cut off, and quotes what it held', () => {
      const { set, rows, problems } = read(
        `${OPEN}<url><loc>https://x.com/a</loc></url>\n<url><lastmod>2024-01-01</lastmod><loc>https://x.com/page_`,
      );
      expect(rows).toEqual([['https://x.com/a', '', 0]]);
      expect(problems).toEqual([
        `xml-malformed 3:1 Not well-formed XML: the file ends inside this <url> (truncated?): a URL cut off is not a URL, so the entry is not read (its <loc> held "https://x.com/page_"; it also had <lastmod> "2024-01-01")${SC}`,
      ]);
      const out = text((exportSitemaps(set.rows, options()).files[0] as { data: Uint8Array }).data);
      expect(out).not.toContain('page_');
      expect(set.files[0]?.count).toBe(1);
    });

    it('keeps an entry whose loc is complete and leaves out the field or extension cut off', () => {
      expect(read(`${OPEN}<url><loc>https://x.com/a</loc><lastmod>2024-0`)).toMatchObject({
        rows: [['https://x.com/a', '', 0]],
        problems: [
          `xml-malformed 2:1 Not well-formed XML: the file ends inside this <url> (truncated?): a value cut off is not a value, so <lastmod> "2024-0" is left out; the complete fields are kept${SC}`,
        ],
      });
      expect(
        read(
          `${OPEN}<url><loc>https://x.com/a</loc><image:image><image:loc>https://x.com/i.jpg</image:loc></image:image><image:image><image:loc>https://x.com/j`,
        ),
      ).toMatchObject({
        rows: [['https://x.com/a', '', 1]],
        problems: [
          `xml-malformed 2:1 Not well-formed XML: the file ends inside this <url> (truncated?): a value cut off is not a value, so <image:image> is left out; the complete fields are kept${SC}`,
        ],
      });
    });

    it('says once, with the entry, that the file ends inside a tag', () => {
      expect(read(`${OPEN}<url><loc>https://x.com/a</loc><lastm`).problems).toEqual([
        `xml-malformed 2:1 Not well-formed XML: the file ends inside this <url>, inside the tag <lastm (truncated?): its fields were complete and are kept${SC}`,
      ]);
      expect(read(`${OPEN}<url><loc>https://x.com/a</lo`)).toMatchObject({
        rows: [],
        problems: [
          `xml-malformed 2:1 Not well-formed XML: the file ends inside this <url>, inside the end tag </lo (truncated?): a URL cut off is not a URL, so the entry is not read (its <loc> held "https://x.com/a")${SC}`,
          'empty-sitemap undefined:undefined This sitemap lists no URLs (Search Console: "Empty sitemap")',
        ],
      });
    });

    it('keeps a cut-off entry that never had a loc as a row (loc-missing), as inside the file', () => {
      const { set, rows } = read(`${OPEN}<url><lastmod>2024-01-01</lastmod>`);
      expect(rows).toEqual([['', '2024-01-01', 0]]);
      expect(checkSet(set).byCode['loc-missing']).toBe(1);
    });

    it('does not read a cut-off index entry either', () => {
      const { set, problems } = read(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://x.com/1.xml</loc></sitemap>\n<sitemap><loc>https://x.com/sitemap-2',
      );
      expect(set.sitemaps.map((s) => s.loc)).toEqual(['https://x.com/1.xml']);
      expect(problems[0]).toBe(
        `xml-malformed 3:1 Not well-formed XML: the file ends inside this <sitemap> (truncated?): a URL cut off is not a URL, so the entry is not read (its <loc> held "https://x.com/sitemap-2")${SC}`,
      );
    });
  });

  describe('duplicate tags in a <sitemap> index entry', () => {
    it('reports each repeat as duplicate-tag, naming the value kept and the one dropped', () => {
      const doc =
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap>\n<loc>https://x.com/1.xml</loc>\n<loc>https://x.com/2.xml</loc>\n<lastmod>2024-01-01</lastmod>\n<lastmod id="b">2025-01-01</lastmod>\n</sitemap>\n</sitemapindex>';
      const set = importText(doc, 'index.xml');
      expect(set.sitemaps.map((s) => [s.loc, s.lastmod])).toEqual([['https://x.com/1.xml', '2024-01-01']]);
      expect(
        set.problems
          .filter((p) => p.code === 'duplicate-tag')
          .map((p) => `${p.severity} ${p.file}:${p.line}:${p.column} ${p.message}`),
      ).toEqual([
        'error index.xml:4:1 A second <loc> in one <sitemap> entry: the first, "https://x.com/1.xml", is kept; this one, "https://x.com/2.xml", is dropped (Search Console: "Invalid XML: too many tags")',
        'error index.xml:6:1 A second <lastmod> in one <sitemap> entry: the first, "2024-01-01", is kept; this one, "2025-01-01", is dropped (Search Console: "Invalid XML: too many tags")',
      ]);
    });
  });
});
