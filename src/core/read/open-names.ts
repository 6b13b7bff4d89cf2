/**
 * Whether an end tag names any open element, for a reader mending a bad
 * nesting. The readers' stacks are scanned from the top for the common
 * case; an end tag that matches nothing would scan all of it, so 50,000
 * stray end tags under 50,000 open elements (350 KB) took 11 s and 32 s
 * doubled. Past the first end tag that does not close the innermost
 * element, the names on the stack are counted, and the count is kept
 * up to date: a file that never needs it pays nothing.
 */
export class OpenNames {
  private counts: Map<string, number> | null = null;

  /** Whether some element on `stack` (the reader's open elements, by name) is named `name`. */
  has(stack: readonly string[], name: string): boolean {
    if (this.counts === null) {
      this.counts = new Map();
      for (const open of stack) this.opened(open);
    }
    return this.counts.has(name);
  }

  /** An element of this name was pushed on the stack. */
  opened(name: string): void {
    if (this.counts !== null) this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** An element of this name left the stack. */
  closed(name: string): void {
    if (this.counts === null) return;
    const n = (this.counts.get(name) ?? 0) - 1;
    if (n > 0) this.counts.set(name, n);
    else this.counts.delete(name);
  }
}
