import { describe, expect, it } from 'vitest';
import { forEachReader, importText, urlset, listOf } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import { exportSitemaps } from '../write/export';
import { options, text } from '../write/test-helpers';
import { trimXmlSpace } from './value-trim';

forEachReader(() => {
  const IMAGE = KNOWN_EXTENSIONS.image;
  const VIDEO = KNOWN_EXTENSIONS.video;
  const NS = `xmlns:image="${IMAGE}" xmlns:video="${VIDEO}" xmlns:xhtml="${KNOWN_EXTENSIONS.xhtml}"`;

  function onlyFile(set: ReturnType<typeof importText>): string {
    const r = exportSitemaps(set.rows, options());
    return text((r.files[0] as { data: Uint8Array }).data);
  }

  describe('white space around values', () => {
    it('trims XML white space only (not NBSP, not inside)', () => {
      expect(trimXmlSpace('\n\t\r https://e.com/a b \n')).toBe('https://e.com/a b');
      expect(trimXmlSpace('\u00a0https://e.com/\u00a0')).toBe('\u00a0https://e.com/\u00a0');
      expect(trimXmlSpace(' \n ')).toBe('');
    });

    it('imports a pretty-printed <loc> as the URL alone and exports exactly that', () => {
      const set = importText(urlset('<url><loc>\n\t\thttps://www.example.com/a\n</loc></url>'));
      expect(listOf(set.rows.loc)).toEqual(['https://www.example.com/a']);
      expect(set.problems).toEqual([
        {
          code: 'value-whitespace',
          severity: 'warning',
          file: 'test.xml',
          line: 3,
          column: 6,
          message:
            '1 value had white space around it (the first: <loc> here); it was removed on import and is never written',
        },
      ]);
      const check = checkSet(set);
      expect(check.byCode['loc-whitespace']).toBeUndefined();
      expect(check.counts).toEqual({ error: 0, warning: 1, info: 0 });
      expect(onlyFile(set)).toContain('<url>\n    <loc>https://www.example.com/a</loc>\n  </url>');
    });

    it('trims every core field, in <url> and in index entries, with one warning per file and its count', () => {
      const set = importText(
        urlset(
          '<url><loc> https://e.com/a </loc><lastmod>\n2024-05-01\n</lastmod><changefreq> daily</changefreq><priority>0.5 </priority></url>\n' +
            '<url><loc><![CDATA[ https://e.com/b ]]></loc></url>',
        ),
      );
      expect(listOf(set.rows).map((r) => [r.loc, r.lastmod, r.changefreq, r.priority])).toEqual([
        ['https://e.com/a', '2024-05-01', 'daily', '0.5'],
        ['https://e.com/b', '', '', ''],
      ]);
      expect(set.problems.map((p) => [p.code, p.line, p.column, p.message])).toEqual([
        [
          'value-whitespace',
          3,
          6,
          '5 values had white space around them (the first: <loc> here); it was removed on import and is never written',
        ],
      ]);
      const index = importText(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap>\n    <loc>\n      https://e.com/s1.xml\n    </loc>\n    <lastmod> 2024-05-01 </lastmod>\n  </sitemap>\n</sitemapindex>',
        'index.xml',
      );
      expect(index.sitemaps.map((s) => [s.loc, s.lastmod])).toEqual([['https://e.com/s1.xml', '2024-05-01']]);
      expect(
        index.problems
          .filter((p) => p.code !== 'index-child-missing')
          .map((p) => [p.code, p.file, p.line, p.column, p.message]),
      ).toEqual([
        [
          'value-whitespace',
          'index.xml',
          3,
          5,
          '2 values had white space around them (the first: <loc> here); it was removed on import and is never written',
        ],
      ]);
    });

    it('trims the URLs of extensions (image, video locs, hreflang href) but not their other text', () => {
      const set = importText(
        urlset(
          '<url><loc>https://e.com/p</loc>\n' +
            '<image:image><image:loc>\n  https://e.com/i.jpg\n</image:loc><image:caption> A caption </image:caption></image:image>\n' +
            '<video:video><video:thumbnail_loc> https://e.com/t.jpg </video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description>' +
            '<video:content_loc>\thttps://e.com/v.mp4</video:content_loc><video:player_loc>https://e.com/p.swf\n</video:player_loc></video:video>\n' +
            '<xhtml:link rel="alternate" hreflang="de" href=" https://e.com/de "/></url>',
          ` ${NS}`,
        ),
      );
      const [img, video, link] = set.rows.get(0).ext;
      expect(img?.children.map((c) => (typeof c === 'string' ? c : c.children))).toEqual([
        ['https://e.com/i.jpg'],
        [' A caption '],
      ]);
      expect(video?.children.map((c) => (typeof c === 'string' ? c : [c.name, c.children[0]]))).toEqual([
        ['thumbnail_loc', 'https://e.com/t.jpg'],
        ['title', 'T'],
        ['description', 'D'],
        ['content_loc', 'https://e.com/v.mp4'],
        ['player_loc', 'https://e.com/p.swf'],
      ]);
      expect(link?.attrs.map((a) => [a.name, a.value])).toEqual([
        ['rel', 'alternate'],
        ['hreflang', 'de'],
        ['href', 'https://e.com/de'],
      ]);
      expect(set.problems.map((p) => [p.code, p.line, p.column, p.message])).toEqual([
        [
          'value-whitespace',
          4,
          14,
          '5 values had white space around them (the first: <image:loc> here); it was removed on import and is never written',
        ],
      ]);
      const out = onlyFile(set);
      expect(out).toContain(
        '      <image:loc>https://e.com/i.jpg</image:loc>\n      <image:caption> A caption </image:caption>\n',
      );
      expect(out).toContain(
        '<video:content_loc>https://e.com/v.mp4</video:content_loc>\n      <video:player_loc>https://e.com/p.swf</video:player_loc>',
      );
      expect(out).toContain('href="https://e.com/de"');
    });

    it('keeps white space inside a URL as loc-whitespace, and says nothing of clean files', () => {
      const set = importText(urlset('<url><loc> https://e.com/a b</loc></url><url><loc>https://e.com/c</loc></url>'));
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a b', 'https://e.com/c']);
      expect(set.problems.map((p) => p.code)).toEqual(['value-whitespace']);
      expect(checkSet(set).byCode['loc-whitespace']).toBe(1);
      expect(importText(urlset('<url><loc>https://e.com/c</loc></url>')).problems).toEqual([]);
    });

    it('trims indented lines of a text sitemap, once per file, at the first one', () => {
      const set = importText(
        'https://e.com/a\n  https://e.com/b\n\thttps://e.com/c \r\nhttps://e.com/d e\n',
        'urls.txt',
      );
      expect(listOf(set.rows.loc)).toEqual([
        'https://e.com/a',
        'https://e.com/b',
        'https://e.com/c',
        'https://e.com/d e',
      ]);
      expect([set.rows.origin(1), set.rows.origin(2)]).toEqual([
        { file: 0, line: 2, column: 3 },
        { file: 0, line: 3, column: 2 },
      ]);
      expect(listOf(importText('\rhttps://e.com/x\n', 'cr.txt').rows.loc)).toEqual(['https://e.com/x']);
      const out = exportSitemaps(importText(' https://e.com/a\n', 'a.txt').rows, options({ format: 'txt' }));
      expect(text((out.files[0] as { data: Uint8Array }).data)).toBe('https://e.com/a\n');
      expect(set.problems).toEqual([
        {
          code: 'value-whitespace',
          severity: 'warning',
          file: 'urls.txt',
          line: 2,
          column: 1,
          message:
            '2 values had white space around them (the first: a line here); it was removed on import and is never written',
        },
      ]);
    });
  });
});
