/*
 * Editing a row's hreflang alternates: each edit is planned as one ExtChange
 * (the row's extension elements before and after), which the worker applies,
 * records for undo and re-checks. Elements are never changed in place, so the
 * `before` of a change stays exactly what the row had.
 */
import { attrOf, isHreflangLink, XHTML_NS } from '../rows/ext-read';
import type { ExtChange } from '../rows/changes';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtAttr, ExtElement } from '../rows/types';
import { positionOf } from './commands';

/** What to do to a row's alternates; `at` is the element's index in the row's ext array (see HreflangLink). */
export type AlternateEdit =
  | { kind: 'add'; hreflang: string; href: string }
  | { kind: 'change'; at: number; hreflang: string; href: string }
  | { kind: 'remove'; at: number };

/** A new `<xhtml:link rel="alternate" hreflang="…" href="…"/>`. */
export function alternateLink(hreflang: string, href: string): ExtElement {
  const attr = (name: string, value: string): ExtAttr => ({ ns: '', prefix: '', name, value });
  return {
    ns: XHTML_NS,
    prefix: 'xhtml',
    name: 'link',
    attrs: [attr('rel', 'alternate'), attr('hreflang', hreflang), attr('href', href)],
    children: [],
  };
}

/** A copy of an alternate with these values (its other attributes kept); the element itself is never changed. */
export function withValues(el: ExtElement, hreflang: string, href: string): ExtElement {
  const attrs = el.attrs.map((a) => {
    if (a.ns !== '' || (a.name !== 'hreflang' && a.name !== 'href')) return a;
    return { ...a, value: a.name === 'hreflang' ? hreflang : href };
  });
  // An alternate read without an href gets one.
  if (attrOf(el, 'href') === undefined) attrs.push({ ns: '', prefix: '', name: 'href', value: href });
  return { ...el, attrs };
}

/**
 * The row's elements with `added` alternates after its last `xhtml:link`
 * (so the links stay together in the file), every other element kept where
 * it was; a new array, `ext` is left as it was.
 */
export function withAlternatesAdded(ext: readonly ExtElement[], added: readonly ExtElement[]): ExtElement[] {
  let last = -1;
  for (let k = 0; k < ext.length; k++) {
    const el = ext[k] as ExtElement;
    if (el.ns === XHTML_NS && el.name === 'link') last = k;
  }
  const at = last < 0 ? ext.length : last + 1;
  return [...ext.slice(0, at), ...added, ...ext.slice(at)];
}

/**
 * The change an alternate edit makes to row `id`, or null when it changes
 * nothing. Values are trimmed (white space around a URL or a code is never
 * meant); they are not judged here: the check reports a wrong one at once.
 * Throws a plain-language Error when the row or the alternate is not there
 * (the page showed a row that changed meanwhile) or a value is empty.
 */
export function planAlternateEdit(set: SitemapSet, id: number, edit: AlternateEdit): ExtChange | null {
  const pos = positionOf(set, id);
  const before = set.rows.ext[pos];
  const ext = before ?? [];
  if (edit.kind !== 'add') {
    const el = ext[edit.at];
    if (!el || !isHreflangLink(el))
      throw new Error("That alternate is not on this row any more; reopen the row's details.");
  }
  let after: ExtElement[];
  if (edit.kind === 'remove') {
    after = ext.filter((_, k) => k !== edit.at);
  } else {
    const hreflang = edit.hreflang.trim();
    const href = edit.href.trim();
    if (hreflang === '')
      throw new Error('An alternate needs a language code (hreflang), such as en, de-AT or x-default.');
    if (href === '') throw new Error('An alternate needs the URL of the page in that language (href).');
    if (edit.kind === 'add') {
      after = withAlternatesAdded(ext, [alternateLink(hreflang, href)]);
    } else {
      const el = ext[edit.at] as ExtElement;
      if (attrOf(el, 'hreflang') === hreflang && attrOf(el, 'href') === href) return null;
      after = ext.map((e, k) => (k === edit.at ? withValues(e, hreflang, href) : e));
    }
  }
  return { row: id, before, after: after.length > 0 ? after : undefined };
}

/** "Add hreflang alternate de", for the undo history. */
export function describeAlternateEdit(edit: AlternateEdit, change: ExtChange): string {
  if (edit.kind === 'add') return `Add hreflang alternate ${edit.hreflang.trim()}`;
  const el = change.before?.[edit.at];
  const lang = el ? (attrOf(el, 'hreflang') ?? '') : '';
  return edit.kind === 'remove' ? `Remove hreflang alternate ${lang}` : `Change hreflang alternate ${lang}`;
}
