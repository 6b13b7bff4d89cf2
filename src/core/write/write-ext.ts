import { KNOWN_EXTENSIONS, XML_NS, XSI_NS, knownPrefix } from '../namespaces';
import { SITEMAP_NS, type ExtElement, type ExtNode } from '../types';
import { escapeAttr, escapeText, type EscapeStats } from './escape';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** A prefix this writer may use for an unknown namespace: ASCII NCName, not reserved. */
const PREFIX_OK = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const NOT_XML_SPACE = /[^ \t\n\r]/;

/**
 * Serializes extension elements (`ExtElement` trees) and decides, for the
 * whole export, which prefix each namespace is written with:
 * - known extensions always get their conventional prefix (image, video, news,
 *   xhtml, mobile; xsi for the schema-instance namespace);
 * - an unknown namespace gets its source prefix hint, suffixed with a number
 *   when that prefix is already taken (`sgl`, `sgl2`…), or `ns` when the hint
 *   is not usable;
 * - an element whose hint is '' (the source redeclared the default namespace
 *   on it, like Google PageMap) is written unprefixed with its own `xmlns="…"`,
 *   so its unprefixed descendants keep their namespace.
 * Prefixes are assigned once, in order of first use, and never change, so an
 * entry's text does not depend on the file it lands in; each file declares on
 * its root only the namespaces its own entries use (see {@link write}'s `used`).
 */
export class ExtWriter {
  private readonly prefixByNs = new Map<string, string>();
  private readonly taken = new Set<string>(['xml', 'xmlns', 'xsi', ...Object.keys(KNOWN_EXTENSIONS)]);
  private readonly rank = new Map<string, number>();

  /**
   * @param stats counts characters that could not be written.
   * @param predeclared namespaces the root always declares (xsi when a schema location is written);
   *   they are not reported as used.
   */
  constructor(
    private readonly stats: EscapeStats,
    private readonly predeclared: ReadonlySet<string> = new Set(),
  ) {
    let r = 0;
    for (const ns of Object.values(KNOWN_EXTENSIONS)) this.rank.set(ns, r++);
    this.rank.set(XSI_NS, r);
  }

  /**
   * The elements of one `<url>`, one per line at `indent`, each line ending
   * in LF. Every namespace the text needs declared on the root is appended to
   * `used` (once).
   */
  write(elements: readonly ExtElement[], indent: string, used: string[]): string {
    let s = '';
    for (const e of elements) s += indent + this.element(e, SITEMAP_NS, indent, used, true) + '\n';
    return s;
  }

  /** The prefix a root-declared namespace is written with (assigned on first use). */
  prefixFor(ns: string, hint: string): string {
    const known = ns === XSI_NS ? 'xsi' : knownPrefix(ns);
    if (known !== undefined) return known;
    const had = this.prefixByNs.get(ns);
    if (had !== undefined) return had;
    const base = PREFIX_OK.test(hint) && !/^xml/i.test(hint) ? hint : 'ns';
    let p = base;
    for (let n = 2; this.taken.has(p); n++) p = base + n;
    this.taken.add(p);
    this.prefixByNs.set(ns, p);
    this.rank.set(ns, this.rank.size);
    return p;
  }

  /** ` xmlns:p="ns"`, the root declaration of a namespace this writer used. */
  declaration(ns: string): string {
    return ' xmlns:' + this.prefixFor(ns, '') + '="' + escapeAttr(ns) + '"';
  }

  /** Root declaration order: known extensions in a fixed order, then others by first use. */
  sortNamespaces(nss: Iterable<string>): string[] {
    return [...nss].sort((a, b) => (this.rank.get(a) ?? 0) - (this.rank.get(b) ?? 0));
  }

  private use(ns: string, used: string[]): void {
    if (!this.predeclared.has(ns) && !used.includes(ns)) used.push(ns);
  }

  /**
   * `def` is the default namespace in scope: the sitemap namespace inside
   * `<url>`, or one an ancestor redeclared.
   */
  private element(e: ExtElement, def: string, indent: string, used: string[], pretty: boolean): string {
    let name: string;
    let decl = '';
    let childDef = def;
    const known = knownPrefix(e.ns);
    if (known !== undefined) {
      name = known + ':' + e.name;
      this.use(e.ns, used);
    } else if (e.ns === def) {
      name = e.name;
    } else if (e.prefix === '' || e.ns === '') {
      // Default-namespace redeclaration (or an element in no namespace,
      // which needs xmlns="" to leave the sitemap default).
      name = e.name;
      decl = ' xmlns="' + escapeAttr(e.ns, this.stats) + '"';
      childDef = e.ns;
    } else {
      name = this.prefixFor(e.ns, e.prefix) + ':' + e.name;
      this.use(e.ns, used);
    }
    let s = '<' + name + decl;
    for (const a of e.attrs) {
      // Namespace declarations are regenerated; copying them could contradict ours.
      if (a.ns === XMLNS_NS || (a.ns === '' && a.name === 'xmlns') || a.prefix === 'xmlns') continue;
      let an: string;
      if (a.ns === '') an = a.name;
      else if (a.ns === XML_NS) an = 'xml:' + a.name;
      else {
        an = this.prefixFor(a.ns, a.prefix) + ':' + a.name;
        this.use(a.ns, used);
      }
      s += ' ' + an + '="' + escapeAttr(a.value, this.stats) + '"';
    }
    const kids = e.children;
    if (kids.length === 0) return s + '/>';
    s += '>';
    if (allText(kids)) {
      for (const k of kids) s += escapeText(k as string, this.stats);
    } else if (pretty && !hasText(kids)) {
      // Element-only content: whitespace between children is insignificant, so
      // we lay it out ourselves (deterministically) instead of keeping the source's.
      const inner = indent + '  ';
      for (const k of kids) {
        if (typeof k !== 'string') s += '\n' + inner + this.element(k, childDef, inner, used, true);
      }
      s += '\n' + indent;
    } else {
      // Mixed content: every character of text is significant; write it all inline.
      for (const k of kids) {
        s += typeof k === 'string' ? escapeText(k, this.stats) : this.element(k, childDef, '', used, false);
      }
    }
    return s + '</' + name + '>';
  }
}

function allText(kids: readonly ExtNode[]): boolean {
  for (const k of kids) if (typeof k !== 'string') return false;
  return true;
}

function hasText(kids: readonly ExtNode[]): boolean {
  for (const k of kids) if (typeof k === 'string' && NOT_XML_SPACE.test(k)) return true;
  return false;
}
