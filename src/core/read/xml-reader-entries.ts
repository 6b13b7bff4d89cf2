/*
 * The string reader's structure (the root, what may open where, ending
 * elements and the document) and its entries (cutting, starting and
 * finishing an entry and its fields): the recovery rules beside the states
 * they mend.
 */
import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import { DUPLICATE_FLAG, READ_FLAG } from '../rows/rows';
import { SITEMAP_NS, type ExtElement, type UrlField } from '../rows/types';
import { cutEntryMessage, heldParts, NO_EXT, qualified, type CutPart, type Entry } from './entry-cut';
import { clip, isBlank, locOfSkipped } from './xml-text';
import { buildExt, finishExt } from './ext-tree';
import { NAMESPACE, NOT_A_SITEMAP } from '../rules/file/file-rules';
import { feedKindOf, feedRefusal } from './read-feed';
import { trimXmlSpace } from './value-trim';
import { type XmlAttr } from './xml-scanner';
import { LOC_MISSING } from '../rules/loc/loc-rules';
import { MAX_EXT_DEPTH, UNKNOWN_TAG } from '../rules/elements/elements-rules';
import { XmlReaderState } from './xml-reader-state';

const URL_FIELDS: ReadonlySet<string> = new Set(['loc', 'lastmod', 'changefreq', 'priority']);
const INDEX_FIELDS: ReadonlySet<string> = new Set(['loc', 'lastmod']);
const KNOWN_EXTENSION_NS: ReadonlySet<string> = new Set(Object.values(KNOWN_EXTENSIONS));

/** Root elements that mean "this is some other kind of document". */
const FOREIGN_ROOTS: Record<string, string> = {
  html: 'an HTML page',
  rss: 'an RSS feed',
  feed: 'an Atom feed',
  RDF: 'an RSS 1.0 (RDF) feed',
  svg: 'an SVG image',
};

/** The structure and the entries of the string reader. */
export abstract class XmlReaderEntries extends XmlReaderState {
  // ---- structure -----------------------------------------------------------

  protected openRoot(local: string, ns: string, at: number): void {
    if (this.sawRoot) {
      // A second root: treat its children as the first root's.
      this.defect(`a second root element <${local}>`, at);
      return;
    }
    this.sawRoot = true;
    if ((local === 'urlset' || local === 'sitemapindex') && this.ns.isSitemapNs(ns)) {
      this.kind = local;
      if (ns !== SITEMAP_NS) {
        const detail =
          ns === ''
            ? `<${local}> has no sitemap namespace; it should declare xmlns="${SITEMAP_NS}"`
            : `<${local}> uses the namespace "${ns}" instead of "${SITEMAP_NS}"`;
        this.report(NAMESPACE, detail, at);
      }
      return;
    }
    if (local === 'urlset' || local === 'sitemapindex') {
      this.kind = local;
      this.report(
        NAMESPACE,
        `<${local}> is in the namespace "${ns}", not the sitemap namespace "${SITEMAP_NS}"; read as a sitemap anyway`,
        at,
      );
      return;
    }
    this.feed = feedKindOf(local, ns);
    const refused = this.feed === null ? feedRefusal(local, ns) : null;
    const what = FOREIGN_ROOTS[local] ?? `an XML document whose root element is <${local}>`;
    if (refused !== null) this.report(NOT_A_SITEMAP, refused, at);
    else if (this.feed === null)
      this.report(
        NOT_A_SITEMAP,
        `This is ${what}, not a sitemap: the root element must be <urlset> or <sitemapindex>`,
        at,
      );
    this.scanner.stopped = true;
  }

  protected openInRoot(qname: string, local: string, ns: string, at: number): void {
    const entryName = this.kind === 'sitemapindex' ? 'sitemap' : 'url';
    if (local === entryName && this.ns.isSitemapNs(ns)) {
      this.startEntry(at);
      return;
    }
    if (local === (this.kind === 'sitemapindex' ? 'url' : 'sitemap') && this.ns.isSitemapNs(ns)) {
      this.schema(
        `a <${qname}> inside <${this.kind}>, which holds <${entryName}> entries: it is not read${locOfSkipped(this.src, qname, at)}`,
        at,
      );
    } else if (this.ns.isSitemapNs(ns)) {
      this.report(UNKNOWN_TAG, `an unknown element <${qname}> inside <${this.kind}> (ignored)`, at);
    }
    this.skipDepth = this.stack.length - 1;
  }

