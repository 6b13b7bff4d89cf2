import { feedKindOf } from '../read/read-feed';
import { type FeedKind } from '../read/read-target';
import { XmlScanner, type XmlAttr, type XmlEvents } from '../read/xml-scanner';

/** The root element of an XML file, as the streaming reader repeats it before each later chunk. */
export interface RootTag {
  qname: string;
  attrs: XmlAttr[];
  /** The start tag rebuilt on one line (values re-escaped): `<urlset xmlns="…">`. */
  startTag: string;
  /** `</urlset>`. */
  endTag: string;
  /** The end tag of an entry of this root (`</url>`, `</sm:sitemap>`), or null for a root that is not a sitemap's. */
  entryEndTag: string | null;
}

/**
 * Finds the root element's start tag in the head of an XML file (after the
 * declaration, comments and any DOCTYPE), or null when the head holds none.
 */
export function findRootTag(head: string): RootTag | null {
  let found: { name: string; attrs: XmlAttr[] } | null = null;
  const events: XmlEvents = {
    open: (name, attrs) => {
      found = { name, attrs };
      scanner.stopped = true;
    },
    close: () => {},
    text: () => {},
    cdata: () => {},
    doctype: () => {},
    pi: () => {},
    defect: () => {},
    expectedClose: () => undefined,
    leaf: () => false,
  };
  const scanner = new XmlScanner(head, events);
  scanner.run(0);
  if (found === null) return null;
  const { name, attrs } = found as { name: string; attrs: XmlAttr[] };
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon + 1);
  const local = name.slice(colon + 1);
  const entry = local === 'urlset' ? 'url' : local === 'sitemapindex' ? 'sitemap' : null;
  return {
    qname: name,
    attrs,
    startTag: `<${name}${attrs.map((a) => ` ${a.name}="${escapeAttrValue(a.value)}"`).join('')}>`,
    endTag: `</${name}>`,
    entryEndTag: entry === null ? null : `</${prefix}${entry}>`,
  };
}

/** Escaped so the rebuilt tag decodes to the same values and stays on one line. */
function escapeAttrValue(v: string): string {
  return v.replace(/[&<"\n\r\t]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '"' ? '&quot;' : `&#${c.charCodeAt(0)};`,
  );
}

/**
 * The feed kind of a root read as a sitemap by the table path (RSS 2.0, Atom
 * 1.0), or null. Only the root's own declarations are looked at: a feed's
 * namespace is declared there.
 */
export function feedRootOf(root: RootTag): FeedKind | null {
  const colon = root.qname.indexOf(':');
  const prefix = colon < 0 ? '' : root.qname.slice(0, colon);
  const decl = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
  const ns = root.attrs.find((a) => a.name === decl)?.value ?? '';
  return feedKindOf(root.qname.slice(colon + 1), ns);
}
