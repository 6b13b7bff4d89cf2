import { isSitemapLikeNamespace, KNOWN_EXTENSIONS } from '../rows/namespaces';
import { READ_FLAG } from '../rows/rows';
import { SITEMAP_NS, type ExtElement } from '../rows/types';
import { giveUp, isAttrNameByte } from './byte-cursor';
import { ByteTextCursor, isNameStart } from './byte-text';
import { appendText, buildExt, finishExt } from './ext-tree';
import { NsScope } from './ns-scope';
import { elementNameDefect } from './xml-name-check';
import type { XmlAttr } from './xml-scanner';
import { NAMESPACE } from '../rules/file/file-rules';
import { UNKNOWN_TAG } from '../rules/elements/elements-rules';
import { xmlSpaced } from './xml-text';

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const EQUALS = 61;
const QUOT = 34;
const APOS = 39;
const AMP = 38;
const LF = 10;
const CR = 13;

const KNOWN_EXTENSION_NS: ReadonlySet<string> = new Set(Object.values(KNOWN_EXTENSIONS));
const FIELD_NAMES: ReadonlySet<string> = new Set(['loc', 'lastmod', 'changefreq', 'priority']);
/** Extension elements nest a few levels; deeper than this is the string reader's (its stack is not the call stack's). */
const MAX_DEPTH = 64;

/** Bytes that end a name, as the scanner ends one (white space, `> / < = " '`). */
const NAME_END = new Uint8Array(256);
for (const c of [32, 10, 9, 13, GT, SLASH, LT, EQUALS, QUOT, APOS]) NAME_END[c] = 1;

/** An open extension element: what it is, where its tag was, and what its end must undo. */
interface OpenExt {
  /** null in a skipped subtree. */
  el: ExtElement | null;
  nameAt: number;
  nameLen: number;
  bindings: number;
  line: number;
  column: number;
}

/**
 * Extension (and unknown) elements inside an entry, read from bytes and
 * kept verbatim exactly as the string reader keeps them: the same
 * namespace scope (ns-scope.ts), the same tree building (ext-tree.ts), the
 * same defects at the same places. Text and attribute values go through the
 * slow lane (byte-text.ts): extensions are a small part of any file.
 */
export class ByteExtCursor extends ByteTextCursor {
  /** The namespaces in scope: the root's bindings, then each open element's. */
  protected readonly ns = new NsScope((message, at) => {
    if (at < 0) this.defect(message, 0, 0);
    else this.defect(message, this.tagLine, this.tagColumn);
  });
  /** The current entry's extension elements (undefined: none) and its read flags. */
  protected entryExt: ExtElement[] | undefined;
  protected entryFlags = 0;
  private tagLine = 0;
  private tagColumn = 0;
  private readonly open: OpenExt[] = [];
  /** The root was self-closed (`<urlset/>`): it holds nothing. */
  protected rootEmpty = false;

  /**
   * The root's attributes after its name at `pos`: its bindings go in
   * scope, a prefix used unbound is said, then its namespace (see
   * {@link rootNamespace}).
   */
  protected rootAttributes(pos: number, local: 'urlset' | 'sitemapindex'): number {
    const b = this.b;
    const attrs: XmlAttr[] = [];
    const line = this.line;
    const column = this.columnOf(pos - 1 - local.length);
    for (;;) {
      const before = pos;
      pos = this.blank(pos);
      const empty = b[pos] === SLASH && b[pos + 1] === GT;
      if (b[pos] === GT || empty) {
        // A bad declaration or an unbound prefix is said at the root, before its namespace, as the string reader says them.
        this.tagLine = line;
        this.tagColumn = column;
        this.ns.bind(attrs, 0);
        this.ns.checkAttributePrefixes(attrs, 0);
        // As bound: a declaration the scope refused is not the root's namespace.
        this.rootNamespace(local, this.ns.defaultNs, line, column);
        this.rootEmpty = empty;
        return pos + (empty ? 2 : 1);
      }
      if (pos === before) giveUp('a root attribute the string reader says');
      const nameAt = pos;
      while (isAttrNameByte(b[pos])) pos++;
      if (pos === nameAt) giveUp('a root attribute the string reader says');
      const name = this.asciiText(nameAt, pos);
      pos = this.blank(pos);
      if (b[pos] !== EQUALS) giveUp('a root attribute the string reader says');
      pos = this.blank(pos + 1);
      const quote = b[pos];
      if (quote !== QUOT && quote !== APOS) giveUp('a root attribute the string reader says');
      const valueAt = ++pos;
      for (;;) {
        const c = b[pos];
        if (c === quote) break;
        if (c === undefined || c === LT || c === AMP || c === 0 || c >= 0x80)
          giveUp('a root attribute value with a reference or non-ASCII');
        if (c === LF || c === CR) this.lineEnd(pos);
        pos++;
      }
      const value = xmlSpaced(this.asciiText(valueAt, pos), true).text;
      attrs.push({ name, value });
      pos++;
      if (name.startsWith('xmlns:') && (name.length === 6 || name.indexOf(':', 6) !== -1 || value === ''))
        giveUp('a namespace declaration the string reader says');
    }
  }

