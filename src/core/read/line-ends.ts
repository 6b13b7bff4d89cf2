/**
 * Walks the lines of a text whose lines end in LF, CRLF or a lone CR (old
 * Mac files, and some generators). The next LF and the next CR are kept, so
 * the walk is one pass however the lines end.
 */
export class LineWalker {
  private nextLf: number;
  private nextCr: number;

  constructor(
    private readonly text: string,
    from = 0,
  ) {
    this.nextLf = this.find('\n', from);
    this.nextCr = this.find('\r', from);
  }

  /**
   * The end of the line starting at `start` (the position of its LF or CR,
   * or the text's length) and where the next line starts.
   */
  lineFrom(start: number): { end: number; next: number } {
    const text = this.text;
    if (this.nextLf < start) this.nextLf = this.find('\n', start);
    if (this.nextCr < start) this.nextCr = this.find('\r', start);
    const lf = this.nextLf;
    const cr = this.nextCr;
    if (cr < lf) return { end: cr, next: text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1 };
    return { end: lf, next: lf + 1 };
  }

  private find(ch: string, from: number): number {
    const at = this.text.indexOf(ch, from);
    return at === -1 ? this.text.length : at;
  }
}

/**
 * Counts the line ends in `text` before `end` and where the last line
 * starts. A CR at the very end counts as a line end (a CRLF split across
 * two pieces is then counted twice; chunk cuts never fall inside one).
 */
export function countLineEnds(text: string, end = text.length): { lines: number; lastLineStart: number } {
  let lines = 0;
  let lastLineStart = 0;
  const walker = new LineWalker(text);
  let start = 0;
  for (;;) {
    const line = walker.lineFrom(start);
    if (line.end >= end) break;
    lines++;
    lastLineStart = Math.min(line.next, end);
    start = line.next;
  }
  return { lines, lastLineStart };
}

/** Where the text after its last complete line end starts (0 when there is none): a chunk cut for line-based files. */
export function afterLastLineEnd(text: string): number {
  const lf = text.lastIndexOf('\n');
  let cr = text.lastIndexOf('\r');
  // A CR last of all may be the first half of a CRLF still to come.
  if (cr === text.length - 1) cr = text.lastIndexOf('\r', cr - 1);
  return Math.max(lf, cr) + 1;
}
