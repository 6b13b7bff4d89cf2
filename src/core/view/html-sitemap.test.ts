import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../read/import-files';
import { HTML_SITEMAP_MAX_LINKS, htmlSitemap } from './html-sitemap';

const enc = new TextEncoder();
const dec = new TextDecoder();

function setOf(locs: readonly string[], extra = '') {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}
${extra}
</urlset>
`;
  return importFiles([{ name: 'sitemap.xml', bytes: enc.encode(xml) }]);
}

describe('the HTML sitemap', () => {
  it('cuts sections on the path alone: a / in a query or fragment makes no section', () => {
    const page = htmlSitemap(setOf(['https://example.com/post?x=a/b', 'https://example.com/doc#p/2']));
    const body = dec.decode(page.data).slice(dec.decode(page.data).indexOf('<ul>'));
    expect(body).not.toContain('class="section">post');
    expect(body).not.toContain('class="section">doc');
    expect(body).toContain(
      '<li><span class="section">example.com</span><ul>\n<li><a href="https://example.com/doc#p/2">',
    );
  });

  it('nests the links by section (host, then path segments), titles where known, decoded paths else', () => {
    const set = setOf(
      [
        'https://example.com/',
        'https://example.com/blog/caf%C3%A9',
        'https://example.com/blog/b',
        'https://example.com/about',
      ],
      `<url><loc>https://example.com/news/story</loc><news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-01</news:publication_date><news:title>A &amp; B</news:title></news:news></url>`,
    );
    const page = htmlSitemap(set);
    const html = dec.decode(page.data);
    expect(page.name).toBe('sitemap.html');
    expect(page.links).toBe(5);
    expect(page.leftOut).toBe(0);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html.toLowerCase()).not.toContain('<script');
    const body = html.slice(html.indexOf('<ul>'));
    expect(body).toBe(`<ul>
<li><span class="section">example.com</span><ul>
<li><a href="https://example.com/">/</a></li>
<li><a href="https://example.com/about">/about</a></li>
<li><span class="section">blog</span><ul>
<li><a href="https://example.com/blog/b">/blog/b</a></li>
<li><a href="https://example.com/blog/caf%C3%A9">/blog/café</a></li>
</ul></li>
<li><span class="section">news</span><ul>
<li><a href="https://example.com/news/story">A &amp; B</a></li>
</ul></li>
</ul></li>
</ul>
</body>
</html>
`);
    // Well-formed as XML too (every element closed), so any HTML parser reads it one way.
    execFileSync('xmllint', ['--noout', '--html', '-'], { input: page.data });
  });

  it('escapes every value: a hostile loc is never an href unless http(s), never breaks out of its attribute', () => {
    const set = setOf([
      'https://example.com/a?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      "javascript:alert('x')",
      'JAVASCRIPT:alert(1)',
      'data:text/html,&lt;b&gt;x&lt;/b&gt;',
      'https://example.com/x&#x1;y',
      'https://example.com/&apos;onmouseover=&apos;alert(1)',
    ]);
    const html = dec.decode(htmlSitemap(set).data);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/href="(?!https?:\/\/)/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('<li>javascript:alert(&apos;x&apos;)</li>');
    expect(html).toContain('href="https://example.com/a?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('\u0001');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toHaveLength(3);
  });

  it(`lists at most ${HTML_SITEMAP_MAX_LINKS.toLocaleString('en')} links and says how many it leaves out`, () => {
    const n = HTML_SITEMAP_MAX_LINKS + 7;
    const set = setOf(Array.from({ length: n }, (_, i) => `https://example.com/p/${String(i).padStart(6, '0')}`));
    const page = htmlSitemap(set);
    expect(page.links).toBe(HTML_SITEMAP_MAX_LINKS);
    expect(page.leftOut).toBe(7);
    const html = dec.decode(page.data);
    expect(html).toContain('The first 50,000 of 50,007 pages; the XML sitemaps list them all.');
    expect(html.match(/<a /g)).toHaveLength(HTML_SITEMAP_MAX_LINKS);
  });
});
