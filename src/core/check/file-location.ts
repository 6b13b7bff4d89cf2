import { makeProblem } from '../problem';
import type { SitemapSet } from '../sitemap-set';
import type { Problem } from '../types';
import type { CheckResult } from './check-set';
import { quote } from './describe';
import { fileScope, isAllowed, type AllowedScope } from './location';
import { B, LOC_UNUSABLE } from './row-bits';

/** The scope of each file named by its absolute URL (a live source), else null. */
function scopesOf(set: SitemapSet): (AllowedScope | null)[] {
  return set.files.map((f) => (/^https?:\/\/[^/]/i.test(f.name) ? fileScope(f.name) : null));
}

/**
 * The location rule by each sitemap's real URL: for rows of files named by
 * the URL they were fetched from, loc-not-allowed is decided against that
 * URL's directory (not the Site URL, not the most common origin), updating
 * the result's masks and totals in place. Rows of other files keep theirs.
 */
export function applyFileLocations(set: SitemapSet, result: CheckResult): void {
  const scopes = scopesOf(set);
  if (!scopes.some((s) => s)) return;
  const rows = set.rows;
  for (let i = 0; i < rows.length; i++) {
    const scope = scopes[rows.file[i] ?? 0];
    const m = result.rowCodes[i] ?? 0;
    if (!scope || m & LOC_UNUSABLE) continue;
    const off = !isAllowed(rows.loc.get(i), scope);
    const was = (m & B.locNotAllowed) !== 0;
    if (off === was) continue;
    result.rowCodes[i] = off ? m | B.locNotAllowed : m & ~B.locNotAllowed;
    const n = (result.byCode['loc-not-allowed'] ?? 0) + (off ? 1 : -1);
    if (n === 0) delete result.byCode['loc-not-allowed'];
    else result.byCode['loc-not-allowed'] = n;
    result.counts.warning += off ? 1 : -1;
  }
}

/** A loc-not-allowed problem of a live file, worded with the directory its sitemap was fetched from. */
export function describeFileLocation(set: SitemapSet, p: Problem): Problem {
  if (p.code !== 'loc-not-allowed' || p.row === undefined) return p;
  const scope = p.file && /^https?:\/\/[^/]/i.test(p.file) ? fileScope(p.file) : null;
  const at = set.rows.indexOfId(p.row);
  if (!scope || at < 0) return p;
  const { code: _c, severity: _s, message: _m, ...place } = p;
  return makeProblem(
    'loc-not-allowed',
    `URL ${quote(set.rows.loc.get(at))} is outside ${scope.prefix}, where the sitemap is served`,
    place,
  );
}
