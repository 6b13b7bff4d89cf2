/*
 * An export of a whole document: the layout planned over its rows and files,
 * and the origin it is served from. The app's worker and the CLI both start
 * here, so they write the same files.
 */
import type { SitemapSet } from '../sitemap-set';
import { planLayout, type Layout } from './layout';
import type { ExportOptions } from './options';
import { siteBaseOf, type SiteBase } from './origin';

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
  return { options: { ...base, plan, siteUrl: origin.url }, origin };
}
