import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { KNOWN_EXTENSIONS, XML_NS } from '../rows/namespaces';
import type { ExtElement, ExtNode } from '../rows/types';
import { exportSitemaps } from './export';
import { count, el, ext, image, options, rowsOf, text } from './test-helpers';

const PAGEMAP_NS = 'http://www.google.com/schemas/sitemap-pagemap/1.0';
const SGL_NS = 'http://sorgs.de/sitemap.xsd';

function only(rows: Parameters<typeof exportSitemaps>[0], over: Parameters<typeof options>[0] = {}): string {
  const r = exportSitemaps(rows, options(over));
  expect(r.files).toHaveLength(1);
  return text((r.files[0] as { data: Uint8Array }).data);
}

/**
 * Reads back the extension elements of each `<url>` with a namespace-aware
 * parser, keeping what carries meaning (namespace, local name, attributes,
 * text) and dropping xmlns declarations and prefixes.
 */
function readExt(xml: string): ExtElement[][] {
  const parser = new SaxesParser({ xmlns: true });
  const out: ExtElement[][] = [];
  const stack: ExtElement[] = [];
  let depth = 0;
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 2) out.push([]);
    if (depth < 3 || (depth === 3 && tag.uri === 'http://www.sitemaps.org/schemas/sitemap/0.9')) return;
    const attrs = Object.values(tag.attributes)
      .filter((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns')
      .map((a) => ({ ns: a.uri, prefix: '', name: a.local, value: a.value }));
    const e: ExtElement = { ns: tag.uri, prefix: '', name: tag.local, attrs, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(e);
    else (out[out.length - 1] as ExtElement[]).push(e);
    stack.push(e);
  });
  parser.on('text', (t) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(t);
  });
  parser.on('closetag', (tag) => {
    if (stack.length > 0 && stack[stack.length - 1]?.name === tag.local && depth >= 3) stack.pop();
    depth--;
  });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
  return out;
}

/** Drops prefixes and whitespace-only text between child elements, which the writer lays out itself. */
function meaning(e: ExtNode): unknown {
  if (typeof e === 'string') return e;
  const hasEl = e.children.some((c) => typeof c !== 'string');
  const hasText = e.children.some((c) => typeof c === 'string' && /[^ \t\n\r]/.test(c));
  const kids = hasEl && !hasText ? e.children.filter((c) => typeof c !== 'string') : e.children;
  const merged: ExtNode[] = [];
  for (const k of kids) {
    const last = merged[merged.length - 1];
    if (typeof k === 'string' && typeof last === 'string') merged[merged.length - 1] = last + k;
    else merged.push(k);
  }
  return {
    ns: e.ns,
    name: e.name,
    attrs: e.attrs.filter((a) => a.prefix !== 'xmlns').map((a) => ({ ns: a.ns, name: a.name, value: a.value })),
    children: merged.map(meaning),
  };
}

