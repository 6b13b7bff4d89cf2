import { knownPrefix } from '../rows/namespaces';
import { concat, foldExt, sameExtNode } from '../rows/ext-walk';
import type { ExtElement } from '../rows/types';
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
  for (let k = 0; k < x.length && same; k++) same = sameExtNode(x[k] as ExtElement, y[k] as ExtElement);
  if (same) return true;
  const kx = x.map(keyOf).sort();
  const ky = y.map(keyOf).sort();
  return kx.every((key, k) => key === ky[k]);
}

const NONE: readonly ExtElement[] = [];

/** A canonical key: namespace URIs instead of prefixes, attributes and children sorted, text trimmed. */
function keyOf(el: ExtElement): string {
  return foldExt<string | null>(
    el,
    (t) => (t.trim() === '' ? null : JSON.stringify(t.trim())),
    (node, kids) => {
      const attrs = node.attrs.map((a) => `{${a.ns}}${a.name}=${JSON.stringify(a.value)}`).sort();
      const children = kids.filter((k): k is string => k !== null).sort();
      return `<{${node.ns}}${node.name} ${attrs.join(' ')}>` + concat(children) + '</>';
    },
  ) as string;
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

function formatNode(el: ExtElement): string {
  return foldExt(
    el,
    (t) => escapeText(t.trim()),
    (node, kids) => {
      const name = qualified(node.ns, node.prefix, node.name);
      const attrs = node.attrs.map((a) => ` ${qualified(a.ns, a.prefix, a.name)}="${escapeAttr(a.value)}"`).join('');
      const children = concat(kids);
      return children === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${children}</${name}>`;
    },
  );
}

function qualified(ns: string, prefix: string, name: string): string {
  const p = ns === '' ? '' : (knownPrefix(ns) ?? prefix);
  return p ? `${p}:${name}` : name;
}