  protected openInEntry(
    qname: string,
    local: string,
    ns: string,
    attrs: XmlAttr[],
    colon: number,
    depth: number,
    at: number,
  ): void {
    const entry = this.entry as Entry;
    const fields = this.kind === 'sitemapindex' ? INDEX_FIELDS : URL_FIELDS;
    if (depth === this.entryDepth + 1 && this.ns.isSitemapNs(ns) && fields.has(local)) {
      const field = local as UrlField;
      this.field = field;
      this.fieldText = '';
      this.fieldPieces = 0;
      this.fieldDepth = depth;
      this.fieldAt = at;
      this.fieldIsDuplicate = entry[field] !== undefined;
      if (this.fieldIsDuplicate) entry.flags |= DUPLICATE_FLAG[field];
      return;
    }
    const entryName = this.kind === 'sitemapindex' ? 'sitemap' : 'url';
    if (local === entryName && this.ns.isSitemapNs(ns)) {
      this.defect(`a <${qname}> inside another <${entryName}>: the previous one was not closed`, at);
      const old = this.entryDepth;
      this.finishEntry();
      // The previous entry is closed here, as if its </url> had come: its element leaves the
      // stack (its namespace bindings stay in scope until the new one closes), so the new
      // entry and every one after it are read at the depth of the rest, not nested and lost.
      const [closed] = this.stack.splice(old, 1);
      if (closed !== undefined) this.openNames.closed(closed);
      const [bindings] = this.stackBindings.splice(old, 1);
      this.stackBindings[this.stackBindings.length - 1] =
        (this.stackBindings[this.stackBindings.length - 1] ?? 0) + (bindings ?? 0);
      this.startEntry(at);
      this.entryDepth = old;
      return;
    }
    if (this.kind === 'sitemapindex') {
      this.report(UNKNOWN_TAG, `an unknown element <${qname}> inside <sitemap> (ignored)`, at);
      this.skipDepth = depth;
      return;
    }
    if (this.badName(qname, depth, at)) return;
    if (!KNOWN_EXTENSION_NS.has(ns)) entry.flags |= READ_FLAG.unknownTag;
    const el = buildExt(
      qname,
      local,
      ns,
      attrs,
      this.ns,
      (m) => this.defect(m, at),
      (what, v) => this.value(what, v, at),
    );
    if (entry.ext === NO_EXT) entry.ext = [];
    entry.ext.push(el);
    this.extStack.push(el);
    this.extAt.push(at);
  }

  protected openExt(qname: string, local: string, ns: string, attrs: XmlAttr[], colon: number, at: number): void {
    if (this.extStack.length >= MAX_EXT_DEPTH) {
      // Left out with all it holds; the entry and the levels above are kept.
      if (this.tooDeep++ === 0) this.tooDeepAt = at;
      this.skipDepth = this.stack.length - 1;
      return;
    }
    if (this.badName(qname, this.stack.length - 1, at)) return;
    const parent = this.extStack[this.extStack.length - 1] as ExtElement;
    const el = buildExt(
      qname,
      local,
      ns,
      attrs,
      this.ns,
      (m) => this.defect(m, at),
      (what, v) => this.value(what, v, at),
    );
    parent.children.push(el);
    this.extStack.push(el);
    this.extAt.push(at);
  }

  protected endElement(): void {
    const depth = this.stack.length - 1;
    const name = this.stack.pop();
    if (name !== undefined) this.openNames.closed(name);
    const nsPushed = this.stackBindings.pop() ?? 0;
    if (this.skipDepth >= 0) {
      if (depth === this.skipDepth) this.skipDepth = -1;
    } else if (this.field !== undefined && depth === this.fieldDepth) {
      this.finishField();
    } else if (this.extStack.length > 0) {
      const ext = this.extStack.pop() as ExtElement;
      const at = this.extAt.pop() ?? -1;
      finishExt(ext, (what, v) => this.value(what, v, at));
    } else if (this.entry && depth === this.entryDepth) {
      this.finishEntry();
    } else if (depth === 0) {
      this.rootClosed = true;
    }
    this.ns.unbind(nsPushed);
  }

