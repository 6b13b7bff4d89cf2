import { XML_NS, XMLNS_NS, isSitemapLikeNamespace } from '../rows/namespaces';
import { isQName } from '../text/xml-name';
import type { XmlAttr } from './xml-scanner';

/** A qualified name in parts. */
export interface SplitName {
  prefix: string;
  local: string;
  /** A QName (checked once per distinct name): one that is not has no namespace to resolve. */
  ok: boolean;
}

/**
 * The namespace bindings in scope while reading, with the caches that make
 * asking for them cheap on every element of a million-entry file.
 */
export class NsScope {
  /** The default namespace in scope: asked for on every element. */
  defaultNs = '';
  private readonly bindings = new Map<string, string>();
  private readonly undo: { prefix: string; previous: string | undefined }[] = [];
  private readonly unboundReported = new Set<string>();
  private readonly splitNames = new Map<string, SplitName>();
  private readonly recentNames: string[] = [];
  private readonly recentSplits: SplitName[] = [];
  private lastNs = '\u0000';
  private lastNsIsSitemap = false;

  /**
   * @param onDefect said for a prefix used without a declaration (once per
   *   prefix) and for a declaration Namespaces in XML 1.0 forbids, where the
   *   element that holds it starts.
   */
  constructor(private readonly onDefect: (message: string, at: number) => void) {}

  /**
   * Binds the element's `xmlns` attributes (the element starts at `at`);
   * returns how many, for {@link unbind}. A declaration the namespaces
   * recommendation forbids is said and ignored: the binding before it stays.
   */
  bind(attrs: readonly XmlAttr[], at: number): number {
    let pushed = 0;
    let declared: string[] | Set<string> | null = null;
    for (const a of attrs) {
      let prefix: string;
      if (a.name === 'xmlns') prefix = '';
      else if (a.name.startsWith('xmlns:')) prefix = a.name.slice(6);
      else continue;
      const why = declarationDefect(a.name, prefix, a.value);
      if (why) {
        this.onDefect(`${a.name}="${a.value}" ${why}: the declaration is ignored`, at);
        continue;
      }
      // Declarations are few on an element; thousands on one are looked up in a set, not scanned.
      declared ??= [];
      if (Array.isArray(declared) ? declared.includes(prefix) : declared.has(prefix)) {
        this.onDefect(`${a.name} is declared twice on one element: the second (${a.value}) is ignored`, at);
        continue;
      }
      if (Array.isArray(declared) && declared.length >= 16) declared = new Set(declared);
      if (Array.isArray(declared)) declared.push(prefix);
      else declared.add(prefix);
      this.undo.push({ prefix, previous: this.bindings.get(prefix) });
      this.bindings.set(prefix, a.value);
      if (prefix === '') this.defaultNs = a.value;
      pushed++;
    }
    return pushed;
  }

  /** Undoes the last `count` bindings (an element's, when it ends). */
  unbind(count: number): void {
    for (let i = 0; i < count; i++) {
      const undo = this.undo.pop();
      if (!undo) break;
      if (undo.previous === undefined) this.bindings.delete(undo.prefix);
      else this.bindings.set(undo.prefix, undo.previous);
      if (undo.prefix === '') this.defaultNs = undo.previous ?? '';
    }
  }

  /** Resolves the prefixes of attributes, so an undeclared one is said where it is used. */
  checkAttributePrefixes(attrs: readonly XmlAttr[], at: number): void {
    for (const a of attrs) {
      const c = a.name.indexOf(':');
      if (c > 0 && !a.name.startsWith('xmlns:') && isQName(a.name)) this.resolve(a.name.slice(0, c), at);
    }
  }

  /** The namespace a prefix is bound to ('' when none, said once per prefix). */
  resolve(prefix: string, at: number): string {
    if (prefix === '') return this.defaultNs;
    if (prefix === 'xml') return XML_NS;
    const ns = this.bindings.get(prefix);
    if (ns !== undefined) return ns;
    if (!this.unboundReported.has(prefix)) {
      this.unboundReported.add(prefix);
      this.onDefect(
        prefix === 'xmlns'
          ? 'the prefix "xmlns:" names namespace declarations only: no element or other attribute may use it'
          : `the prefix "${prefix}:" is used but never declared with xmlns:${prefix}="..."`,
        at,
      );
    }
    return '';
  }

  split(qname: string): SplitName {
    // Names come from the scanner's cache as the same string objects: an
    // identity check against the few recent ones beats hashing.
    const recent = this.recentNames;
    for (let k = 0; k < recent.length; k++) if (recent[k] === qname) return this.recentSplits[k] as SplitName;
    let split = this.splitNames.get(qname);
    if (!split) {
      const colon = qname.indexOf(':');
      split =
        colon < 0
          ? { prefix: '', local: qname, ok: isQName(qname) }
          : { prefix: qname.slice(0, colon), local: qname.slice(colon + 1), ok: isQName(qname) };
      if (this.splitNames.size < 1024) this.splitNames.set(qname, split);
    }
    if (recent.length >= 8) {
      recent.shift();
      this.recentSplits.shift();
    }
    recent.push(qname);
    this.recentSplits.push(split);
    return split;
  }

  /** The same few namespace strings recur on every element: remember the last answer. */
  isSitemapNs(ns: string): boolean {
    if (ns !== this.lastNs) {
      this.lastNs = ns;
      this.lastNsIsSitemap = isSitemapLikeNamespace(ns);
    }
    return this.lastNsIsSitemap;
  }
}

/**
 * Why Namespaces in XML 1.0 forbids the declaration `name` of `prefix` (''
 * the default namespace) as `ns`, or '' when it may be.
 */
function declarationDefect(name: string, prefix: string, ns: string): string {
  if (name === 'xmlns:') return 'names no prefix after "xmlns:"';
  if (prefix.includes(':')) return `declares "${prefix}", which is not a prefix (a prefix has no colon)`;
  if (prefix === 'xmlns') return 'declares the prefix "xmlns:", which is reserved and never declared';
  if (prefix === 'xml')
    return ns === XML_NS ? '' : `binds the prefix "xml:", which is bound to ${XML_NS} and to nothing else`;
  if (ns === XML_NS) return `binds ${XML_NS}, which only the prefix "xml:" may name`;
  if (ns === XMLNS_NS) return `binds ${XMLNS_NS}, which names namespace declarations and is never declared`;
  if (prefix !== '' && ns === '')
    return `undeclares the prefix "${prefix}:", which XML 1.0 does not allow (XML 1.1 does)`;
  return '';
}
