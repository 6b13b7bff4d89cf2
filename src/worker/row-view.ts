import { rowProblems } from '../core/check/row-problems';
import { type CheckOptions, type CheckResult } from '../core/check/check-result';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { ExtElement, UrlField } from '../core/rows/types';
import type { RowView } from './protocol';
import { coverageOf } from '../core/rules/site-data/crawl-coverage';
import { crawlNumbers } from '../core/view/coverage-view';

/** Row `i` (a position) as the table shows it, with its located problems. */
export function rowView(set: SitemapSet, result: CheckResult, i: number, opts: CheckOptions): RowView {
  const rows = set.rows;
  const ext = rows.ext[i] ?? [];
  return {
    id: rows.id[i] as number,
    loc: rows.loc.get(i),
    lastmod: rows.lastmod.get(i),
    changefreq: rows.changefreq.get(i),
    priority: rows.priority.get(i),
    ext: ext.length,
    extSummary: summarizeExt(ext),
    file: set.files[rows.file[i] as number]?.name ?? '(added here)',
    // The keyed detail goes with the message: the page shows it in the reader's language.
    problems: rowProblems(set, result, i, opts).map((p) =>
      p.detail
        ? { code: p.code, severity: p.severity, message: p.message, detail: p.detail }
        : { code: p.code, severity: p.severity, message: p.message },
    ),
    ...crawlNumbers(coverageOf(set), i),
  };
}

/**
 * What other rows draw that an edit of `field` may change, taken before the
 * edit: null for a loc (duplicates, the majority origin and hreflang
 * reciprocity reach rows by their loc, and the messages name how many copies
 * there are: every row is drawn again), otherwise the rows' problem bits
 * (lastmod, changefreq and priority rules look at their own row, or at the
 * set as a whole, which no row draws).
 */
export function drawnCodes(field: UrlField, result: CheckResult): Uint32Array | null {
  return field === 'loc' ? null : result.rowCodes.slice();
}

/** Whether a row besides the one at `pos` draws differently after the edit (see {@link drawnCodes}). */
export function othersChanged(before: Uint32Array | null, after: CheckResult, pos: number): boolean {
  if (!before || before.length !== after.rowCodes.length) return true;
  const codes = after.rowCodes;
  for (let i = 0; i < codes.length; i++) if (codes[i] !== before[i] && i !== pos) return true;
  return false;
}

/** "image:image ×3, xhtml:link ×2" */
function summarizeExt(ext: readonly ExtElement[]): string {
  const counts = new Map<string, number>();
  for (const el of ext) {
    const name = el.prefix ? `${el.prefix}:${el.name}` : el.name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}
