import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../core/read/import-files';
import { FIX, run, runAsync } from './test-helpers';
import { listOf } from '../../fixtures/helpers';

describe('cli check', () => {
  it('prints one JSON summary and exits 0 for a file without errors', () => {
    const r = run('check', join(FIX, 'basic-urlset.xml'), '--json');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    // Its one warning: the image caption Google no longer reads (image-deprecated).
    expect(JSON.parse(r.out[0] ?? '')).toMatchObject({
      urls: 3,
      sitemaps: 1,
      indexes: 0,
      errors: 0,
      warnings: 1,
      infos: 0,
      problems: { 'image-deprecated': 1 },
      files: [{ name: 'basic-urlset.xml', kind: 'urlset', urls: 3, errors: 0, warnings: 1, infos: 0 }],
    });
  });

  it('lists located problems and exits 1 when there are errors', () => {
    const r = run('check', join(FIX, 'broken-truncated.xml'));
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'broken-truncated.xml:4:38: error xml-malformed: Not well-formed XML: a raw "&" that should be written "&amp;" (Search Console: "Parsing error")',
    );
    expect(r.out.at(-1)).toBe('4 URLs in 1 sitemap: 4 errors, 0 warnings, 0 infos');
  });

  it('counts problems by code in JSON', () => {
    const r = run('check', '--json', join(FIX, 'urls.csv'), join(FIX, 'urls.txt'), join(FIX, 'basic-index.xml'));
    const summary = JSON.parse(r.out[0] ?? '');
    expect(summary).toMatchObject({ urls: 6, sitemaps: 2, indexes: 1 });
    expect(summary.problems).toMatchObject({
      'lastmod-format': 1,
      'changefreq-value': 1,
      'priority-format': 1,
      'value-whitespace': 1,
      'loc-unescaped': 1,
      'index-child-missing': 2,
    });
    expect(summary.problems['loc-whitespace']).toBeUndefined();
    expect(summary.errors).toBe(3);
    expect(r.code).toBe(1);
  });

  it.each([
    [['check'], 'no files given'],
    [['check', '--nope', 'x'], 'unknown option --nope'],
    [['check', '/no/such/file.xml'], 'no such file'],
    [['frobnicate'], 'unknown command'],
    [['export', join(FIX, 'urls.txt'), '--out', '/tmp/x', '--layout', 'pages'], '--layout must be one of'],
    [
      ['export', join(FIX, 'urls.txt'), '--site', 'https://e.com/', '--out', '/tmp/x', '--max-urls', '0'],
      '--max-urls must be',
    ],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const r = await runAsync(...argv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toContain(message);
  });
});

describe('cli export', () => {
  it('fixes, splits at --max-urls, writes an index and robots.txt, and the output reads back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-cli-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'basic-urlset.xml'),
      join(FIX, 'urls.txt'),
      join(FIX, 'urls.csv'),
      '--site',
      'https://example.com/',
      '--out',
      dir,
      '--fix',
      '--max-urls',
      '4',
      '--gzip',
    );
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'robots.txt',
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    expect(readFileSync(join(dir, 'robots.txt'), 'utf8')).toBe('Sitemap: https://example.com/sitemap-index.xml.gz\n');
    expect(r.out[0]).toContain('removed 3 duplicate rows');
    const back = importFiles(
      readdirSync(dir)
        .filter((n) => n.endsWith('.gz'))
        .map((n) => ({ name: n, bytes: new Uint8Array(readFileSync(join(dir, n))) })),
    );
    expect(back.problems).toEqual([]);
    expect(listOf(back.rows.loc)).toEqual([
      'https://example.com/',
      'https://example.com/shop?item=1&color=red',
      'https://example.com/about',
      'https://example.com/spaced',
      'https://example.com/%C3%BC',
      'https://example.com/a',
    ]);
    expect(back.sitemaps.map((s) => s.child)).toEqual([0, 1]);
  });

  it('writes a text sitemap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-cli-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'basic-urlset.xml'),
      '--site',
      'https://example.com/',
      '--out',
      dir,
      '--format',
      'txt',
    );
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'sitemap.txt'), 'utf8')).toBe(
      'https://example.com/\nhttps://example.com/shop?item=1&color=red\nhttps://example.com/about\n',
    );
  });
});
