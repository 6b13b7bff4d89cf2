import { describe, expect, it } from 'vitest';
import {
  corpusFile,
  corpusFiles,
  forEachReader,
  hasShared,
  importText,
  problemCodes,
  readFiles,
} from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { EXT_RULES } from '../rules/bits';

forEachReader(() => {
  /**
   * Kind and entry count of every real-world file, as the corpus README's
   * table gives them (urls or index entries; non-empty lines for TXT), with
   * the read problems each must report.
   */
  const EXPECTED: Record<string, [kind: string, count: number, codes: Record<string, number>]> = {
    'broken_blank-line-before-xml-decl_comments_scrapy.xml': [
      'sitemapindex',
      3,
      { 'leading-whitespace': 1, 'index-child-missing': 3 },
    ],
    'broken_copied-from-browser-view_no-xmlns_unbound-xsi-prefix_sitemap.xml': [
      'urlset',
      7,
      { namespace: 1, 'xml-malformed': 1, 'value-whitespace': 1 },
    ],
    'broken_jekyll-unrendered-template_news-sitemap.xml': ['urlset', 1, { 'xml-malformed': 2 }],
    'broken_leading-space-before-xml-decl_sitemap.xml': ['urlset', 18, { 'leading-whitespace': 1 }],
    'broken_sitemapjs_unescaped-lt-in-text.xml': ['urlset', 1, { 'xml-malformed': 1 }],
    'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml': ['urlset', 1511, { 'xml-malformed': 51 }],
    'edge_empty-self-closed-urlset_news-sitemap.xml': ['urlset', 0, { 'empty-sitemap': 1 }],
    'ext_custom-namespace-sgl-title_sitemap.xml': ['urlset', 19, {}],
    'ext_pagemap-default-ns-redeclared_crawler-commons.xml': ['urlset', 2, {}],
    'ext_real-video-image-mobile_hebdenbridgetimes.xml': ['urlset', 74, {}],
    'gz_broken_mkdocs-loc-None_sitemap.xml.gz': ['urlset', 1, {}],
    'gz_misnamed-plain-xml-not-gzipped_advertools.xml.gz': ['urlset', 5, {}],
    'gz_txt_100000-urls_over-50k-limit_sitemapjs.txt.gz': ['text', 100000, { 'too-many-urls': 1 }],
    'gz_txt_crawler-commons.txt.gz': ['text', 5, {}],
    'gz_xml-urlset_crawler-commons.xml.gz': ['urlset', 5, {}],
    'hreflang_hugo-multilingual_en-sitemap.xml': ['urlset', 21, {}],
    'hreflang_hugo-multilingual_sitemapindex.xml': ['sitemapindex', 2, { 'index-child-missing': 2 }],
    'image_webflow-1MB_image-sitemap.xml': ['urlset', 583, {}],
    'index_no-loc-element_bare-text-in-sitemap_crawler-commons.xml': [
      'sitemapindex',
      15,
      { 'loc-missing': 15, 'value-whitespace': 1, 'index-child-missing': 15 },
    ],
    'index_sitemapjs_unknown-foo-element.xml': ['sitemapindex', 2, { 'unknown-tag': 1, 'index-child-missing': 2 }],
    'index_xml-sitemaps-com_child-name-mismatch_sitemap_index.xml': ['sitemapindex', 1, { 'index-child-missing': 1 }],
    'news_wordpress-com-generator-comment_shinpaideshou.xml': ['urlset', 3, {}],
    'ns_legacy-google-0.84-namespace_scrapy.xml': ['urlset', 2, { namespace: 1 }],
    'ns_missing-namespace-xmlns-empty_scrapy.xml': ['urlset', 2, { namespace: 1, 'value-whitespace': 1 }],
    'ns_prefixed-sit-namespace_crawler-commons.xml': ['urlset', 2, {}],
    'ns_wrong-google-0.9-namespace_whitespace-in-loc_crawler-commons.xml': [
      'urlset',
      2,
      { namespace: 1, 'value-whitespace': 1 },
    ],
    'real_sitemaps-org-own-sitemap_84urls.xml': ['urlset', 84, {}],
    'security_xxe-external-entity-doctype_scrapy.xml': ['urlset', 1, { 'xml-doctype': 2 }],
    'sitemapjs_alltags-all-extensions-cdata-escaping.xml': ['urlset', 7, {}],
    'txt_0install-net_sitemap.txt': ['text', 5, {}],
    'txt_utf8-bom_crawler-commons.txt': ['text', 2, {}],
    'urlset_xml-sitemaps-com-generator_271urls_sitemap_1.xml': ['urlset', 271, {}],
    'video_shopify-modesthut_video-sitemap-updated.xml': ['urlset', 9, {}],
    'video_tvshow-loc-after-video_crawler-commons.xml': ['urlset', 1, {}],
    'video_unescaped-ampersand_video-sitemap.xml': ['urlset', 1, { 'xml-malformed': 1 }],
    'video_youtube-player_loc_video-sitemap.xml': ['urlset', 7, {}],
    'wp-core-static-export_wp-sitemap-posts-page-1.xml': ['urlset', 18, {}],
    'yoast-2017_cdata-image-title_post-sitemap.xml': ['urlset', 14, {}],
    'yoast-com_real_xsl-pi_images_66urls.xml': ['urlset', 66, {}],
    'yoast-static-export_sitemap_index.xml': ['sitemapindex', 4, { 'index-child-missing': 4 }],
  };

  /**
   * What the check finds in the extensions (image, video, news, hreflang) of
   * the corpus: the extension rules' codes and ext-invalid. Files not listed
   * have none. Each finding was checked against the file by hand.
   */
  const EXTENSION_FINDINGS: Record<string, Record<string, number>> = {
    // A Liquid tag where the news publication date belongs.
    'broken_jekyll-unrendered-template_news-sitemap.xml': { 'news-date-invalid': 1 },
    // <video:title> before <video:thumbnail_loc> in every video (the README's "out-of-order").
    'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml': { 'ext-invalid': 1511 },
    // <video:player_loc> first in each of the 6 videos.
    'ext_real-video-image-mobile_hebdenbridgetimes.xml': { 'ext-invalid': 6 },
    // The video page lists en and ja alternates (test.com) but not itself.
    'sitemapjs_alltags-all-extensions-cdata-escaping.xml': { 'hreflang-self-missing': 1 },
    // <video:description> after <video:requires_subscription>, and the tvshow's minute-only premier_date.
    'video_tvshow-loc-after-video_crawler-commons.xml': { 'ext-invalid': 1 },
    // <image:caption> after <image:title> (the README's INVALID), in 11 of the 13 rows with images.
    'yoast-2017_cdata-image-title_post-sitemap.xml': { 'ext-invalid': 11 },
  };
  // The rules of today (issue 29) are listed file by file in rules/today-corpus.test.ts.
  const TODAY = new Set<string>(['image-deprecated', 'image-too-many', 'news-too-old', 'video-deprecated']);
  const EXTENSION_CODES = new Set<string>([...EXT_RULES, 'ext-invalid', 'news-too-many'].filter((c) => !TODAY.has(c)));

  describe.runIf(hasShared)('the real-world corpus (../shared/corpus)', () => {
    it.each(corpusFiles())('%s: its extension findings', (name) => {
      const { byCode } = checkSet(importText(corpusFile(name), name));
      const found = Object.fromEntries(Object.entries(byCode).filter(([code]) => EXTENSION_CODES.has(code)));
      expect(found).toEqual(EXTENSION_FINDINGS[name] ?? {});
    });

    it('has exactly the files this table describes', () => {
      expect(corpusFiles()).toEqual(Object.keys(EXPECTED).sort());
    });

    it.each(Object.entries(EXPECTED))(
      '%s imports and checks with its located problems',
      (name, [kind, count, codes]) => {
        const set = importText(corpusFile(name), name);
        expect(set.files.map((f) => f.kind)).toEqual([kind]);
        expect(set.files[0]?.count).toBe(count);
        expect(problemCodes(set)).toEqual(codes);
        for (const p of set.problems) expect(p.file).toBe(name);
        const result = checkSet(set);
        expect(result.rowCodes.length).toBe(set.rows.length);
      },
    );

    it('finds the raw & of the 1.4 MB video sitemap at line 4319 and keeps every row', () => {
      const name = 'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml';
      const set = importText(corpusFile(name), name);
      expect(set.problems[0]).toMatchObject({ code: 'xml-malformed', line: 4319 });
      expect(set.rows.length).toBe(1511);
    });

    it('reads the first URL of a BOM text sitemap without U+FEFF', () => {
      const set = importText(corpusFile('txt_utf8-bom_crawler-commons.txt'), 'bom.txt');
      expect(set.rows.loc.get(0)?.startsWith('http')).toBe(true);
    });

    it('never resolves the external entity of the XXE sample', () => {
      const set = importText(corpusFile('security_xxe-external-entity-doctype_scrapy.xml'), 'xxe.xml');
      expect(set.rows.loc.get(0)).toContain('&xxe;');
      expect(set.rows.loc.get(0)).not.toContain('root:');
    });

    it('reads the index of the static Yoast export with its child names', () => {
      const set = importText(corpusFile('yoast-static-export_sitemap_index.xml'), 'sitemap_index.xml');
      expect(set.sitemaps.map((s) => s.loc)).toEqual([
        'post-sitemap.xml',
        'page-sitemap.xml',
        'category-sitemap.xml',
        'author-sitemap.xml',
      ]);
    });

    it('stops the scrapy gzip bomb at a 10 MB cap, and reads it under the default cap', () => {
      const bomb = corpusFile('gzip-bomb_28KB-to-11.5MB_scrapy.bin', 'robustness');
      const capped = readFiles([{ name: 'bomb.bin', bytes: bomb }], { maxDecompressedBytes: 10_000_000 });
      expect(problemCodes(capped)).toEqual({ compression: 1 });
      expect(capped.problems[0]?.message).toContain('exceeds the cap');
      const uncapped = readFiles([{ name: 'bomb.bin', bytes: bomb }]);
      expect(problemCodes(uncapped)).toEqual({ 'not-a-sitemap': 1 });
    });

    it('reports the truncated gzip holding an HTML page as both', () => {
      const set = readFiles([
        { name: 't.gz', bytes: corpusFile('gzip-truncated-crc-error_html-payload_scrapy.gz', 'robustness') },
      ]);
      expect(problemCodes(set)).toEqual({ compression: 1, 'not-a-sitemap': 1 });
      expect(set.problems.map((p) => p.message).join(' ')).toMatch(/ends early[\s\S]*HTML page/);
      expect(set.files[0]?.partial).toBe(true);
    });
  });
});
