import type { ExtAttr } from '../rows/types';
import { showName, whyNotQName } from '../text/xml-name';
import type { XmlAttr } from './xml-scanner';

/**
 * The defect of an element name the reader would keep (an extension or an
 * unknown element), or '' when it is a QName. The element is then left out
 * with its content: there is no well-formed way to write it back.
 */
export function elementNameDefect(qname: string): string {
  const why = whyNotQName(qname);
  return why
    ? `<${showName(qname)}> is not an XML element name (${why}): the element and what it holds are left out`
    : '';
}

/**
 * The defect of an attribute of a kept element, or '' when it can be kept:
 * its name must be a QName, and no two attributes may have the same name,
 * or the same namespace and local name (`a:x` and `b:x` bound to one URI).
 * The attribute is then left out; the first of two stays.
 */
export function attributeDefect(element: string, raw: XmlAttr, attr: ExtAttr, kept: KeptAttrs): string {
  const why = whyNotQName(raw.name);
  const shown = `${showName(raw.name)}="${showName(clip(raw.value))}"`;
  if (why) return `the attribute ${shown} of <${showName(element)}> does not have an XML name (${why}): it is left out`;
  const same = kept.find(attr.ns, attr.name);
  if (!same) return '';
  const first = same.prefix ? `${same.prefix}:${same.name}` : same.name;
  const keptText = `the first, "${showName(clip(same.value))}", is kept; ${shown} is left out`;
  if (first === raw.name) return `<${showName(element)}> has the attribute ${showName(first)} twice: ${keptText}`;
  const where = attr.ns ? `in the namespace "${showName(attr.ns)}"` : 'in no namespace';
  return `<${showName(element)}> has two attributes of one name: ${showName(first)} and ${showName(raw.name)} are both ${showName(attr.name)} ${where}: ${keptText}`;
}

/** Past this many attributes, the kept ones are found through a map: 50,000 on one element took 10 s scanned. */
const SCAN_LIMIT = 16;

/**
 * The attributes kept so far on one element, by namespace and local name:
 * scanned while there are a few (every sitemap element), hashed past that,
 * so an element with tens of thousands stays linear.
 */
export class KeptAttrs {
  readonly list: ExtAttr[] = [];
  private byName: Map<string, ExtAttr> | null = null;

  find(ns: string, name: string): ExtAttr | undefined {
    if (this.byName) return this.byName.get(attrKey(ns, name));
    for (const k of this.list) if (k.ns === ns && k.name === name) return k;
    return undefined;
  }

  add(attr: ExtAttr): void {
    this.list.push(attr);
    if (this.byName) this.byName.set(attrKey(attr.ns, attr.name), attr);
    else if (this.list.length > SCAN_LIMIT) {
      this.byName = new Map();
      for (const k of this.list) if (!this.byName.has(attrKey(k.ns, k.name))) this.byName.set(attrKey(k.ns, k.name), k);
    }
  }
}

/** One key per (namespace, local name): the namespace's length keeps `a` + `bc` apart from `ab` + `c`. */
function attrKey(ns: string, name: string): string {
  return `${ns.length}:${ns}${name}`;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * XML cannot hold U+0000 at all, not even as a reference: where the first one
 * is, said once per file before anything it may break (a name, a value).
 */
export function nulDefect(src: string): { at: number; message: string } | undefined {
  const at = src.indexOf('\u0000');
  if (at < 0) return undefined;
  let n = 0;
  for (let i = at; i !== -1; i = src.indexOf('\u0000', i + 1)) n++;
  const many = n > 1 ? ` (${n} in this file; this is the first)` : '';
  return {
    at,
    message: `a NUL character (U+0000), which XML cannot hold${many}: it is never written (dropped from values, percent-encoded in URLs)`,
  };
}
