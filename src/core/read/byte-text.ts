import { makeProblem } from '../rules/problem';
import { moreMalformedProblem } from '../rules/file/file';
import type { Rule } from '../rules/registry';
import type { Problem } from '../rules/problem';
import { ByteCursor, giveUp } from './byte-cursor';
import type { ByteText } from './byte-rows';
import { decodeEntities, doctypeMessage, readEntityDeclarations, type DeclaredEntities } from './entities';
import { MAX_MALFORMED_PER_FILE, LEADING_WHITESPACE, XML_DOCTYPE, XML_MALFORMED } from '../rules/file/file-rules';
import { MALFORMED_PREFIX } from '../rules/file/file';
import { utf16Units, utf8SequenceLength } from './utf8-bytes';
import { mayHaveSpaceAround, trimXmlSpace } from './value-trim';
import { clip, isBlank, rawOffset, xmlSpaced } from './xml-text';
import { LOC_MISSING } from '../rules/loc/loc-rules';

/** Proves a rare piece valid UTF-8 as it decodes it: an invalid one is the string reader's (it reports the encoding). */
/** What a piece of text is, for what XML makes of its white space (see {@link ByteTextCursor.textPiece}). */
export type TextKind = 'value' | 'ext' | 'attribute';

const FATAL = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const ENCODER = new TextEncoder();

/** Appends a value read in the slow lane to a batch of a column's bytes. */
export function writeSlowValue(v: string, out: ByteText): void {
  const bytes = out.ensure(v.length * 3);
  out.len += ENCODER.encodeInto(v, bytes.subarray(out.len)).written;
  out.units += v.length;
}

/** The scanner's NameStartChar: letters, `_`, `:` and anything non-ASCII. */
export function isNameStart(c: number | undefined): boolean {
  return c !== undefined && ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c > 127);
}

/** A problem found while reading, placed, held until the file is known to be read whole. */
interface Pending {
  rule: Rule;
  detail: string;
  line: number;
  column: number;
}

/**
 * The byte reader's slow lane: the few pieces of a file that are not plain
 * (a reference other than the five predefined entities, CDATA, a DOCTYPE,
 * an extension's text and attributes) are decoded to strings here and read
 * exactly as the string reader reads them (decodeEntities, the same
 * messages), with each problem placed at the line and column the string
 * reader gives it. Problems wait in `pending` until the file was read whole:
 * a file given up later leaves nothing behind.
 */
export class ByteTextCursor extends ByteCursor {
  protected readonly pending: Pending[] = [];
  /** Defects said so far (`xml-malformed`), capped per file as the string reader caps them. */
  protected malformed = 0;
  /** Entities a DOCTYPE declared: named in messages, never expanded. */
  protected entities: DeclaredEntities | undefined;

  /** Where the value being read started, and the cursor there: the slow lane reads it again from there. */
  private markAt = 0;
  private markLine = 0;
  private markLineStart = 0;
  private markAdjust = 0;
  /** Where the last {@link fieldText} ended (the `<` of its end tag). */
  protected fieldEnd = 0;

  protected mark(pos: number): void {
    this.markAt = pos;
    this.markLine = this.line;
    this.markLineStart = this.lineStart;
    this.markAdjust = this.lineAdjust;
  }

  /** The line of the mark, and the column of `pos` on it (before any line end after the mark). */
  protected markedLine(): number {
    return this.markLine;
  }

  protected markedColumn(pos: number): number {
    return pos - this.markLineStart - this.markAdjust + 1;
  }

  /** Puts the cursor back at the mark; returns its position. */
  protected rewind(): number {
    this.line = this.markLine;
    this.lineStart = this.markLineStart;
    this.lineAdjust = this.markAdjust;
    return this.markAt;
  }

  /**
   * A field's text from `pos` to its end tag, untrimmed, as the string
   * reader joins it: text pieces with their references resolved, CDATA as
   * written, comments left out, a stray `<` said and kept. Any element or
   * PI inside is the string reader's.
   */
  protected fieldText(pos: number): string {
    const b = this.b;
    let text = '';
    for (;;) {
      let lt = pos;
      while (lt < this.n && b[lt] !== 60) lt++;
      if (lt >= this.n) giveUp('the file ends inside a value');
      if (lt > pos) text += this.textPiece(pos, lt, 'value');
      const c = b[lt + 1];
      if (c === 47) {
        this.fieldEnd = lt;
        return text;
      }
      if (c === 33) {
        if (this.isCdata(lt)) {
          text += this.cdata(lt);
          pos = this.cdataEnd;
        } else pos = this.comment(lt);
        continue;
      }
      if (c === undefined) giveUp('the file ends inside a value');
      if (c === 63 || isNameStart(c)) giveUp('markup inside a value');
      this.defect('a stray "<" that should be written "&lt;"', this.line, this.columnOf(lt));
      text += '<';
      pos = lt + 1;
    }
  }

