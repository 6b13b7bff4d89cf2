/*
 * The string reader's state (read-xml.ts): the open elements, the entry and
 * field being read, the counts and what says a problem. The structure and
 * the entries work on it (xml-reader-entries.ts), the scanner's events drive
 * it (read-xml.ts).
 */
import { makeProblem } from '../rules/problem';
import { DUPLICATE_FLAG } from '../rows/rows';
import { type ExtElement, type UrlField } from '../rows/types';
import { decodeEntities, type DeclaredEntities } from './entities';
import { duplicateInIndexMessage, newEntry, type Entry } from './entry-cut';
import { LineIndex } from './line-index';
import { MAX_MALFORMED_PER_FILE, XML_DOCTYPE, XML_MALFORMED, XML_SCHEMA } from '../rules/file/file-rules';
import { FILE_ENDS, MALFORMED_PREFIX } from '../rules/file/file';
import type { FeedKind, XmlReadResult, XmlReadTarget } from './read-target';
import { NsScope } from './ns-scope';
import { OpenNames } from './open-names';
import { TrimTally, mayHaveSpaceAround, trimXmlSpace } from './value-trim';
import { elementNameDefect, nulDefect } from './xml-name-check';
import { XmlScanner, type XmlAttr, type XmlEvents } from './xml-scanner';
import { rawOffset, xmlSpaced } from './xml-text';
import { DUPLICATE_TAG } from '../rules/elements/elements-rules';

/** The string reader's state and the helpers every part of it uses. */
export abstract class XmlReaderState implements XmlEvents {
  protected readonly lines: LineIndex;
  protected readonly scanner: XmlScanner;
  /** Open elements: qualified names, and how many namespace bindings each pushed. */
  protected readonly stack: string[] = [];
  protected readonly stackBindings: number[] = [];
  protected readonly openNames = new OpenNames();
  /**
   * Depths of open entry elements already said not to be closed (a `<url>`
   * opened inside them): when an end tag further up pops them, that is the
   * same defect, not a second one.
   */
  protected readonly ns = new NsScope((message, at) => this.defect(message, at));
  protected kind: XmlReadResult['kind'] = 'none';
  /** Set when the root is a feed read as a sitemap: the feed reader takes the file from there. */
  feed: FeedKind | null = null;
  protected rootClosed = false;
  protected sawRoot = false;
  protected count = 0;
  protected malformed = 0;
  protected entry: Entry | undefined;
  protected readonly spare: Entry = newEntry();
  protected entryDepth = -1;
  /** The core field being read, and whether it is a duplicate to discard. */
  protected field: UrlField | undefined;
  protected fieldText = '';
  /** A field's only text piece, kept as offsets until the field ends (most fields are one piece). */
  protected fieldPieces = 0;
  protected fieldStart = 0;
  protected fieldEnd = 0;
  protected fieldDepth = -1;
  /** Where the field's start tag is, for the white space warning. */
  protected fieldAt = 0;
  protected fieldIsDuplicate = false;
  protected readonly extStack: ExtElement[] = [];
  /** Start-tag offsets of the elements in extStack. */
  protected readonly extAt: number[] = [];
  protected readonly trims = new TrimTally();
  /** Entities the DOCTYPE declares: never expanded, but named for what they are. */
  protected entities: DeclaredEntities | undefined;
  /** How the scanner said the file ended inside a tag of the open entry ("inside the tag <lastm"). */
  protected endedInside = '';
  /** Depth below which an unknown subtree of the root is being skipped. */
  protected skipDepth = -1;
  /** Extension subtrees left out for nesting past MAX_EXT_DEPTH, and where the first starts. */
  protected tooDeep = 0;
  protected tooDeepAt = -1;
  protected endedEarly = false;

  constructor(
    protected readonly src: string,
    protected readonly target: XmlReadTarget,
  ) {
    this.lines = new LineIndex(src);
    this.scanner = new XmlScanner(src, this);
  }

  abstract expectedClose(): string | undefined;
  abstract leaf(qname: string, start: number, end: number, at: number): boolean;
  abstract open(qname: string, attrs: XmlAttr[], selfClosing: boolean, at: number): void;
  abstract close(qname: string, at: number): void;
  abstract text(start: number, end: number): void;
  abstract cdata(value: string, at: number): void;
  abstract doctype(at: number): void;
  abstract pi(target: string, at: number): void;

  /**
   * A repeated field: the first value is kept; the repeat was decoded for its
   * defects. A row carries the `duplicate-tag` flag; an index entry has no
   * row, so the problem is said here, naming what was dropped.
   */
  protected duplicate(entry: Entry, field: UrlField, value: string, at: number): void {
    entry.flags |= DUPLICATE_FLAG[field];
    if (this.kind === 'sitemapindex')
      this.report(DUPLICATE_TAG, duplicateInIndexMessage(field, entry[field] ?? '', trimXmlSpace(value)), at);
  }

  /** Well-formed, but not what the schema allows: said as such, not as a parsing error. */
  protected schema(message: string, at: number): void {
    this.report(XML_SCHEMA, `Invalid sitemap: ${message}`, at);
  }

  defect(message: string, at: number): void {
    if (this.entry && message.startsWith(FILE_ENDS)) {
      // Said with the entry it cuts off (cutEntry): one cause, one problem.
      this.endedInside = message.slice(FILE_ENDS.length);
      return;
    }
    this.malformed++;
    if (this.malformed <= MAX_MALFORMED_PER_FILE) this.report(XML_MALFORMED, `${MALFORMED_PREFIX}${message}`, at);
  }

  // ---- helpers -------------------------------------------------------------

  /**
   * Text between `start` and `end`, its references resolved; with
   * `lineEnds`, its literal CRs read as XML reads them (an extension's text
   * is kept as XML means it; a field's are the checks' to judge).
   */
  protected decode(start: number, end: number, lineEnds = false): string {
    const raw = this.src.slice(start, end);
    const spaced = lineEnds ? xmlSpaced(raw, false) : { text: raw, dropped: [] };
    return decodeEntities(
      spaced.text,
      (d) => {
        const at = start + rawOffset(spaced, d.at);
        if (d.declared) this.report(XML_DOCTYPE, d.message, at);
        else this.defect(d.message, at);
      },
      this.entities,
    );
  }

  /**
   * A value as read, without the white space around it (counted for the
   * file's one `value-whitespace` warning). `what` names it in that warning.
   */
  protected value(what: string, v: string, at: number): string {
    if (!mayHaveSpaceAround(v)) return v;
    const trimmed = trimXmlSpace(v);
    if (trimmed !== v) this.trims.note(what, at);
    return trimmed;
  }

  /**
   * An element kept verbatim must have an XML name, or the export would not
   * be well-formed: one that has none is left out with what it holds, said.
   */
  protected badName(qname: string, depth: number, at: number): boolean {
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
  protected reportNul(): void {
    const nul = nulDefect(this.src);
    if (nul) this.defect(nul.message, nul.at);
  }

  /** changefreq and priority take a handful of values: share one string each. */
  protected report(code: Parameters<typeof makeProblem>[0], detail: string, at: number, severity?: 'warning'): void {
    const place = at >= 0 ? this.lines.at(at) : {};
    this.target.problems.push(makeProblem(code, detail, { file: this.target.fileName, ...place }, severity));
  }
}
