import { hashAsciiBytes, hashRange } from './hash';

/** Shorter texts (a value edited alone) are hashed as they are: encoding them would cost more. */
const MIN_ENCODED = 256;

/**
 * A column chunk (many values joined) as UTF-8 bytes, encoded once when the
 * index first reaches it, so that each value in it is hashed a word at a time
 * ({@link hashAsciiBytes}) rather than a `charCodeAt` per character. Only an
 * all-ASCII chunk is used as bytes (its offsets in code units are offsets in
 * bytes); any other is hashed as a string, which gives the same hashes.
 */
export class AsciiChunk {
  private text = '';
  private bytes = new Uint8Array(0);
  private view = new DataView(this.bytes.buffer);
  private isAscii = false;
  private readonly encoder = new TextEncoder();

  /** {@link hashRange} of `text[start, end)`. */
  hash(text: string, start: number, end: number): number {
    if (text !== this.text) this.load(text);
    return this.isAscii ? hashAsciiBytes(this.view, this.bytes, start, end) : hashRange(text, start, end);
  }

  private load(text: string): void {
    this.text = text;
    this.isAscii = false;
    if (text.length < MIN_ENCODED) return;
    if (this.bytes.length < text.length) {
      this.bytes = new Uint8Array(text.length + (text.length >> 2));
      this.view = new DataView(this.bytes.buffer);
    }
    // ASCII exactly when every character took one byte; anything else stops short.
    const r = this.encoder.encodeInto(text, this.bytes.subarray(0, text.length));
    this.isAscii = r.read === text.length && r.written === text.length;
  }
}
