import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasShared } from '../../fixtures/helpers';
import { validateXsd } from '../../fixtures/xsd';
import { checkSet } from '../core/check/check-set';
import { importFiles } from '../core/read/import-files';
import { FIX, runAsync } from './test-helpers';

const E = 'https://www.example.com';

async function exportFixture(...flags: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-hreflang-'));
  const r = await runAsync(
    'export',
    join(FIX, 'hreflang-clusters.xml'),
    '--site',
    `${E}/`,
    '--out',
    dir,
    '--layout',
    'limits',
    ...flags,
  );
  const bytes = new Uint8Array(readFileSync(join(dir, 'sitemap.xml')));
  return { r, bytes, set: importFiles([{ name: 'sitemap.xml', bytes }]) };
}

describe('cli export --fix completes hreflang clusters', () => {
  it('adds the return links, lists each row changed and each cluster left, and writes valid files', async () => {
    const { r, bytes, set } = await exportFixture('--fix');
    expect(r.out.filter((l) => l.startsWith('hreflang') || l.startsWith('  '))).toEqual([
      'hreflang: Added 6 return links in 2 rows of 1 cluster; every other element of those rows is kept; 1 cluster left as it was (its links disagree).',
      `  ${E}/de/about: + fr ${E}/fr/about, + x-default ${E}/en/about`,
      `  ${E}/fr/about: + de ${E}/de/about, + en ${E}/en/about, + fr ${E}/fr/about, + x-default ${E}/en/about`,
      `  left: The cluster of ${E}/de/laden has 2 pages for de: ${E}/de/laden, ${E}/de/shop; correct the alternates in one of them first`,
    ]);
    const text = new TextDecoder().decode(bytes);
    // The images of the rows completed are written as they were, before and after the links.
    expect(text).toContain('<image:loc>https://www.example.com/img/fr.png</image:loc>');
    expect(text).toContain('<image:loc>https://www.example.com/img/de-2.png</image:loc>');
    // Only the cluster whose links disagree is left one-way.
    expect(checkSet(set).byCode['hreflang-not-reciprocal']).toBe(1);
    if (hasShared) expect(validateXsd(bytes, 'sitemap-all.xsd', 'sitemap.xml')).toEqual({ ok: true, errors: [] });
  });

  it('adds nothing without --fix', async () => {
    const { r, set } = await exportFixture();
    expect(r.out.some((l) => l.startsWith('hreflang'))).toBe(false);
    expect(checkSet(set).byCode['hreflang-not-reciprocal']).toBe(2);
  });
});
