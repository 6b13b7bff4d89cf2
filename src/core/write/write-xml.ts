import { XSI_NS } from '../namespaces';
import type { UrlRows } from '../rows';
import { SITEMAP_NS } from '../types';
import { escapeAttr, escapeLoc, escapeText, isPlainAscii, newEscapeStats, unpadded, unpaddedText, type EscapeStats } from './escape';
import { completeForSchema, formatLastmod, type LastmodForm } from './lastmod-form';
import type { BodyBuffer } from './body-buffer';
import { utf8Length } from './utf8';
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
const EXT_INDENT = '    ';
const B_URL_LOC_OPEN = ascii(URL_LOC_OPEN);
const B_LOC_CLOSE = ascii(LOC_CLOSE);
const B_URL_CLOSE = ascii(URL_CLOSE);
const B_LASTMOD = [ascii('    <lastmod>'), ascii('</lastmod>\n')] as const;
const B_CHANGEFREQ = [ascii('    <changefreq>'), ascii('</changefreq>\n')] as const;
const B_PRIORITY = [ascii('    <priority>'), ascii('</priority>\n')] as const;
/** The longest open + close tag pair above. */
const TAGS_MAX = 32;
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
 * Writes `<url>` entries and the `<urlset>` around them. Each entry is
 * written as UTF-8 bytes at the end of the body buffer, pending, and its size
 * returned, so the splitter can cut files at an exact byte count before the
 * entry is kept. Output is one element per line, two-space indentation, LF
 * line ends.
 */
export class UrlsetWriter {
  readonly ext: ExtWriter;
  /** Namespaces the last entry's extensions need declared on the root. */
  readonly used: string[] = [];
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
   * Writes the `<url>` element of row position `i` (its loc must not be
   * empty) into `body` as pending bytes, and returns its size: the same bytes
   * an entry built as a string would have, without building it. Plain ASCII
   * values are copied from their column's text in one pass; any other value
   * goes through the string path (escape.ts), part by part, which handles
   * every case and counts every repair.
   */
  write(i: number, body: BodyBuffer): number {
    const rows = this.rows;
    const start = body.end;
    const locCol = rows.loc;
    let text = locCol.rawText(i);
    let s = locCol.rawStart(i);
    let e = locCol.rawEnd(i);
    let buf = body.reserve(B_URL_LOC_OPEN.length + fastBound(e - s) + B_LOC_CLOSE.length);
    let at = put(buf, body.end, B_URL_LOC_OPEN);
    const fast = writePlain(buf, at, text, s, e);
    if (fast >= 0) at = fast;
    else {
      body.end = at;
      body.writeString(escapeLoc(unpadded(locCol.get(i), this.stats), this.stats));
      buf = body.reserve(B_LOC_CLOSE.length);
      at = body.end;
    }
    at = put(buf, at, B_LOC_CLOSE);
    body.end = at;

    const lmCol = rows.lastmod;
    text = lmCol.rawText(i);
    s = lmCol.rawStart(i);
    e = lmCol.rawEnd(i);
    const n = e - s;
    // As-is values of these lengths may be a year, a month or a time without seconds, which the schema wants completed.
    if (n > 0 && (this.lastmodForm !== 'as-is' || n === 4 || n === 7 || n === 17 || n === 22 || !this.plainField(body, B_LASTMOD, text, s, e))) {
      const lm = unpaddedText(lmCol.get(i), this.stats);
      if (lm) body.writeString(this.lastmodPiece(lm).text);
    }
    this.field(body, rows.changefreq, i, B_CHANGEFREQ, this.changefreqCache, 'changefreq');
    this.field(body, rows.priority, i, B_PRIORITY, this.priorityCache, 'priority');

    this.used.length = 0;
    const ext = rows.ext[i];
    if (ext && ext.length > 0) body.writeString(this.ext.write(ext, EXT_INDENT, this.used));
    buf = body.reserve(B_URL_CLOSE.length);
    body.end = put(buf, body.end, B_URL_CLOSE);
    return body.end - start;
  }

