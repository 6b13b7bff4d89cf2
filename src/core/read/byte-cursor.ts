import { utf16Units, utf8SequenceLength } from './utf8-bytes';

/**
 * Thrown where the string reader must take the file (caught by
 * readSitemapBytes, never seen past it); `why` says what made it give up.
 */
export const GIVE_UP = { giveUp: true, why: '' };

export function giveUp(why = 'a defect the string reader recovers from'): never {
  GIVE_UP.why = why;
  throw GIVE_UP;
}

const GT = 62;
const QUESTION = 63;
const LF = 10;
const CR = 13;

export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const URLSET = ascii('urlset');
export const SITEMAPINDEX = ascii('sitemapindex');
export const URL = ascii('url');
export const SITEMAP = ascii('sitemap');

function isXmlSpace(c: number | undefined): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** `<` first, after a UTF-8 BOM and white space: a text or CSV file is given up before anything is made. */
export function startsWithMarkup(b: Uint8Array): boolean {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (isXmlSpace(b[i])) i++;
  return b[i] === 60; /* < */
}

/** Bytes of an attribute name the byte reader takes (ASCII letters, digits, `_ : . -`). */
export function isAttrNameByte(c: number | undefined): boolean {
  return (
    c !== undefined &&
    ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45)
  );
}

/**
 * A position in a file's UTF-8 bytes with the line and column the string
 * reader would give it: lines end at LF, CRLF or a lone CR, columns count
 * UTF-16 code units from the line's start (the BOM is not a character).
 */
export class ByteCursor {
  protected readonly n: number;
  /** Where the document starts: after a UTF-8 BOM. */
  protected readonly docStart: number;
  protected line = 1;
  /** Byte offset where the current line starts. */
  protected lineStart = 0;
  /** Bytes minus UTF-16 code units of the characters read since lineStart. */
  protected lineAdjust = 0;

  constructor(protected readonly b: Uint8Array) {
    this.n = b.length;
    const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
    // The string reader's offsets start after a BOM; with one, the declaration is not consulted.
    this.docStart = bom ? 3 : 0;
    this.lineStart = this.docStart;
  }

  /** The column of `pos`, on the current line. */
  protected columnOf(pos: number): number {
    return pos - this.lineStart - this.lineAdjust + 1;
  }

  protected comment(lt: number): number {
    const b = this.b;
    if (b[lt + 2] !== 45 || b[lt + 3] !== 45) giveUp('a "<!" that is not a comment where one may be');
    for (let i = lt + 4; i < this.n; i++) {
      const c = b[i] as number;
      if (c === 45 && b[i + 1] === 45 && b[i + 2] === GT) return i + 3;
      i = this.plain(c, i);
    }
    return giveUp('the file ends inside a comment');
  }

  /** A processing instruction; an XML declaration anywhere but first is the string reader's to report. */
  protected pi(lt: number, beforeRoot: boolean): number {
    const b = this.b;
    let i = lt + 2;
    while (isAttrNameByte(b[i])) i++;
    const target = this.asciiText(lt + 2, i).toLowerCase();
    if (target === 'xml' && (lt !== this.docStart || !beforeRoot)) this.lateDeclaration(lt, beforeRoot);
    for (; i < this.n; i++) {
      const c = b[i] as number;
      if (c === QUESTION && b[i + 1] === GT) return i + 2;
      i = this.plain(c, i);
    }
    return giveUp('the file ends inside a processing instruction');
  }

  /** An XML declaration not at the start, at `lt`: the string reader's, unless a subclass says it. */
  protected lateDeclaration(_lt: number, _beforeRoot: boolean): void {
    giveUp('an XML declaration not at the start');
  }

  /** A character of a skipped part at `i`: counted if a line end; returns its last byte. NUL and invalid UTF-8 are the string reader's. */
  protected plain(c: number, i: number): number {
    if (c === 0) giveUp('a NUL character');
    if (c === LF || c === CR) this.lineEnd(i);
    if (c < 0x80) return i;
    const len = utf8SequenceLength(this.b, i);
    if (len === 0) giveUp('invalid UTF-8');
    this.lineAdjust += len - utf16Units(len);
    return i + len - 1;
  }

  // ---- bytes -----------------------------------------------------------

  /** Skips XML white space from `pos`, counting line ends. */
  protected blank(pos: number): number {
    const b = this.b;
    for (;;) {
      const c = b[pos];
      if (c === 32 || c === 9) pos++;
      else if (c === LF || c === CR) this.lineEnd(pos++);
      else return pos;
    }
  }

  /** A line end at `i` (LF, or CR not followed by LF: CRLF counts at its LF). */
  protected lineEnd(i: number): void {
    if (this.b[i] === CR && this.b[i + 1] === LF) return;
    this.line++;
    this.lineStart = i + 1;
    this.lineAdjust = 0;
  }

  /** `name` at `pos`, followed by `>`. */
  protected isTag(pos: number, name: Uint8Array): boolean {
    return this.isName(pos, name, GT);
  }

  /** `name` at `pos`, followed by `next` (0: by anything), or by white space or `>` when `next` is -1. */
  protected isName(pos: number, name: Uint8Array, next = -1): boolean {
    const b = this.b;
    const len = name.length;
    for (let k = 0; k < len; k++) if (b[pos + k] !== name[k]) return false;
    const after = b[pos + len];
    if (next === 0) return true;
    if (next === -1) return after === GT || isXmlSpace(after);
    return after === next;
  }

  protected asciiText(from: number, to: number): string {
    let s = '';
    for (let i = from; i < to; i++) s += String.fromCharCode(this.b[i] as number);
    return s;
  }
}
