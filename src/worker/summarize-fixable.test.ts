/*
 * Relative child locs in an imported index: the count on "Fix all
 * automatically fixable", what Fix all does, and what the Download
 * confirmation counts must say the same thing (issue 27).
 */
import { describe, expect, it } from 'vitest';
import { checkSet } from '../core/check/check-set';
import { planFixes } from '../core/fix/plan-fixes';
import { importFiles } from '../core/read/import-files';
import { errorsLeftByExport, repairedOnExport } from '../core/write/export-repairs';
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
  it('without a Site URL: only the row counts as fixable (Fix all asks for the Site URL first), never the index entries', () => {
    const s = state('');
    expect(s.group?.count).toBe(5);
    expect(s.group?.repairedOnExport).toBeUndefined();
    expect(fixableCount(s.group!)).toBe(1);
    // Once the Site URL is set, Fix all fixes exactly that one.
    expect(planFixes(s.set, s.check, 'all', { siteUrl: 'https://e.example/' }).applied['loc-not-absolute']).toBe(1);
    expect(s.gateErrors).toBe(5);
  });

  it('with a Site URL: the row is fixable and Fix all fixes it; the four index entries are handled on export', () => {
    const s = state('https://e.example/');
    expect(s.group?.count).toBe(5);
    expect(s.group?.repairedOnExport).toBe(4);
    expect(fixableCount(s.group!)).toBe(1);
    expect(s.fixedByPlan).toBe(1);
    expect(s.gateErrors).toBe(1);
    expect(errorsLeftByExport(s.check, repairedOnExport(s.set, s.check, 'https://e.example/'))).toBe(1);
  });
});
