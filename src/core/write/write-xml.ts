import { XSI_NS } from '../rows/namespaces';
import type { UrlRows } from '../rows/rows';
import { SITEMAP_NS } from '../rows/types';
import {
  escapeLoc,
  escapeText,
  isPlainAscii,
  newEscapeStats,
  unpadded,
  unpaddedText,
  type EscapeStats,
} from './escape';
import { completeForSchema, formatLastmod, type LastmodForm } from './lastmod-form';
import type { BodyBuffer } from './body-buffer';
import { utf8Length } from '../text/utf8';
import { ExtWriter } from './write-ext';
import {
  CodePieces,
  MAX_KEY,
  codedColumn,
  type CodedColumn,
  type Mark,
  type Piece,
  type TextPiece,
} from './code-pieces';
import { prolog, schemaLocationAttrs, URLSET_SCHEMA_LOCATION } from './xml-head';

const URL_LOC_OPEN = '  <url>\n    <loc>';
const LOC_CLOSE = '</loc>\n';
const URL_CLOSE = '  </url>\n';
const EXT_INDENT = '    ';
const B_URL_LOC_OPEN = ascii(URL_LOC_OPEN);
const B_LOC_CLOSE = ascii(LOC_CLOSE);
const B_LOC_CLOSE_LASTMOD = ascii(LOC_CLOSE + '    <lastmod>');
const B_LASTMOD_CLOSE = ascii('</lastmod>\n');
const B_URL_CLOSE = ascii(URL_CLOSE);
const B_CHANGEFREQ = [ascii('    <changefreq>'), ascii('</changefreq>\n')] as const;
const B_PRIORITY = [ascii('    <priority>'), ascii('</priority>\n')] as const;
/** The longest open + close tag pair above. */
const TAGS_MAX = 32;
/** Distinct changefreq/priority values are few; more than this means junk, so the cache restarts. */
const FIELD_CACHE_MAX = 1024;
/** Distinct lastmod values kept as pieces: the rest are written the long way. */
const LASTMOD_PIECES_MAX = 1 << 16;

