import { describe, expect, it } from 'vitest';
import { fixture } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { rowProblems } from '../check/row-problems';
import { planFixes } from '../fix/plan-fixes';
import { FIX_ALL_CODES, canFixNow, filtersRows, fixedOnExport, ruleFor, RULES, type RuleCode } from './registry';
import { importFiles } from '../read/import-files';
import { EXT_RULES, ROW_RULES } from './bits';

const codes = RULES.map((r) => r.code);

describe('the rules are one list, and what follows from it agrees', () => {
  it('has each code once, and ruleFor finds each', () => {
    expect(new Set(codes).size).toBe(RULES.length);
    expect(RULES.length).toBe(72);
    for (const r of RULES) expect(ruleFor(r.code)).toBe(r);
    expect(() => ruleFor('no-such-rule' as RuleCode)).toThrow('unknown rule code no-such-rule');
  });

  it('describes a fix exactly when someone repairs it', () => {
    for (const r of RULES) expect([r.code, r.fix === '']).toEqual([r.code, r.fixedBy === 'none']);
  });

  it('gives every row rule a bit, and only row rules, in one word or the other', () => {
    const rowScope = RULES.filter((r) => r.scope === 'row')
      .map((r) => r.code)
      .sort();
    const withBit: string[] = [...ROW_RULES, ...EXT_RULES];
    expect([...withBit].sort()).toEqual(rowScope);
    expect(new Set(withBit).size).toBe(withBit.length);
    // The row word also carries LOC_TOO_LONG_ERROR_BIT and EXT_RULES_BIT.
    expect(ROW_RULES.length + 2).toBeLessThanOrEqual(32);
    expect(EXT_RULES.length).toBeLessThanOrEqual(32);
  });

  it('lists what Fix all repairs, and the planner uses that list', () => {
    expect(FIX_ALL_CODES).toEqual([
      'duplicate-tag',
      'ext-invalid',
      'image-deprecated',
      'video-deprecated',
      'news-too-old',
      'loc-not-absolute',
      'loc-whitespace',
      'loc-unescaped',
      'loc-fragment',
      'loc-duplicate',
      'lastmod-format',
      'lastmod-timezone',
      'changefreq-value',
      'priority-format',
    ]);
    expect(FIX_ALL_CODES).toBe(FIX_ALL_CODES);
  });

  it('has a fix for every code Fix all claims, through the reader and the planner production uses', () => {
    const set = importFiles([{ name: 'all-fixes.xml', bytes: fixture('all-fixes.xml') }]);
    const result = checkSet(set);
    const plan = planFixes(set, result, 'all', { siteUrl: 'https://example.com/' });
    expect(Object.keys(plan.applied).sort()).toEqual([...FIX_ALL_CODES].sort());
    expect(Object.values(plan.applied)).toEqual(FIX_ALL_CODES.map(() => 1));
    expect(plan.skipped).toBe(0);
    // Every problem raised is described in words of its own, not a code echoed back.
    const messages = Array.from({ length: set.rows.length }, (_, i) => rowProblems(set, result, i)).flat();
    expect(messages.map((p) => p.code).sort()).toEqual([...FIX_ALL_CODES, 'loc-duplicate'].sort());
    for (const p of messages) expect(p.message).not.toContain(`: ${p.code}`);
  });

  it('tells the UI what it may offer for a code', () => {
    expect([canFixNow('loc-fragment'), fixedOnExport('loc-fragment'), filtersRows('loc-fragment')]).toEqual([
      true,
      '',
      true,
    ]);
    expect([canFixNow('namespace'), fixedOnExport('namespace'), filtersRows('namespace')]).toEqual([
      false,
      'Write the right namespace',
      false,
    ]);
    expect([canFixNow('crawl-noindex'), fixedOnExport('crawl-noindex'), filtersRows('crawl-noindex')]).toEqual([
      false,
      'Leave it out of the export',
      false,
    ]);
    expect([canFixNow('hreflang-value'), fixedOnExport('hreflang-value'), filtersRows('hreflang-value')]).toEqual([
      false,
      '',
      true,
    ]);
    expect(codes.filter((c) => fixedOnExport(c) !== '')).toEqual([
      'xml-doctype',
      'leading-whitespace',
      'namespace',
      'encoding',
      'too-many-urls',
      'file-too-large',
      'too-many-sitemaps',
      'news-too-many',
      'value-whitespace',
      'crawl-not-found',
      'crawl-server-error',
      'crawl-redirect',
      'crawl-noindex',
      'crawl-canonical',
    ]);
  });
});
