import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR } from '../../../fixtures/helpers';
import { validateXsd } from '../../../fixtures/xsd';
import { importFiles } from '../read/import-files';
import { bundleZip } from './bundle';
import { exportSitemaps } from './export';
import { image, options, rowsOf, text } from './test-helpers';
import { SITEMAP_XSL_NAME, sitemapXsl, stylesheetAssets } from './xsl-stylesheet';
import { unzipSync } from 'fflate';

const PI = '<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>\n';
const HOSTILE = [
  'https://example.com/a?q="><script>alert(1)</script>',
  "javascript:alert('x')",
  'JaVaScRiPt:alert(1)',
  'data:text/html,<b>x</b>',
  'https://example.com/\u0001ctl',
];

function wellFormed(xml: string | Uint8Array): void {
  // xmllint (libxml2) reads it from stdin; it prints nothing and exits 0 when it is well-formed.
  execFileSync('xmllint', ['--noout', '-'], { input: xml });
}

describe('the XSL stylesheet', () => {
  it('is well-formed XSLT 1.0 with no script, no disable-output-escaping, and links only for http(s)', () => {
    const xsl = sitemapXsl();
    wellFormed(xsl);
    expect(xsl).toContain('<xsl:stylesheet version="1.0"');
    expect(xsl.toLowerCase()).not.toContain('<script');
    expect(xsl).not.toContain('disable-output-escaping');
    expect(xsl).not.toMatch(/\son[a-z]+=/i);
    // One link in the whole stylesheet, written only in the branch that found http:// or https://.
    expect(xsl.match(/<a /g)).toHaveLength(1);
    const when = /<xsl:when test="([^"]+)">\s*<a href="\{\$u\}">/.exec(xsl);
    expect(when?.[1]).toBe("starts-with($head, 'http://') or starts-with($head, 'https://')");
    expect(xsl).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/>`,
    );
  });

  it('is written once per folder that holds an XML file, none for text sitemaps', () => {
    expect(stylesheetAssets(['sitemap.xml', 'sitemap-index.xml']).map((a) => a.name)).toEqual(['sitemap.xsl']);
    expect(stylesheetAssets(['en/sitemap.xml', 'tr/sitemap.xml.gz', 'index.xml']).map((a) => a.name)).toEqual([
      'sitemap.xsl',
      'en/sitemap.xsl',
      'tr/sitemap.xsl',
    ]);
    expect(stylesheetAssets(['sitemap.txt', 'b.txt.gz'])).toEqual([]);
  });
});

describe('an export with the stylesheet option', () => {
  const rows = rowsOf([
    { loc: 'https://example.com/', lastmod: '2024-05-01', changefreq: 'daily', priority: '1.0' },
    {
      loc: 'https://example.com/photos',
      ext: [image('https://example.com/a.png'), image('https://example.com/b.png')],
    },
    ...HOSTILE.map((loc) => ({ loc })),
    ...Array.from({ length: 6 }, (_, i) => ({ loc: `https://example.com/p/${i}` })),
  ]);

  it('names sitemap.xsl in every sitemap and index, writes it beside them, and stays within the limits', () => {
    const limits = { maxUrls: 5, maxBytes: 52_428_800, maxSitemaps: 50_000 };
    const r = exportSitemaps(rows, options({ stylesheet: true, limits }));
    expect(r.files.map((f) => [f.name, f.kind])).toEqual([
      ['sitemap-1.xml', 'sitemap'],
      ['sitemap-2.xml', 'sitemap'],
      ['sitemap-3.xml', 'sitemap'],
      ['sitemap-index.xml', 'index'],
    ]);
    for (const f of r.files) {
      const xml = text(f.data);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n' + PI), f.name).toBe(true);
      expect(f.rawBytes).toBe(f.data.length);
      wellFormed(f.data);
    }
    expect(r.assets?.map((a) => a.name)).toEqual([SITEMAP_XSL_NAME]);
    expect(text(r.assets?.[0]?.data ?? new Uint8Array())).toBe(sitemapXsl());
    // Read back: the instruction changes nothing a reader sees, and raises no problem.
    const back = importFiles(r.files.map((f) => ({ name: f.name, bytes: f.data })));
    expect(back.rows.length).toBe(rows.length);
    expect(back.problems).toEqual([]);
    // In the zip: the stylesheet beside the files, robots.txt last.
    const zip = unzipSync(bundleZip(r));
    expect(Object.keys(zip)).toEqual([...r.files.map((f) => f.name), 'sitemap.xsl', 'robots.txt']);
  });

  it('the byte limit counts the instruction', () => {
    const plain = exportSitemaps(rows, options());
    const styled = exportSitemaps(rows, options({ stylesheet: true }));
    expect(styled.files[0]?.rawBytes).toBe((plain.files[0]?.rawBytes ?? 0) + PI.length);
    const tight = (plain.files[0]?.rawBytes ?? 0) + PI.length - 1;
    const cut = exportSitemaps(
      rows,
      options({ stylesheet: true, limits: { maxUrls: 50_000, maxBytes: tight, maxSitemaps: 50_000 } }),
    );
    expect(cut.files.filter((f) => f.kind === 'sitemap').length).toBe(2);
    for (const f of cut.files) expect(f.rawBytes).toBeLessThanOrEqual(tight);
  });

  it('without the option, writes neither the instruction nor the file', () => {
    const r = exportSitemaps(rows, options());
    expect(text(r.files[0]?.data ?? new Uint8Array())).not.toContain('xml-stylesheet');
    expect(r.assets).toBeUndefined();
  });

  it.runIf(existsSync(join(SCHEMA_DIR, 'sitemap-all.xsd')))('stays valid against the official XSDs', () => {
    const clean = rowsOf([
      { loc: 'https://example.com/', lastmod: '2024-05-01', changefreq: 'daily', priority: '1.0' },
      { loc: 'https://example.com/photos', ext: [image('https://example.com/a.png')] },
    ]);
    const r = exportSitemaps(clean, options({ stylesheet: true, index: 'always', schemaLocation: true }));
    for (const f of r.files) {
      const result = validateXsd(f.data, f.kind === 'index' ? 'siteindex.xsd' : 'sitemap-all.xsd', f.name);
      expect({ file: f.name, ...result }).toEqual({ file: f.name, ok: true, errors: [] });
    }
  });
});