/** Copies row `i`'s loc `text[s, e)` to `buf[at…]` from bytes known plain; returns the end, or -1 to leave it to the writer. */
export type PlainLocCopier = (i: number, text: string, s: number, e: number, buf: Uint8Array, at: number) => number;

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
  private lastLastmodPiece: TextPiece = { text: '', bytes: 0, dropped: 0 };
  private lastLastmodCompleted = false;
  private readonly changefreqCache = new Map<string, TextPiece>();
  private readonly priorityCache = new Map<string, TextPiece>();

  /** The columns that number their values, for the pieces below; null when one does not. */
  private lmCoded: CodedColumn | null = null;
  private cfCoded: CodedColumn | null = null;
  private prCoded: CodedColumn | null = null;
  /** Pieces by lastmod value number, and by changefreq and priority numbers with whether `</lastmod>` leads. */
  private lmPieces = new CodePieces(LASTMOD_PIECES_MAX);
  private tails = new CodePieces(MAX_KEY);
  private readonly markAt: Mark = { end: 0, trimmed: 0, dropped: 0, completed: 0 };
  /** Where locs come from when the caller has their bytes (the streaming check's, core/stream). */
  plainLocs: PlainLocCopier | null = null;

  constructor(
    private rows: UrlRows,
    private readonly lastmodForm: LastmodForm,
    private readonly stats: EscapeStats,
    schemaLocation: boolean,
    private readonly stylesheet = false,
  ) {
    this.ext = new ExtWriter(stats, new Set(schemaLocation ? [XSI_NS] : []));
    this.fixedHeader = schemaLocation ? schemaLocationAttrs(URLSET_SCHEMA_LOCATION) : '';
    this.numbered();
  }

  /** Takes the rows' value numbers; pieces by number belong to the columns that gave them. */
  private numbered(): void {
    this.lmCoded = codedColumn(this.rows.lastmod);
    this.cfCoded = codedColumn(this.rows.changefreq);
    this.prCoded = codedColumn(this.rows.priority);
    this.lmPieces = new CodePieces(LASTMOD_PIECES_MAX);
    this.tails = new CodePieces(MAX_KEY);
  }

  /**
   * Writes the entries of other rows from now on, keeping the namespace
   * prefixes and value caches: the streaming path (core/stream) hands the
   * rows over one chunk at a time, and a file may span chunks.
   */
  useRows(rows: UrlRows): void {
    this.rows = rows;
    this.numbered();
  }

  /**
   * Writes the `<url>` element of row position `i` (its loc must not be
   * empty) into `body` as pending bytes, and returns its size: the same bytes
   * an entry built as a string would have, without building it. Plain ASCII
   * values are copied from their column's text in one pass; any other value
   * goes through the string path (escape.ts), part by part, which handles
   * every case and counts every repair. What follows the lastmod value (the
   * changefreq and priority elements and the closing tag) repeats row after
   * row: it is written once per pair of values and copied after (see
   * {@link tail}).
   */
  write(i: number, body: BodyBuffer): number {
    const rows = this.rows;
    const start = body.end;
    const locCol = rows.loc;
    let text = locCol.rawText(i);
    let s = locCol.rawStart(i);
    let e = locCol.rawEnd(i);
    let buf = body.reserve(B_URL_LOC_OPEN.length + fastBound(e - s));
    let at = put(buf, body.end, B_URL_LOC_OPEN);
    let fast = this.plainLocs !== null ? this.plainLocs(i, text, s, e, buf, at) : -1;
    if (fast < 0) fast = writePlain(buf, at, text, s, e);
    if (fast >= 0) body.end = fast;
    else {
      body.end = at;
      body.writeString(escapeLoc(unpadded(locCol.get(i), this.stats), this.stats));
    }

    const lmCol = rows.lastmod;
    text = lmCol.rawText(i);
    s = lmCol.rawStart(i);
    e = lmCol.rawEnd(i);
    const n = e - s;
    // `</lastmod>\n` is owed when the value went on the fast path: the tail starts with it.
    let owed = false;
    // As-is values of these lengths may be a year, a month or a time without seconds, which the schema wants completed.
    if (n > 0 && this.lastmodForm === 'as-is' && n !== 4 && n !== 7 && n !== 17 && n !== 22) {
      buf = body.reserve(B_LOC_CLOSE_LASTMOD.length + fastBound(n));
      at = writePlain(buf, put(buf, body.end, B_LOC_CLOSE_LASTMOD), text, s, e);
      if (at >= 0) {
        body.end = at;
        owed = true;
      }
    }
    if (!owed) {
      buf = body.reserve(B_LOC_CLOSE.length);
      body.end = put(buf, body.end, B_LOC_CLOSE);
      if (n > 0) this.lastmodCoded(body, i);
    }

    if (this.used.length !== 0) this.used.length = 0;
    const ext = rows.ext[i];
    if (ext !== undefined && ext.length > 0) this.tailLong(body, i, owed, ext);
    else this.tail(body, i, owed);
    return body.end - start;
  }

  /**
   * The changefreq and priority elements and `</url>` of a row without
   * extensions (after `</lastmod>` when `owed`): copied from the piece of its
   * pair of values, written the long way the first time.
   */
  private tail(body: BodyBuffer, i: number, owed: boolean): void {
    const cf = this.cfCoded;
    const pr = this.prCoded;
    if (cf !== null && pr !== null) {
      const a = cf.codeAt(i);
      const b = pr.codeAt(i);
      if (a < 128 && b < 256) {
        const key = (((a << 8) | b) << 1) | (owed ? 1 : 0);
        const p = this.tails.get(key);
        if (p !== undefined) this.copyPiece(body, p);
        else {
          const from = this.mark(body);
          this.tailLong(body, i, owed, undefined);
          this.tails.set(key, this.pieceSince(body, from));
        }
        return;
      }
    }
    this.tailLong(body, i, owed, undefined);
  }

  private tailLong(body: BodyBuffer, i: number, owed: boolean, ext: UrlRows['ext'][number]): void {
    const rows = this.rows;
    if (owed) body.end = put(body.reserve(B_LASTMOD_CLOSE.length), body.end, B_LASTMOD_CLOSE);
    this.field(body, rows.changefreq, i, B_CHANGEFREQ, this.changefreqCache, 'changefreq');
    this.field(body, rows.priority, i, B_PRIORITY, this.priorityCache, 'priority');
    if (ext && ext.length > 0) body.writeString(this.ext.write(ext, EXT_INDENT, this.used));
    body.end = put(body.reserve(B_URL_CLOSE.length), body.end, B_URL_CLOSE);
  }

  /** A lastmod off the fast path: its value's piece when the column numbers its values, else the long way. */
  private lastmodCoded(body: BodyBuffer, i: number): void {
    const coded = this.lmCoded;
    if (coded !== null) {
      const c = coded.codeAt(i);
      const p = this.lmPieces.get(c);
      if (p !== undefined) {
        this.copyPiece(body, p);
        return;
      }
      if (!this.lmPieces.full) {
        const from = this.mark(body);
        this.lastmodLong(body, i);
        this.lmPieces.set(c, this.pieceSince(body, from));
        return;
      }
    }
    this.lastmodLong(body, i);
  }

  private lastmodLong(body: BodyBuffer, i: number): void {
    const lm = unpaddedText(this.rows.lastmod.get(i), this.stats);
    if (lm) body.writeString(this.lastmodPiece(lm).text);
  }

  /** Where a piece starts: the body's end and the repair counts so far. */
  private mark(body: BodyBuffer): Mark {
    const st = this.stats;
    const m = this.markAt;
    m.end = body.end;
    m.trimmed = st.trimmed;
    m.dropped = st.dropped;
    m.completed = st.lastmodCompleted;
    return m;
  }

  /** What was written and counted since `from`, as a piece to copy the next times. */
  private pieceSince(body: BodyBuffer, from: Mark): Piece {
    const st = this.stats;
    return {
      bytes: body.buf.slice(from.end, body.end),
      trimmed: st.trimmed - from.trimmed,
      dropped: st.dropped - from.dropped,
      completed: st.lastmodCompleted - from.completed,
    };
  }

  /** Writes a piece and counts its repairs again, as writing it the long way would. */
  private copyPiece(body: BodyBuffer, p: Piece): void {
    const b = p.bytes;
    const buf = body.reserve(b.length);
    // `set` pays a call; a loop pays per byte: the pieces here are 20 to 80 bytes.
    if (b.length > 24) buf.set(b, body.end);
    else put(buf, body.end, b);
    body.end += b.length;
    if (p.trimmed !== 0) this.stats.trimmed += p.trimmed;
    if (p.dropped !== 0) this.stats.dropped += p.dropped;
    if (p.completed !== 0) this.stats.lastmodCompleted += p.completed;
  }

  /** A short field (changefreq, priority): the fast path, else its cached piece. */
  private field(
    body: BodyBuffer,
    col: UrlRows['changefreq'],
    i: number,
    tags: readonly [Uint8Array, Uint8Array],
    cache: Map<string, TextPiece>,
    tag: string,
  ): void {
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
  private plainField(
    body: BodyBuffer,
    tags: readonly [Uint8Array, Uint8Array],
    text: string,
    s: number,
    e: number,
  ): boolean {
    const buf = body.reserve(TAGS_MAX + fastBound(e - s));
    const at = writePlain(buf, put(buf, body.end, tags[0]), text, s, e);
    if (at < 0) return false;
    body.end = put(buf, at, tags[1]);
    return true;
  }

  /** The lastmod element of a value (unpadded, not empty), counted as {@link entry} counts it. */
  private lastmodPiece(lm: string): TextPiece {
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

  private piece(tag: string, value: string): TextPiece {
    const local = newEscapeStats();
    const v = isPlainAscii(value) ? value : escapeText(value, local);
    const text = '    <' + tag + '>' + v + '</' + tag + '>\n';
    return { text, bytes: utf8Length(text), dropped: local.dropped };
  }

  private cached(cache: Map<string, TextPiece>, tag: string, value: string): TextPiece {
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
    return prolog(this.stylesheet) + '<urlset xmlns="' + SITEMAP_NS + '"' + decls + this.fixedHeader + '>\n';
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
