import { describe, expect, it } from 'vitest';
import { addRow } from '../edit/commands';
import { importFiles } from '../read/import-files';
import { emptySet, type SitemapSet } from '../read/sitemap-set';
import { exportSitemaps } from './export';
import { NO_ORIGIN_REASON } from './origin';
import { setExportOptions } from './set-export';
import type { Layout } from './layout';
import { ext, image, options, rowsOf, text } from './test-helpers';

function setOf(rows: ReturnType<typeof rowsOf>): SitemapSet {
  return { ...emptySet(), rows };
}

function run(
  set: SitemapSet,
  layout: Layout,
  over: Parameters<typeof options>[0] = {},
  siteUrl = 'https://e.example/',
) {
  const { options: opts } = setExportOptions(set, { layout, siteUrl }, options(over));
  return exportSitemaps(set.rows, opts);
}

const locsOf = (data: Uint8Array) => [...text(data).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('split-by-meaning layouts', () => {
  const rows = () =>
    rowsOf([
      { loc: 'https://e.example/blog/a', lastmod: '2024-03-02' },
      { loc: 'https://e.example/shop/b', lastmod: '2024-05-01', ext: [image('https://e.example/b.jpg')] },
      { loc: 'https://e.example/', lastmod: '2023-12-31' },
      { loc: 'https://e.example/blog/c', lastmod: '2024-05-20' },
      { loc: 'https://e.example/Shop/d' },
    ]);

  it('section: one file per first path segment in order of first use, root last-named, an index with their newest lastmods', () => {
    const r = run(setOf(rows()), 'section');
    expect(r.files.map((f) => f.name)).toEqual([
      'sitemap-blog.xml',
      'sitemap-shop.xml',
      'sitemap-root.xml',
      'sitemap-index.xml',
    ]);
    expect(locsOf(r.files[0]!.data)).toEqual(['https://e.example/blog/a', 'https://e.example/blog/c']);
    expect(locsOf(r.files[1]!.data)).toEqual(['https://e.example/shop/b', 'https://e.example/Shop/d']);
    const index = text(r.files[3]!.data);
    expect(locsOf(r.files[3]!.data)).toEqual([
      'https://e.example/sitemap-blog.xml',
      'https://e.example/sitemap-shop.xml',
      'https://e.example/sitemap-root.xml',
    ]);
    expect([...index.matchAll(/<lastmod>([^<]*)</g)].map((m) => m[1])).toEqual([
      '2024-05-20',
      '2024-05-01',
      '2023-12-31',
    ]);
    expect(r.robotsTxt).toBe('Sitemap: https://e.example/sitemap-index.xml\n');
  });

  it('type: pages, images, videos, news in that order; a URL with news goes to the news file', () => {
    const rs = rowsOf([
      { loc: 'https://e.example/n', ext: [ext('news', 'news'), image('https://e.example/i.png')] },
      { loc: 'https://e.example/v', ext: [ext('video', 'video')] },
      { loc: 'https://e.example/i', ext: [image('https://e.example/i.png')] },
      { loc: 'https://e.example/p' },
    ]);
    const r = run(setOf(rs), 'type');
    expect(r.files.map((f) => [f.name, f.urls])).toEqual([
      ['sitemap-pages.xml', 1],
      ['sitemap-images.xml', 1],
      ['sitemap-videos.xml', 1],
      ['sitemap-news.xml', 1],
      ['sitemap-index.xml', 4],
    ]);
    expect(locsOf(r.files[3]!.data)[0]).toBe('https://e.example/n');
  });

  it('locale: the row’s own hreflang, else a locale path prefix, else other (last)', () => {
    const link = (lang: string, href: string) => ext('xhtml', 'link', { rel: 'alternate', hreflang: lang, href });
    const rs = rowsOf([
      { loc: 'https://e.example/x', ext: [link('de', 'https://e.example/x'), link('fr', 'https://e.example/fr/x')] },
      { loc: 'https://e.example/fr/x' },
      { loc: 'https://e.example/about' },
      { loc: 'https://e.example/pt-br/y' },
    ]);
    const r = run(setOf(rs), 'locale');
    expect(r.files.map((f) => f.name)).toEqual([
      'sitemap-de.xml',
      'sitemap-fr.xml',
      'sitemap-pt-br.xml',
      'sitemap-other.xml',
      'sitemap-index.xml',
    ]);
  });

  it('month: lastmod year-month, freshest first, undated last', () => {
    const r = run(setOf(rows()), 'month');
    expect(r.files.map((f) => f.name)).toEqual([
      'sitemap-2024-05.xml',
      'sitemap-2024-03.xml',
      'sitemap-2023-12.xml',
      'sitemap-other.xml',
      'sitemap-index.xml',
    ]);
    expect(locsOf(r.files[0]!.data)).toEqual(['https://e.example/shop/b', 'https://e.example/blog/c']);
  });

  it('each file is split at the limits as name-1, name-2, the index listing every part', () => {
    const r = run(setOf(rows()), 'section', { limits: { maxUrls: 1, maxBytes: 1e6, maxSitemaps: 100 } });
    expect(r.files.map((f) => f.name)).toEqual([
      'sitemap-blog-1.xml',
      'sitemap-blog-2.xml',
      'sitemap-shop-1.xml',
      'sitemap-shop-2.xml',
      'sitemap-root.xml',
      'sitemap-index.xml',
    ]);
    expect(locsOf(r.files[5]!.data)).toHaveLength(5);
  });

  it('limits: today’s names, gzipped when asked', () => {
    const r = run(setOf(rows()), 'limits', { gzip: true, limits: { maxUrls: 3, maxBytes: 1e6, maxSitemaps: 100 } });
    expect(r.files.map((f) => f.name)).toEqual(['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-index.xml.gz']);
  });

  it('refuses every multi-file layout without an origin; the names are still previewed', () => {
    for (const layout of ['section', 'type', 'month', 'limits'] as const) {
      const r = run(setOf(rows()), layout, { limits: { maxUrls: 2, maxBytes: 1e6, maxSitemaps: 100 } }, '');
      expect(r.refused).toBe(NO_ORIGIN_REASON);
      expect(r.files).toEqual([]);
    }
  });
});

const enc = (s: string) => new TextEncoder().encode(s);
const urlset = (...locs: string[]) =>
  enc(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc><lastmod>2024-01-0${locs.indexOf(l) + 1}</lastmod></url>`).join('')}</urlset>`,
  );
const indexOf = (...locs: string[]) =>
  enc(
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`,
  );

describe('Keep my files', () => {
  const yoast = () =>
    importFiles([
      {
        name: 'sitemap_index.xml',
        bytes: indexOf(
          'https://e.example/post-sitemap.xml',
          'https://e.example/page-sitemap.xml',
          'https://e.example/gone-sitemap.xml',
        ),
      },
      {
        name: 'post-sitemap.xml',
        bytes: urlset('https://e.example/blog/a', 'https://e.example/blog/b', 'https://e.example/blog/c'),
      },
      { name: 'page-sitemap.xml', bytes: urlset('https://e.example/', 'https://e.example/about') },
    ]);

  it('writes each file back in its rows’ order, deleted rows gone; lists a child that was not imported as it was', () => {
    const set = yoast();
    set.rows.removeAt([1]);
    const r = run(set, 'keep', {}, '');
    expect(r.files.map((f) => f.name)).toEqual(['post-sitemap.xml', 'page-sitemap.xml', 'sitemap_index.xml']);
    expect(locsOf(r.files[0]!.data)).toEqual(['https://e.example/blog/a', 'https://e.example/blog/c']);
    expect(locsOf(r.files[2]!.data)).toEqual([
      'https://e.example/post-sitemap.xml',
      'https://e.example/page-sitemap.xml',
      'https://e.example/gone-sitemap.xml',
    ]);
    expect(text(r.files[2]!.data)).toMatch(/post-sitemap.xml<\/loc>\n {4}<lastmod>2024-01-03<\/lastmod>/);
  });

  it('new rows go to the file holding most URLs of their first path segment, else to sitemap-added.xml in the index', () => {
    const set = yoast();
    addRow(set, { loc: 'https://e.example/blog/new', lastmod: '', changefreq: '', priority: '', ext: [] });
    addRow(set, { loc: 'https://e.example/events/x', lastmod: '', changefreq: '', priority: '', ext: [] });
    const r = run(set, 'keep', {}, '');
    expect(r.files.map((f) => f.name)).toEqual([
      'post-sitemap.xml',
      'page-sitemap.xml',
      'sitemap-added.xml',
      'sitemap_index.xml',
    ]);
    expect(locsOf(r.files[0]!.data).at(-1)).toBe('https://e.example/blog/new');
    expect(locsOf(r.files[2]!.data)).toEqual(['https://e.example/events/x']);
    expect(locsOf(r.files[3]!.data).at(-1)).toBe('https://e.example/sitemap-added.xml');
    expect(r.problems.some((p) => p.message.includes('sitemap-added.xml, added to the index'))).toBe(true);
  });

  it('pasted text and CSV rows have no file to go back to: they go where new rows go', () => {
    const set = yoast();
    const more = importFiles([
      { name: 'pasted.txt', bytes: enc('https://e.example/blog/pasted\n') },
      { name: 'list.csv', bytes: enc('loc\nhttps://e.example/events/csv\n') },
    ]);
    const offset = set.files.length;
    set.files.push(...more.files);
    set.rows.append(more.rows, offset);
    const r = run(set, 'keep', {}, '');
    expect(r.files.map((f) => f.name)).toEqual([
      'post-sitemap.xml',
      'page-sitemap.xml',
      'sitemap-added.xml',
      'sitemap_index.xml',
    ]);
    expect(locsOf(r.files[0]!.data).at(-1)).toBe('https://e.example/blog/pasted');
    expect(locsOf(r.files[2]!.data)).toEqual(['https://e.example/events/csv']);
  });

  it('the Site URL’s origin wins over the index’s (after a move to another origin): same paths, new host', () => {
    const set = yoast();
    const r = run(set, 'keep', {}, 'https://new-shop.example/');
    expect(locsOf(r.files[2]!.data)).toEqual([
      'https://new-shop.example/post-sitemap.xml',
      'https://new-shop.example/page-sitemap.xml',
      'https://new-shop.example/gone-sitemap.xml',
    ]);
    expect(r.robotsTxt).toBe('Sitemap: https://new-shop.example/sitemap_index.xml\n');
  });

  it('new rows go to the file the user picks', () => {
    const set = yoast();
    addRow(set, { loc: 'https://e.example/blog/new', lastmod: '', changefreq: '', priority: '', ext: [] });
    const { options: opts } = setExportOptions(
      set,
      { layout: 'keep', siteUrl: '', newRowsTo: 'page-sitemap' },
      options(),
    );
    const r = exportSitemaps(set.rows, opts);
    expect(locsOf(r.files[1]!.data).at(-1)).toBe('https://e.example/blog/new');
  });

  it('a file past the limits is split as name-1, name-2 and the index updated; an emptied one is left out and said so', () => {
    const set = yoast();
    set.rows.removeAt([3, 4]);
    const r = run(set, 'keep', { limits: { maxUrls: 2, maxBytes: 1e6, maxSitemaps: 100 } }, '');
    expect(r.files.map((f) => f.name)).toEqual(['post-sitemap-1.xml', 'post-sitemap-2.xml', 'sitemap_index.xml']);
    expect(locsOf(r.files[2]!.data)).toEqual([
      'https://e.example/post-sitemap-1.xml',
      'https://e.example/post-sitemap-2.xml',
      'https://e.example/gone-sitemap.xml',
    ]);
    expect(r.problems.find((p) => p.code === 'empty-sitemap')?.message).toMatch(/page-sitemap.xml has no URL left/);
  });

  it('without an index or a Site URL, several files are refused; one file is written with no robots line', () => {
    const two = importFiles([
      { name: 'a.xml', bytes: urlset('https://e.example/a') },
      { name: 'b.xml', bytes: urlset('https://e.example/b') },
    ]);
    expect(run(two, 'keep', {}, '').refused).toBe(NO_ORIGIN_REASON);
    const ok = run(two, 'keep', {}, 'https://e.example/');
    expect(ok.files.map((f) => f.name)).toEqual(['a.xml', 'b.xml']);
    expect(ok.robotsTxt).toBe('Sitemap: https://e.example/a.xml\nSitemap: https://e.example/b.xml\n');
    const one = importFiles([{ name: 'a.xml', bytes: urlset('https://e.example/a') }]);
    const single = run(one, 'keep', {}, '');
    expect(single.files.map((f) => f.name)).toEqual(['a.xml']);
    expect(single.robotsTxt).toBe('');
  });

  it('without an index of the user’s, a file split at the limits, or Always, gets an index of ours', () => {
    const two = importFiles([{ name: 'a.xml', bytes: urlset('https://e.example/a', 'https://e.example/b') }]);
    const split = run(two, 'keep', { limits: { maxUrls: 1, maxBytes: 1e6, maxSitemaps: 100 } });
    expect(split.files.map((f) => f.name)).toEqual(['a-1.xml', 'a-2.xml', 'sitemap-index.xml']);
    expect(locsOf(split.files[2]?.data ?? new Uint8Array())).toEqual([
      'https://e.example/a-1.xml',
      'https://e.example/a-2.xml',
    ]);
    expect(split.robotsTxt).toBe('Sitemap: https://e.example/sitemap-index.xml\n');
    const always = run(two, 'keep', { index: 'always' });
    expect(always.files.map((f) => f.name)).toEqual(['a.xml', 'sitemap-index.xml']);
  });

  it('a relative child loc is resolved against the index’s own URL when it was read from one', () => {
    const set = importFiles([
      { name: 'https://e.example/maps/index.xml', bytes: indexOf('post.xml', '/maps/page.xml') },
      { name: 'https://e.example/maps/post.xml', bytes: urlset('https://e.example/a') },
      { name: 'https://e.example/maps/page.xml', bytes: urlset('https://e.example/b') },
    ]);
    expect(set.sitemaps.map((s) => s.loc)).toEqual([
      'https://e.example/maps/post.xml',
      'https://e.example/maps/page.xml',
    ]);
    expect(set.sitemaps.map((s) => s.child)).toEqual([1, 2]);
    const r = run(set, 'keep', {}, '');
    expect(r.files.map((f) => f.name)).toEqual(['post.xml', 'page.xml', 'maps/index.xml']);
    expect(r.robotsTxt).toBe('Sitemap: https://e.example/maps/index.xml\n');
  });
});