  /**
   * The root's namespace: a wrong or missing one is read on with the
   * string reader's `namespace` warning; a foreign one is its to say.
   */
  protected rootNamespace(local: string, ns: string, line: number, column: number): void {
    if (ns === SITEMAP_NS) return;
    if (!isSitemapLikeNamespace(ns)) giveUp('a root in a foreign namespace');
    const detail =
      ns === ''
        ? `<${local}> has no sitemap namespace; it should declare xmlns="${SITEMAP_NS}"`
        : `<${local}> uses the namespace "${ns}" instead of "${SITEMAP_NS}"`;
    this.report(NAMESPACE, detail, line, column);
  }

  /**
   * A child of an entry at `lt` that is not one of its fields: a comment, a
   * PI, or an element kept verbatim (in a `<url>`); returns where it ends.
   */
  protected entryChild(lt: number, inIndex: boolean): number {
    const c = this.b[lt + 1];
    if (c === BANG && !this.isCdata(lt)) return this.comment(lt);
    if (c === BANG) {
      this.bare += this.cdata(lt);
      return this.cdataEnd;
    }
    if (c === 63) return this.pi(lt, false);
    if (!isNameStart(c)) giveUp('text or markup the string reader mends in an entry');
    return inIndex ? this.skippedElement(lt, 'sitemap', true) : this.entryElement(lt);
  }

  /**
   * The element at `lt`, a child of a `<url>` entry that is not one of its
   * fields, with everything in it; returns where it ends. A field with
   * attributes, a nested entry, a bad name, markup the scanner recovers from:
   * the string reader's.
   */
  protected entryElement(lt: number): number {
    this.skip = null;
    return this.subtree(lt);
  }

  /**
   * An element the string reader skips with all it holds, at `lt`: an
   * unknown one in the root, or in an index entry (`inIndexEntry`). Said as
   * it says it (`unknown-tag`, in the root for sitemap-namespace elements
   * only); nothing in it is kept, its text is not even decoded, but its
   * namespace prefixes are resolved, as the scanner does. An entry of the
   * other kind, or a field with attributes, is the string reader's.
   */
  protected skippedElement(lt: number, inside: string, inIndexEntry: boolean): number {
    this.skip = { inside, inIndexEntry };
    return this.subtree(lt);
  }

  private skip: { inside: string; inIndexEntry: boolean } | null = null;

  private subtree(lt: number): number {
    const b = this.b;
    let pos = this.startTag(lt, null);
    const open = this.open;
    while (open.length > 0) {
      const top = open[open.length - 1] as OpenExt;
      let next = pos;
      while (next < this.n && b[next] !== LT) next++;
      if (next + 1 >= this.n) giveUp('the file ends inside an extension element');
      if (next > pos) {
        if (top.el === null) this.decodeRange(pos, next);
        else appendText(top.el, this.textPiece(pos, next, 'ext'));
      }
      const c = b[next + 1];
      if (c === SLASH) pos = this.endTag(next, top);
      else if (c === BANG) {
        if (this.isCdata(next)) {
          const text = this.cdata(next);
          if (top.el !== null) appendText(top.el, xmlSpaced(text, false).text);
          pos = this.cdataEnd;
        } else pos = this.comment(next);
      } else if (isNameStart(c)) pos = this.startTag(next, top.el);
      else giveUp('markup the scanner recovers from inside an extension element');
    }
    return pos;
  }

