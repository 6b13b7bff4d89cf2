import { said, type Detail } from '../base/message';
import type { IndexEntry } from '../rows/types';
import { codesOfMask, lowestBit, ROW_RULE_MASK, ROW_RULES, severityOfBit, type RowRuleCode } from '../rules/bits';
import { LOC_BIT, LOC_UNUSABLE } from '../rules/loc/loc-rules';
import { isAllowed, type AllowedScope } from '../rules/loc/location';
import { FIELD_RULES } from '../rules/modules';
import { makeProblem, placeOf, type Problem } from '../rules/problem';
import { ruleFor } from '../rules/registry';
import type { Clock } from '../rules/rule';

/**
 * The entries of sitemap indexes, checked with the row rules that apply to
 * them (loc and lastmod), reported as located problems without a row. With a
 * Site URL an entry must be on its origin (an index lists sitemaps of its own
 * site; the directory rule is for the sitemaps' URLs, not for them).
 */
export function checkIndexEntries(
  entries: readonly IndexEntry[],
  fileName: (file: number) => string | undefined,
  clock: Clock,
  scope: AllowedScope | null,
  siteUrl = '',
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.loc, (seen.get(e.loc) ?? 0) + 1);
  for (const e of entries) {
    let m = FIELD_RULES.loc.mask(e.loc, clock);
    if (scope && !(m & LOC_UNUSABLE) && !isAllowed(e.loc, { ...scope, path: '/', prefix: scope.origin + '/' })) {
      m |= LOC_BIT.notAllowed;
    }
    const copies = seen.get(e.loc) ?? 0;
    if (!(m & LOC_BIT.missing) && copies > 1) m |= LOC_BIT.duplicate;
    const place = placeOf(fileName(e.file), e.line, e.column);
    for (let rest = m & ROW_RULE_MASK; rest; rest &= rest - 1) {
      const b = lowestBit(rest);
      const code = ROW_RULES[b] as RowRuleCode;
      const detail = FIELD_RULES.loc.describe(
        code,
        e.loc,
        scope ? { allowed: scope.origin, copies, siteUrl } : { copies },
      );
      problems.push(
        makeProblem(ruleFor(code), ofSitemapEntry(detail), { ...place, field: 'loc' }, severityOfBit(b, m)),
      );
    }
    if (e.lastmod !== '') {
      const lm = FIELD_RULES.lastmod.mask(e.lastmod, clock);
      for (const code of codesOfMask(lm)) {
        problems.push(
          makeProblem(ruleFor(code), FIELD_RULES.lastmod.describe(code, e.lastmod, {}), { ...place, field: 'lastmod' }),
        );
      }
    }
  }
  return problems;
}

/** A loc's detail said of an index's entry: "Sitemap URL …" where a row's says "URL …". */
function ofSitemapEntry(detail: Detail): Detail {
  if (typeof detail === 'string') return detail.replace(/^URL/, 'Sitemap URL');
  if (!detail.en.startsWith('URL')) return detail;
  return said('detail.sitemapEntry', { detail: detail.message }, detail.en.replace(/^URL/, 'Sitemap URL'));
}
