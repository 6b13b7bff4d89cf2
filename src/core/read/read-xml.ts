/*
 * The string reader: one state machine (open, close, text, recovery) over
 * the scanner's events. Its state and helpers are xml-reader-state.ts, the
 * structure and the entries it mends xml-reader-entries.ts; what has no
 * state of its own is out too (ns-scope, ext-tree, entry-cut, xml-text,
 * entities).
 */
import { moreMalformedProblem } from '../rules/file/file';
import type { ExtElement } from '../rows/types';
import { doctypeMessage, readEntityDeclarations } from './entities';
import { firstNonBlank, isBlank, xmlSpaced } from './xml-text';
import { appendText } from './ext-tree';
import { MAX_MALFORMED_PER_FILE, LEADING_WHITESPACE, XML_DOCTYPE } from '../rules/file/file-rules';
import { readFeed } from './read-feed';
import type { XmlReadResult, XmlReadTarget } from './read-target';
import { type XmlAttr } from './xml-scanner';
import { VALUE_WHITESPACE } from '../rules/loc/loc-rules';
import { EXT_TOO_DEEP } from '../rules/elements/elements-rules';
import { tooDeepMessage } from '../rules/elements/elements';
import { XmlReaderEntries } from './xml-reader-entries';

/**
 * Reads a urlset or sitemapindex document, recovering what it can from a
 * broken one and reporting each defect at its line and column.
 */
export function readSitemapXml(text: string, target: XmlReadTarget): XmlReadResult {
  const reader = new SitemapXmlReader(text, target);
  const result = reader.read();
  return reader.feed === null ? result : readFeed(text, target, reader.feed);
}

class SitemapXmlReader extends XmlReaderEntries {
  read(): XmlReadResult {
    this.reportNul();
    this.scanner.run(0);
    if (!this.scanner.stopped) this.finishDocument();
    if (this.trims.count > 0) this.report(VALUE_WHITESPACE, this.trims.message(), this.trims.firstAt);
    if (this.tooDeep > 0) this.report(EXT_TOO_DEEP, tooDeepMessage(this.tooDeep), this.tooDeepAt);
    if (this.malformed > MAX_MALFORMED_PER_FILE)
      this.target.problems.push(moreMalformedProblem(this.target.fileName, this.malformed - MAX_MALFORMED_PER_FILE));
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
    this.report(XML_DOCTYPE, doctypeMessage(this.entities), at);
  }

  pi(target: string, at: number): void {
    if (target.toLowerCase() !== 'xml') return;
    if (at === 0) return;
    if (this.sawRoot || !isBlank(this.src, 0, at)) {
      this.defect('the XML declaration <?xml ...?> is not at the start of the file', at);
    } else {
      this.report(LEADING_WHITESPACE, `${at} whitespace character${at === 1 ? '' : 's'} before the XML declaration`, 0);
    }
  }
}
