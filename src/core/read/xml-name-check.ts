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
export function attributeDefect(element: string, raw: XmlAttr, attr: ExtAttr, kept: readonly ExtAttr[]): string {
  const why = whyNotQName(raw.name);
  const shown = `${showName(raw.name)}="${showName(clip(raw.value))}"`;
  if (why) return `the attribute ${shown} of <${showName(element)}> does not have an XML name (${why}): it is left out`;
  const same = kept.find((k) => k.ns === attr.ns && k.name === attr.name);
  if (!same) return '';
  const first = same.prefix ? `${same.prefix}:${same.name}` : same.name;
  const keptText = `the first, "${showName(clip(same.value))}", is kept; ${shown} is left out`;
  if (first === raw.name) return `<${showName(element)}> has the attribute ${showName(first)} twice: ${keptText}`;
  const where = attr.ns ? `in the namespace "${showName(attr.ns)}"` : 'in no namespace';
  return `<${showName(element)}> has two attributes of one name: ${showName(first)} and ${showName(raw.name)} are both ${showName(attr.name)} ${where}: ${keptText}`;
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
