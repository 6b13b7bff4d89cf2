/*
 * The board's plan of a page (status, notes, colour, owner, title): one
 * undo step each change, saved with the document. A plan changes no row's
 * loc, fields or check, so it is committed without a re-check, and the
 * diagram's counted levels stay valid (session.ts `commitPlans`).
 */
import { positionOf } from '../core/edit/commands';
import { applyPlanChanges, type PlanChange } from '../core/rows/changes';
import { entryOf, type HistoryEntry } from '../core/history/entry';
import { patchedPlan, samePlan, statusLabel, type PlanFields } from '../core/plan/plan-fields';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { Changed } from './protocol';

export interface PlanHost {
  set: () => SitemapSet;
  /** Records a change of plans only as one undo step (nothing to re-check); null records nothing. */
  commitPlans: (entry: HistoryEntry | null) => Changed;
}

const FIELD_WORDS: Record<keyof PlanFields, string> = {
  status: 'status',
  notes: 'notes',
  color: 'colour',
  owner: 'owner',
  title: 'title',
};

export class PlanEdits {
  constructor(private readonly host: PlanHost) {}

  /** Changes fields of a row's plan (by stable id); the other fields stay. Throws when there is no such row. */
  set(id: number, patch: Partial<PlanFields>): Changed {
    const set = this.host.set();
    const at = positionOf(set, id);
    const before = set.rows.plan.get(id);
    const after = patchedPlan(before, patch);
    if (samePlan(before, after)) return this.host.commitPlans(null);
    const change: PlanChange = { row: id, before, after };
    applyPlanChanges(set.rows, [change], 'forward');
    return this.host.commitPlans(entryOf(labelOf(set.rows.loc.get(at), patch, after), { plans: [change] }, false));
  }
}

/** "Set status of www.example.com/pricing to Planned", "Edit notes of …". */
function labelOf(url: string, patch: Partial<PlanFields>, after: PlanFields | undefined): string {
  const loc = url.replace(/^https:\/\//i, '');
  const fields = (Object.keys(patch) as (keyof PlanFields)[]).filter((k) => patch[k] !== undefined);
  if (fields.length === 1 && fields[0] === 'status')
    return `Set status of ${loc} to ${statusLabel(after?.status ?? '')}`;
  return `Edit ${fields.map((f) => FIELD_WORDS[f]).join(', ') || 'plan'} of ${loc}`;
}
