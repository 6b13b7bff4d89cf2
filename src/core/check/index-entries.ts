import { makeProblem } from '../rules/problem';
import type { IndexEntry, Problem, RuleCode } from '../rows/types';
import type { ProblemPlace } from '../rules/problem';
import { describeLastmod, describeLoc } from './describe';
import { lastmodMask, type LastmodClock } from './lastmod';
import { locMask } from './loc';
import { isAllowed, type AllowedScope } from './location';
import { B, codesOfMask, LOC_TOO_LONG_ERROR_BIT, LOC_UNUSABLE, lowestBit, severityOfBit } from './row-bits';

/**
 * The entries of sitemap indexes, checked with the row rules that apply to
 * them (loc and lastmod), reported as located problems without a row. With a
 * Site URL an entry must be on its origin (an index lists sitemaps of its own
 * site; the directory rule is for the sitemaps' URLs, not for them).
 */
export function checkIndexEntries(
  entries: readonly IndexEntry[],
  fileName: (file: number) => string | undefined,
  clock: LastmodClock,
  scope: AllowedScope | null,
  siteUrl = '',
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.loc, (seen.get(e.loc) ?? 0) + 1);
  for (const e of entries) {
    let m = locMask(e.loc);
    if (scope && !(m & LOC_UNUSABLE) && !isAllowed(e.loc, { ...scope, path: '/', prefix: scope.origin + '/' })) {
      m |= B.locNotAllowed;
    }
    const copies = seen.get(e.loc) ?? 0;
    if (!(m & B.locMissing) && copies > 1) m |= B.locDuplicate;
    const place = placeOf(fileName(e.file), e.line, e.column);
    for (let rest = m & ~LOC_TOO_LONG_ERROR_BIT; rest; rest &= rest - 1) {
      const b = lowestBit(rest);
      const code = codesOfMask(1 << b)[0] as RuleCode;
      const detail = describeLoc(code, e.loc, scope ? { allowed: scope.origin, copies, siteUrl } : { copies }).replace(
        /^URL/,
        'Sitemap URL',
      );
      problems.push(makeProblem(code, detail, { ...place, field: 'loc' }, severityOfBit(b, m)));
    }
    if (e.lastmod !== '') {
      const lm = lastmodMask(e.lastmod, clock);
      for (const code of codesOfMask(lm)) {
        problems.push(makeProblem(code, describeLastmod(code, e.lastmod), { ...place, field: 'lastmod' }));
      }
    }
  }
  return problems;
}

/** A problem's place with only the parts that are known (0 = unknown line or column). */
export function placeOf(file: string | undefined, line: number, column: number): ProblemPlace {
  const place: ProblemPlace = {};
  if (file !== undefined) place.file = file;
  if (line > 0) place.line = line;
  if (column > 0) place.column = column;
  return place;
}
