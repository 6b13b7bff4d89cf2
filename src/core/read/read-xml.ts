/*
 * Over 400 lines on purpose: this is the string reader's one state machine
 * (open, close, text, recovery), whose handlers share its entry and field
 * state; the recovery rules read best beside the states they mend. What has
 * no state of its own is already out (ns-scope, ext-tree, entry-cut,
 * xml-text, entities); the next split is the entry state into its own class.
 */
import { KNOWN_EXTENSIONS } from '../namespaces';
import { makeProblem } from '../problem';
import { DUPLICATE_FLAG, READ_FLAG, type UrlRows } from '../rows';
import { SITEMAP_NS, type ExtElement, type IndexEntry, type Problem, type UrlField } from '../types';
import { decodeEntities, doctypeMessage, readEntityDeclarations, type DeclaredEntities } from './entities';
import {
  cutEntryMessage,
  duplicateInIndexMessage,
  heldParts,
  newEntry,
  NO_EXT,
  qualified,
  type CutPart,
  type Entry,
} from './entry-cut';
import { clip, firstNonBlank, isBlank, locOfSkipped, rawOffset, xmlSpaced } from './xml-text';
import { appendText, buildExt, finishExt } from './ext-tree';
import { LineIndex } from './line-index';
import { FILE_ENDS, MALFORMED_PREFIX, MAX_EXT_DEPTH, MAX_MALFORMED_PER_FILE } from './read-limits';
import { feedKindOf, feedRefusal, readFeed, type FeedKind } from './read-feed';
import { NsScope } from './ns-scope';
import { OpenNames } from './open-names';
import { TrimTally, mayHaveSpaceAround, trimXmlSpace } from './value-trim';
import { elementNameDefect, nulDefect } from './xml-name-check';
import { XmlScanner, type XmlAttr, type XmlEvents } from './xml-scanner';

/** Where one XML file's rows, index entries and problems go. */
export interface XmlReadTarget {
  fileIndex: number;
  fileName: string;
  rows: UrlRows;
  sitemaps: IndexEntry[];
  problems: Problem[];
}

export interface XmlReadResult {
  kind: 'urlset' | 'sitemapindex' | 'none' | FeedKind;
  /** `<url>` or `<sitemap>` entries read. */
  count: number;
  /** The file ends inside its root element: what followed the cut is lost (SourceFile.partial). */
  endedEarly?: boolean;
}

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

/**
 * Reads a urlset or sitemapindex document, recovering what it can from a
 * broken one and reporting each defect at its line and column.
 */
export function readSitemapXml(text: string, target: XmlReadTarget): XmlReadResult {
  const reader = new SitemapXmlReader(text, target);
  const result = reader.read();
  return reader.feed === null ? result : readFeed(text, target, reader.feed);
}

class SitemapXmlReader implements XmlEvents {
  private readonly lines: LineIndex;
  private readonly scanner: XmlScanner;
  /** Open elements: qualified names, and how many namespace bindings each pushed. */
  private readonly stack: string[] = [];
  private readonly stackBindings: number[] = [];
  private readonly openNames = new OpenNames();
  /**
   * Depths of open entry elements already said not to be closed (a `<url>`
   * opened inside them): when an end tag further up pops them, that is the
   * same defect, not a second one.
   */
  private readonly ns = new NsScope((message, at) => this.defect(message, at));
  private kind: XmlReadResult['kind'] = 'none';
  /** Set when the root is a feed read as a sitemap: the feed reader takes the file from there. */
  feed: FeedKind | null = null;
  private rootClosed = false;
  private sawRoot = false;
  private count = 0;
  private malformed = 0;
  private entry: Entry | undefined;
  private readonly spare: Entry = newEntry();
  private entryDepth = -1;
  /** The core field being read, and whether it is a duplicate to discard. */
  private field: UrlField | undefined;
  private fieldText = '';
  /** A field's only text piece, kept as offsets until the field ends (most fields are one piece). */
  private fieldPieces = 0;
  private fieldStart = 0;
  private fieldEnd = 0;
  private fieldDepth = -1;
  /** Where the field's start tag is, for the white space warning. */
  private fieldAt = 0;
  private fieldIsDuplicate = false;
  private readonly extStack: ExtElement[] = [];
  /** Start-tag offsets of the elements in extStack. */
  private readonly extAt: number[] = [];
  private readonly trims = new TrimTally();
  /** Entities the DOCTYPE declares: never expanded, but named for what they are. */
  private entities: DeclaredEntities | undefined;
  /** How the scanner said the file ended inside a tag of the open entry ("inside the tag <lastm"). */
  private endedInside = '';
  /** Depth below which an unknown subtree of the root is being skipped. */
  private skipDepth = -1;
  /** Extension subtrees left out for nesting past MAX_EXT_DEPTH, and where the first starts. */
  private tooDeep = 0;
  private tooDeepAt = -1;
  private endedEarly = false;

