/*
 * What a user plans for a page on the board: its status, a note, a colour,
 * an owner and a title of their own. Part of the document (saved, undone,
 * restored), kept per row id by PlanColumn; a row without any is Live.
 */

/** A page's plan. Every field is '' when unset; a plan with every field '' is no plan. */
export interface PlanFields {
  /** '' (Live), one of {@link BUILT_IN_STATUSES}, or a status of the user's own (as typed). */
  status: string;
  notes: string;
  /** '' or a colour as `#rrggbb`. */
  color: string;
  owner: string;
  /** A title the user typed; '' to use the page's own (crawl export, news or video title, slug). */
  title: string;
}

export const EMPTY_PLAN: PlanFields = { status: '', notes: '', color: '', owner: '', title: '' };

/** The statuses the board offers, as stored; Live is stored as ''. */
export const BUILT_IN_STATUSES = ['planned', 'to-remove', 'to-redirect'] as const;

const STATUS_LABELS: Record<string, string> = {
  '': 'Live',
  planned: 'Planned',
  'to-remove': 'To remove',
  'to-redirect': 'To redirect',
};

/** Longest values kept: a field is a note on a box, not a document. */
const PLAN_LIMITS = { status: 40, notes: 4000, owner: 80, title: 200 } as const;

const COLOR = /^#[0-9a-f]{6}$/;

/**
 * The form a status is compared in: lower case, runs of spaces, '_' and '-'
 * as one '-' ("To remove", "to_remove" and "to-remove" are one status;
 * "live" is Live).
 */
export function statusKey(status: string): string {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return key === 'live' ? '' : key;
}

/** A status as people read it: the built-in ones by name, a custom one as typed. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** A status as stored: a built-in one (or Live) by its key, a custom one trimmed, as typed. */
export function storedStatus(status: string): string {
  const key = statusKey(status);
  return key in STATUS_LABELS ? key : status.trim().slice(0, PLAN_LIMITS.status);
}

/** Whether a plan holds nothing. */
export function isEmptyPlan(p: PlanFields): boolean {
  return p.status === '' && p.notes === '' && p.color === '' && p.owner === '' && p.title === '';
}

export function samePlan(a: PlanFields | undefined, b: PlanFields | undefined): boolean {
  const x = a ?? EMPTY_PLAN;
  const y = b ?? EMPTY_PLAN;
  return (
    x.status === y.status && x.notes === y.notes && x.color === y.color && x.owner === y.owner && x.title === y.title
  );
}

/**
 * A plan with `patch` applied, each field cleaned as stored (trimmed where a
 * line, cut to its limit, a colour that is not `#rrggbb` dropped); undefined
 * when nothing is left.
 */
export function patchedPlan(base: PlanFields | undefined, patch: Partial<PlanFields>): PlanFields | undefined {
  const p = { ...(base ?? EMPTY_PLAN) };
  if (patch.status !== undefined) p.status = storedStatus(patch.status);
  if (patch.notes !== undefined) p.notes = patch.notes.slice(0, PLAN_LIMITS.notes);
  if (patch.owner !== undefined) p.owner = patch.owner.trim().slice(0, PLAN_LIMITS.owner);
  if (patch.title !== undefined) p.title = patch.title.trim().slice(0, PLAN_LIMITS.title);
  if (patch.color !== undefined) {
    const c = patch.color.trim().toLowerCase();
    p.color = COLOR.test(c) ? c : '';
  }
  return isEmptyPlan(p) ? undefined : p;
}

/** Whether a value read back from a save is a plan (every field a string). */
export function isPlanFields(v: unknown): v is PlanFields {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (['status', 'notes', 'color', 'owner', 'title'] as const).every((k) => typeof p[k] === 'string');
}
