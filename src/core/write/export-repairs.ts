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

/** How xml-malformed is handled on export, in the words of a rule's fix. */
export const MALFORMED_ON_EXPORT = 'Write the rows recovered from it as well-formed XML';

/**
 * Occurrences per code that the export repairs: every occurrence of a rule
 * whose fix is done by writing (its fix is not one of Fix all's), and each
 * xml-malformed error of a urlset whose rows were recovered (they are
 * written well-formed; the error names what was lost, but nothing left in
 * the export is malformed). Codes with none are absent.
 */
export function repairedOnExport(set: SitemapSet, result: CheckResult): Partial<Record<RuleCode, number>> {
  const out: Partial<Record<RuleCode, number>> = {};
  for (const [code, n] of Object.entries(result.byCode) as [RuleCode, number][]) {
    if (n > 0 && code !== XML_MALFORMED.code && fixedOnExport(code) !== '') out[code] = n;
  }
  const recovered = new Set(set.files.filter((f) => f.kind === 'urlset' && f.count > 0).map((f) => f.name));
  const malformed = result.problems.filter(
    (p: Problem) =>
      p.code === XML_MALFORMED.code && p.severity === 'error' && p.file !== undefined && recovered.has(p.file),
  ).length;
  if (malformed > 0) out[XML_MALFORMED.code] = malformed;
  return out;
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
