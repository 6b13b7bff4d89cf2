const encoder = new TextEncoder();
const INITIAL = 1 << 20;

/**
 * The entries of the file being filled, encoded as they come. Keeping 50,000
 * entry strings until a file closes made them survive into V8's old space and
 * the garbage collector dominated a 1,000,000-row export; encoding each entry
 * at once lets it die young. One buffer is reused for every file.
 */
export class BodyBuffer {
  private buf = new Uint8Array(INITIAL);
  private len = 0;

  /** Appends an entry whose exact UTF-8 size the caller counted; throws if the count was wrong. */
  append(entry: string, bytes: number): void {
    const need = this.len + bytes;
    if (need > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < need) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    const r = encoder.encodeInto(entry, this.buf.subarray(this.len, need));
    if (r.read !== entry.length || r.written !== bytes) {
      throw new Error(`sitemap writer: an entry counted as ${bytes} bytes does not encode to that size`);
    }
    this.len = need;
  }

  /**
   * The whole file: `header`, the entries so far, `footer`, in a new array of
   * exactly `total` bytes. Empties the buffer for the next file.
   */
  finish(header: string, footer: string, total: number): Uint8Array {
    const out = new Uint8Array(total);
    const h = encoder.encodeInto(header, out);
    out.set(this.buf.subarray(0, this.len), h.written);
    const f = encoder.encodeInto(footer, out.subarray(h.written + this.len));
    if (h.read !== header.length || f.read !== footer.length || h.written + this.len + f.written !== total) {
      throw new Error(`sitemap writer: a file counted as ${total} bytes does not encode to that size`);
    }
    this.len = 0;
    return out;
  }
}
