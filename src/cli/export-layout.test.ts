import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_ORIGIN_REASON } from '../core/write/origin';
import { FIX, runAsync } from './test-helpers';

const YOAST = ['sitemap_index.xml', 'post-sitemap.xml', 'page-sitemap.xml'].map((n) => join(FIX, 'layouts/yoast', n));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('cli export --layout', () => {
  it('keeps Yoast’s three files by default, with no --site: the origin comes from the index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keep-'));
    const r = await runAsync('export', ...YOAST, '--out', dir);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("served from https://shop-demo.example/ (the imported index's URLs)");
    expect(readdirSync(dir).sort()).toEqual([
      'page-sitemap.xml',
      'post-sitemap.xml',
      'robots.txt',
      'sitemap_index.xml',
    ]);
    for (const name of ['post-sitemap.xml', 'page-sitemap.xml', 'sitemap_index.xml']) {
      expect(locs(readFileSync(join(dir, name), 'utf8'))).toEqual(
        locs(readFileSync(join(FIX, 'layouts/yoast', name), 'utf8')),
      );
    }
    expect(readFileSync(join(dir, 'post-sitemap.xml'), 'utf8').match(/<image:image>/g)).toHaveLength(3);
    expect(readFileSync(join(dir, 'robots.txt'), 'utf8')).toBe(
      'Sitemap: https://shop-demo.example/sitemap_index.xml\n',
    );
  });

  it('writes Hugo’s children back in their folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hugo-'));
    const hugo = join(FIX, 'layouts/hugo');
    const r = await runAsync(
      'export',
      join(hugo, 'sitemap.xml'),
      join(hugo, 'en/sitemap.xml'),
      join(hugo, 'es/sitemap.xml'),
      '--out',
      dir,
    );
    expect(r.code).toBe(0);
    expect(locs(readFileSync(join(dir, 'sitemap.xml'), 'utf8'))).toEqual([
      'https://travel-notes.example/en/sitemap.xml',
      'https://travel-notes.example/es/sitemap.xml',
    ]);
    expect(locs(readFileSync(join(dir, 'es/sitemap.xml'), 'utf8'))[0]).toBe(
      'https://travel-notes.example/es/posts/lisbon/',
    );
  });

  it('splits by section, and exits 2 with the app’s words when no origin is known', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'section-'));
    const children = YOAST.slice(1);
    const refused = await runAsync('export', ...children, '--out', dir, '--layout', 'section');
    expect(refused.code).toBe(2);
    expect(refused.err.join('\n')).toContain(NO_ORIGIN_REASON);
    expect(readdirSync(dir)).toEqual([]);
    const ok = await runAsync(
      'export',
      ...children,
      '--out',
      dir,
      '--layout',
      'section',
      '--site',
      'https://shop-demo.example/',
    );
    expect(ok.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'robots.txt',
      'sitemap-about.xml',
      'sitemap-blog.xml',
      'sitemap-index.xml',
      'sitemap-root.xml',
      'sitemap-shop.xml',
    ]);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.xml')))
      expect(readFileSync(join(dir, f), 'utf8')).not.toMatch(/<loc>(?!https:\/\/)/);
  });
});
