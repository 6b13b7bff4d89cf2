/*
 * The byte reader's entries (read-xml-bytes.ts reads the document around
 * them): an entry's fields on the fast lane of bytes, a value decoded only
 * when it must be.
 */
import { DUPLICATE_FLAG } from '../rows/rows';
import { ByteRows, type ByteText } from './byte-rows';
import { giveUp, URL } from './byte-cursor';
import { ByteExtCursor } from './byte-ext';
import { writeSlowValue } from './byte-text';
import { PLAIN_BYTES, predefinedEntity } from './byte-values';
import {
  plainBytes,
  plainMask,
  ShortTexts,
  SITEMAP_CLOSE,
  tagAt,
  URL_CLOSE,
  wordTag,
  type WordTag,
} from './byte-words';
import { utf16Units, utf8SequenceLength } from './utf8-bytes';
import { TrimTally, trimXmlSpace } from './value-trim';

// Local, not imported: run through tsx, an imported constant is a getter call
// on every use (measured: a tenth of the read).
const LT = 60;
const SLASH = 47;
const AMP = 38;
const LF = 10;
const CR = 13;

function isXmlSpace(c: number | undefined): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** The fields by number: loc 0, lastmod 1, changefreq 2, priority 3. */
const FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'] as const;
const FIELD_WHAT = FIELDS.map((f) => `<${f}>`);
const FIELD_DUP = FIELDS.map((f) => DUPLICATE_FLAG[f]);
/** Each field's start tag after its `<` (`loc>`) and end tag after its `<` (`/loc>`), compared a word at a time. */
const FIELD_OPEN = FIELDS.map((f) => wordTag(`${f}>`));
const FIELD_CLOSE = FIELDS.map((f) => wordTag(`/${f}>`));
/** The first word of each field's start tag after its `<`. */
const LOC_WORD = (FIELD_OPEN[0] as WordTag).first;
const LASTMOD_WORD = (FIELD_OPEN[1] as WordTag).first;
const CHANGEFREQ_WORD = (FIELD_OPEN[2] as WordTag).first;
const PRIORITY_WORD = (FIELD_OPEN[3] as WordTag).first;
/** Bytes a value copies with nothing else to do (a local: see above). */
const PLAIN = PLAIN_BYTES;

const SLOW_ENCODER = new TextEncoder();

/** The byte reader's entries and their values, and the state they fill. */
export abstract class ByteEntries extends ByteExtCursor {
  protected kind: 'urlset' | 'sitemapindex' = 'urlset';
  protected readonly view = new DataView(this.b.buffer, this.b.byteOffset, this.b.byteLength);
  protected readonly shorts = new ShortTexts();
  protected readonly rows = new ByteRows(this.shorts.values);
  protected readonly trims = new TrimTally();
  protected trimLine = 0;
  protected trimColumn = 0;
  protected scratch = new Uint8Array(64);

  protected entry(lt: number, name: Uint8Array): number {
    const b = this.b;
    const line = this.line;
    const column = this.columnOf(lt);
    let pos = lt + 2 + name.length;
    const entryClose = name === URL ? URL_CLOSE : SITEMAP_CLOSE;
    let have = 0;
    let flags = 0;
    const fields = this.kind === 'urlset' ? 4 : 2;
    // Numbers in this.shorts.values ('' is 0).
    let changefreq = 0;
    let priority = 0;
    // Set only by an entry that has any (a store per entry of each was measurable).
    if (this.entryExt !== undefined) this.entryExt = undefined;
    if (this.entryFlags !== 0) this.entryFlags = 0;
    if (this.bare !== '') this.bare = '';
    for (;;) {
      // Fields written back to back: no white space to skip.
      if (b[pos] !== LT) {
        const gap = pos;
        pos = this.blank(pos);
        if (b[pos] !== LT) {
          if (b[pos] === undefined) giveUp('the file ends inside an entry');
          pos = this.entryText(gap, pos);
          continue;
        }
      }
      if (b[pos + 1] === SLASH) {
        if (!tagAt(this.view, this.n, pos + 1, entryClose)) giveUp('an end tag that does not match');
        pos += 1 + entryClose.len;
        break;
      }
      const f = this.fieldAt(pos + 1);
      if (f < 0 || f >= fields) {
        pos = this.entryChild(pos, this.kind === 'sitemapindex');
        continue;
      }
      const open = FIELD_OPEN[f] as WordTag;
      const pos0 = pos;
      const duplicate = (have & (1 << f)) !== 0;
      // An index entry says what a repeat dropped: the string reader's to say.
      if (duplicate && this.kind === 'sitemapindex') giveUp('a repeated field in an index entry');
      let trimmed = false;
      if (f < 2)
        trimmed = this.value(pos + 1 + open.len, duplicate ? null : f === 0 ? this.rows.loc : this.rows.lastmod);
      else {
        // changefreq and priority: a few plain bytes then their end tag, found in place (no copy) when so.
        const from = pos + 1 + open.len;
        const placed = this.shorts.placed(this.view, b, this.n, from);
        let code: number;
        if (placed >= 0) {
          code = placed >>> 4;
          this.valueEnd = from + (placed & 15);
        } else {
          trimmed = this.value(from, null);
          code = this.shorts.code(this.scratch, 0, this.scratchLen);
        }
        if (!duplicate) {
          if (f === 2) changefreq = code;
          else priority = code;
        }
      }
      pos = this.valueEnd;
      const close = FIELD_CLOSE[f] as WordTag;
      if (!tagAt(this.view, this.n, pos + 1, close)) giveUp('a field whose end tag does not match');
      pos += 1 + close.len;
      if (duplicate) flags |= FIELD_DUP[f] as number;
      else if (trimmed) {
        // Placed from the value's mark: its start tag is on the line the value starts on.
        if (this.trims.count === 0) {
          this.trimLine = this.markedLine();
          this.trimColumn = this.markedColumn(pos0);
        }
        this.trims.note(FIELD_WHAT[f] as string, -1);
      }
      have |= 1 << f;
    }
    if ((have & 1) === 0 && this.bare.trim() !== '')
      this.bareAsLoc(this.kind === 'urlset' ? 'url' : 'sitemap', line, column, this.rows.loc);
    this.rows.endRow(line, column, flags | this.entryFlags, changefreq, priority, this.entryExt);
    return pos;
  }

