const encoder = new TextEncoder();
const INITIAL = 1 << 20;

/**
 * The entries of the file being filled, as UTF-8 bytes. Keeping 50,000
 * entry strings until a file closes made them survive into V8's old space and
 * the garbage collector dominated a 1,000,000-row export; the writer now puts
 * each entry's bytes here directly (see UrlsetWriter.write), and strings are
 * only encoded for the rare entries that need them. One buffer is reused for
 * every file.
 *
 * An entry is written first as *pending* bytes, past the committed ones: the
 * splitter then decides whether it fits in this file ({@link commit}), opens
 * a new file with it (the file is finished without it, and it moves to the
 * front), or leaves it out ({@link discard}).
 */
export class BodyBuffer {
  /** The bytes; writers fill `buf[end…]` after {@link reserve}. */
  buf = new Uint8Array(INITIAL);
  /** End of the committed entries. */
  private len = 0;
  /** End of the pending entry (== len when none). */
  end = 0;

  /** Makes room for `n` more bytes past {@link end}; returns the (possibly new) buffer. */
  reserve(n: number): Uint8Array {
    const need = this.end + n;
    if (need > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < need) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.end));
      this.buf = next;
    }
    return this.buf;
  }

  /** Writes `s` as UTF-8 at {@link end} (pending); returns its size in bytes. */
  writeString(s: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    this.reserve(s.length * 3);
    const r = encoder.encodeInto(s, this.buf.subarray(this.end));
    this.end += r.written;
    return r.written;
  }

  /** Bytes of the pending entry. */
  get pending(): number {
    return this.end - this.len;
  }

  /** Keeps the pending entry in the file. */
  commit(): void {
    this.len = this.end;
  }

  /** Drops the pending entry. */
  discard(): void {
    this.end = this.len;
  }

  /** Appends and commits an entry whose exact UTF-8 size the caller counted; throws if the count was wrong. */
  append(entry: string, bytes: number): void {
    this.discard();
    const written = this.writeString(entry);
    if (written !== bytes) {
      throw new Error(`sitemap writer: an entry counted as ${bytes} bytes does not encode to that size`);
    }
    this.commit();
  }

  /**
   * The whole file: `header`, the committed entries, `footer`, in a new array
   * of exactly `total` bytes. Empties the buffer for the next file, keeping a
   * pending entry (it moves to the front: the first entry of the next file).
   */
  finish(header: string, footer: string, total: number): Uint8Array {
    const out = new Uint8Array(total);
    const h = encoder.encodeInto(header, out);
    out.set(this.buf.subarray(0, this.len), h.written);
    const f = encoder.encodeInto(footer, out.subarray(h.written + this.len));
    if (h.read !== header.length || f.read !== footer.length || h.written + this.len + f.written !== total) {
      throw new Error(`sitemap writer: a file counted as ${total} bytes does not encode to that size`);
    }
    const pending = this.end - this.len;
    if (pending > 0) this.buf.copyWithin(0, this.len, this.end);
    this.len = 0;
    this.end = pending;
    return out;
  }
}
