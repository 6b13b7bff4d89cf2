/**
 * Turns character offsets into 1-based line and column numbers. Readers ask
 * in increasing order almost always, so it walks forward from the last answer
 * instead of holding an array of every line start (a 180 MB file has millions).
 *
 * A line ends at LF, CRLF or a lone CR (XML 1.0 §2.11 treats all three as one
 * line end). The next LF and the next CR are remembered, so a file written on
 * one line costs one scan in all, not one scan to its end per question.
 */
export class LineIndex {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  /** Position of the next LF / CR at or after `offset`, or the text's length when there is none. */
  private nextLf = -1;
  private nextCr = -1;

  constructor(private readonly text: string) {
    this.rewind();
  }

  /** Line and column (1-based, in UTF-16 code units) of `offset`. */
  at(offset: number): { line: number; column: number } {
    this.advance(offset);
    return { line: this.line, column: offset - this.lineStart + 1 };
  }

  lineOf(offset: number): number {
    this.advance(offset);
    return this.line;
  }

  columnOf(offset: number): number {
    this.advance(offset);
    return offset - this.lineStart + 1;
  }

  private rewind(): void {
    this.offset = 0;
    this.line = 1;
    this.lineStart = 0;
    this.nextLf = this.find('\n', 0);
    this.nextCr = this.find('\r', 0);
  }

  private find(ch: string, from: number): number {
    const at = this.text.indexOf(ch, from);
    return at === -1 ? this.text.length : at;
  }

  private advance(offset: number): void {
    if (offset < this.offset) this.rewind();
    const text = this.text;
    for (;;) {
      const lf = this.nextLf;
      const cr = this.nextCr;
      if (cr < lf) {
        if (cr >= offset) break;
        // CRLF is one line end, counted at its LF.
        if (text.charCodeAt(cr + 1) !== 10) {
          this.line++;
          this.lineStart = cr + 1;
        }
        this.nextCr = this.find('\r', cr + 1);
      } else {
        if (lf >= offset || lf >= text.length) break;
        this.line++;
        this.lineStart = lf + 1;
        this.nextLf = this.find('\n', lf + 1);
      }
    }
    this.offset = offset;
  }
}