  /** The field whose start tag's name is at `pos` (0 loc … 3 priority), or -1: told by its first word. */
  protected fieldAt(pos: number): number {
    if (pos + 4 > this.n) return -1;
    const w = this.view.getInt32(pos, true);
    // `loc>` is a whole tag of four bytes.
    if (w === LOC_WORD) return 0;
    const f = w === LASTMOD_WORD ? 1 : w === CHANGEFREQ_WORD ? 2 : w === PRIORITY_WORD ? 3 : -1;
    return f > 0 && tagAt(this.view, this.n, pos, FIELD_OPEN[f] as WordTag) ? f : -1;
  }

  /** Where the last {@link value} ended (its `<`). */
  protected valueEnd = 0;
  protected scratchLen = 0;

  /**
   * Reads the text of a field from `pos` to the next `<`, decoding the
   * predefined entities and proving its UTF-8 valid, into `out` (or the
   * scratch buffer when null), without the XML white space around it.
   * Returns whether there was any.
   */
  protected value(pos: number, out: ByteText | null): boolean {
    const b = this.b;
    let buf = out ? out.ensure(256) : this.scratch;
    let o = out ? out.len : 0;
    const startLen = o;
    this.mark(pos);
    let units = 0;
    let lead = false;
    // Bytes written since the last character that is not white space: the trailing padding.
    let trail = 0;
    let started = false;
    const view = this.view;
    const end = this.n - 4;
    for (;;) {
      if (out) {
        // Four plain bytes at a time while there are (most of a URL or a date, and what follows
        // each `&amp;` of a query), then byte by byte.
        const to = out.view;
        const from = o;
        // Both move by four: one bound for pos says when either ends.
        const stop = Math.min(end, buf.length - 8 - o + pos);
        while (pos <= stop) {
          const w = view.getInt32(pos, true);
          const m = plainMask(w);
          // The whole word, even when only its first bytes count: there is room, and no byte-by-byte tail.
          to.setInt32(o, w, true);
          if (m !== 0) {
            const k = plainBytes(m);
            pos += k;
            o += k;
            break;
          }
          pos += 4;
          o += 4;
        }
        if (o > from) {
          units += o - from;
          trail = 0;
          started = true;
        }
      }
      let c = b[pos];
      // The hot loop: bytes copied as they are (nearly every byte of a URL or a date).
      if (PLAIN[c as number] === 1) {
        const from = o;
        const limit = buf.length - 4;
        do {
          buf[o++] = c as number;
          c = b[++pos];
        } while (PLAIN[c as number] === 1 && o < limit);
        units += o - from;
        trail = 0;
        started = true;
      }
      if (c === undefined) giveUp('the file ends inside a value');
      if (c === LT) {
        if (b[pos + 1] === SLASH) break;
        return this.slowValue(out, startLen);
      }
      if (o + 4 > buf.length) {
        if (out) {
          out.len = o;
          buf = out.ensure(256);
        } else {
          const next = new Uint8Array(buf.length * 2);
          next.set(buf);
          buf = this.scratch = next;
        }
      }
      if (c < 0x80) {
        if (c === AMP) {
          const e = predefinedEntity(view, b, this.n, pos + 1);
          if (e < 0) return this.slowValue(out, startLen);
          buf[o++] = e & 0xff;
          units++;
          trail = 0;
          started = true;
          pos += e >>> 8;
          continue;
        }
        if (c <= 32) {
          if (c === 0) giveUp('a NUL character');
          if (c === LF || c === CR) this.lineEnd(pos);
          if (isXmlSpace(c)) {
            pos++;
            if (!started) {
              lead = true;
              continue;
            }
            buf[o++] = c;
            units++;
            trail++;
            continue;
          }
        }
        buf[o++] = c;
        units++;
        trail = 0;
        started = true;
        pos++;
        continue;
      }
      const len = utf8SequenceLength(b, pos);
      if (len === 0) giveUp('invalid UTF-8');
      for (let k = 0; k < len; k++) buf[o++] = b[pos + k] as number;
      const u = utf16Units(len);
      units += u;
      this.lineAdjust += len - u;
      trail = 0;
      started = true;
      pos += len;
    }
    o -= trail;
    units -= trail;
    this.valueEnd = pos;
    if (out) {
      out.len = o;
      out.units += units;
    } else this.scratchLen = o;
    return lead || trail > 0;
  }

  /** The value from its mark again, in the slow lane (another reference, CDATA, a comment, a stray "<"). */
  protected slowValue(out: ByteText | null, startLen: number): boolean {
    const raw = this.fieldText(this.rewind());
    const v = trimXmlSpace(raw);
    this.valueEnd = this.fieldEnd;
    if (out) {
      out.len = startLen;
      writeSlowValue(v, out);
    } else {
      if (this.scratch.length < v.length * 3) this.scratch = new Uint8Array(v.length * 3);
      this.scratchLen = SLOW_ENCODER.encodeInto(v, this.scratch).written;
    }
    return v !== raw;
  }

  protected override noteTrim(what: string, line: number, column: number): void {
    if (this.trims.count === 0) {
      this.trimLine = line;
      this.trimColumn = column;
    }
    this.trims.note(what, -1);
  }
}
