/*
 * Relative child locs in an imported index: the count on "Fix all
 * automatically fixable", what Fix all does, and what the Download
 * confirmation counts must say the same thing (issue 27).
 */
import { describe, expect, it } from 'vitest';
import { checkSet } from '../core/check/check-set';
import { planFixes } from '../core/fix/plan-fixes';
import { importFiles } from '../core/read/import-files';
import { errorsLeftByExport, fixableLeftByExport, repairedOnExport } from '../core/write/export-repairs';
import { fixableCount } from './protocol';
import { summarizeSet } from './summarize';

const enc = (s: string) => new TextEncoder().encode(s);
const INDEX = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
  'a',
  'b',
  'c',
  'd',
]
  .map((n) => `<sitemap><loc>/maps/${n}.xml</loc></sitemap>`)
  .join('')}</sitemapindex>`;
const URLSET = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.example/x</loc></url><url><loc>/relative-row</loc></url></urlset>`;

function state(siteUrl: string) {
  const set = importFiles([
    { name: 'index.xml', bytes: enc(INDEX) },
    { name: 'a.xml', bytes: enc(URLSET) },
  ]);
  const opts = siteUrl ? { siteUrl } : {};
  const check = checkSet(set, opts);
  const summary = summarizeSet(set, check, opts);
  const group = summary.groups.find((g) => g.code === 'loc-not-absolute' && g.severity === 'error');
  const plan = planFixes(set, check, 'all', opts);
  const fixedByPlan = plan.applied['loc-not-absolute'] ?? 0;
  const gateErrors = summary.counts.error - summary.groups.reduce((n, g) => n + (g.repairedOnExport ?? 0), 0);
  return { set, check, group, fixedByPlan, gateErrors, opts };
}

describe('relative child locs of an index: one count', () => {
  it('without a Site URL: the row and the index entries all count as fixable (Fix all asks for the Site URL first)', () => {
    const s = state('');
    expect(s.group?.count).toBe(5);
    expect(s.group?.repairedOnExport).toBeUndefined();
    expect(fixableCount(s.group!)).toBe(5);
    expect(fixableLeftByExport(s.group!)).toBe(5);
    // Once the Site URL is set, Fix all fixes every one of them: the row and the four entries.
    const plan = planFixes(s.set, s.check, 'all', { siteUrl: 'https://e.example/' });
    expect(plan.applied['loc-not-absolute']).toBe(5);
    expect(plan.indexChanges.map((c) => c.after)).toEqual(
      ['a', 'b', 'c', 'd'].map((n) => `https://e.example/maps/${n}.xml`),
    );
    expect(s.gateErrors).toBe(5);
  });

  it('with a Site URL: Fix all fixes all five; not fixed, the export writes the four entries absolute, and the gate leaves the row', () => {
    const s = state('https://e.example/');
    expect(s.group?.count).toBe(5);
    expect(s.group?.repairedOnExport).toBe(4);
    expect(s.group?.repairedFrom).toBe('https://e.example/');
    expect(fixableCount(s.group!)).toBe(5);
    expect(s.fixedByPlan).toBe(5);
    expect(s.gateErrors).toBe(1);
    expect(fixableLeftByExport(s.group!)).toBe(1);
    expect(errorsLeftByExport(s.check, repairedOnExport(s.set, s.check, 'https://e.example/'))).toBe(1);
  });
});
