import { describeChangefreq, describeLastmod, describeLoc, describePriority, quote } from '../check/describe';
import { findExtensionDefect } from '../check/extensions';
import type { RowRuleCode } from '../check/row-bits';
import { DUPLICATE_FLAG, type UrlRows } from '../rows';
import type { UrlField } from '../types';

const FIELDS: UrlField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

/** What the streaming path knows when it describes a row's problem. */
export interface StreamDescribeContext {
  siteUrl?: string;
  /** The scope the Site URL allows, as `https://example.com/catalog/`. */
  allowed?: string;
}

/**
 * The plain-language detail and field of one row-level problem of row `i`,
 * in the words of the table path (check-set.ts rowProblems). Two differ
 * because the streaming path sees each row once: loc-duplicate names no
 * count (later copies are not read yet), and loc-not-allowed without a Site
 * URL is described once the most common origin is known (see OriginCounter).
 */
export function describeRowProblem(code: RowRuleCode, rows: UrlRows, i: number, ctx: StreamDescribeContext): { detail: string; field: UrlField | 'ext' } {
  if (code === 'loc-duplicate') {
    return { detail: `URL ${quote(rows.loc.get(i))} appears more than once: an earlier entry has the same URL`, field: 'loc' };
  }
  if (code.startsWith('loc-')) return { detail: describeLoc(code, rows.loc.get(i), ctx), field: 'loc' };
  switch (code) {
    case 'lastmod-format':
    case 'lastmod-invalid':
    case 'lastmod-timezone':
    case 'lastmod-future':
      return { detail: describeLastmod(code, rows.lastmod.get(i)), field: 'lastmod' };
    case 'changefreq-value':
      return { detail: describeChangefreq(rows.changefreq.get(i)), field: 'changefreq' };
    case 'priority-format':
    case 'priority-range':
      return { detail: describePriority(code, rows.priority.get(i)), field: 'priority' };
    case 'duplicate-tag': {
      const flags = rows.readFlags[i] ?? 0;
      const dup = FIELDS.filter((f) => flags & DUPLICATE_FLAG[f]);
      return {
        detail: `${dup.map((f) => `<${f}>`).join(', ')} appear${dup.length === 1 ? 's' : ''} more than once in this entry; the first value is kept`,
        field: dup[0] ?? 'loc',
      };
    }
    case 'ext-invalid': {
      const defect = findExtensionDefect(rows.ext[i] ?? []);
      return { detail: `${defect?.message ?? 'An extension element does not follow its schema'}; it is kept as is${defect?.fixable ? ' (Fix repairs it)' : ''}`, field: 'ext' };
    }
    default:
      return { detail: 'This entry contains an element outside the sitemap protocol and the known extensions; it is kept as is', field: 'ext' };
  }
}