  protected report(rule: Rule, detail: string, line: number, column: number): void {
    this.pending.push({ rule, detail, line, column });
  }

  /** A defect recovered from, said as the string reader says it (counted towards the cap). */
  protected defect(message: string, line: number, column: number): void {
    this.malformed++;
    if (this.malformed <= MAX_MALFORMED_PER_FILE)
      this.report(XML_MALFORMED, `${MALFORMED_PREFIX}${message}`, line, column);
  }

  /** Writes the held problems, then the file's trailing ones as the string reader orders them. */
  protected flushProblems(fileName: string, problems: Problem[], trim: Pending | undefined): void {
    // Line 0: said where the string reader gives no place (a prefix an attribute of a kept element uses).
    for (const p of this.pending)
      problems.push(
        makeProblem(
          p.rule,
          p.detail,
          p.line > 0 ? { file: fileName, line: p.line, column: p.column } : { file: fileName },
        ),
      );
    if (trim)
      problems.push(makeProblem(trim.rule, trim.detail, { file: fileName, line: trim.line, column: trim.column }));
    if (this.malformed > MAX_MALFORMED_PER_FILE)
      problems.push(moreMalformedProblem(fileName, this.malformed - MAX_MALFORMED_PER_FILE));
  }

  /**
   * The text of bytes `from` to `to` (no markup in it) with its references
   * resolved as the string reader resolves them; the cursor moves past it.
   * `kind` says what XML makes of its literal white space first (see
   * xmlSpaced): nothing for a field's value (the checks judge it as
   * written), line ends for an extension's text, and attribute-value
   * normalisation for an attribute, where a reference to a declared entity
   * is also a defect, as the scanner says it, not the `xml-doctype` note.
   */
  protected textPiece(from: number, to: number, kind: TextKind): string {
    const line = this.line;
    const column = this.columnOf(from);
    return this.resolve(this.decodeRange(from, to), line, column, kind);
  }

  /** {@link textPiece}'s references in `raw`, which starts at `line`:`column`. */
  private resolve(raw: string, line: number, column: number, kind: TextKind): string {
    const spaced = kind === 'value' ? { text: raw, dropped: [] } : xmlSpaced(raw, kind === 'attribute');
    if (raw.indexOf('&') < 0) return spaced.text;
    const inAttribute = kind === 'attribute';
    // Defects come in order: each is placed from the last one, so a long one-line value full of them stays linear.
    let at = { k: 0, line, column };
    return decodeEntities(
      spaced.text,
      (d) => {
        if (!(d.declared && !inAttribute) && this.malformed >= MAX_MALFORMED_PER_FILE) {
          this.malformed++;
          return;
        }
        at = placeIn(raw, at.k, rawOffset(spaced, d.at), at.line, at.column);
        if (d.declared && !inAttribute) this.report(XML_DOCTYPE, d.message, at.line, at.column);
        else this.defect(d.message, at.line, at.column);
      },
      this.entities,
    );
  }

  /** The current entry's text outside its fields (and its CDATA): a loc when it has none, as the string reader reads it. */
  protected bare = '';

  /**
   * Text in an entry outside its fields at `pos`, the white space before it
   * from `from` (skipped already); returns where it ends, at the next `<`.
   * Blank, it is layout; else it joins {@link bare}.
   */
  protected entryText(from: number, pos: number): number {
    const b = this.b;
    let lt = pos;
    while (lt < this.n && b[lt] !== 60) lt++;
    if (lt >= this.n) giveUp('the file ends inside an entry');
    const space = this.asciiText(from, pos);
    const line = this.line;
    const column = this.columnOf(pos);
    const raw = this.decodeRange(pos, lt);
    if (!isBlank(raw, 0, raw.length)) this.bare += space + this.resolve(raw, line, column, 'value');
    return lt;
  }

  /** The entry's bare text as its loc, said (`loc-missing`), into `out`; the entry starts at `line`:`column`. */
  protected bareAsLoc(entryName: string, line: number, column: number, out: ByteText): void {
    const loc = this.unpad(`the text of <${entryName}>`, this.bare, line, column);
    this.report(
      LOC_MISSING,
      `The URL "${clip(loc.trim())}" is bare text inside <${entryName}>; it belongs in a <loc> element (read as the loc)`,
      line,
      column,
    );
    writeSlowValue(loc, out);
  }

