import { afterLastLineEnd, countLineEnds } from '../read/line-ends';

/** A piece of a file's text handed to a reader, and where it starts in the file. */
export interface TextChunk {
  text: string;
  /** 1-based line and column (in UTF-16 code units) of the chunk's first character. */
  line: number;
  column: number;
  /** True for the last chunk of the file. */
  final: boolean;
}

/**
 * Where a chunk may end: the length of the longest prefix of `text` that is
 * safe to read on its own, or -1 when there is none yet.
 */
export type CutFinder = (text: string) => number;

/**
 * Collects decoded text and hands it out in chunks of about `target`
 * characters, each ending where {@link CutFinder} allows (after an entry's
 * end tag, after a line end), so that a reader sees whole entries and a 1 GB
 * file never becomes one string. Keeps the line and column of each chunk's
 * start for located messages.
 */
export class TextChunker {
  private pieces: string[] = [];
  /** Characters buffered. */
  length = 0;
  private line = 1;
  private column = 1;
  /** Do not look for a cut again before this many characters are buffered (no cut was found in fewer). */
  private retryAt = 0;

  constructor(private readonly target: number) {}

  append(text: string): void {
    if (text.length === 0) return;
    this.pieces.push(text);
    this.length += text.length;
  }

  /** Everything buffered, as one string (kept as the one piece). */
  peek(): string {
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }

  /**
   * The next chunk: with `final`, everything buffered; otherwise a chunk once
   * `target` characters are buffered and `cut` finds where to end it, else null.
   */
  take(cut: CutFinder, final: boolean): TextChunk | null {
    if (final) {
      const text = this.peek();
      this.pieces = [];
      this.length = 0;
      const chunk = { text, line: this.line, column: this.column, final: true };
      this.advance(text);
      return chunk;
    }
    if (this.length < this.target || this.length < this.retryAt) return null;
    const all = this.peek();
    const end = cut(all);
    if (end <= 0) {
      this.retryAt = this.length + this.target;
      return null;
    }
    const text = all.slice(0, end);
    const rest = all.slice(end);
    this.pieces = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    this.retryAt = 0;
    const chunk = { text, line: this.line, column: this.column, final: false };
    this.advance(text);
    return chunk;
  }

  /** Drops everything buffered (the rest of the file is not read). */
  clear(): void {
    this.pieces = [];
    this.length = 0;
  }

  /** Line and column in the file of `next[offset]`, where `next` is text about to be appended. */
  positionOf(next: string, offset: number): { line: number; column: number } {
    // One text, not piece by piece: a CRLF split between two pieces is one line end, not two.
    const text = this.peek() + next.slice(0, offset);
    const { lines, lastLineStart } = countLineEnds(text);
    return lines === 0
      ? { line: this.line, column: this.column + text.length }
      : { line: this.line + lines, column: text.length - lastLineStart + 1 };
  }

  private advance(text: string): void {
    const { lines, lastLineStart } = countLineEnds(text);
    if (lines === 0) this.column += text.length;
    else {
      this.line += lines;
      this.column = text.length - lastLineStart + 1;
    }
  }
}

/** Cuts after the last line end (LF, CRLF or CR): for text sitemaps and CSV. */
export const cutAfterLastLine: CutFinder = afterLastLineEnd;

/**
 * Cuts after the last entry end tag (`</url>`, `</sitemap>`, with the root's
 * prefix) that is not inside a comment or a CDATA section. A chunk starts
 * where the previous one ended, outside any comment, so the last `<!--`
 * before a candidate tells whether the candidate is inside one.
 */
export function cutAfterEntry(endTag: string): CutFinder {
  return (text) => {
    let at = text.lastIndexOf(endTag);
    // Most files have neither comments nor CDATA between entries: one forward
    // search (fast) spares two backward ones (slow: measured 7 ms per MiB).
    if (at >= 0 && text.indexOf('<!') < 0) return at + endTag.length;
    while (at >= 0) {
      const inside = openBefore(text, at, '<!--', '-->') ?? openBefore(text, at, '<![CDATA[', ']]>');
      if (inside === undefined) return at + endTag.length;
      at = inside > 0 ? text.lastIndexOf(endTag, inside - 1) : -1;
    }
    return -1;
  };
}

/** Where an `open … close` section that is still open at `at` starts, or undefined. */
function openBefore(text: string, at: number, open: string, close: string): number | undefined {
  const start = text.lastIndexOf(open, at);
  if (start < 0) return undefined;
  const end = text.indexOf(close, start + open.length);
  return end < 0 || end + close.length > at ? start : undefined;
}
