import { parseW3c, W3cStatus } from '../rules/lastmod/w3c-datetime';
import { convertLastmod } from '../rules/lastmod/lastmod-fixes';
import { makeProblem } from '../rules/problem';
import { MALFORMED_PREFIX, moreMalformedProblem } from '../rules/file/file';
import { decodeEntities } from './entities';
import { LineIndex } from './line-index';
import type { FeedKind, XmlReadTarget } from './read-target';
import { OpenNames } from './open-names';
import { XmlScanner, type XmlAttr, type XmlEvents } from './xml-scanner';
import { MAX_MALFORMED_PER_FILE, XML_MALFORMED } from '../rules/file/file-rules';
import { FEED_READ } from '../rules/feed/feed-rules';

export const ATOM_NS = 'http://www.w3.org/2005/Atom';
const ATOM_03_NS = 'http://purl.org/atom/ns#';

/** The names users know the formats by: the Files list and the messages. */
export const FEED_LABEL: Record<FeedKind, string> = { rss: 'RSS 2.0', atom: 'Atom 1.0' };

const READ_FORMATS = 'feeds are read as RSS 2.0 (mRSS included) and Atom 1.0';

/**
 * The feed kind of a root element read as a sitemap, or null. RSS 0.91 and
 * 0.92 are read as RSS 2.0, which kept their item elements.
 */
export function feedKindOf(local: string, ns: string): FeedKind | null {
  if (local === 'rss' && ns === '') return 'rss';
  if (local === 'feed' && ns === ATOM_NS) return 'atom';
  return null;
}

/**
 * Why a feed root that is not read is refused (the not-a-sitemap message),
 * or null when the root is no feed at all.
 */
export function feedRefusal(local: string, ns: string): string | null {
  if (local === 'RDF')
    return `This is an RSS 1.0 (RDF) feed, not a sitemap: ${READ_FORMATS}; ask the site for one of those or a sitemap`;
  if (local === 'feed' && ns === ATOM_03_NS)
    return `This is an Atom 0.3 feed, not a sitemap: ${READ_FORMATS}; Atom 0.3 was replaced by Atom 1.0 (namespace ${ATOM_NS}) in 2005`;
  if (local === 'feed')
    return `This is a <feed> without the Atom 1.0 namespace (${ATOM_NS}), not a sitemap: ${READ_FORMATS}`;
  if (local === 'rss') return `This <rss> root is in a namespace ("${ns}"), so it is no RSS 2.0 feed: ${READ_FORMATS}`;
  return null;
}

/** What reading a feed gave. */
export interface FeedReadResult {
  kind: FeedKind;
  /** Items or entries read (one row each). */
  count: number;
  /** The file ends inside its root element (see XmlReadResult). */
  endedEarly?: boolean;
}

interface Item {
  at: number;
  loc: string | undefined;
  /** RSS: a `<guid>` that is a permalink (isPermaLink not "false"), the item's URL when it has no `<link>`. */
  guid: string | undefined;
  date: string | undefined;
  /** Atom's `<published>`, used when there is no `<updated>`. */
  published: string | undefined;
}

interface Frame {
  local: string;
  ns: string;
  /** Bindings in scope below this element (shared with the parent when it declares none). */
  bindings: Map<string, string>;
}

/**
 * Reads an RSS 2.0 or Atom 1.0 feed as a urlset: each item's `<link>` (Atom:
 * the entry's `<link rel="alternate" href>` or a link without rel) is a loc,
 * its pubDate (RFC 822) or updated (RFC 3339) a lastmod, converted to W3C
 * Datetime. Other elements (titles, mRSS `media:content`, enclosures) are not
 * pages and are not read. One info problem per file says what was done.
 * The caller has read the prologue and reported what is wrong there.
 */
export function readFeed(text: string, target: XmlReadTarget, kind: FeedKind): FeedReadResult {
  return new FeedReader(text, target, kind).read();
}

/** RSS 2.0: a guid's isPermaLink is true unless it says "false"; a guid that is no permalink is not a URL. */
function isPermaLink(attrs: readonly XmlAttr[]): boolean {
  for (const a of attrs) if (a.name === 'isPermaLink') return a.value.trim().toLowerCase() !== 'false';
  return true;
}