describe('urlset writer', () => {
  it('writes an exact, indented urlset with the core fields in schema order', () => {
    const xml = only(
      rowsOf([
        { loc: 'https://example.com/', lastmod: '2024-01-02', changefreq: 'daily', priority: '0.8' },
        { loc: 'https://example.com/b', priority: '0.3' },
      ]),
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url>\n' +
        '    <loc>https://example.com/</loc>\n' +
        '    <lastmod>2024-01-02</lastmod>\n' +
        '    <changefreq>daily</changefreq>\n' +
        '    <priority>0.8</priority>\n' +
        '  </url>\n' +
        '  <url>\n' +
        '    <loc>https://example.com/b</loc>\n' +
        '    <priority>0.3</priority>\n' +
        '  </url>\n' +
        '</urlset>\n',
    );
  });

  it('omits every empty optional field', () => {
    const xml = only(rowsOf([{ loc: 'https://example.com/x' }]));
    expect(xml).toContain('  <url>\n    <loc>https://example.com/x</loc>\n  </url>\n');
    expect(xml).not.toMatch(/lastmod|changefreq|priority/);
  });

  it('writes extensions after priority, in their order', () => {
    const xml = only(
      rowsOf([
        {
          loc: 'https://example.com/',
          priority: '0.5',
          ext: [
            ext('xhtml', 'link', { rel: 'alternate', hreflang: 'de', href: 'https://example.com/de' }),
            image('https://example.com/i.png'),
          ],
        },
      ]),
    );
    const at = (s: string) => xml.indexOf(s);
    expect(at('<priority>')).toBeLessThan(at('<xhtml:link'));
    expect(at('<xhtml:link')).toBeLessThan(at('<image:image>'));
    expect(xml).toContain(
      '    <priority>0.5</priority>\n' +
        '    <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de"/>\n' +
        '    <image:image>\n' +
        '      <image:loc>https://example.com/i.png</image:loc>\n' +
        '    </image:image>\n' +
        '  </url>\n',
    );
  });

  it('escapes all five characters in loc, core fields, extension text and attributes', () => {
    const nasty = `a&b'c"d>e<f`;
    const xml = only(
      rowsOf([
        {
          loc: `https://example.com/?q=${nasty}`,
          changefreq: nasty,
          ext: [
            ext('image', 'image', {}, [
              ext('image', 'loc', {}, [`https://example.com/i?${nasty}`]),
              ext('image', 'title', {}, [nasty]),
            ]),
            ext('video', 'video', {}, [ext('video', 'player_loc', { autoplay: nasty }, ['https://example.com/p'])]),
          ],
        },
      ]),
    );
    const esc = 'a&amp;b&apos;c&quot;d&gt;e&lt;f';
    expect(xml).toContain(`<loc>https://example.com/?q=${esc}</loc>`);
    expect(xml).toContain(`<changefreq>${esc}</changefreq>`);
    expect(xml).toContain(`<image:loc>https://example.com/i?${esc}</image:loc>`);
    expect(xml).toContain(`<image:title>${esc}</image:title>`);
    expect(xml).toContain(`<video:player_loc autoplay="${esc}">https://example.com/p</video:player_loc>`);
    const read = readExt(xml)[0]?.map(meaning);
    expect(JSON.stringify(read)).toContain(JSON.stringify(`https://example.com/i?${nasty}`));
    expect(JSON.stringify(read)).toContain(JSON.stringify({ ns: '', name: 'autoplay', value: nasty }));
  });

  it('declares an extension namespace only in the files that use it', () => {
    const r = exportSitemaps(
      rowsOf([
        { loc: 'https://example.com/a', ext: [image('https://example.com/a.png')] },
        { loc: 'https://example.com/b' },
      ]),
      options({ limits: { maxUrls: 1, maxBytes: 52428800, maxSitemaps: 50000 } }),
    );
    const [withImage, without] = r.files.map((f) => text(f.data));
    expect(withImage).toContain(' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(without).not.toContain('xmlns:image');
    expect(without).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
  });

  it('uses conventional prefixes for known namespaces whatever the source used', () => {
    const xml = only(
      rowsOf([
        {
          loc: 'https://example.com/',
          ext: [
            el(KNOWN_EXTENSIONS.image, 'img', 'image', {}, [
              el(KNOWN_EXTENSIONS.image, 'img', 'loc', {}, ['https://example.com/i']),
            ]),
          ],
        },
      ]),
    );
    expect(xml).toContain('<image:image>');
    expect(xml).not.toContain('img:');
  });

  it('writes a default-namespace element (PageMap) with its own xmlns, children unprefixed', () => {
    const pagemap = el(PAGEMAP_NS, '', 'PageMap', {}, [
      '\n      ',
      el(PAGEMAP_NS, '', 'DataObject', { type: 'document' }, [
        '\n        ',
        el(PAGEMAP_NS, '', 'Attribute', { name: 'title' }, ['Q & A']),
        '\n      ',
      ]),
      '\n    ',
    ]);
    const rows = rowsOf([{ loc: 'https://example.com/', ext: [pagemap] }]);
    const xml = only(rows);
    expect(xml).toContain(
      '    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">\n' +
        '      <DataObject type="document">\n' +
        '        <Attribute name="title">Q &amp; A</Attribute>\n' +
        '      </DataObject>\n' +
        '    </PageMap>\n',
    );
    expect(xml).not.toContain('xmlns:ns');
    expect(readExt(xml)[0]?.map(meaning)).toEqual([meaning(pagemap)]);
  });

  it('writes xml:lang with the xml prefix and never declares it', () => {
    const xml = only(
      rowsOf([
        {
          loc: 'https://example.com/',
          ext: [el(SGL_NS, 'sgl', 'title', [{ ns: XML_NS, prefix: 'xml', name: 'lang', value: 'de' }], ['Titel'])],
        },
      ]),
    );
    expect(xml).toContain('<sgl:title xml:lang="de">Titel</sgl:title>');
    expect(xml).not.toContain('xmlns:xml');
    expect(xml).toContain(` xmlns:sgl="${SGL_NS}"`);
  });

  it('de-duplicates prefixes two namespaces want, and keeps known prefixes for known namespaces', () => {
    const rows = rowsOf([
      {
        loc: 'https://example.com/',
        ext: [
          el('urn:a', 'x', 'one', [{ ns: 'urn:a', prefix: 'x', name: 'k', value: 'v' }]),
          el('urn:b', 'x', 'two'),
          el('urn:c', 'image', 'three'),
          image('https://example.com/i.png'),
          el('urn:d', 'xmlfoo', 'four'),
        ],
      },
    ]);
    const xml = only(rows);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:x="urn:a" xmlns:x2="urn:b" xmlns:image2="urn:c" xmlns:ns="urn:d">',
    );
    expect(xml).toContain('<x:one x:k="v"/>\n    <x2:two/>\n    <image2:three/>');
    expect(xml).toContain('<ns:four/>');
    expect(readExt(xml)[0]?.map(meaning)).toEqual(rows.ext[0]?.map(meaning));
  });

  it('keeps mixed content exactly, text and elements inline', () => {
    const mixed = el('urn:m', 'm', 'p', {}, ['Hello ', el('urn:m', 'm', 'b', {}, ['big']), ' world\n']);
    const xml = only(rowsOf([{ loc: 'https://example.com/', ext: [mixed] }]));
    expect(xml).toContain('    <m:p>Hello <m:b>big</m:b> world\n</m:p>\n');
    expect(readExt(xml)[0]?.map(meaning)).toEqual([meaning(mixed)]);
  });

  it('round-trips every kind of extension through a namespace-aware parser', () => {
    const trees = [
      image('https://example.com/i.png', [ext('image', 'caption', {}, ["It's <b>"])]),
      ext('video', 'video', {}, [
        ext('video', 'thumbnail_loc', {}, ['https://example.com/t.jpg']),
        ext('video', 'title', {}, ['T']),
        ext('video', 'description', {}, ['D\r\nline two\ttab']),
        ext('video', 'price', { currency: 'EUR', type: 'rent' }, ['1.99']),
      ]),
      ext('news', 'news', {}, [
        ext('news', 'publication', {}, [ext('news', 'name', {}, ['N']), ext('news', 'language', {}, ['de'])]),
      ]),
      ext('xhtml', 'link', { rel: 'alternate', hreflang: 'x-default', href: 'https://example.com/?a=1&b=2' }),
      ext('mobile', 'mobile'),
      el('urn:empty-attr', 'e', 'v', { note: 'line\nbreak\tand\rcr' }),
    ];
    const rows = rowsOf([{ loc: 'https://example.com/', ext: trees }]);
    const xml = only(rows);
    expect(readExt(xml)[0]?.map(meaning)).toEqual(trees.map(meaning));
  });

  it('drops characters XML cannot hold from extension text and reports it', () => {
    const r = exportSitemaps(
      rowsOf([{ loc: 'https://example.com/', ext: [image('https://example.com/i\u0001.png')] }]),
      options(),
    );
    expect(text(r.files[0]!.data)).toContain('<image:loc>https://example.com/i.png</image:loc>');
    expect(r.problems.map((p) => p.code)).toEqual(['encoding']);
    expect(r.problems[0]?.row).toBe(1);
  });

  it('percent-encodes control characters in loc and reports it; white space around a value is never written', () => {
    const r = exportSitemaps(rowsOf([{ loc: 'https://example.com/a\u0001b' }]), options());
    expect(text(r.files[0]!.data)).toContain('<loc>https://example.com/a%01b</loc>');
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['loc-whitespace', 'info']]);
    const ws = exportSitemaps(
      rowsOf([
        {
          loc: '\n\thttps://example.com/a\r\n',
          lastmod: ' 2024-05-01',
          changefreq: 'daily ',
          ext: [image('\n https://example.com/i.png\n')],
        },
        { loc: ' \n ' },
      ]),
      options(),
    );
    expect(text(ws.files[0]!.data)).toContain(
      '<loc>https://example.com/a</loc>\n    <lastmod>2024-05-01</lastmod>\n    <changefreq>daily</changefreq>\n    <image:image>\n      <image:loc>https://example.com/i.png</image:loc>',
    );
    expect(ws.problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      [
        'loc-missing',
        'error',
        'This row has no URL, so it was left out of the export. (Search Console: "Missing XML tag")',
      ],
      ['value-whitespace', 'info', '4 value(s) with white space around them were written without it.'],
    ]);
    const inside = exportSitemaps(rowsOf([{ loc: 'https://example.com/a\tb' }]), options());
    expect(text(inside.files[0]!.data)).toContain('<loc>https://example.com/a\tb</loc>');
  });

  it('writes xsi:schemaLocation only when asked', () => {
    const rows = rowsOf([{ loc: 'https://example.com/' }]);
    expect(only(rows, { schemaLocation: true })).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd">\n',
    );
    expect(only(rows, { schemaLocation: false })).not.toContain('xsi');
  });

  it('applies the lastmod form', () => {
    const rows = rowsOf([
      { loc: 'https://example.com/1', lastmod: '2024-05-08' },
      { loc: 'https://example.com/2', lastmod: '2024-05-08T10:11:12+02:00' },
      { loc: 'https://example.com/3', lastmod: '08/05/2024' },
    ]);
    const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]);
    expect(lastmods(only(rows, { lastmodForm: 'as-is' }))).toEqual([
      '2024-05-08',
      '2024-05-08T10:11:12+02:00',
      '08/05/2024',
    ]);
    expect(lastmods(only(rows, { lastmodForm: 'date' }))).toEqual(['2024-05-08', '2024-05-08', '08/05/2024']);
    expect(lastmods(only(rows, { lastmodForm: 'datetime' }))).toEqual([
      '2024-05-08T00:00:00+00:00',
      '2024-05-08T10:11:12+02:00',
      '08/05/2024',
    ]);
  });

  it('skips rows without a loc and reports each', () => {
    const rows = rowsOf([
      { loc: 'https://example.com/a' },
      { loc: '', lastmod: '2024-01-01' },
      { loc: 'https://example.com/c' },
    ]);
    const r = exportSitemaps(rows, options());
    expect(r.files[0]?.urls).toBe(2);
    expect(count(text(r.files[0]!.data), '<url>')).toBe(2);
    expect(r.problems.map((p) => [p.code, p.row])).toEqual([['loc-missing', 2]]);
  });

  it('exports the given positions, in their order', () => {
    const rows = rowsOf([
      { loc: 'https://example.com/0' },
      { loc: 'https://example.com/1' },
      { loc: 'https://example.com/2' },
    ]);
    const r = exportSitemaps(rows, options(), [2, 0]);
    const locs = [...text(r.files[0]!.data).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['https://example.com/2', 'https://example.com/0']);
  });

  it('reports progress, ending with total/total', () => {
    const rows = rowsOf(Array.from({ length: 25000 }, (_, i) => ({ loc: `https://example.com/${i}` })));
    const calls: [number, number][] = [];
    exportSitemaps(rows, options({ onProgress: (d, t) => calls.push([d, t]) }));
    expect(calls).toEqual([
      [10000, 25000],
      [20000, 25000],
      [25000, 25000],
    ]);
  });

  it('reports progress 20 times at most, however many rows (each report re-renders the page)', () => {
    // One row written 200,001 times: each report every ceil(200,001 / 20) = 10,001 rows, then the last.
    const rows = rowsOf([{ loc: 'https://example.com/a' }]);
    const calls: [number, number][] = [];
    exportSitemaps(rows, options({ onProgress: (d, t) => calls.push([d, t]) }), new Uint32Array(200_001));
    expect(calls).toEqual([
      ...Array.from({ length: 19 }, (_, j): [number, number] => [10_001 * (j + 1), 200_001]),
      [200_001, 200_001],
    ]);
  });

  it('writes nothing and says so when no row has a URL', () => {
    const r = exportSitemaps(rowsOf([{ loc: '' }]), options());
    expect(r.files).toEqual([]);
    expect(r.robotsTxt).toBe('');
    expect(r.problems.map((p) => p.code)).toEqual(['loc-missing', 'empty-sitemap']);
  });
});
