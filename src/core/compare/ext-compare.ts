import { knownPrefix } from '../rows/namespaces';
import type { ExtElement, ExtNode } from '../rows/types';
import { escapeAttr, escapeText } from '../write/escape';

type Ext = readonly ExtElement[] | undefined;

/**
 * Whether two rows' extension elements mean the same. The prefix is only a
 * writing hint, so `<image:image>` and `<img:image>` in the image namespace
 * are equal; so are the same elements in another order, attributes in
 * another order, and text that differs only by surrounding white space (a
 * re-indented file is not a change). Anything else (a value, an element
 * more or less) is a change.
 */
export function extEqual(a: Ext, b: Ext): boolean {
  const x = a ?? NONE;
  const y = b ?? NONE;
  if (x === y) return true;
  if (x.length !== y.length) return false;
  // The common case, elements written the same way, costs no strings.
  let same = true;
  for (let k = 0; k < x.length && same; k++) same = sameNode(x[k] as ExtElement, y[k] as ExtElement);
  if (same) return true;
  const kx = x.map(keyOf).sort();
  const ky = y.map(keyOf).sort();
  return kx.every((key, k) => key === ky[k]);
}

const NONE: readonly ExtElement[] = [];

function sameNode(a: ExtNode, b: ExtNode): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (
    a.ns !== b.ns ||
    a.name !== b.name ||
    a.attrs.length !== b.attrs.length ||
    a.children.length !== b.children.length
  )
    return false;
  for (let k = 0; k < a.attrs.length; k++) {
    const p = a.attrs[k];
    const q = b.attrs[k];
    if (!p || !q || p.ns !== q.ns || p.name !== q.name || p.value !== q.value) return false;
  }
  for (let k = 0; k < a.children.length; k++)
    if (!sameNode(a.children[k] as ExtNode, b.children[k] as ExtNode)) return false;
  return true;
}

/** A canonical key: namespace URIs instead of prefixes, attributes and children sorted, text trimmed. */
function keyOf(node: ExtNode): string {
  if (typeof node === 'string') return JSON.stringify(node.trim());
  const attrs = node.attrs.map((a) => `{${a.ns}}${a.name}=${JSON.stringify(a.value)}`).sort();
  const children = node.children
    .filter((c) => typeof c !== 'string' || c.trim() !== '')
    .map(keyOf)
    .sort();
  return `<{${node.ns}}${node.name} ${attrs.join(' ')}>${children.join('')}</>`;
}

/**
 * Extension elements as compact XML on one line, for a CSV cell or a
 * terminal: `<image:image><image:loc>https://…/a.jpg</image:loc></image:image>`.
 * Known namespaces get their usual prefix; text is escaped as XML would be, so
 * the cell is unambiguous. '' when there are none.
 */
export function formatExt(ext: Ext): string {
  if (!ext || ext.length === 0) return '';
  return ext.map(formatNode).join(' ');
}

function formatNode(node: ExtNode): string {
  if (typeof node === 'string') return escapeText(node.trim());
  const name = qualified(node.ns, node.prefix, node.name);
  const attrs = node.attrs.map((a) => ` ${qualified(a.ns, a.prefix, a.name)}="${escapeAttr(a.value)}"`).join('');
  const children = node.children.map(formatNode).join('');
  return children === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${children}</${name}>`;
}

function qualified(ns: string, prefix: string, name: string): string {
  const p = ns === '' ? '' : (knownPrefix(ns) ?? prefix);
  return p ? `${p}:${name}` : name;
}
