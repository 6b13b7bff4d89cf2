import type { ExtAttr, ExtElement } from '../rows/types';
import type { NsScope } from './ns-scope';
import { isExtUrlAttr, isExtUrlElement } from './value-trim';
import { attributeDefect, KeptAttrs } from './xml-name-check';
import type { XmlAttr } from './xml-scanner';

/** A value as read, without the white space around it; `what` names it for the file's warning. */
export type Unpad = (what: string, value: string) => string;

/**
 * An extension (or unknown) element as kept: namespace-resolved, with its
 * attributes that can be written back (a bad or repeated one is left out and
 * said through `onDefect`) and an `xhtml:link` href unpadded.
 */
export function buildExt(
  qname: string,
  local: string,
  ns: string,
  attrs: readonly XmlAttr[],
  scope: NsScope,
  onDefect: (message: string) => void,
  unpad: Unpad,
): ExtElement {
  const colon = qname.indexOf(':');
  const kept = new KeptAttrs();
  const extAttrs = kept.list;
  const el: ExtElement = {
    ns,
    prefix: colon < 0 ? '' : qname.slice(0, colon),
    name: local,
    attrs: extAttrs,
    children: [],
  };
  for (const a of attrs) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    const c = a.name.indexOf(':');
    const prefix = c < 0 ? '' : a.name.slice(0, c);
    const attr: ExtAttr = {
      ns: prefix ? scope.resolve(prefix, -1) : '',
      prefix,
      name: c < 0 ? a.name : a.name.slice(c + 1),
      value: a.value,
    };
    const why = attributeDefect(qname, a, attr, kept);
    if (why) {
      onDefect(why);
      continue;
    }
    if (isExtUrlAttr(el, attr.ns, attr.name)) attr.value = unpad(`the ${attr.name} of <${qname}>`, attr.value);
    kept.add(attr);
  }
  return el;
}

/** Adds text to an element, joined to the text before it (comments and CDATA split none). */
export function appendText(el: ExtElement, value: string): void {
  const last = el.children.length - 1;
  if (last >= 0 && typeof el.children[last] === 'string') el.children[last] += value;
  else el.children.push(value);
}

/**
 * What an element's end does to it: indentation between child elements is
 * layout, not content, while in mixed content (text beside elements) every
 * character is content, as the writer keeps it (white space is XML's: NBSP
 * is text); a URL element's text is unpadded.
 */
export function finishExt(el: ExtElement, unpad: Unpad): void {
  const kids = el.children;
  if (kids.some((c) => typeof c !== 'string') && !kids.some((c) => typeof c === 'string' && /[^ \t\n\r]/.test(c))) {
    el.children = kids.filter((c) => typeof c !== 'string');
  }
  if (!isExtUrlElement(el)) return;
  const only = el.children.length === 1 ? el.children[0] : undefined;
  if (typeof only !== 'string') return;
  const v = unpad(`<${el.prefix ? el.prefix + ':' : ''}${el.name}>`, only);
  el.children = v === '' ? [] : [v];
}