  constructor(
    private readonly src: string,
    private readonly target: XmlReadTarget,
  ) {
    this.lines = new LineIndex(src);
    this.scanner = new XmlScanner(src, this);
  }

  read(): XmlReadResult {
    this.reportNul();
    this.scanner.run(0);
    if (!this.scanner.stopped) this.finishDocument();
    if (this.trims.count > 0) this.report('value-whitespace', this.trims.message(), this.trims.firstAt);
    if (this.tooDeep > 0) this.report('ext-too-deep', tooDeepMessage(this.tooDeep), this.tooDeepAt);
    if (this.malformed > MAX_MALFORMED_PER_FILE) {
      this.report(
        'xml-malformed',
        `${this.malformed - MAX_MALFORMED_PER_FILE} more XML defects in this file are not listed`,
        -1,
      );
    }
    return this.endedEarly
      ? { kind: this.kind, count: this.count, endedEarly: true }
      : { kind: this.kind, count: this.count };
  }

  // ---- events ------------------------------------------------------------

  expectedClose(): string | undefined {
    return this.stack[this.stack.length - 1];
  }

  leaf(qname: string, start: number, end: number, at: number): boolean {
    const entry = this.entry;
    if (
      entry === undefined ||
      this.stack.length !== this.entryDepth + 1 ||
      this.field !== undefined ||
      this.extStack.length > 0 ||
      this.skipDepth >= 0
    )
      return false;
    const { prefix, local, ok } = this.ns.split(qname);
    if (!ok) return false;
    const ns = prefix === '' ? this.ns.defaultNs : this.ns.resolve(prefix, at);
    if (!this.ns.isSitemapNs(ns)) return false;
    // A switch per field: a computed property key here cost a tenth of the import.
    switch (local) {
      case 'loc':
        if (entry.loc === undefined) entry.loc = this.value('<loc>', this.decode(start, end), at);
        else this.duplicate(entry, 'loc', this.decode(start, end), at);
        return true;
      case 'lastmod':
        if (entry.lastmod === undefined) entry.lastmod = this.value('<lastmod>', this.decode(start, end), at);
        else this.duplicate(entry, 'lastmod', this.decode(start, end), at);
        return true;
      case 'changefreq':
        if (this.kind === 'sitemapindex') return false;
        if (entry.changefreq === undefined) entry.changefreq = this.value('<changefreq>', this.decode(start, end), at);
        else this.duplicate(entry, 'changefreq', this.decode(start, end), at);
        return true;
      case 'priority':
        if (this.kind === 'sitemapindex') return false;
        if (entry.priority === undefined) entry.priority = this.value('<priority>', this.decode(start, end), at);
        else this.duplicate(entry, 'priority', this.decode(start, end), at);
        return true;
      default:
        return false;
    }
  }

  /**
   * A repeated field: the first value is kept; the repeat was decoded for its
   * defects. A row carries the `duplicate-tag` flag; an index entry has no
   * row, so the problem is said here, naming what was dropped.
   */
  private duplicate(entry: Entry, field: UrlField, value: string, at: number): void {
    entry.flags |= DUPLICATE_FLAG[field];
    if (this.kind === 'sitemapindex')
      this.report('duplicate-tag', duplicateInIndexMessage(field, entry[field] ?? '', trimXmlSpace(value)), at);
  }

  open(qname: string, attrs: XmlAttr[], selfClosing: boolean, at: number): void {
    if (this.rootClosed) {
      this.defect(`an element <${qname}> after the end of the root element`, at);
      this.rootClosed = false; // read it anyway: concatenated files are common
    }
    let nsPushed = 0;
    if (attrs.length > 0) {
      nsPushed = this.ns.bind(attrs, at);
      this.ns.checkAttributePrefixes(attrs, at);
    }
    const depth = this.stack.length;
    this.stack.push(qname);
    this.openNames.opened(qname);
    this.stackBindings.push(nsPushed);
    const { prefix, local, ok } = this.ns.split(qname);
    const colon = prefix === '' ? -1 : prefix.length;
    const ns = ok ? this.ns.resolve(prefix, at) : '';

    if (depth === 0) this.openRoot(local, ns, at);
    else if (this.scanner.stopped || (this.skipDepth >= 0 && depth > this.skipDepth)) {
      /* inside a skipped subtree */
    } else if (this.extStack.length > 0) this.openExt(qname, local, ns, attrs, colon, at);
    else if (this.field !== undefined) {
      this.schema(
        `an element <${qname}> inside <${this.field}>, which holds only text: the element is not read (its text is)`,
        at,
      );
    } else if (this.entry) this.openInEntry(qname, local, ns, attrs, colon, depth, at);
    else if (depth === 1) this.openInRoot(qname, local, ns, at);
    else this.skipDepth = depth;

    if (selfClosing) this.close(qname, at);
  }

