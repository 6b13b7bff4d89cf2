/*
 * Editing a row's images, videos and news entries: each edit is planned as
 * one ExtChange (the row's extension elements before and after), which the
 * worker applies, records for undo and re-checks, as hreflang-edit.ts does
 * for alternates. Elements are rebuilt, never changed in place; children are
 * put where their schema wants them, so the export stays in schema order.
 */
import { EXTENSION_SEQUENCES } from '../rules/elements/extension-schemas';
import { childOf, IMAGE_NS, isElement, NEWS_NS, textOf, VIDEO_NS } from '../rows/ext-read';
import type { ExtChange } from '../rows/changes';
import { ruleFor } from '../rules/registry';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement, ExtNode } from '../rows/types';
import type { Severity } from '../rules/rule';
import type { RuleCode } from '../rules/registry';
import { positionOf } from './commands';
import { codesOfExtMask } from '../rules/bits';
import { describeExt, extOwnMask } from '../rules/modules';

export type ExtKind = 'image' | 'video' | 'news';

/** One value the details dialog edits: a child (or, for news, a grandchild "publication name"). */
export interface ExtFieldSpec {
  /** The child's path below the element: "loc", "publication name". */
  path: string;
  label: string;
  required: boolean;
  /** A long text: a textarea. */
  long?: boolean;
}

const f = (path: string, label: string, required = false, long = false): ExtFieldSpec => ({
  path,
  label,
  required,
  ...(long ? { long } : {}),
});

/**
 * The fields each kind offers, in schema order: the required ones and the
 * common optional ones (Google's documentation). Other children an element
 * has are kept as they are.
 */
export const EXT_FIELDS: Record<ExtKind, readonly ExtFieldSpec[]> = {
  image: [f('loc', 'Image URL (loc)', true), f('caption', 'Caption'), f('title', 'Title')],
  video: [
    f('thumbnail_loc', 'Thumbnail URL', true),
    f('title', 'Title', true),
    f('description', 'Description', true, true),
    f('content_loc', 'Content URL (the video file)'),
    f('player_loc', 'Player URL'),
    f('duration', 'Duration (seconds)'),
    f('expiration_date', 'Expiration date'),
    f('publication_date', 'Publication date'),
    f('family_friendly', 'Family friendly (yes/no)'),
    f('requires_subscription', 'Requires subscription (yes/no)'),
    f('live', 'Live (yes/no)'),
  ],
  news: [
    f('publication name', 'Publication name', true),
    f('publication language', 'Language (ISO 639)', true),
    f('publication_date', 'Publication date', true),
    f('title', 'Title', true),
  ],
};

const NS: Record<ExtKind, string> = { image: IMAGE_NS, video: VIDEO_NS, news: NEWS_NS };
const PREFIX: Record<ExtKind, string> = { image: 'image', video: 'video', news: 'news' };

/** What to do to one image, video or news entry; `at` is the element's index in the row's ext array. */
export type ExtEdit =
  | { kind: 'add'; ext: ExtKind; values: Record<string, string> }
  | { kind: 'change'; at: number; values: Record<string, string> }
  | { kind: 'remove'; at: number };

/** The kind of an element the dialog edits, or null. */
export function extKindOf(el: ExtElement): ExtKind | null {
  if (el.ns === IMAGE_NS && el.name === 'image') return 'image';
  if (el.ns === VIDEO_NS && el.name === 'video') return 'video';
  if (el.ns === NEWS_NS && el.name === 'news') return 'news';
  return null;
}

/** The element's current value of each field of its kind ('' when absent). */
export function extValues(el: ExtElement): Record<string, string> {
  const kind = extKindOf(el);
  const out: Record<string, string> = {};
  if (!kind) return out;
  for (const spec of EXT_FIELDS[kind]) {
    const child = childAt(el, spec.path.split(' '));
    out[spec.path] = child ? textOf(child) : '';
  }
  return out;
}

function childAt(el: ExtElement, path: readonly string[]): ExtElement | undefined {
  let cur: ExtElement | undefined = el;
  for (const name of path) cur = cur ? childOf(cur, name) : undefined;
  return cur;
}

/**
 * `el` with the child at `path` holding `value` (trimmed): changed in its
 * place, or added where its schema sequence puts it; an empty value removes
 * an optional child and empties a required one (the check then reports it).
 */
