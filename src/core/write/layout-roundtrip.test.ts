import { listOf } from '../../../fixtures/helpers';
/*
 * Keep my files, round trip: the layouts of Yoast, Rank Math, WordPress core
 * and Hugo (small hand-written copies in fixtures/layouts) imported, one
 * lastmod edited, exported with no Site URL, and imported again give the same
 * files, names, order and rows, with the edit; every file XSD-valid.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateXsd } from '../../../fixtures/xsd';
import { importFiles, type InputFile } from '../read/import-files';
import type { SitemapSet } from '../read/sitemap-set';
import { exportSitemaps } from './export';
import { setExportOptions } from './set-export';
import { options } from './test-helpers';

const LAYOUTS = join(__dirname, '../../../fixtures/layouts');

/** Every file under a fixture folder, named by its path in it (`en/sitemap.xml`), or by its base name only. */
function inputsOf(site: string, bareNames = false): InputFile[] {
  const root = join(LAYOUTS, site);
  const out: InputFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ name: bareNames ? name : relative(root, path), bytes: readFileSync(path) });
    }
  };
  walk(root);
  return out;
}

/** Each sitemap file's rows as `loc lastmod ext`, by file name. */
function rowsByFile(set: SitemapSet): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < set.rows.length; i++) {
    const name = set.files[set.rows.file[i] as number]?.name ?? '?';
    const r = set.rows.get(i);
    const list = out.get(name) ?? [];
    list.push(`${r.loc} ${r.lastmod} ${JSON.stringify(r.ext)}`);
    out.set(name, list);
  }
  return out;
}

function keepExport(set: SitemapSet) {
  const { options: opts } = setExportOptions(set, { layout: 'keep', siteUrl: '' }, options({ siteUrl: '' }));
  return exportSitemaps(set.rows, opts);
}

const CASES = [
  { site: 'yoast', index: 'sitemap_index.xml', children: ['post-sitemap.xml', 'page-sitemap.xml'] },
  {
    site: 'rankmath',
    index: 'sitemap_index.xml',
    children: ['post-sitemap.xml', 'page-sitemap.xml', 'product-sitemap.xml'],
  },
  {
    site: 'wordpress',
    index: 'wp-sitemap.xml',
    children: [
      'wp-sitemap-posts-post-1.xml',
      'wp-sitemap-posts-page-1.xml',
      'wp-sitemap-taxonomies-category-1.xml',
      'wp-sitemap-users-1.xml',
    ],
  },
  { site: 'hugo', index: 'sitemap.xml', children: ['en/sitemap.xml', 'es/sitemap.xml'] },
];

describe('Keep my files round trip', () => {
  for (const c of CASES) {
    for (const bare of [false, true]) {
      it(`${c.site}${bare ? ' (dropped by name only)' : ''}: the same files back, the edit applied, no Site URL needed`, () => {
        const before = importFiles(inputsOf(c.site, bare));
        expect(before.problems.filter((p) => p.code === 'index-child-missing')).toEqual([]);
        const edited = 1;
        before.rows.lastmod.set(edited, '2025-01-31');
        const editedLoc = before.rows.loc.get(edited);

        const out = keepExport(before);
        expect(out.refused).toBeUndefined();
        expect(out.files.map((f) => f.name).sort()).toEqual([c.index, ...c.children].sort());
        const origin = new URL(before.sitemaps[0]?.loc ?? '').origin;
        expect(out.robotsTxt).toBe(`Sitemap: ${origin}/${c.index}\n`);
        for (const f of out.files) {
          const v = validateXsd(f.data, f.kind === 'index' ? 'siteindex.xsd' : 'sitemap-all.xsd', f.name);
          expect(v.errors, f.name).toEqual([]);
          expect(new TextDecoder().decode(f.data)).not.toMatch(/<loc>(?!https?:\/\/)/);
        }
        // The index lists the same children at the same URLs, in the same order.
        const index = new TextDecoder().decode(out.files.find((f) => f.name === c.index)?.data);
        const listed = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        expect(listed).toEqual(before.sitemaps.map((s) => s.loc.trim()));

        const after = importFiles(out.files.map((f) => ({ name: f.name, bytes: f.data })));
        expect(after.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const a = rowsByFile(before);
        const b = rowsByFile(after);
        expect(after.rows.length).toBe(before.rows.length);
        // The same rows in the same order, file by file (files named as given before: by path).
        const byPath = (m: Map<string, string[]>, names: string[]) => names.map((n) => m.get(n));
        const beforeNames = before.files.filter((f) => f.kind === 'urlset').map((f) => f.name);
        const afterNames = after.files.filter((f) => f.kind === 'urlset').map((f) => f.name);
        expect(afterNames.length).toBe(beforeNames.length);
        expect([...b.values()].flat()).toEqual(expect.arrayContaining(byPath(a, beforeNames).flat() as string[]));
        for (const name of c.children) {
          const got = b.get(name) ?? [];
          const beforeFile = bare ? undefined : a.get(name);
          if (beforeFile) expect(got).toEqual(beforeFile);
          expect(got.length).toBeGreaterThan(0);
        }
        const editedAfter = listOf(after.rows).find((r) => r.loc === editedLoc);
        expect(editedAfter?.lastmod).toBe('2025-01-31');
        // The index's lastmod for the edited file is its newest.
        expect(index).toContain('<lastmod>2025-01-31</lastmod>');
      });
    }
  }

  it('Hugo: a missing child is reported even though the given one has the same name', () => {
    const inputs = inputsOf('hugo', true).filter((_, i) => i !== 1); // in order: en's sitemap.xml, es's, the index
    const set = importFiles(inputs);
    const missing = set.problems.filter((p) => p.code === 'index-child-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]?.message).toContain('https://travel-notes.example/es/sitemap.xml');
  });

  it('gzipped and text children go back gzipped and as text', async () => {
    const { gzipSync } = await import('node:zlib');
    const index = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a-b.example/s1.xml.gz</loc></sitemap><sitemap><loc>https://a-b.example/list.txt</loc></sitemap></sitemapindex>`;
    const s1 = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a-b.example/x</loc></url></urlset>`;
    const set = importFiles([
      { name: 'index.xml', bytes: new TextEncoder().encode(index) },
      { name: 's1.xml.gz', bytes: gzipSync(s1) },
      { name: 'list.txt', bytes: new TextEncoder().encode('https://a-b.example/y\nhttps://a-b.example/z\n') },
    ]);
    const out = keepExport(set);
    expect(out.files.map((f) => f.name)).toEqual(['s1.xml.gz', 'list.txt', 'index.xml']);
    expect(new TextDecoder().decode(gunzipSync(out.files[0]?.data as Uint8Array))).toContain('https://a-b.example/x');
    expect(new TextDecoder().decode(out.files[1]?.data)).toBe('https://a-b.example/y\nhttps://a-b.example/z\n');
  });
});
