import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { applyEntry, entryOf } from '../history/entry';
import { importFiles } from '../read/import-files';
import { applyChanges, applyIndexChanges } from '../rows/changes';
import { LOC_NOT_ABSOLUTE } from '../rules/loc/loc-rules';
import { fixableLeftByExport, repairedOnExport } from '../write/export-repairs';
import { planFixes } from './plan-fixes';

const FIX = join(__dirname, '../../../fixtures/layouts');
const SITE = 'https://shop-demo.example/';

/** Yoast's children with an index dropped from disk whose child locs are relative (`post-sitemap.xml`). */
function relativeIndexSet() {
  const file = (dir: string, name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(FIX, dir, name))) });
  return importFiles([
    file('relative-index', 'sitemap_index.xml'),
    file('yoast', 'post-sitemap.xml'),
    file('yoast', 'page-sitemap.xml'),
  ]);
}

const notAbsolute = (set: ReturnType<typeof relativeIndexSet>, siteUrl?: string) =>
  checkSet(set, siteUrl ? { siteUrl } : {}).byCode[LOC_NOT_ABSOLUTE.code] ?? 0;

describe('an index’s relative child locs are Fix all’s', () => {
  it('planFixes makes them absolute with the Site URL, touching no row', () => {
    const set = relativeIndexSet();
    const result = checkSet(set, { siteUrl: SITE });
    expect(result.byCode[LOC_NOT_ABSOLUTE.code]).toBe(2);
    const plan = planFixes(set, result, 'all', { siteUrl: SITE });
    expect(plan.indexChanges).toEqual([
      { entry: 0, field: 'loc', before: 'post-sitemap.xml', after: 'https://shop-demo.example/post-sitemap.xml' },
      { entry: 1, field: 'loc', before: 'page-sitemap.xml', after: 'https://shop-demo.example/page-sitemap.xml' },
    ]);
    expect(plan.applied).toEqual({ [LOC_NOT_ABSOLUTE.code]: 2 });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toBe(0);
    // Planned only: the entries are as read until the plan is applied.
    expect(set.sitemaps.map((e) => e.loc)).toEqual(['post-sitemap.xml', 'page-sitemap.xml']);
    // Asked for by its code too (the group's Fix).
    expect(planFixes(set, result, [LOC_NOT_ABSOLUTE.code], { siteUrl: SITE }).indexChanges).toHaveLength(2);
  });

  it('without a Site URL they are counted as waiting for it, not changed', () => {
    const set = relativeIndexSet();
    const plan = planFixes(set, checkSet(set), 'all');
    expect(plan.indexChanges).toEqual([]);
    expect(plan.skipped).toBe(2);
  });

  it('fixed, neither the check nor the export gate names them; undo brings them back, redo fixes them again', () => {
    const set = relativeIndexSet();
    const plan = planFixes(set, checkSet(set, { siteUrl: SITE }), 'all', { siteUrl: SITE });
    applyChanges(set.rows, plan.changes, 'forward');
    applyIndexChanges(set.sitemaps, plan.indexChanges, 'forward');
    const entry = entryOf('Fix all', { cells: plan.changes, index: plan.indexChanges });
    expect(entry.label).toBe('Fix all (2 index entries)');
    expect(notAbsolute(set, SITE)).toBe(0);
    expect(repairedOnExport(set, checkSet(set, { siteUrl: SITE }), SITE)[LOC_NOT_ABSOLUTE.code]).toBeUndefined();

    applyEntry(set, entry, 'backward');
    expect(set.sitemaps.map((e) => e.loc)).toEqual(['post-sitemap.xml', 'page-sitemap.xml']);
    expect(notAbsolute(set, SITE)).toBe(2);
    applyEntry(set, entry, 'forward');
    expect(set.sitemaps.map((e) => e.loc)).toEqual([
      'https://shop-demo.example/post-sitemap.xml',
      'https://shop-demo.example/page-sitemap.xml',
    ]);
    expect(notAbsolute(set, SITE)).toBe(0);
  });

  it('an undo step that no longer matches the entries fails loudly', () => {
    const set = relativeIndexSet();
    const change = { entry: 0, field: 'loc' as const, before: 'elsewhere.xml', after: 'https://x.example/a.xml' };
    expect(() => applyIndexChanges(set.sitemaps, [change], 'forward')).toThrow(/not as recorded/);
    expect(() => applyIndexChanges(set.sitemaps, [{ ...change, entry: 9 }], 'forward')).toThrow(/not as recorded/);
  });

  it('not fixed, the export gate counts them as the panel does: fixable, and written absolute once the origin is known', () => {
    const set = relativeIndexSet();
    // No origin: the export cannot write them; Fix all (after the Site URL) can.
    const none = repairedOnExport(set, checkSet(set), '');
    expect(none[LOC_NOT_ABSOLUTE.code]).toBeUndefined();
    expect(fixableLeftByExport({ count: 2, fixable: 2, repairedOnExport: none[LOC_NOT_ABSOLUTE.code] })).toBe(2);
    // With the Site URL: written absolute by the export, so the gate leaves none to fix first.
    const known = repairedOnExport(set, checkSet(set, { siteUrl: SITE }), SITE);
    expect(known[LOC_NOT_ABSOLUTE.code]).toBe(2);
    expect(fixableLeftByExport({ count: 2, fixable: 2, repairedOnExport: known[LOC_NOT_ABSOLUTE.code] })).toBe(0);
    // A relative row beside them stays the gate's to fix.
    expect(fixableLeftByExport({ count: 3, fixable: 3, repairedOnExport: 2 })).toBe(1);
  });
});
