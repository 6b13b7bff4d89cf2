/*
 * Fixes that drop extension elements Google ignores (image-deprecated's
 * tags, news-too-old's <news:news>): what they drop, kept in words so the fix
 * lists every value it took away.
 */
import { textOf } from '../rows/ext-read';
import type { ExtElement } from '../rows/types';
import { quote } from './problem';

/** `<image:caption> "A red shirt"`: one dropped element in words. */
export function droppedWords(el: ExtElement): string {
  const tag = el.prefix ? `${el.prefix}:${el.name}` : el.name;
  const text = textOf(el);
  return text === '' ? `<${tag}>` : `<${tag}> ${quote(text, 80)}`;
}

/**
 * `ext` without the children of `parent` elements that `drop` picks: the
 * new list and the dropped children, or null when none is dropped.
 */
export function withoutChildren(
  ext: readonly ExtElement[],
  isParent: (el: ExtElement) => boolean,
  drop: (parent: ExtElement, child: ExtElement) => boolean,
): { ext: ExtElement[]; dropped: ExtElement[] } | null {
  const dropped: ExtElement[] = [];
  const out = ext.map((el) => {
    if (!isParent(el)) return el;
    const kept = el.children.filter((c) => {
      if (typeof c === 'string' || !drop(el, c)) return true;
      dropped.push(c);
      return false;
    });
    return kept.length === el.children.length ? el : { ...el, children: kept };
  });
  return dropped.length > 0 ? { ext: out, dropped } : null;
}
