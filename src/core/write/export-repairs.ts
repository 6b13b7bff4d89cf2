/*
 * What writing the files repairs by itself, so that the Download
 * confirmation counts only what the export leaves wrong: a wrong namespace
 * is written right, a file over a limit is split, and a file that was not
 * well-formed XML is written well-formed with the rows recovered from it.
 */
import type { CheckResult } from '../check/check-result';
import { fixedOnExport, ruleFor } from '../rules/registry';
import type { SitemapSet } from '../read/sitemap-set';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import { XML_MALFORMED } from '../rules/file/file-rules';
import { FILE_ENDS, MALFORMED_PREFIX } from '../rules/file/file';
import { LOC_NOT_ABSOLUTE } from '../rules/loc/loc-rules';
import { siteBaseOf } from './origin';

/** How xml-malformed is handled on export, in the words of a rule's fix. */
export const MALFORMED_ON_EXPORT = 'Write the rows recovered from it as well-formed XML';

/**
 * Occurrences per code that the export repairs: every occurrence of a rule
 * whose fix is done by writing (its fix is not one of Fix all's), and each
 * xml-malformed error of a urlset whose rows were recovered (they are
 * written well-formed; the error names what was lost, but nothing left in
 * the export is malformed). A relative child loc of an imported index is
 * repaired too when the origin is known (the Site URL, or the index's other
 * child URLs): Keep my files writes it absolute, other layouts do not write
 * that index. Not the xml-malformed error that says where a file that ends
 * early is cut: what followed is lost. Codes with none are absent.
 */
export function repairedOnExport(
  set: SitemapSet,
  result: CheckResult,
  siteUrl = '',
): Partial<Record<RuleCode, number>> {
  const out: Partial<Record<RuleCode, number>> = {};
  for (const [code, n] of Object.entries(result.byCode) as [RuleCode, number][]) {
    if (n > 0 && code !== XML_MALFORMED.code && fixedOnExport(code) !== '') out[code] = n;
  }
  const recovered = new Map(set.files.filter((f) => f.kind === 'urlset' && f.count > 0).map((f) => [f.name, f]));
  const malformed = result.problems.filter(
    (p: Problem) =>
      p.code === XML_MALFORMED.code &&
      p.severity === 'error' &&
      p.file !== undefined &&
      recovered.has(p.file) &&
      // Where a file that ends early is cut: what followed is lost, which no writing repairs.
      !(recovered.get(p.file)?.partial && p.message.startsWith(`${MALFORMED_PREFIX}${FILE_ENDS}`)),
  ).length;
  if (malformed > 0) out[XML_MALFORMED.code] = malformed;
  const relativeChildren = indexEntryProblems(result, LOC_NOT_ABSOLUTE.code);
  if (relativeChildren > 0 && siteBaseOf(set, siteUrl).url !== '') out[LOC_NOT_ABSOLUTE.code] = relativeChildren;
  return out;
}

/** Occurrences of `code` on the `<sitemap>` entries of indexes (not on rows). */
function indexEntryProblems(result: CheckResult, code: RuleCode): number {
  let n = 0;
  for (const p of result.problems) if (p.code === code && p.row === undefined && p.field === 'loc') n++;
  return n;
}

/**
 * Of a group's occurrences Fix all fixes, those the export leaves wrong: the
 * Download confirmation's count. An index's relative child locs are both
 * (Fix all makes them absolute with the Site URL; the export writes them
 * absolute from the known origin): fixed, neither the panel nor the gate
 * names them; not fixed, both say the export writes them absolute.
 */
export function fixableLeftByExport(g: { count: number; fixable?: number; repairedOnExport?: number }): number {
  return Math.max(0, Math.min(g.fixable ?? 0, g.count - (g.repairedOnExport ?? 0)));
}

/** The errors the export leaves: all of them less those it repairs. */
export function errorsLeftByExport(result: CheckResult, repaired: Partial<Record<RuleCode, number>>): number {
  let n = result.counts.error;
  for (const [code, k] of Object.entries(repaired) as [RuleCode, number][]) {
    // xml-malformed counts only its errors already; other rules have one severity.
    if (code === XML_MALFORMED.code || ruleFor(code).severity === 'error') n -= k;
  }
  return n;
}
