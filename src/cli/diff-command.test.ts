import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, hasShared } from '../../fixtures/helpers';
import { FIX, run } from './test-helpers';

describe('cli diff', () => {
  it('lists added, removed and changed URLs with the changed values, and exits 1', () => {
    const r = run('diff', join(FIX, 'basic-urlset.xml'), '--', join(FIX, 'urls.csv'));
    expect(r.code).toBe(1);
    expect(r.out).toEqual([
      'added    https://example.com/a',
      'removed  https://example.com/shop?item=1&color=red',
      'removed  https://example.com/about',
      'changed  https://example.com/  lastmod 2024-05-01 → 2024-01-01',
      '1 added, 2 removed, 1 changed, 0 unchanged (before: 3 URLs in 1 sitemap; after: 2 URLs in 1 sitemap)',
    ]);
  });

  it('prints one JSON object with every difference and both sides', () => {
    const r = run('diff', '--json', join(FIX, 'basic-urlset.xml'), '--', join(FIX, 'urls.csv'));
    expect(r.code).toBe(1);
    expect(r.out).toHaveLength(1);
    const summary = JSON.parse(r.out[0] ?? '');
    expect(summary).toMatchObject({
      before: { urls: 3, sitemaps: 1, readProblems: 0, repeats: 0 },
      after: { urls: 2, sitemaps: 1, readProblems: 0, repeats: 0 },
      added: 1,
      removed: 2,
      changed: 1,
      unchanged: 0,
      fields: { lastmod: 1, changefreq: 0, priority: 0, ext: 0 },
    });
    expect(summary.differences).toEqual([
      {
        kind: 'added',
        loc: 'https://example.com/a',
        fields: [],
        before: null,
        after: { lastmod: '2024/01/05', changefreq: 'Daily', priority: '0,8', ext: '' },
      },
      {
        kind: 'removed',
        loc: 'https://example.com/shop?item=1&color=red',
        fields: [],
        after: null,
        before: {
          lastmod: '2024-05-02T10:30:00+02:00',
          changefreq: '',
          priority: '',
          ext: '<image:image><image:loc>https://example.com/img/1.jpg</image:loc><image:caption>A &lt;red&gt; shirt &amp; tie</image:caption></image:image>',
        },
      },
      {
        kind: 'removed',
        loc: 'https://example.com/about',
        fields: [],
        after: null,
        before: { lastmod: '', changefreq: '', priority: '', ext: '' },
      },
      {
        kind: 'changed',
        loc: 'https://example.com/',
        fields: ['lastmod'],
        before: { lastmod: '2024-05-01', changefreq: 'daily', priority: '1.0', ext: '' },
        after: { lastmod: '2024-01-01', changefreq: 'daily', priority: '1.0', ext: '' },
      },
    ]);
  });

  it('exits 0 when both sides list the same URLs with the same values', () => {
    const r = run('diff', join(FIX, 'basic-urlset.xml'), '--', join(FIX, 'basic-urlset.xml'), '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out[0] ?? '')).toMatchObject({
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 3,
      differences: [],
    });
  });

  it('notes repeated URLs, compared by their first entry', () => {
    const r = run('diff', join(FIX, 'urls.txt'), '--', join(FIX, 'urls.txt'), join(FIX, 'urls.txt'));
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      // urls.txt has an indented line: trimmed, and said (value-whitespace), once per file read.
      'note: before: 1 problem while reading (run check for them)',
      'note: after: 2 problems while reading (run check for them); 4 repeated URLs, compared by their first entry',
      '0 added, 0 removed, 0 changed, 4 unchanged (before: 4 URLs in 1 sitemap; after: 8 URLs in 2 sitemaps)',
    ]);
  });

  it.each([
    [['diff', join(FIX, 'urls.txt')], 'put -- between the before and the after files'],
    [['diff', '--', join(FIX, 'urls.txt')], 'no before files given'],
    [['diff', join(FIX, 'urls.txt'), '--'], 'no after files given'],
    [['diff', join(FIX, 'urls.txt'), '--', '/no/such/file.xml'], 'no such file'],
    [['diff', join(FIX, 'urls.txt'), '--', join(FIX, 'urls.txt'), '--site', 'x'], 'unknown option --site'],
  ])('exits 2 on bad usage: %j', (argv, message) => {
    const r = run(...argv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toContain(message);
  });
});

describe.runIf(hasShared)('cli diff on real sitemaps', () => {
  const real = (name: string) => join(CORPUS_DIR, 'real', name);

  it('an XML sitemap replaced by a text sitemap loses every value', () => {
    const r = run('diff', real('gz_xml-urlset_crawler-commons.xml.gz'), '--', real('gz_txt_crawler-commons.txt.gz'));
    expect(r.code).toBe(1);
    expect(r.out).toEqual([
      'changed  http://www.example.com/  lastmod 2005-01-01 → (none), changefreq monthly → (none), priority 0.8 → (none)',
      'changed  http://www.example.com/catalog?item=12&desc=vacation_hawaii  changefreq weekly → (none)',
      'changed  http://www.example.com/catalog?item=73&desc=vacation_new_zealand  lastmod 2004-12-23 → (none), changefreq weekly → (none)',
      'changed  http://www.example.com/catalog?item=74&desc=vacation_newfoundland  lastmod 2004-12-23T18:00:15+00:00 → (none), priority 0.3 → (none)',
      'changed  http://www.example.com/catalog?item=83&desc=vacation_usa  lastmod 2004-11-23 → (none)',
      '0 added, 0 removed, 5 changed, 0 unchanged (before: 5 URLs in 1 sitemap; after: 5 URLs in 1 sitemap)',
    ]);
  });

  it('summarises past 20 lines per kind, and notes read problems and repeated URLs', () => {
    const r = run(
      'diff',
      real('broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml'),
      '--',
      real('real_sitemaps-org-own-sitemap_84urls.xml'),
    );
    expect(r.code).toBe(1);
    expect(r.out.filter((l) => l.startsWith('added '))).toHaveLength(20);
    expect(r.out).toContain('  ... and 64 more added');
    expect(r.out).toContain('  ... and 979 more removed');
    // A page with several videos is listed once per video: 1,511 entries, 999 URLs.
    expect(r.out.at(-2)).toBe(
      'note: before: 51 problems while reading (run check for them); 512 repeated URLs, compared by their first entry',
    );
    expect(r.out.at(-1)).toBe(
      '84 added, 999 removed, 0 changed, 0 unchanged (before: 1,511 URLs in 1 sitemap; after: 84 URLs in 1 sitemap)',
    );
  });
});
