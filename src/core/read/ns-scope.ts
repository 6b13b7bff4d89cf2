import { XML_NS, isSitemapLikeNamespace } from '../rows/namespaces';
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

  /** @param onUnbound said once per prefix used without a declaration. */
  constructor(private readonly onUnbound: (message: string, at: number) => void) {}

  /** Binds the element's `xmlns` attributes; returns how many, for {@link unbind}. */
  bind(attrs: readonly XmlAttr[]): number {
    let pushed = 0;
    for (const a of attrs) {
      let prefix: string;
      if (a.name === 'xmlns') prefix = '';
      else if (a.name.startsWith('xmlns:')) prefix = a.name.slice(6);
      else continue;
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
      this.onUnbound(`the prefix "${prefix}:" is used but never declared with xmlns:${prefix}="..."`, at);
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
