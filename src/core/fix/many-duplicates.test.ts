import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { emptySet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';
import { ext, rowsOf } from '../write/test-helpers';
import { mergeSourceOf, planMergeDuplicates } from './merge-duplicates';
import { planFixes } from './plan-fixes';

/*
 * Issue 34: a 200,000-URL sitemap imported twice made Fix all fail with
 * "Maximum call stack size exceeded" (and `export --fix` crash): the
 * planner spread the removed rows into push's arguments.
 */
describe('removing duplicates past the arguments a call takes', () => {
  it('plans the removal of 200,000 copies', () => {
    const set = emptySet();
    const n = 200_000;
    for (let copy = 0; copy < 2; copy++)
      for (let i = 0; i < n; i++)
        set.rows.pushValues(`https://example.com/p/${i}`, '', '', '', undefined, 0, i + 2, 1, 0);
    const result = checkSet(set);
    expect(result.byCode['loc-duplicate']).toBe(2 * n);
    const plan = planFixes(set, result, 'all');
    expect(plan.removeRows).toHaveLength(n);
    expect(plan.applied['loc-duplicate']).toBe(n);
  });

  it('merges a copy holding 200,000 alternates the kept row does not have', () => {
    const alternates: ExtElement[] = [];
    for (let i = 0; i < 200_000; i++)
      alternates.push(ext('xhtml', 'link', { rel: 'alternate', hreflang: 'en', href: `https://example.com/${i}` }));
    const rows = rowsOf([{ loc: 'https://example.com/a' }, { loc: 'https://example.com/a', ext: alternates }]);
    const plan = planMergeDuplicates(mergeSourceOf(rows), [0, 1], { maxRowBytes: Infinity });
    expect(plan.removeRows).toEqual([rows.id[1]]);
    expect(plan.extChanges[0]?.after).toHaveLength(200_000);
  });
});
