/*
 * Reading Google's extension elements out of a row's `ExtElement` trees: the
 * shared vocabulary of the extension checks, the hreflang edits and the row
 * details the page shows. Namespaces are compared, never prefixes.
 */
import { KNOWN_EXTENSIONS } from './namespaces';
import type { ExtElement, ExtNode } from './types';
import { allText } from './ext-walk';

export const XHTML_NS = KNOWN_EXTENSIONS.xhtml;
export const IMAGE_NS = KNOWN_EXTENSIONS.image;
export const VIDEO_NS = KNOWN_EXTENSIONS.video;
export const NEWS_NS = KNOWN_EXTENSIONS.news;

export const isElement = (n: ExtNode): n is ExtElement => typeof n !== 'string';

/** Every character of text inside `el`, descendants included, trimmed (CDATA was already resolved). */
export function textOf(el: ExtElement): string {
  return allText(el).trim();
}

/** The first child element `name` in the parent's own namespace, or undefined. */
export function childOf(el: ExtElement, name: string): ExtElement | undefined {
  for (const c of el.children) if (typeof c !== 'string' && c.ns === el.ns && c.name === name) return c;
  return undefined;
}

/** The trimmed text of the first child `name`; '' when the child is absent or empty. */
export function childText(el: ExtElement, name: string): string {
  const c = childOf(el, name);
  return c ? textOf(c) : '';
}

/** An unprefixed attribute's value, or undefined when absent. */
export function attrOf(el: ExtElement, name: string): string | undefined {
  for (const a of el.attrs) if (a.ns === '' && a.name === name) return a.value;
  return undefined;
}

/** One `<xhtml:link rel="alternate" hreflang="…" href="…"/>` of a row. */
export interface HreflangLink {
  /** Index of the element in the row's ext array: how edits name it. */
  at: number;
  /** As written (not trimmed): the check judges what the file says. */
  hreflang: string;
  /** '' when the attribute is absent. */
  href: string;
  /** Whether an href attribute is there at all. */
  hasHref: boolean;
}

/**
 * True for an hreflang alternate: an `xhtml:link` whose rel is `alternate`
 * and that has an hreflang attribute. An alternate without hreflang (an
 * `android-app://` deep link) or another rel (`amphtml`) is not one.
 */
export function isHreflangLink(el: ExtElement): boolean {
  if (el.ns !== XHTML_NS || el.name !== 'link') return false;
  const rel = attrOf(el, 'rel');
  if (rel === undefined || attrOf(el, 'hreflang') === undefined) return false;
  // The usual spelling first: no string is made for it.
  return rel === 'alternate' || rel.trim().toLowerCase() === 'alternate';
}

/** The hreflang alternates of a row, in source order. */
export function hreflangLinks(ext: readonly ExtElement[] | undefined): HreflangLink[] {
  const out: HreflangLink[] = [];
  if (!ext) return out;
  for (let at = 0; at < ext.length; at++) {
    const el = ext[at] as ExtElement;
    if (!isHreflangLink(el)) continue;
    const href = attrOf(el, 'href');
    out.push({ at, hreflang: attrOf(el, 'hreflang') ?? '', href: href ?? '', hasHref: href !== undefined });
  }
  return out;
}

/** How many `<news:news>` elements a row has. */
export function newsCount(ext: readonly ExtElement[] | undefined): number {
  if (!ext) return 0;
  let n = 0;
  for (const el of ext) if (el.ns === NEWS_NS && el.name === 'news') n++;
  return n;
}