  /** A short field (changefreq, priority): the fast path, else its cached piece. */
  private field(body: BodyBuffer, col: UrlRows['changefreq'], i: number, tags: readonly [Uint8Array, Uint8Array], cache: Map<string, Piece>, tag: string): void {
    const text = col.rawText(i);
    const s = col.rawStart(i);
    const e = col.rawEnd(i);
    if (s === e || this.plainField(body, tags, text, s, e)) return;
    const v = unpaddedText(col.get(i), this.stats);
    if (!v) return;
    const p = this.cached(cache, tag, v);
    this.stats.dropped += p.dropped;
    body.writeString(p.text);
  }

  /** `<tag>value</tag>` on the fast path; false (nothing written) when the value is not plain. */
  private plainField(body: BodyBuffer, tags: readonly [Uint8Array, Uint8Array], text: string, s: number, e: number): boolean {
    const buf = body.reserve(TAGS_MAX + fastBound(e - s));
    const at = writePlain(buf, put(buf, body.end, tags[0]), text, s, e);
    if (at < 0) return false;
    body.end = put(buf, at, tags[1]);
    return true;
  }

  /** The lastmod element of a value (unpadded, not empty), counted as {@link entry} counts it. */
  private lastmodPiece(lm: string): Piece {
    if (lm !== this.lastLastmod) {
      this.lastLastmod = lm;
      this.lastLastmodCompleted = this.lastmodForm === 'as-is' && completeForSchema(lm) !== lm;
      this.lastLastmodPiece = this.piece('lastmod', formatLastmod(lm, this.lastmodForm));
    }
    if (this.lastLastmodCompleted) this.stats.lastmodCompleted++;
    const p = this.lastLastmodPiece;
    this.stats.dropped += p.dropped;
    return p;
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

/*
 * The ASCII fast path of {@link UrlsetWriter.write}: a value copied from its
 * column's text straight into the output bytes, one pass that both checks
 * and writes, with `&` (in query strings, ~45% of real locs) written as
 * `&amp;`. Anything else (non-ASCII, a character to escape or drop, white
 * space around the value) makes it give up and the caller takes the string
 * path, which handles every case and counts every repair. Kept in this
 * module: calls into another module cost a getter each under tsx (Node).
 */

/** 1: written as it is; 2: written as `&amp;`; 0: not on the fast path. */
const CLASS = new Uint8Array(128);
for (let c = 0x20; c < 0x7f; c++) CLASS[c] = 1;
for (const c of ['"', "'", '<', '>']) CLASS[c.charCodeAt(0)] = 0;
CLASS[0x26] = 2;

/** Bytes a value of `n` characters may take on the fast path (every one an `&amp;`). */
function fastBound(n: number): number {
  return n * 5;
}

/**
 * Writes `text[s…e)` at `buf[at…]` (room for {@link fastBound} bytes
 * reserved) and returns the position after it, or -1 when the value is not
 * plain ASCII without white space around it (nothing meaningful written).
 */
function writePlain(buf: Uint8Array, at: number, text: string, s: number, e: number): number {
  if (text.charCodeAt(s) <= 0x20 || text.charCodeAt(e - 1) <= 0x20) return -1;
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    const t = c < 0x80 ? (CLASS[c] as number) : 0;
    if (t === 1) buf[at++] = c;
    else if (t === 2) {
      buf[at] = 0x26;
      buf[at + 1] = 0x61;
      buf[at + 2] = 0x6d;
      buf[at + 3] = 0x70;
      buf[at + 4] = 0x3b;
      at += 5;
    } else return -1;
  }
  return at;
}

/** Copies the constant `bytes` to `buf[at…]`; returns the position after them. A loop: `set` costs more on a few bytes. */
function put(buf: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let k = 0; k < bytes.length; k++) buf[at + k] = bytes[k] as number;
  return at + bytes.length;
}

/** A constant's UTF-8 bytes (ASCII). */
function ascii(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
