import { compileReplace } from '../core/edit/bulk';
import { describeCounts, originRewrite, planRewrite } from '../core/edit/rewrite-urls';
import { URL_FIELD_GROUPS } from '../core/edit/url-field-groups';
import { applyChanges, applyExtChanges } from '../core/rows/changes';
import type { SitemapSet } from '../core/read/sitemap-set';
import { UsageError } from './args';
import { plural } from './report';

/**
 * `export --rewrite FROM=TO`: moves every URL field (loc, image, video and
 * hreflang URLs) of every row. FROM and TO are origins ("http://old.example"
 * = "https://new.example", the migration preset: path, query and fragment
 * kept) or, when either has a path, URL prefixes (a URL starting with FROM
 * starts with TO instead). Split at the first "=" of the value. Returns the
 * line that says what changed where.
 */
export function rewriteUrls(set: SitemapSet, spec: string): string {
  const eq = spec.indexOf('=');
  if (eq <= 0 || eq === spec.length - 1)
    throw new UsageError(
      `--rewrite needs FROM=TO (e.g. http://www.example.com=https://www.example.com), not "${spec}"`,
    );
  const from = spec.slice(0, eq).trim();
  const to = spec.slice(eq + 1).trim();
  const origins = originRewrite(from, to);
  let apply: (s: string) => string;
  if (origins.ok) {
    const r = compileReplace(origins.options);
    if (!r.ok) throw new UsageError(r.message);
    apply = r.apply;
  } else if (/^https?:\/\/[^/]+\/./i.test(from) || /^https?:\/\/[^/]+\/./i.test(to)) {
    apply = (s) => (s.startsWith(from) ? to + s.slice(from.length) : s);
  } else {
    throw new UsageError(`--rewrite: ${origins.message}`);
  }
  const all = Array.from({ length: set.rows.length }, (_, i) => i);
  const plan = planRewrite(set.rows, all, apply, new Set(URL_FIELD_GROUPS), 0);
  applyChanges(set.rows, plan.cells, 'forward');
  applyExtChanges(set.rows, plan.exts, 'forward');
  set.rows.seal();
  const target = origins.ok ? `${origins.from} → ${origins.to}` : `${from} → ${to}`;
  if (plan.total === 0) return `rewrote: no URL starts with ${origins.ok ? origins.from : from}`;
  const broken =
    plan.breaking.length > 0
      ? `; ${plural(plan.breaking.length, 'row')} now ${plan.breaking.length === 1 ? 'has' : 'have'} a URL that is not absolute (run "check")`
      : '';
  return `rewrote ${plural(plan.total, 'URL')} (${target}): ${describeCounts(plan.counts)}${broken}`;
}
