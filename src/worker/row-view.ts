import { rowProblems, type CheckOptions, type CheckResult } from '../core/check/check-set';
import type { SitemapSet } from '../core/sitemap-set';
import type { ExtElement } from '../core/types';
import type { RowView } from './protocol';

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
    problems: rowProblems(set, result, i, opts).map((p) => ({ code: p.code, severity: p.severity, message: p.message })),
  };
}

/** "image:image ×3, xhtml:link ×2" */
export function summarizeExt(ext: readonly ExtElement[]): string {
  const counts = new Map<string, number>();
  for (const el of ext) {
    const name = el.prefix ? `${el.prefix}:${el.name}` : el.name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}