class FeedReader implements XmlEvents {
  private readonly lines: LineIndex;
  private readonly scanner: XmlScanner;
  private readonly stack: Frame[] = [];
  private readonly qnames: string[] = [];
  private item: Item | undefined;
  private itemDepth = -1;
  /** The field whose text is being collected: loc (RSS link), guid (a permalink), date, published. */
  private field: 'loc' | 'guid' | 'date' | 'published' | undefined;
  private fieldDepth = -1;
  private fieldText = '';
  private count = 0;
  private converted = 0;
  private unconverted = 0;
  private trimmed = 0;
  private noLink = 0;
  private fromGuid = 0;
  private readonly openNames = new OpenNames();
  private malformed = 0;
  private rootSeen = false;

  constructor(
    private readonly src: string,
    private readonly target: XmlReadTarget,
    private readonly kind: FeedKind,
  ) {
    this.lines = new LineIndex(src);
    this.scanner = new XmlScanner(src, this);
  }

  read(): FeedReadResult {
    this.scanner.run(0);
    const endedEarly = this.stack.length > 0;
    if (endedEarly) {
      this.defect(`the file ends before </${this.qnames[0]}> (truncated?)`, this.src.length);
      while (this.stack.length > 0) this.endElement();
    }
    if (this.malformed > MAX_MALFORMED_PER_FILE)
      this.target.problems.push(moreMalformedProblem(this.target.fileName, this.malformed - MAX_MALFORMED_PER_FILE));
    this.summarize();
    return endedEarly ? { kind: this.kind, count: this.count, endedEarly } : { kind: this.kind, count: this.count };
  }

  expectedClose(): string | undefined {
    return this.qnames[this.qnames.length - 1];
  }

  leaf(): boolean {
    return false;
  }

