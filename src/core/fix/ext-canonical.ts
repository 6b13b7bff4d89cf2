/*
 * What merging duplicate rows needs to know about extension elements: when
 * two are the same (canonical content), what kind each is (for the counts
 * the user is shown), roughly how many bytes it writes, and the order the
 * merged list is written in.
 */
import { isHreflangLink } from '../rows/ext-read';
import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import { concat, foldExt } from '../rows/ext-walk';
import type { ExtElement } from '../rows/types';
import { utf8Length } from '../text/utf8';

/** The kinds of extension element a merge report counts. */
export type ExtKind = 'image' | 'video' | 'news' | 'alternate' | 'other';

export type ExtCounts = Record<ExtKind, number>;

export function noExtCounts(): ExtCounts {
  return { image: 0, video: 0, news: 0, alternate: 0, other: 0 };
}

/** The kind of one top-level extension element of a `<url>`. */
export function extKind(el: ExtElement): ExtKind {
  if (el.ns === KNOWN_EXTENSIONS.image && el.name === 'image') return 'image';
  if (el.ns === KNOWN_EXTENSIONS.video && el.name === 'video') return 'video';
  if (el.ns === KNOWN_EXTENSIONS.news && el.name === 'news') return 'news';
  if (isHreflangLink(el)) return 'alternate';
  return 'other';
}

/**
 * A string equal for two elements exactly when they mean the same: by
 * namespace (never the prefix, a writing hint), name, attributes in any
 * order, and children, with text trimmed and white-space-only text (the
 * source's indentation) left out. CDATA and entities were resolved on read,
 * so `<![CDATA[a&b]]>` and `a&amp;b` are the same.
 */
export function canonicalKey(el: ExtElement): string {
  return foldExt(
    el,
    (t) => (t.trim() === '' ? '' : JSON.stringify(t.trim())),
    (node, kids) => {
      const attrs = node.attrs
        .map((a) => `${JSON.stringify(a.ns)}${JSON.stringify(a.name)}=${JSON.stringify(a.value)}`)
        .sort();
      return `<${JSON.stringify(node.ns)}${JSON.stringify(node.name)} ${attrs.join(' ')}>` + concat(kids) + '</>';
    },
  );
}

/**
 * About the bytes an element takes when written (its canonical form is as
 * long as the XML give or take the escapes and indentation): enough to tell
 * a merged row that would no longer fit in a sitemap file.
 */
export function approxBytes(el: ExtElement): number {
  return utf8Length(canonicalKey(el)) + 16;
}

const KIND_RANK: Record<ExtKind, number> = { alternate: 0, image: 1, video: 2, news: 3, other: 4 };

/**
 * The merged elements of a row in the order they are written: hreflang
 * alternates, images, videos, news, then every other element (the order
 * Google's examples use; sitemap.xsd takes any order after the core
 * fields). Stable: elements of one kind keep their order, the kept row's
 * first.
 */
export function inSchemaOrder(elements: readonly ExtElement[]): ExtElement[] {
  return elements
    .map((el, at) => ({ el, at, rank: KIND_RANK[extKind(el)] }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map((x) => x.el);
}
