/*
 * Walks over extension trees without recursion. A file read keeps trees up
 * to MAX_EXT_DEPTH levels (read/read-limits.ts), saved sessions and edits
 * may hold others: no walk over them may depend on the call stack's depth.
 */
import type { ExtElement, ExtNode } from './types';

interface FoldFrame<T> {
  el: ExtElement;
  at: number;
  kids: T[];
}

/**
 * Folds a tree bottom-up: `text` gives each text child's value, `element`
 * each element's from its children's values, in order.
 */
export function foldExt<T>(root: ExtElement, text: (s: string) => T, element: (el: ExtElement, kids: T[]) => T): T {
  const stack: FoldFrame<T>[] = [{ el: root, at: 0, kids: [] }];
  for (;;) {
    const top = stack[stack.length - 1] as FoldFrame<T>;
    const children = top.el.children;
    if (top.at < children.length) {
      const c = children[top.at++] as ExtNode;
      if (typeof c === 'string') top.kids.push(text(c));
      else stack.push({ el: c, at: 0, kids: [] });
      continue;
    }
    stack.pop();
    const value = element(top.el, top.kids);
    const parent = stack[stack.length - 1];
    if (parent === undefined) return value;
    parent.kids.push(value);
  }
}

/**
 * The strings joined with `+`: V8 then links them (a cons string) instead of
 * copying, where `join('')` at each level of a deep tree would copy the
 * whole subtree again, level after level (quadratic in the depth).
 */
export function concat(parts: readonly string[]): string {
  let s = '';
  for (const p of parts) s += p;
  return s;
}

/** Calls `visit` on each element of the tree in document order, with its depth (the root's is 0). */
export function eachElement(root: ExtElement, visit: (el: ExtElement, depth: number) => void): void {
  const stack: { el: ExtElement; depth: number }[] = [{ el: root, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    visit(top.el, top.depth);
    const children = top.el.children;
    for (let k = children.length - 1; k >= 0; k--) {
      const c = children[k] as ExtNode;
      if (typeof c !== 'string') stack.push({ el: c, depth: top.depth + 1 });
    }
  }
}

/** Every character of text inside `root`, descendants included, in document order. */
export function allText(root: ExtElement): string {
  let s = '';
  const stack: ExtNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node === 'string') s += node;
    else for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as ExtNode);
  }
  return s;
}

/** Whether two nodes are the same: namespace, name, attributes and children in order (prefixes aside). */
export function sameExtNode(a: ExtNode, b: ExtNode): boolean {
  const pairs: [ExtNode, ExtNode][] = [[a, b]];
  for (let pair = pairs.pop(); pair !== undefined; pair = pairs.pop()) {
    const [x, y] = pair;
    if (typeof x === 'string' || typeof y === 'string') {
      if (x !== y) return false;
      continue;
    }
    if (
      x.ns !== y.ns ||
      x.name !== y.name ||
      x.attrs.length !== y.attrs.length ||
      x.children.length !== y.children.length
    )
      return false;
    for (let k = 0; k < x.attrs.length; k++) {
      const p = x.attrs[k];
      const q = y.attrs[k];
      if (!p || !q || p.ns !== q.ns || p.name !== q.name || p.value !== q.value) return false;
    }
    for (let k = x.children.length - 1; k >= 0; k--) pairs.push([x.children[k] as ExtNode, y.children[k] as ExtNode]);
  }
  return true;
}
