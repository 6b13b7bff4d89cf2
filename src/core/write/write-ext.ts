import { KNOWN_EXTENSIONS, XML_NS, XSI_NS, isSitemapLikeNamespace, knownPrefix } from '../rows/namespaces';
import { SITEMAP_NS, type ExtElement, type ExtNode } from '../rows/types';
import { isNcName } from '../text/xml-name';
import { isExtUrlAttr, isExtUrlElement } from '../read/value-trim';
import { escapeAttr, escapeText, unpaddedText, type EscapeStats } from './escape';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** A prefix this writer may use for an unknown namespace: ASCII NCName, not reserved. */
const PREFIX_OK = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const NOT_XML_SPACE = /[^ \t\n\r]/;
/** Names a reader takes for the entry's own fields (or a new entry) in the sitemap namespace. */
const CORE_NAMES: ReadonlySet<string> = new Set(['loc', 'lastmod', 'changefreq', 'priority', 'url']);

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
    for (const e of elements) {
      // Read back, such an element would be the entry's own field or a new entry, not an extension.
      if (CORE_NAMES.has(e.name) && isSitemapLikeNamespace(e.ns)) {
        this.stats.namesDropped++;
        continue;
      }
      const x = this.element(e, SITEMAP_NS, indent, used, true);
      if (x) s += indent + x + '\n';
    }
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
   * One element with everything in it, written without recursion (a file
   * may nest thousands of levels: the call stack would not hold them), in
   * document order, so prefixes are assigned as a reader meets them. `def`
   * is the default namespace in scope: the sitemap namespace inside `<url>`.
   * Element-only content is laid out one element a line down to
   * {@link PRETTY_DEPTH} levels, then written on one line: indentation
   * growing with the depth would make the output grow with its square.
   */
  private element(root: ExtElement, def: string, indent: string, used: string[], pretty: boolean): string {
    // The reader never keeps such a name, but rows also come from edits and
    // saved sessions: a bad name would make the whole file unreadable.
    if (!canWrite(root)) {
      this.stats.namesDropped++;
      return '';
    }
    const open: OpenElement[] = [];
    let out = '';
    let next: { e: ExtElement; def: string; indent: string; pretty: boolean } | null = { e: root, def, indent, pretty };
    for (;;) {
      if (next !== null) {
        const frame = this.start(next.e, next.def, next.indent, next.pretty && open.length < PRETTY_DEPTH, used);
        out += frame.head;
        if (frame.kids !== null) open.push(frame);
        next = null;
      }
      const top = open[open.length - 1];
      if (top === undefined) return out;
      const kids = top.kids as readonly ExtNode[];
      if (top.at < kids.length) {
        const k = kids[top.at++] as ExtNode;
        if (top.mixed) {
          if (typeof k === 'string') out += escapeText(k, this.stats);
          else next = { e: k, def: top.childDef, indent: '', pretty: false };
        } else if (typeof k !== 'string') {
          // Element-only content: white space between children is insignificant (a
          // reader drops it), so it is laid out here (deterministically), not kept.
          const inner = top.pretty ? top.indent + '  ' : '';
          if (top.pretty) out += '\n' + inner;
          next = { e: k, def: top.childDef, indent: inner, pretty: top.pretty };
        }
        continue;
      }
      open.pop();
      if (!top.mixed && top.pretty) out += '\n' + top.indent;
      out += '</' + top.name + '>';
    }
  }

  /**
   * The start of an element (its children already known writable): the
   * whole element when it holds only text (or nothing: written empty, as a
   * reader gives it back), else its start tag and what its children need.
   */
  private start(e: ExtElement, def: string, indent: string, pretty: boolean, used: string[]): OpenElement {
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
    let s = '<' + name + decl + this.attributes(e, used);
    // Children left out first, so the layout (text only, elements only, mixed) is decided on what is written.
    const kids = e.children.every((k) => typeof k === 'string' || canWrite(k))
      ? e.children
      : e.children.filter((k) => {
          if (typeof k === 'string' || canWrite(k)) return true;
          this.stats.namesDropped++;
          return false;
        });
    if (allText(kids)) {
      let content = '';
      if (isExtUrlElement(e)) content = escapeText(unpaddedText(kids.join(''), this.stats), this.stats);
      else for (const k of kids) content += escapeText(k as string, this.stats);
      // Nothing left to write inside (only what XML cannot hold): an empty element.
      s += content === '' ? '/>' : '>' + content + '</' + name + '>';
      return { head: s, name, childDef, kids: null, at: 0, mixed: false, indent, pretty };
    }
    // Mixed content: every character of text is significant; written inline, elements too.
    return { head: s + '>', name, childDef, kids, at: 0, mixed: hasText(kids), indent, pretty };
  }

  /** The attributes that can be written, each ` name="value"`. */
  private attributes(e: ExtElement, used: string[]): string {
    let s = '';
    const written: string[] = [];
    for (const a of e.attrs) {
      // Namespace declarations are regenerated; copying them could contradict ours.
      if (a.ns === XMLNS_NS || (a.ns === '' && a.name === 'xmlns') || a.prefix === 'xmlns') continue;
      // Twice the same expanded name is not well-formed: the first one stays.
      const expanded = a.ns + ' ' + a.name;
      if (!isNcName(a.name) || written.includes(expanded)) {
        this.stats.namesDropped++;
        continue;
      }
      written.push(expanded);
      let an: string;
      if (a.ns === '') an = a.name;
      else if (a.ns === XML_NS) an = 'xml:' + a.name;
      else {
        an = this.prefixFor(a.ns, a.prefix) + ':' + a.name;
        this.use(a.ns, used);
      }
      const value = isExtUrlAttr(e, a.ns, a.name) ? unpaddedText(a.value, this.stats) : a.value;
      s += ' ' + an + '="' + escapeAttr(value, this.stats) + '"';
    }
    return s;
  }
}

/**
 * Levels of element-only content laid out one element a line; deeper ones
 * are written on one line, so the output stays within a fixed multiple of
 * the input whatever the depth (real extensions nest three or four levels).
 */
export const PRETTY_DEPTH = 8;

/** An element whose children are being written. */
interface OpenElement {
  /** What is written first: the start tag, or the whole element when `kids` is null. */
  head: string;
  name: string;
  /** The default namespace inside it. */
  childDef: string;
  /** Its children (writable ones), null when written whole. */
  kids: readonly ExtNode[] | null;
  /** The next child to write. */
  at: number;
  /** Text beside elements: everything inline. */
  mixed: boolean;
  indent: string;
  pretty: boolean;
}

/** An element name a reader can take back as it was (an NCName, in a namespace elements may have). */
function canWrite(e: ExtElement): boolean {
  return isNcName(e.name) && e.ns !== XMLNS_NS && e.ns !== XML_NS;
}

function allText(kids: readonly ExtNode[]): boolean {
  for (const k of kids) if (typeof k !== 'string') return false;
  return true;
}

/** Text that is written: characters XML cannot hold are dropped, and a reader sees what is left. */
function hasText(kids: readonly ExtNode[]): boolean {
  for (const k of kids)
    if (typeof k === 'string' && NOT_XML_SPACE.test(k) && NOT_XML_SPACE.test(escapeText(k))) return true;
  return false;
}
