/*
 * An export of a whole document: the layout planned over its rows and files,
 * and the origin it is served from. The app's worker and the CLI both start
 * here, so they write the same files.
 */
import type { SitemapSet } from '../read/sitemap-set';
import { groupFileName, planLayout, type Layout, type LayoutPlan } from './layout';
import { makeProblem } from '../rules/problem';
import { LOC_NOT_ABSOLUTE } from '../rules/loc/loc-rules';
import type { ExportOptions } from './options';
import { siteBaseOf, type SiteBase } from './origin';
import { absoluteUrlOf } from '../text/site-url';

export interface SetExportChoice {
  layout: Layout;
  /** The Site URL as the user set it ('' for none). */
  siteUrl: string;
  /** Keep my files: the stem of the file new rows go to ('' for automatic). */
  newRowsTo?: string;
}

/**
 * `base` with the layout's plan and the origin filled in. `positions`: the
 * rows to export (e.g. without what the crawl found unfit); all by default.
 */
export function setExportOptions(
  set: SitemapSet,
  choice: SetExportChoice,
  base: Omit<ExportOptions, 'plan' | 'siteUrl'>,
  positions?: ArrayLike<number>,
): { options: ExportOptions; origin: SiteBase } {
  const origin = siteBaseOf(set, choice.siteUrl);
  const all = positions ?? Array.from({ length: set.rows.length }, (_, i) => i);
  const plan = planLayout(set, choice.layout, all, {
    format: base.format,
    gzip: base.gzip,
    ...(base.baseName !== undefined ? { baseName: base.baseName } : {}),
    ...(choice.newRowsTo ? { newRowsTo: choice.newRowsTo } : {}),
  });
  if (origin.from === 'site-url') moveToSite(plan, new URL(origin.url).origin);
  if (plan.layout === 'keep' && origin.url !== '') noteRelativeChildren(set, plan, origin.url);
  return { options: { ...base, plan, siteUrl: origin.url }, origin };
}

/**
 * The Site URL's origin wins over the one an imported index names: after a
 * move to another origin (or a typed Site URL), kept files and their index
 * are listed on it, at the same paths.
 */
function moveToSite(plan: LayoutPlan, origin: string): void {
  const moved = (url: string): string => {
    const own = absoluteUrlOf(url);
    if (!own) return url;
    const u = new URL(own);
    return u.origin === origin ? url : origin + u.pathname + u.search;
  };
  for (const g of plan.groups) if (g.url) g.url = moved(g.url);
  for (const index of plan.indexes) {
    if (index.url) index.url = moved(index.url);
    index.items = index.items.map((it) => ('loc' in it ? { ...it, loc: moved(it.loc) } : it));
  }
}

/**
 * Each relative child loc of an imported index that Keep my files writes
 * absolute, said as the Problems panel says it: not fixed, the export
 * still never writes a relative location.
 */
function noteRelativeChildren(set: SitemapSet, plan: LayoutPlan, base: string): void {
  for (const e of set.sitemaps) {
    const loc = e.loc.trim();
    const child = set.files[e.child];
    if (loc === '' || absoluteUrlOf(loc) || !child) continue;
    const group = plan.groups.find((g) => g.source === child.name);
    if (!group) continue;
    const index = set.files[e.file]?.name ?? '';
    plan.notes.push(
      makeProblem(
        LOC_NOT_ABSOLUTE,
        `${index} lists "${loc}", a relative URL: written absolute, as ${new URL(groupFileName(group), base).href} (Fix all, or export --fix with --site, makes it absolute in the index itself)`,
        { file: index, line: e.line, column: e.column },
        'info',
      ),
    );
  }
}
