/*
 * The worker's side of a find & replace across URL fields: what the preview
 * shows of a rewrite plan, and the words of its undo step.
 */
import type { ReplaceOptions } from '../core/edit/bulk';
import { type RewritePlan } from '../core/edit/rewrite-urls';
import { URL_FIELD_GROUPS, type UrlFieldGroup } from '../core/edit/url-field-groups';
import type { ReplacePreview } from './protocol';

/** The URL field groups a replacement acts on: loc alone unless it names others. */
export function fieldGroupsOf(options: ReplaceOptions): Set<UrlFieldGroup> {
  const chosen = options.fields?.filter((g) => URL_FIELD_GROUPS.includes(g));
  return new Set<UrlFieldGroup>(chosen && chosen.length > 0 ? chosen : ['loc']);
}

const GROUP_WORDS: Record<UrlFieldGroup, string> = {
  loc: 'loc',
  image: 'image URLs',
  video: 'video URLs',
  hreflang: 'hreflang hrefs',
};

/** "loc", "every URL field", "loc, image URLs": for the history label. */
export function describeGroups(groups: ReadonlySet<UrlFieldGroup>): string {
  if (groups.size === URL_FIELD_GROUPS.length) return 'every URL field';
  return URL_FIELD_GROUPS.filter((g) => groups.has(g))
    .map((g) => GROUP_WORDS[g])
    .join(', ');
}

/** A plan as the preview shows it: rows and values changed, per field, the first changes with their field. */
export function previewOf(plan: RewritePlan): ReplacePreview {
  const rows = new Set<number>();
  for (const c of plan.cells) rows.add(c.row);
  for (const c of plan.exts) rows.add(c.row);
  return {
    error: null,
    affected: rows.size,
    breaking: plan.breaking.length,
    values: plan.total,
    byField: plan.counts,
    samples: plan.samples.map((s) => ({
      row: s.row,
      field: s.spot,
      before: s.before,
      after: s.after,
      breaking: s.breaking,
    })),
  };
}
