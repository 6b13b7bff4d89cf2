import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sitemapXsl } from '../core/write/xsl-stylesheet';
import { run, runAsync } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'sitemap-xsl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('export --xsl', () => {
  const src = join(dir, 'in.xml');
  writeFileSync(
    src,
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: 3 }, (_, i) => `<url><loc>https://example.com/p${i}</loc></url>`).join('\n')}
</urlset>
`,
  );

  it('names sitemap.xsl in each file written and writes it beside them', async () => {
    const out = join(dir, 'out');
    const r = await runAsync(
      'export',
      src,
      '--site',
      'https://example.com/',
      '--out',
      out,
      '--max-urls',
      '2',
      '--layout',
      'limits',
      '--xsl',
    );
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'robots.txt',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-index.xml',
      'sitemap.xsl',
    ]);
    for (const name of ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-index.xml'])
      expect(readFileSync(join(out, name), 'utf8').split('\n')[1]).toBe(
        '<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>',
      );
    expect(readFileSync(join(out, 'sitemap.xsl'), 'utf8')).toBe(sitemapXsl());
    expect(r.out).toContain(
      `wrote ${join(out, 'sitemap.xsl')} (the stylesheet the files name: a table in browsers that apply XSLT)`,
    );
    // What was written checks clean, instruction and all.
    expect(
      run('check', join(out, 'sitemap-index.xml'), join(out, 'sitemap-1.xml'), join(out, 'sitemap-2.xml')).code,
    ).toBe(0);
  });

  it('is in --help', () => {
    expect(run('--help').out.join('\n')).toContain('[--xsl]');
  });
});

describe('export --format html', () => {
  it('writes one sitemap.html, a nested list of links, and no XML', async () => {
    const src = join(dir, 'html-in.xml');
    writeFileSync(
      src,
      `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.com/</loc></url>
<url><loc>https://example.com/blog/first</loc></url>
<url><loc>javascript:alert(1)</loc></url>
</urlset>
`,
    );
    const out = join(dir, 'html');
    const r = await runAsync('export', src, '--site', 'https://example.com/', '--out', out, '--format', 'html');
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['sitemap.html']);
    expect(r.out).toContain(
      `wrote ${join(out, 'sitemap.html')} (3 pages by section, for people; search engines read the XML sitemaps)`,
    );
    const html = readFileSync(join(out, 'sitemap.html'), 'utf8');
    expect(html).toContain('<li><a href="https://example.com/blog/first">/blog/first</a></li>');
    expect(html).toContain('<li>javascript:alert(1)</li>');
  });

  it('refuses an unknown format, naming the three', async () => {
    const r = await runAsync('export', 'x.xml', '--out', join(dir, 'bad'), '--format', 'pdf');
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toContain('--format must be xml or txt or html, not "pdf"');
  });
});
