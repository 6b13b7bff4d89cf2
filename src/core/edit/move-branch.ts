/*
 * Restructuring by branch, as the diagram does it: a branch moved under
 * another, or its segment renamed, is a rewrite of the start of every loc
 * in it, planned by the bulk engine's find & replace (planReplace) so that
 * it is checked, previewed and undone as any bulk change is.
 */
import { branchAncestors, locInBranch, NOT_ABSOLUTE_KEY } from '../text/url-branches';
import type { UrlRows } from '../rows/rows';
import { planReplace, type ReplacePlan } from './bulk';

/** A branch moved under another branch (a host or a path), or its last segment renamed. */
export type BranchEdit =
  { kind: 'move'; from: string; toParent: string } | { kind: 'rename'; from: string; segment: string };

export type BranchTarget = { ok: true; to: string } | { ok: false; message: string };

/** scheme://authority, as the structure tree's keys start. */
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** Whether a key is a host's branch ('https://a.example' or below): pages can be planned under it, branches moved there. */
export function isHostOrPath(key: string): boolean {
  return ORIGIN.test(key);
}

/** Whether a key is a path branch (below a host): only those can move or be renamed. */
export function isPathBranch(key: string): boolean {
  const m = ORIGIN.exec(key);
  return m !== null && key.length > m[0].length + 1 && key[m[0].length] === '/';
}

/** Why a segment cannot be one, or null: a segment holds no '/', '?', '#' or white space, and is not '.' or '..'. */
export function checkSegment(segment: string): string | null {
  if (segment === '') return 'Type a name for the segment.';
  if (/[/?#]/.test(segment)) return `"${segment}" is not one segment: it may not hold "/", "?" or "#".`;
  if (/\s/.test(segment)) return `"${segment}" holds white space: a URL may not (write %20 if it must).`;
  if (segment === '.' || segment === '..') return `"${segment}" is not a segment a URL keeps.`;
  return null;
}

/** The last segment of a path branch ('https://a.example/blog/2024' → '2024'). */
export function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** The branch a key hangs under: its host or the path above it. */
export function parentOf(key: string): string {
  const above = branchAncestors(key);
  return above[above.length - 1] ?? '';
}

/**
 * The new key of the branch an edit rewrites ('https://a.example/blog'
 * moved under 'https://a.example/news' → 'https://a.example/news/blog'), or
 * why it cannot be done: a host or the not-absolute bucket does not move, a
 * branch does not go under itself, and an edit that changes nothing is none.
 */
export function branchTarget(edit: BranchEdit): BranchTarget {
  if (!isPathBranch(edit.from))
    return { ok: false, message: 'Only a path segment can be moved or renamed, not a host.' };
  if (edit.kind === 'rename') {
    const why = checkSegment(edit.segment);
    if (why) return { ok: false, message: why };
    if (edit.segment === lastSegment(edit.from))
      return { ok: false, message: `The segment is already "${edit.segment}".` };
    return { ok: true, to: `${parentOf(edit.from)}/${edit.segment}` };
  }
  const to = edit.toParent;
  if (to === '' || to === NOT_ABSOLUTE_KEY || !ORIGIN.test(to))
    return { ok: false, message: 'A branch can move under a host or a path segment only.' };
  if (to === edit.from || locInBranch(to, edit.from))
    return { ok: false, message: 'A branch cannot move under itself.' };
  if (to === parentOf(edit.from)) return { ok: false, message: 'The branch is already there.' };
  return { ok: true, to: `${to}/${lastSegment(edit.from)}` };
}

/** A branch rewrite planned: the new key, the loc changes, and what to warn of. */
export interface BranchPlan extends ReplacePlan {
  from: string;
  to: string;
  /** Ids of changed rows whose new loc is the loc of a row outside the branch: they would become duplicates. */
  collisions: number[];
}

/**
 * The loc changes of a branch edit: every loc in the branch ('/blog',
 * '/blog/x', '/blog?p=2', not '/blogger') gets the new key in place of the
 * old one; the rest of the loc is kept as written.
 */
export function planBranchEdit(rows: UrlRows, edit: BranchEdit): BranchPlan | { error: string } {
  const target = branchTarget(edit);
  if (!target.ok) return { error: target.message };
  const { from } = edit;
  const { to } = target;
  const positions: number[] = [];
  const outside = new Set<string>();
  for (let p = 0; p < rows.length; p++) {
    const loc = rows.loc.get(p);
    if (locInBranch(loc, from)) positions.push(p);
    else if (locInBranch(loc, to)) outside.add(loc);
  }
  const plan = planReplace(rows, positions, (loc) => to + loc.slice(from.length));
  const collisions = plan.changes.filter((c) => outside.has(c.after)).map((c) => c.row);
  return { ...plan, from, to, collisions };
}

/**
 * The loc of a planned page under a branch: the branch's key and the new
 * segment, or why it cannot be one. A host gets the page at its root path.
 */
export function plannedPageLoc(
  parent: string,
  segment: string,
): { ok: true; loc: string } | { ok: false; message: string } {
  if (parent === '' || parent === NOT_ABSOLUTE_KEY || !ORIGIN.test(parent))
    return { ok: false, message: 'A page can be planned under a host or a path segment only.' };
  const why = checkSegment(segment);
  if (why) return { ok: false, message: why };
  return { ok: true, loc: `${parent}/${segment}` };
}