  protected finishDocument(): void {
    if (this.stack.length > 0) {
      this.endedEarly = true;
      if (this.entry) this.cutEntry();
      else this.defect(`the file ends before </${this.stack[0]}> (truncated?)`, this.src.length);
      while (this.stack.length > 0) this.endElement();
    }
    if (!this.sawRoot) {
      const blank = isBlank(this.src, 0, this.src.length);
      this.report(
        NOT_A_SITEMAP,
        blank ? 'The file is empty: there is no XML in it' : 'The file holds no XML element, so it is not a sitemap',
        0,
      );
    }
  }

  // ---- entries -------------------------------------------------------------

  /**
   * The file ends inside an entry. What was not closed is not a value (SPEC
   * §2): a cut-off field or extension element is left out, named in the one
   * problem said at the entry's start; when that leaves no complete loc, the
   * entry itself is not read, and the problem quotes what it held.
   */
  protected cutEntry(): void {
    const entry = this.entry as Entry;
    const cut: CutPart[] = [];
    let locCut = false;
    if (this.field !== undefined) {
      const partial =
        this.fieldPieces === 0
          ? ''
          : this.fieldPieces === 1
            ? this.src.slice(this.fieldStart, this.fieldEnd)
            : this.fieldText;
      cut.push({ name: this.field, text: trimXmlSpace(partial) });
      locCut = this.field === 'loc' && !this.fieldIsDuplicate;
      this.field = undefined;
      this.fieldPieces = 0;
      this.fieldDepth = -1;
    }
    const outer = this.extStack[0];
    if (outer) {
      entry.ext = entry.ext.filter((e) => e !== outer);
      cut.push({ name: qualified(outer), text: '' });
      this.extStack.length = 0;
      this.extAt.length = 0;
    }
    // An entry that never had a loc stays a row (loc-missing), as one inside the file does.
    const detail = cutEntryMessage(
      this.kind === 'sitemapindex' ? 'sitemap' : 'url',
      this.endedInside,
      cut,
      locCut ? heldParts(entry) : undefined,
    );
    if (!locCut) this.finishEntry();
    else {
      this.entry = undefined;
      this.entryDepth = -1;
    }
    this.defect(detail, entry.at);
  }

  protected startEntry(at: number): void {
    // One record reused for every entry: a million rows need no million objects.
    const e = this.spare;
    e.at = at;
    // Taken now: later defects move the line index past this point.
    e.line = this.lines.lineOf(at);
    e.column = this.lines.columnOf(at);
    e.loc = e.lastmod = e.changefreq = e.priority = undefined;
    e.flags = 0;
    e.ext = NO_EXT;
    e.bare = '';
    this.entry = e;
    this.entryDepth = this.stack.length - 1;
  }

  protected finishField(): void {
    const field = this.field as UrlField;
    const entry = this.entry as Entry;
    const raw = this.fieldPieces === 1 ? this.decode(this.fieldStart, this.fieldEnd) : this.fieldText;
    if (!this.fieldIsDuplicate) entry[field] = this.value(`<${field}>`, raw, this.fieldAt);
    else if (this.kind === 'sitemapindex') this.duplicate(entry, field, raw, this.fieldAt);
    this.field = undefined;
    this.fieldText = '';
    this.fieldPieces = 0;
    this.fieldDepth = -1;
  }

  protected finishEntry(): void {
    const entry = this.entry;
    if (!entry) return;
    if (this.field !== undefined) this.finishField();
    this.extStack.length = 0;
    this.extAt.length = 0;
    this.entry = undefined;
    this.entryDepth = -1;
    let loc = entry.loc ?? '';
    const { line, column } = entry;
    if (entry.loc === undefined && entry.bare.trim()) {
      loc = this.value(`the text of <${this.kind === 'sitemapindex' ? 'sitemap' : 'url'}>`, entry.bare, entry.at);
      this.report(
        LOC_MISSING,
        `The URL "${clip(loc.trim())}" is bare text inside <${this.kind === 'sitemapindex' ? 'sitemap' : 'url'}>; it belongs in a <loc> element (read as the loc)`,
        entry.at,
      );
    }
    this.count++;
    if (this.kind === 'sitemapindex') {
      this.target.sitemaps.push({
        file: this.target.fileIndex,
        loc,
        lastmod: entry.lastmod ?? '',
        line,
        column,
        child: -1,
      });
      return;
    }
    this.target.rows.pushValues(
      loc,
      entry.lastmod ?? '',
      entry.changefreq ?? '',
      entry.priority ?? '',
      entry.ext,
      this.target.fileIndex,
      line,
      column,
      entry.flags,
    );
  }
}
