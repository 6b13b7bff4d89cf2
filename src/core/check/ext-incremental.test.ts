import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternateLink } from '../edit/hreflang-edit';
import { applyExtChanges } from '../rows/changes';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';
import { checkSet, recheckRows } from './check-set';
import { rowProblems } from './row-problems';
import { type CheckResult } from './check-result';
import { setOf } from './test-helpers';

const now = new Date('2024-06-15T12:00:00Z');
const A = 'https://e.com/en/';
const B = 'https://e.com/de/';
const C = 'https://e.com/fr/';

const links = (...pairs: [string, string][]): ExtElement[] => pairs.map(([lang, href]) => alternateLink(lang, href));

/** The result's observable state, to compare an incremental re-check with a fresh check. */
function observe(r: CheckResult) {
  return {
    rowCodes: [...r.rowCodes],
    extCodes: [...r.extCodes].sort((a, b) => a[0] - b[0]),
    byCode: r.byCode,
    counts: r.counts,
    problems: r.problems.map((p) => `${p.code} ${p.message}`).sort(),
  };
}

function setExt(set: SitemapSet, pos: number, ext: ExtElement[] | undefined): void {
  applyExtChanges(set.rows, [{ row: set.rows.id[pos] as number, before: set.rows.ext[pos], after: ext }], 'forward');
}

const codes = (set: SitemapSet, r: CheckResult, i: number) => rowProblems(set, r, i).map((p) => p.code);

describe('recheckRows keeps the extension rules right after an edit', () => {
  it('an edit on B changes A: adding the link back clears hreflang-not-reciprocal on A, removing it brings it back', () => {
    const set = setOf([{ loc: A, ext: links(['en', A], ['de', B]) }, { loc: B, ext: links(['de', B]) }, { loc: C }]);
    const r = checkSet(set, { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-not-reciprocal']);
    expect(r.byCode).toEqual({ 'hreflang-not-reciprocal': 1 });

    setExt(set, 1, links(['de', B], ['en', A]));
    recheckRows(set, r, [1], { now });
    expect(codes(set, r, 0)).toEqual([]);
    expect(r.byCode).toEqual({});
    expect(observe(r)).toEqual(observe(checkSet(set, { now })));

    setExt(set, 1, links(['de', B]));
    recheckRows(set, r, [1], { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-not-reciprocal']);
    expect(observe(r)).toEqual(observe(checkSet(set, { now })));
  });

  it("B's loc moving away or coming back changes whether A's pair must link back", () => {
    const set = setOf([{ loc: A, ext: links(['en', A], ['de', B]) }, { loc: B }]);
    const r = checkSet(set, { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-not-reciprocal']);
    set.rows.loc.set(1, 'https://e.com/other');
    recheckRows(set, r, [1], { now });
    expect(codes(set, r, 0)).toEqual([]);
    set.rows.loc.set(1, B);
    recheckRows(set, r, [1], { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-not-reciprocal']);
    expect(observe(r)).toEqual(observe(checkSet(set, { now })));
  });

  it("A's own loc edit makes it miss itself", () => {
    const set = setOf([{ loc: A, ext: links(['en', A]) }]);
    const r = checkSet(set, { now });
    expect(r.byCode).toEqual({});
    set.rows.loc.set(0, C);
    recheckRows(set, r, [0], { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-self-missing']);
    expect(r.counts).toEqual({ error: 0, warning: 1, info: 0 });
  });

  it('a row gaining and losing all its extensions', () => {
    const set = setOf([{ loc: A }, { loc: B }]);
    const r = checkSet(set, { now });
    setExt(set, 0, links(['en_US', A]));
    recheckRows(set, r, [0], { now });
    expect(codes(set, r, 0)).toEqual(['hreflang-value']);
    setExt(set, 0, undefined);
    recheckRows(set, r, [0], { now });
    expect(r.extCodes.size).toBe(0);
    expect(observe(r)).toEqual(observe(checkSet(set, { now })));
  });

  it('matches a fresh check after any series of loc and alternate edits (property)', () => {
    const POOL = [A, B, C, 'https://e.com/it/', '/relative'];
    const LANGS = ['en', 'de', 'x-default', 'en_US', 'jp'];
    const link = fc.tuple(fc.constantFrom(...LANGS), fc.constantFrom(...POOL));
    const row = fc.record({ loc: fc.constantFrom(...POOL), alts: fc.array(link, { maxLength: 3 }) });
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('loc' as const), at: fc.nat(5), loc: fc.constantFrom(...POOL) }),
      fc.record({ kind: fc.constant('ext' as const), at: fc.nat(5), alts: fc.array(link, { maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 6 }),
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        (rows, edits) => {
          const set = setOf(rows.map((x) => ({ loc: x.loc, ext: links(...x.alts) })));
          const r = checkSet(set, { now });
          for (const e of edits) {
            const pos = e.at % rows.length;
            if (e.kind === 'loc') set.rows.loc.set(pos, e.loc);
            else setExt(set, pos, e.alts.length > 0 ? links(...e.alts) : undefined);
            recheckRows(set, r, [pos], { now });
            expect(observe(r)).toEqual(observe(checkSet(set, { now })));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