  /** A value trimmed for the file's one `value-whitespace` warning; the reader keeps the tally. */
  protected noteTrim(_what: string, _line: number, _column: number): void {}

  /** A value without the white space around it, counted (see {@link noteTrim}). */
  protected unpad(what: string, v: string, line: number, column: number): string {
    if (!mayHaveSpaceAround(v)) return v;
    const trimmed = trimXmlSpace(v);
    if (trimmed !== v) this.noteTrim(what, line, column);
    return trimmed;
  }

  /** Bytes `from` to `to` as a string, counting their line ends and code units; NUL or invalid UTF-8 is given up. */
  protected decodeRange(from: number, to: number): string {
    const b = this.b;
    for (let i = from; i < to; i++) {
      const c = b[i] as number;
      if (c < 0x80) {
        if (c === 10 || c === 13) this.lineEnd(i);
        else if (c === 0) giveUp('a NUL character');
        continue;
      }
      const len = utf8SequenceLength(b, i);
      if (len === 0 || i + len > to) giveUp('invalid UTF-8');
      this.lineAdjust += len - utf16Units(len);
      i += len - 1;
    }
    return FATAL.decode(b.subarray(from, to));
  }

  /**
   * The declaration after white space only, as the string reader says it
   * (a warning, the file read on); after anything else, the defect is its.
   */
  protected override lateDeclaration(lt: number, beforeRoot: boolean): void {
    const b = this.b;
    for (let i = this.docStart; i < lt; i++) {
      const c = b[i];
      if (!beforeRoot || (c !== 32 && c !== 9 && c !== 10 && c !== 13)) giveUp('an XML declaration not at the start');
    }
    const at = lt - this.docStart;
    this.report(
      LEADING_WHITESPACE,
      `${at} whitespace character${at === 1 ? '' : 's'} before the XML declaration`,
      1,
      1,
    );
  }

  /** A CDATA section at `lt` (`<![CDATA[` checked by the caller): its text, and where it ends in `cdataEnd`. */
  protected cdata(lt: number): string {
    const b = this.b;
    const start = lt + 9;
    for (let i = start; i + 2 < this.n; i++) {
      if (b[i] === 93 && b[i + 1] === 93 && b[i + 2] === 62) {
        const text = this.decodeRange(start, i);
        this.cdataEnd = i + 3;
        return text;
      }
    }
    return giveUp('a CDATA section the file ends inside');
  }

  protected cdataEnd = 0;

  /** `<![CDATA[` at `lt`. */
  protected isCdata(lt: number): boolean {
    const b = this.b;
    return (
      b[lt + 2] === 91 &&
      b[lt + 3] === 67 &&
      b[lt + 4] === 68 &&
      b[lt + 5] === 65 &&
      b[lt + 6] === 84 &&
      b[lt + 7] === 65 &&
      b[lt + 8] === 91
    );
  }

  /** `<!DOCTYPE` at `lt`. */
  protected isDoctype(lt: number): boolean {
    const b = this.b;
    return (
      b[lt + 2] === 68 &&
      b[lt + 3] === 79 &&
      b[lt + 4] === 67 &&
      b[lt + 5] === 84 &&
      b[lt + 6] === 89 &&
      b[lt + 7] === 80 &&
      b[lt + 8] === 69
    );
  }

  /**
   * A DOCTYPE at `lt`, skipped as the scanner skips it (quotes, the internal
   * subset's brackets), its entities noted and never expanded, and the
   * `xml-doctype` warning said; returns where it ends.
   */
  protected doctype(lt: number): number {
    const b = this.b;
    const line = this.line;
    const column = this.columnOf(lt);
    let depth = 0;
    let quote = 0;
    for (let i = lt + 9; i < this.n; i++) {
      const c = b[i] as number;
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 91) depth++;
      else if (c === 93) depth--;
      else if (c === 62 && depth <= 0) {
        // Every bracket the declarations are read between lies inside the DOCTYPE.
        this.entities = readEntityDeclarations(this.decodeRange(lt, i + 1), 0);
        this.report(XML_DOCTYPE, doctypeMessage(this.entities), line, column);
        return i + 1;
      }
    }
    return giveUp('a DOCTYPE the file ends inside');
  }
}

/**
 * Where offset `k` of `text` is, offset `from` being at `line`:`column`
 * (line ends: LF, CRLF, lone CR); `k` is returned with it, to go on from.
 */
export function placeIn(
  text: string,
  from: number,
  k: number,
  line: number,
  column: number,
): { k: number; line: number; column: number } {
  let col = column;
  for (let i = from; i < k; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      col = 1;
    } else col++;
  }
  return { k, line, column: col };
}