  close(qname: string, at: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top === qname) {
      this.endElement();
      return;
    }
    let match = -1;
    // Every element passed on the way down is then closed: each is walked past once.
    for (let i = this.openNames.has(this.stack, qname) ? this.stack.length - 2 : -1; i >= 0; i--) {
      if (this.stack[i] === qname) {
        match = i;
        break;
      }
    }
    if (match < 0) {
      this.defect(`an end tag </${qname}> that matches no open element`, at);
      return;
    }
    while (this.stack.length > match + 1) {
      const unclosed = this.stack[this.stack.length - 1];
      this.defect(`<${unclosed}> is not closed before </${qname}>`, at);
      this.endElement();
    }
    this.endElement();
  }

  text(start: number, end: number): void {
    if (this.skipDepth >= 0) return;
    if (this.field !== undefined) {
      if (this.fieldPieces === 0) {
        this.fieldStart = start;
        this.fieldEnd = end;
      } else {
        if (this.fieldPieces === 1) this.fieldText = this.decode(this.fieldStart, this.fieldEnd);
        this.fieldText += this.decode(start, end);
      }
      this.fieldPieces++;
    } else if (this.extStack.length > 0) {
      appendText(this.extStack[this.extStack.length - 1] as ExtElement, this.decode(start, end, true));
    } else if (this.entry && this.stack.length === this.entryDepth + 1) {
      if (!isBlank(this.src, start, end)) this.entry.bare += this.decode(start, end);
    } else if (this.stack.length === 0 && !isBlank(this.src, start, end)) {
      if (!this.sawRoot) this.defect('text before the root element', start + firstNonBlank(this.src, start, end));
      else this.defect('text after the end of the root element', start + firstNonBlank(this.src, start, end));
    }
  }

  cdata(value: string, at: number): void {
    if (this.skipDepth >= 0) return;
    if (this.field !== undefined) {
      if (this.fieldPieces === 1) this.fieldText = this.decode(this.fieldStart, this.fieldEnd);
      this.fieldText += value;
      this.fieldPieces = 2;
    } else if (this.extStack.length > 0)
      appendText(this.extStack[this.extStack.length - 1] as ExtElement, xmlSpaced(value, false).text);
    else if (this.entry && this.stack.length === this.entryDepth + 1) this.entry.bare += value;
    else if (this.stack.length === 0) this.defect('a CDATA section outside the root element', at);
  }

  doctype(at: number): void {
    this.entities = readEntityDeclarations(this.src, at);
    this.scanner.entities = this.entities;
    this.report('xml-doctype', doctypeMessage(this.entities), at);
  }

  pi(target: string, at: number): void {
    if (target.toLowerCase() !== 'xml') return;
    if (at === 0) return;
    if (this.sawRoot || !isBlank(this.src, 0, at)) {
      this.defect('the XML declaration <?xml ...?> is not at the start of the file', at);
    } else {
      this.report(
        'leading-whitespace',
        `${at} whitespace character${at === 1 ? '' : 's'} before the XML declaration`,
        0,
      );
    }
  }

  /** Well-formed, but not what the schema allows: said as such, not as a parsing error. */
  private schema(message: string, at: number): void {
    this.report('xml-schema', `Invalid sitemap: ${message}`, at);
  }

  defect(message: string, at: number): void {
    if (this.entry && message.startsWith(FILE_ENDS)) {
      // Said with the entry it cuts off (cutEntry): one cause, one problem.
      this.endedInside = message.slice(FILE_ENDS.length);
      return;
    }
    this.malformed++;
    if (this.malformed <= MAX_MALFORMED_PER_FILE) this.report('xml-malformed', `${MALFORMED_PREFIX}${message}`, at);
  }

  // ---- structure -----------------------------------------------------------

  private openRoot(local: string, ns: string, at: number): void {
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
        this.report('namespace', detail, at);
      }
      return;
    }
    if (local === 'urlset' || local === 'sitemapindex') {
      this.kind = local;
      this.report(
        'namespace',
        `<${local}> is in the namespace "${ns}", not the sitemap namespace "${SITEMAP_NS}"; read as a sitemap anyway`,
        at,
      );
      return;
    }
    this.feed = feedKindOf(local, ns);
    const refused = this.feed === null ? feedRefusal(local, ns) : null;
    const what = FOREIGN_ROOTS[local] ?? `an XML document whose root element is <${local}>`;
    if (refused !== null) this.report('not-a-sitemap', refused, at);
    else if (this.feed === null)
      this.report(
        'not-a-sitemap',
        `This is ${what}, not a sitemap: the root element must be <urlset> or <sitemapindex>`,
        at,
      );
    this.scanner.stopped = true;
  }

  private openInRoot(qname: string, local: string, ns: string, at: number): void {
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
      this.report('unknown-tag', `an unknown element <${qname}> inside <${this.kind}> (ignored)`, at);
    }
    this.skipDepth = this.stack.length - 1;
  }

  private openInEntry(
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
      this.report('unknown-tag', `an unknown element <${qname}> inside <sitemap> (ignored)`, at);
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

  private openExt(qname: string, local: string, ns: string, attrs: XmlAttr[], colon: number, at: number): void {
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

  private endElement(): void {
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

  private finishDocument(): void {
    if (this.stack.length > 0) {
      this.endedEarly = true;
      if (this.entry) this.cutEntry();
      else this.defect(`the file ends before </${this.stack[0]}> (truncated?)`, this.src.length);
      while (this.stack.length > 0) this.endElement();
    }
    if (!this.sawRoot) {
      const blank = isBlank(this.src, 0, this.src.length);
      this.report(
        'not-a-sitemap',
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
  private cutEntry(): void {
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

  private startEntry(at: number): void {
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

  private finishField(): void {
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

  private finishEntry(): void {
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
        'loc-missing',
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

  // ---- helpers -------------------------------------------------------------

  /**
   * Text between `start` and `end`, its references resolved; with
   * `lineEnds`, its literal CRs read as XML reads them (an extension's text
   * is kept as XML means it; a field's are the checks' to judge).
   */
  private decode(start: number, end: number, lineEnds = false): string {
    const raw = this.src.slice(start, end);
    const spaced = lineEnds ? xmlSpaced(raw, false) : { text: raw, dropped: [] };
    return decodeEntities(
      spaced.text,
      (d) => {
        const at = start + rawOffset(spaced, d.at);
        if (d.declared) this.report('xml-doctype', d.message, at);
        else this.defect(d.message, at);
      },
      this.entities,
    );
  }

  /**
   * A value as read, without the white space around it (counted for the
   * file's one `value-whitespace` warning). `what` names it in that warning.
   */
  private value(what: string, v: string, at: number): string {
    if (!mayHaveSpaceAround(v)) return v;
    const trimmed = trimXmlSpace(v);
    if (trimmed !== v) this.trims.note(what, at);
    return trimmed;
  }

  /**
   * An element kept verbatim must have an XML name, or the export would not
   * be well-formed: one that has none is left out with what it holds, said.
   */
  private badName(qname: string, depth: number, at: number): boolean {
    const why = elementNameDefect(qname);
    if (!why) return false;
    this.defect(why, at);
    this.skipDepth = depth;
    return true;
  }

  /**
   * XML cannot hold U+0000 at all, not even as a reference; said once, where
   * the first one is, before anything it may break (a name, a value).
   */
  private reportNul(): void {
    const nul = nulDefect(this.src);
    if (nul) this.defect(nul.message, nul.at);
  }

  /** changefreq and priority take a handful of values: share one string each. */
  private report(code: Parameters<typeof makeProblem>[0], detail: string, at: number, severity?: 'warning'): void {
    const place = at >= 0 ? this.lines.at(at) : {};
    this.target.problems.push(makeProblem(code, detail, { file: this.target.fileName, ...place }, severity));
  }
}

/** The one problem a file gets for its extension subtrees nested past the cap. */
export function tooDeepMessage(count: number): string {
  const where = count === 1 ? 'one place' : `${count.toLocaleString('en-US')} places`;
  return `Extension elements nested deeper than ${MAX_EXT_DEPTH} levels inside a <url> (in ${where}; the first here): XML parsers such as libxml2 refuse such a file, so the elements below that depth are not read. The URL and its other elements are kept.`;
}