  open(qname: string, attrs: XmlAttr[], selfClosing: boolean, at: number): void {
    const parent = this.stack[this.stack.length - 1];
    let bindings = parent?.bindings ?? new Map<string, string>();
    for (const a of attrs) {
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) {
        if (bindings === parent?.bindings) bindings = new Map(bindings);
        bindings.set(a.name === 'xmlns' ? '' : a.name.slice(6), a.value);
      }
    }
    const colon = qname.indexOf(':');
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const ns = bindings.get(colon < 0 ? '' : qname.slice(0, colon)) ?? '';
    const depth = this.stack.length;
    this.stack.push({ local, ns, bindings });
    this.qnames.push(qname);
    this.openNames.opened(qname);
    if (depth === 0) {
      if (this.rootSeen) this.defect(`a second root element <${qname}>`, at);
      this.rootSeen = true;
    } else this.openChild(local, ns, attrs, depth, at);
    if (selfClosing) this.close(qname, at);
  }

  private openChild(local: string, ns: string, attrs: XmlAttr[], depth: number, at: number): void {
    const own = this.kind === 'rss' ? '' : ATOM_NS;
    if (ns !== own) return;
    if (this.item === undefined) {
      if (local === (this.kind === 'rss' ? 'item' : 'entry')) {
        this.item = { at, loc: undefined, guid: undefined, date: undefined, published: undefined };
        this.itemDepth = depth;
      }
      return;
    }
    if (depth !== this.itemDepth + 1) return;
    if (this.kind === 'atom' && local === 'link') {
      this.atomLink(this.item, attrs);
      return;
    }
    const field =
      this.kind === 'rss'
        ? local === 'link'
          ? 'loc'
          : local === 'pubDate'
            ? 'date'
            : local === 'guid' && isPermaLink(attrs)
              ? 'guid'
              : undefined
        : local === 'updated'
          ? 'date'
          : local === 'published'
            ? 'published'
            : undefined;
    if (field === undefined) return;
    this.field = field;
    this.fieldDepth = depth;
    this.fieldText = '';
  }

  /** Atom 1.0 §4.2.7.2: a link without rel is rel="alternate", the entry's page. */
  private atomLink(item: Item, attrs: XmlAttr[]): void {
    let rel = 'alternate';
    let href: string | undefined;
    for (const a of attrs) {
      if (a.name === 'rel') rel = a.value.trim();
      else if (a.name === 'href') href = a.value;
    }
    if (href === undefined) return;
    // Other rels (enclosure, related, via) point at media or other pages, not this entry's.
    if (rel === 'alternate' || rel === 'http://www.iana.org/assignments/relation/alternate')
      item.loc ??= this.trim(href);
  }

  close(qname: string, at: number): void {
    let match = this.qnames.length - 1;
    // An end tag that matches nothing is known without a scan (open-names.ts); the rest are walked past once.
    if (this.qnames[match] !== qname && !this.openNames.has(this.qnames, qname)) match = -1;
    while (match >= 0 && this.qnames[match] !== qname) match--;
    if (match < 0) {
      this.defect(`an end tag </${qname}> that matches no open element`, at);
      return;
    }
    while (this.qnames.length > match + 1) {
      this.defect(`<${this.qnames[this.qnames.length - 1]}> is not closed before </${qname}>`, at);
      this.endElement();
    }
    this.endElement();
  }

  private endElement(): void {
    const depth = this.stack.length - 1;
    if (this.field !== undefined && depth === this.fieldDepth && this.item) {
      const value = this.trim(this.fieldText);
      if (this.field === 'loc') this.item.loc ??= value;
      else if (this.field === 'guid') this.item.guid ??= value;
      else if (this.field === 'date') this.item.date ??= value;
      else this.item.published ??= value;
      this.field = undefined;
      this.fieldDepth = -1;
    }
    if (this.item && depth === this.itemDepth) this.endItem(this.item);
    this.stack.pop();
    const name = this.qnames.pop();
    if (name !== undefined) this.openNames.closed(name);
  }

  private endItem(item: Item): void {
    this.item = undefined;
    this.itemDepth = -1;
    // RSS 2.0: a guid is a permalink unless isPermaLink="false": the item's URL when it has no link.
    const loc = item.loc ?? item.guid ?? '';
    if (item.loc === undefined && item.guid !== undefined) this.fromGuid++;
    else if (item.loc === undefined) this.noLink++;
    const lastmod = this.lastmod(item.date ?? item.published);
    const { line, column } = this.lines.at(item.at);
    this.target.rows.push(
      { loc, lastmod, changefreq: '', priority: '', ext: [] },
      { file: this.target.fileIndex, line, column },
    );
    this.count++;
  }

  /** The feed's date as W3C Datetime when it converts; else as written, for lastmod-format to report. */
  private lastmod(value: string | undefined): string {
    if (value === undefined || value === '') return '';
    const status = parseW3c(value);
    if (status === W3cStatus.Ok) return value;
    const converted = convertLastmod(value);
    if (converted !== null && parseW3c(converted) === W3cStatus.Ok) {
      this.converted++;
      return converted;
    }
    this.unconverted++;
    return value;
  }

  private trim(value: string): string {
    const t = value.trim();
    if (t.length !== value.length) this.trimmed++;
    return t;
  }

  text(start: number, end: number): void {
    if (this.field !== undefined)
      this.fieldText += decodeEntities(this.src.slice(start, end), (d) => this.defect(d.message, start + d.at));
  }

  cdata(value: string): void {
    if (this.field !== undefined) this.fieldText += value;
  }

  doctype(): void {}

  pi(): void {}

  defect(message: string, at: number): void {
    // The sitemap reader has reported the prologue's defects already.
    if (!this.rootSeen) return;
    this.malformed++;
    if (this.malformed <= MAX_MALFORMED_PER_FILE) this.report(XML_MALFORMED, `${MALFORMED_PREFIX}${message}`, at);
  }

  private summarize(): void {
    const label = FEED_LABEL[this.kind];
    const items = this.kind === 'rss' ? 'item' : 'entry';
    const plural = (n: number, one: string, many: string): string =>
      `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    const parts = [
      `Read as a sitemap from an ${label} feed: ${plural(this.count, items, this.kind === 'rss' ? 'items' : 'entries')}, each ${this.kind === 'rss' ? '<link>' : '<link rel="alternate" href>'} as a loc`,
    ];
    const dates = this.kind === 'rss' ? 'pubDate (RFC 822)' : 'updated (RFC 3339)';
    if (this.converted > 0)
      parts.push(`${plural(this.converted, `${dates} value`, `${dates} values`)} converted to W3C Datetime lastmod`);
    if (this.unconverted > 0)
      parts.push(`${plural(this.unconverted, 'date', 'dates')} kept as written (not convertible)`);
    if (this.trimmed > 0) parts.push(`${plural(this.trimmed, 'value', 'values')} trimmed of surrounding white space`);
    if (this.fromGuid > 0)
      parts.push(
        `${plural(this.fromGuid, 'item has', 'items have')} no <link> and ${this.fromGuid === 1 ? 'its' : 'their'} permalink <guid> was read as the loc`,
      );
    if (this.noLink > 0)
      parts.push(
        `${plural(this.noLink, `${items} has`, `${items === 'item' ? 'items' : 'entries'} have`)} no link (loc-missing)`,
      );
    parts.push('the export writes a standard sitemap');
    this.report(FEED_READ, parts.join('; '), 0);
  }

  private report(code: Parameters<typeof makeProblem>[0], detail: string, at: number): void {
    const place = at >= 0 ? this.lines.at(at) : {};
    this.target.problems.push(makeProblem(code, detail, { file: this.target.fileName, ...place }));
  }
}
