/**
 * Turns character offsets into 1-based line and column numbers. Readers ask
 * in increasing order almost always, so it walks forward from the last answer
 * instead of holding an array of every line start (a 180 MB file has millions).
 */
export class LineIndex {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

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

  private advance(offset: number): void {
    if (offset < this.offset) {
      this.offset = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    const text = this.text;
    let nl = text.indexOf('\n', this.offset);
    while (nl !== -1 && nl < offset) {
      this.line++;
      this.lineStart = nl + 1;
      nl = text.indexOf('\n', nl + 1);
    }
    this.offset = offset;
  }
}