  /** A start tag at `lt` (a child of `parent`, or of the entry when null); returns where it ends. */
  private startTag(lt: number, parent: ExtElement | null): number {
    const b = this.b;
    const line = this.line;
    const column = this.columnOf(lt);
    let pos = lt + 1;
    while (pos < this.n && NAME_END[b[pos] as number] !== 1) pos++;
    const nameLen = pos - lt - 1;
    const qname = this.decodeRange(lt + 1, pos);
    const attrs: XmlAttr[] = [];
    let selfClosing = false;
    for (;;) {
      pos = this.blank(pos);
      const c = b[pos];
      if (c === GT) {
        pos++;
        break;
      }
      if (c === SLASH && b[pos + 1] === GT) {
        selfClosing = true;
        pos += 2;
        break;
      }
      if (c === undefined || c === LT) giveUp('a tag that is not closed');
      pos = this.attribute(pos, attrs);
    }
    this.tagLine = line;
    this.tagColumn = column;
    let bindings = 0;
    if (attrs.length > 0) {
      bindings = this.ns.bind(attrs, lt);
      this.ns.checkAttributePrefixes(attrs, lt);
    }
    const { prefix, local, ok } = this.ns.split(qname);
    const ns = ok ? this.ns.resolve(prefix, lt) : '';
    if (this.skip !== null)
      return this.skippedTag(lt, pos, nameLen, qname, local, ns, selfClosing, bindings, line, column);
    if (parent === null) {
      // A field with attributes or a nested entry: the string reader's to read or mend.
      if (this.ns.isSitemapNs(ns) && (FIELD_NAMES.has(local) || local === 'url'))
        giveUp('a field or entry with attributes');
    }
    if (elementNameDefect(qname) !== '') giveUp('an element without an XML name');
    if (this.open.length >= MAX_DEPTH) giveUp('extension elements nested too deeply');
    if (parent === null && !KNOWN_EXTENSION_NS.has(ns)) this.entryFlags |= READ_FLAG.unknownTag;
    const el = buildExt(
      qname,
      local,
      ns,
      attrs,
      this.ns,
      (m) => this.defect(m, line, column),
      (what, v) => this.unpad(what, v, line, column),
    );
    if (parent !== null) parent.children.push(el);
    else (this.entryExt ??= []).push(el);
    const entry: OpenExt = { el, nameAt: lt + 1, nameLen, bindings, line, column };
    if (selfClosing) this.finish(entry);
    else this.open.push(entry);
    return pos;
  }

  /** A start tag in a skipped subtree (its top said); returns `pos`, where it ends. */
  private skippedTag(
    lt: number,
    pos: number,
    nameLen: number,
    qname: string,
    local: string,
    ns: string,
    selfClosing: boolean,
    bindings: number,
    line: number,
    column: number,
  ): number {
    const skip = this.skip as { inside: string; inIndexEntry: boolean };
    if (this.open.length === 0) {
      const sitemapNs = this.ns.isSitemapNs(ns);
      const mended = skip.inIndexEntry
        ? local === 'loc' || local === 'lastmod' || local === 'sitemap'
        : local === 'url' || local === 'sitemap';
      if (sitemapNs && mended) giveUp('an entry, or a field with attributes, where the string reader mends or says it');
      if (skip.inIndexEntry || sitemapNs)
        this.report(UNKNOWN_TAG, `an unknown element <${qname}> inside <${skip.inside}> (ignored)`, line, column);
    }
    if (this.open.length >= MAX_DEPTH) giveUp('extension elements nested too deeply');
    const entry: OpenExt = { el: null, nameAt: lt + 1, nameLen, bindings, line, column };
    if (selfClosing) this.finish(entry);
    else this.open.push(entry);
    return pos;
  }

  /** `name="value"` at `pos`, its value decoded as the scanner decodes it; returns where it ends. */
  private attribute(pos: number, attrs: XmlAttr[]): number {
    const b = this.b;
    const nameAt = pos;
    while (pos < this.n && NAME_END[b[pos] as number] !== 1) pos++;
    if (pos === nameAt) giveUp('a malformed attribute');
    const name = this.decodeRange(nameAt, pos);
    pos = this.blank(pos);
    if (b[pos] !== EQUALS) giveUp('a malformed attribute');
    pos = this.blank(pos + 1);
    const quote = b[pos];
    if (quote !== QUOT && quote !== APOS) giveUp('an attribute value not quoted');
    const valueAt = pos + 1;
    let end = valueAt;
    while (end < this.n && b[end] !== quote) {
      if (b[end] === LT) giveUp('a "<" inside an attribute value');
      end++;
    }
    if (end >= this.n) giveUp('the file ends inside an attribute');
    attrs.push({ name, value: this.textPiece(valueAt, end, 'attribute') });
    return end + 1;
  }

  /** `</name>` at `lt`, which must close `top` (else the string reader mends the nesting). */
  private endTag(lt: number, top: OpenExt): number {
    const b = this.b;
    for (let k = 0; k < top.nameLen; k++)
      if (b[lt + 2 + k] !== b[top.nameAt + k]) giveUp('an end tag that does not match');
    const pos = this.blank(lt + 2 + top.nameLen);
    if (b[pos] !== GT) giveUp('an end tag that does not match');
    this.open.pop();
    this.finish(top);
    return pos + 1;
  }

  private finish(open: OpenExt): void {
    const el = open.el;
    if (el !== null) finishExt(el, (what, v) => this.unpad(what, v, open.line, open.column));
    this.ns.unbind(open.bindings);
  }
}
