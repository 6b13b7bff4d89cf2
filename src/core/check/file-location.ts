import { makeProblem, quote } from '../rules/problem';
import type { SitemapSet } from '../read/sitemap-set';
import type { Problem } from '../rules/problem';
import type { CheckResult } from './check-result';
import { fileScope, isAllowed, type AllowedScope } from '../rules/loc/location';
import { LOC_NOT_ALLOWED, LOC_BIT, LOC_UNUSABLE } from '../rules/loc/loc-rules';

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
    const was = (m & LOC_BIT.notAllowed) !== 0;
    if (off === was) continue;
    result.rowCodes[i] = off ? m | LOC_BIT.notAllowed : m & ~LOC_BIT.notAllowed;
    const n = (result.byCode[LOC_NOT_ALLOWED.code] ?? 0) + (off ? 1 : -1);
    if (n === 0) delete result.byCode[LOC_NOT_ALLOWED.code];
    else result.byCode[LOC_NOT_ALLOWED.code] = n;
    result.counts.warning += off ? 1 : -1;
  }
}

/** A loc-not-allowed problem of a live file, worded with the directory its sitemap was fetched from. */
export function describeFileLocation(set: SitemapSet, p: Problem): Problem {
  if (p.code !== LOC_NOT_ALLOWED.code || p.row === undefined) return p;
  const scope = p.file && /^https?:\/\/[^/]/i.test(p.file) ? fileScope(p.file) : null;
  const at = set.rows.indexOfId(p.row);
  if (!scope || at < 0) return p;
  const { code: _c, severity: _s, message: _m, ...place } = p;
  return makeProblem(
    LOC_NOT_ALLOWED,
    `URL ${quote(set.rows.loc.get(at))} is outside ${scope.prefix}, where the sitemap is served`,
    place,
  );
}
