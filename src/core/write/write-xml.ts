import { XSI_NS } from '../namespaces';
import type { UrlRows } from '../rows';
import { SITEMAP_NS } from '../types';
import { escapeAttr, escapeLoc, escapeText, isPlainAscii, isPlainAsciiLoc, newEscapeStats, unpadded, unpaddedText, type EscapeStats } from './escape';
import { completeForSchema, formatLastmod, type LastmodForm } from './lastmod-form';
import { isAscii, utf8Length } from './utf8';
import { ExtWriter } from './write-ext';

/** The XML declaration every exported file starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `xsi:schemaLocation` value for a urlset. */
export const URLSET_SCHEMA_LOCATION =
  SITEMAP_NS + ' http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd';

/** ` xmlns:xsi="…" xsi:schemaLocation="…"` for a root element. */
export function schemaLocationAttrs(location: string): string {
  return ' xmlns:xsi="' + XSI_NS + '" xsi:schemaLocation="' + escapeAttr(location) + '"';
}

const URL_LOC_OPEN = '  <url>\n    <loc>';
const LOC_CLOSE = '</loc>\n';
const URL_CLOSE = '  </url>\n';
const FIXED_ENTRY_BYTES = URL_LOC_OPEN.length + LOC_CLOSE.length + URL_CLOSE.length;
const EXT_INDENT = '    ';
/** Distinct changefreq/priority values are few; more than this means junk, so the cache restarts. */
const FIELD_CACHE_MAX = 1024;

/** A core field's element, text and size, kept because the same values repeat row after row. */
interface Piece {
  text: string;
  bytes: number;
  /** Characters dropped while escaping the value, counted again at each use. */
  dropped: number;
}

/**
 * Writes `<url>` entries and the `<urlset>` around them. Entries are built
 * as strings and their exact UTF-8 size is summed from the parts, so the
 * splitter can cut files at an exact byte count before any byte is encoded.
 * Output is one element per line, two-space indentation, LF line ends.
 */
export class UrlsetWriter {
  readonly ext: ExtWriter;
  /** Namespaces the last entry's extensions need declared on the root. */
  readonly used: string[] = [];
  /** Exact UTF-8 size of the last entry built. */
  lastBytes = 0;
  private readonly fixedHeader: string;
  private lastLastmod = '';
  private lastLastmodPiece: Piece = { text: '', bytes: 0, dropped: 0 };
  private lastLastmodCompleted = false;
  private readonly changefreqCache = new Map<string, Piece>();
  private readonly priorityCache = new Map<string, Piece>();

  constructor(
    private rows: UrlRows,
    private readonly lastmodForm: LastmodForm,
    private readonly stats: EscapeStats,
    schemaLocation: boolean,
  ) {
    this.ext = new ExtWriter(stats, new Set(schemaLocation ? [XSI_NS] : []));
    this.fixedHeader = schemaLocation ? schemaLocationAttrs(URLSET_SCHEMA_LOCATION) : '';
  }

  /**
   * Writes the entries of other rows from now on, keeping the namespace
   * prefixes and value caches: the streaming path (core/stream) hands the
   * rows over one chunk at a time, and a file may span chunks.
   */
  useRows(rows: UrlRows): void {
    this.rows = rows;
  }

  /**
   * The `<url>` element of row position `i` (its loc must not be empty); its
   * size is left in {@link lastBytes}. With `wantText` false only the size is
   * computed (for a preview), sparing the string building.
   */
  entry(i: number, wantText = true): string {
    const rows = this.rows;
    const rawLoc = unpadded(rows.loc.get(i), this.stats);
    let loc: string;
    let bytes: number;
    if (isPlainAsciiLoc(rawLoc)) {
      loc = rawLoc;
      bytes = FIXED_ENTRY_BYTES + rawLoc.length;
    } else {
      loc = escapeLoc(rawLoc, this.stats);
      // Escaping ASCII yields ASCII: test the raw (flat) string, not the escaped rope.
      bytes = FIXED_ENTRY_BYTES + (isAscii(rawLoc) ? loc.length : utf8Length(loc));
    }
    let s = wantText ? URL_LOC_OPEN + loc + LOC_CLOSE : '';
    const lm = unpaddedText(rows.lastmod.get(i), this.stats);
    if (lm) {
      if (lm !== this.lastLastmod) {
        this.lastLastmod = lm;
        this.lastLastmodCompleted = this.lastmodForm === 'as-is' && completeForSchema(lm) !== lm;
        this.lastLastmodPiece = this.piece('lastmod', formatLastmod(lm, this.lastmodForm));
      }
      if (this.lastLastmodCompleted) this.stats.lastmodCompleted++;
      const p = this.lastLastmodPiece;
      this.stats.dropped += p.dropped;
      if (wantText) s += p.text;
      bytes += p.bytes;
    }
    const cf = unpaddedText(rows.changefreq.get(i), this.stats);
    if (cf) {
      const p = this.cached(this.changefreqCache, 'changefreq', cf);
      this.stats.dropped += p.dropped;
      if (wantText) s += p.text;
      bytes += p.bytes;
    }
    const pr = unpaddedText(rows.priority.get(i), this.stats);
    if (pr) {
      const p = this.cached(this.priorityCache, 'priority', pr);
      this.stats.dropped += p.dropped;
      if (wantText) s += p.text;
      bytes += p.bytes;
    }
    this.used.length = 0;
    const ext = rows.ext[i];
    if (ext && ext.length > 0) {
      const x = this.ext.write(ext, EXT_INDENT, this.used);
      if (wantText) s += x;
      bytes += utf8Length(x);
    }
    this.lastBytes = bytes;
    return wantText ? s + URL_CLOSE : '';
  }

  private piece(tag: string, value: string): Piece {
    const local = newEscapeStats();
    const v = isPlainAscii(value) ? value : escapeText(value, local);
    const text = '    <' + tag + '>' + v + '</' + tag + '>\n';
    return { text, bytes: utf8Length(text), dropped: local.dropped };
  }

  private cached(cache: Map<string, Piece>, tag: string, value: string): Piece {
    let p = cache.get(value);
    if (p === undefined) {
      if (cache.size >= FIELD_CACHE_MAX) cache.clear();
      p = this.piece(tag, value);
      cache.set(value, p);
    }
    return p;
  }

  /** Bytes of the root declaration of `ns` (ASCII apart from the URI). */
  declarationBytes = (ns: string): number => utf8Length(this.ext.declaration(ns));

  /** The header with the given namespaces declared (in a stable order). */
  header(namespaces: readonly string[]): string {
    let decls = '';
    for (const ns of this.ext.sortNamespaces(namespaces)) decls += this.ext.declaration(ns);
    return XML_DECLARATION + '<urlset xmlns="' + SITEMAP_NS + '"' + decls + this.fixedHeader + '>\n';
  }

  /** The footer. */
  footer(): string {
    return '</urlset>\n';
  }

  /** Bytes every urlset file has, before any namespace declaration or entry. */
  fixedBytes(): number {
    return utf8Length(this.header([])) + utf8Length(this.footer());
  }
}
