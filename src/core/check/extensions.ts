import type { ExtElement, ExtNode } from '../types';
import { EXTENSION_SEQUENCES, type ChildSpec } from './extension-schemas';

/** What is wrong with a known extension element, as far as its schema says. */
export interface ExtensionDefect {
  /** e.g. "<image:image>: <image:title> comes before <image:caption>". */
  message: string;
  /** True when putting the children in schema order would fix it. */
  orderOnly: boolean;
}

const isElement = (n: ExtNode): n is ExtElement => typeof n !== 'string';

function label(el: ExtElement, name = el.name): string {
  return el.prefix ? `<${el.prefix}:${name}>` : `<${name}>`;
}

/**
 * The first schema defect among a row's extension elements (children out of
 * order, a required child missing, one too many, or an unknown child), or
 * undefined. Unknown extensions are not judged here: they are `unknown-tag`.
 */
export function findExtensionDefect(ext: readonly ExtElement[]): ExtensionDefect | undefined {
  for (const el of ext) {
    const d = defectOf(el);
    if (d) return d;
  }
  return undefined;
}

function defectOf(el: ExtElement): ExtensionDefect | undefined {
  const seq = EXTENSION_SEQUENCES.get(`${el.ns} ${el.name}`);
  if (!seq) return undefined;
  const children = el.children.filter(isElement);
  let orderDefect: string | undefined;
  let last = -1;
  const counts = new Array<number>(seq.length).fill(0);
  for (const child of children) {
    const at = child.ns === el.ns ? seq.findIndex((s) => s.name === child.name) : -1;
    if (at < 0) return { message: `${label(el)} has a child ${label(child)} that its schema does not allow`, orderOnly: false };
    counts[at] = (counts[at] ?? 0) + 1;
    if (at < last && !orderDefect) {
      const previous = seq[last] as ChildSpec;
      orderDefect = `${label(el)}: ${label(child)} comes after ${label(el, previous.name)}; the schema wants it before`;
    }
    last = Math.max(last, at);
  }
  for (let i = 0; i < seq.length; i++) {
    const spec = seq[i] as ChildSpec;
    const n = counts[i] ?? 0;
    if (n < spec.min) return { message: `${label(el)} lacks the required ${label(el, spec.name)}`, orderOnly: false };
    if (n > spec.max) return { message: `${label(el)} has ${n} ${label(el, spec.name)} elements; at most ${spec.max} are allowed`, orderOnly: false };
  }
  for (const child of children) {
    const d = defectOf(child);
    if (d) return orderDefect ? { message: orderDefect, orderOnly: false } : d;
  }
  return orderDefect ? { message: orderDefect, orderOnly: true } : undefined;
}

/**
 * The same extension elements with every known element's children in schema
 * order (a stable sort, so repeated children keep their order). Only safe when
 * {@link findExtensionDefect} says the defect is order only.
 */
export function reorderExtensions(ext: readonly ExtElement[]): ExtElement[] {
  return ext.map(reorder);
}

function reorder(el: ExtElement): ExtElement {
  const seq = EXTENSION_SEQUENCES.get(`${el.ns} ${el.name}`);
  const children = el.children.map((c) => (isElement(c) ? reorder(c) : c));
  if (!seq) return { ...el, children };
  const rank = (c: ExtNode) => (isElement(c) ? seq.findIndex((s) => s.name === c.name) : -1);
  const elements = children.filter(isElement).sort((a, b) => rank(a) - rank(b));
  return { ...el, children: elements };
}