// recursion-ok: one level a name of `path`, a field of the edit form (two names at most)
function withChild(el: ExtElement, path: readonly string[], value: string, required: boolean): ExtElement {
  const [name, ...rest] = path as [string, ...string[]];
  const existing = childOf(el, name);
  if (rest.length > 0) {
    const inner = withChild(existing ?? element(el, name, []), rest, value, required);
    if (existing) return replaceChild(el, existing, inner);
    return value === '' ? el : insertChild(el, inner);
  }
  if (existing) {
    if (textOf(existing) === value) return el;
    if (value === '' && !required) return { ...el, children: el.children.filter((c) => c !== existing) };
    // Attributes (player_loc allow_embed) stay.
    return replaceChild(el, existing, { ...existing, children: value === '' ? [] : [value] });
  }
  return value === '' ? el : insertChild(el, element(el, name, [value]));
}

function element(parent: ExtElement, name: string, children: ExtNode[]): ExtElement {
  return { ns: parent.ns, prefix: parent.prefix, name, attrs: [], children };
}

function replaceChild(el: ExtElement, old: ExtElement, next: ExtElement): ExtElement {
  return next === old ? el : { ...el, children: el.children.map((c) => (c === old ? next : c)) };
}

/** Inserts a child before the first one that its schema sequence puts after it. */
function insertChild(el: ExtElement, child: ExtElement): ExtElement {
  const order = (EXTENSION_SEQUENCES.get(`${el.ns} ${el.name}`) ?? []).map((s) => s.name);
  const rank = order.indexOf(child.name);
  const at = el.children.findIndex((c) => isElement(c) && c.ns === el.ns && order.indexOf(c.name) > rank);
  const children = [...el.children];
  children.splice(at < 0 ? children.length : at, 0, child);
  return { ...el, children };
}

/** `el` with each field of `values` set (fields not named stay as they are). */
export function applyExtValues(el: ExtElement, values: Readonly<Record<string, string>>): ExtElement {
  const kind = extKindOf(el);
  if (!kind) return el;
  let next = el;
  for (const spec of EXT_FIELDS[kind]) {
    const v = values[spec.path];
    if (v !== undefined) next = withChild(next, spec.path.split(' '), v.trim(), spec.required);
  }
  return next;
}

/** A new, empty element of a kind. */
export function newExtElement(kind: ExtKind): ExtElement {
  return { ns: NS[kind], prefix: PREFIX[kind], name: kind, attrs: [], children: [] };
}

/**
 * The change an edit makes to row `id`, or null when it changes nothing.
 * Values are trimmed, not judged: the check reports a wrong one at once.
 * Throws a plain-language Error when the row or the entry is not there (the
 * page showed a row that changed meanwhile).
 */
export function planExtEdit(set: SitemapSet, id: number, edit: ExtEdit): ExtChange | null {
  const pos = positionOf(set, id);
  const before = set.rows.ext[pos];
  const ext = before ?? [];
  if (edit.kind === 'add') {
    const el = applyExtValues(newExtElement(edit.ext), edit.values);
    // After the row's last entry of the same kind, so they stay together in the file.
    let last = -1;
    ext.forEach((e, k) => {
      if (extKindOf(e) === edit.ext) last = k;
    });
    const at = last < 0 ? ext.length : last + 1;
    return { row: id, before, after: [...ext.slice(0, at), el, ...ext.slice(at)] };
  }
  const el = ext[edit.at];
  if (!el || !extKindOf(el)) throw new Error("That entry is not on this row any more; reopen the row's details.");
  if (edit.kind === 'remove') {
    const after = ext.filter((_, k) => k !== edit.at);
    return { row: id, before, after: after.length > 0 ? after : undefined };
  }
  const next = applyExtValues(el, edit.values);
  if (next === el) return null;
  return { row: id, before, after: ext.map((e, k) => (k === edit.at ? next : e)) };
}

const KIND_WORDS: Record<ExtKind, string> = { image: 'image', video: 'video', news: 'news entry' };

/** "Edit video", "Add image", "Remove news entry": for the undo history. */
export function describeExtEdit(edit: ExtEdit, change: ExtChange): string {
  if (edit.kind === 'add') return `Add ${KIND_WORDS[edit.ext]}`;
  const el = change.before?.[edit.at];
  const kind = el ? extKindOf(el) : null;
  const what = kind ? KIND_WORDS[kind] : 'extension entry';
  return edit.kind === 'remove' ? `Remove ${what}` : `Edit ${what}`;
}

/**
 * What the extension rules say of one element as edited, before it is
 * saved: for the form's "checked as you type". `loc` is the row's URL (a
 * video's location must not be the page itself).
 */
export function checkExtDraft(loc: string, el: ExtElement): { code: RuleCode; severity: Severity; message: string }[] {
  return codesOfExtMask(extOwnMask(loc, [el])).map((code) => ({
    code,
    severity: ruleFor(code).severity,
    message: describeExt(code, loc, [el]),
  }));
}
