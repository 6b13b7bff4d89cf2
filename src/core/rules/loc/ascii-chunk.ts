import { hashAsciiBytes, hashRange } from '../../text/hash';
import { scanAsciiLoc, SCANNED } from './loc-bytes';

// Locals: through tsx an imported binding is a getter call on every use (a twentieth of the check's scan).
const scanLoc = scanAsciiLoc;
const scanned = SCANNED;
const hashBytes = hashAsciiBytes;
const hashText = hashRange;

/** Shorter texts (a value edited alone) are hashed as they are: encoding them would cost more. */
const MIN_ENCODED = 256;
/**
 * Values asked for in a row from one text before it is encoded. After edits
 * a column's rows can alternate between chunks: encoding a whole chunk for
 * each of them was measured 2.6 times slower than hashing the strings.
 */
const RUN_BEFORE_ENCODING = 256;

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
  /** Values asked for in a row from {@link text}, while it is not encoded. */
  private run = 0;
  private encoded = false;
  private readonly encoder = new TextEncoder();

  /**
   * @param eager encode each text of {@link MIN_ENCODED} characters or more
   *   at once: for a caller that reads every value of each chunk in turn
   *   (the check's pass), which waited for 256 values of each chunk before.
   */
  constructor(private readonly eager = false) {}

  /** {@link hashRange} of `text[start, end)`. */
  hash(text: string, start: number, end: number): number {
    if (text !== this.text || !this.encoded) this.load(text);
    return this.isAscii ? hashBytes(this.view, this.bytes, start, end) : hashText(text, start, end);
  }

  /**
   * Set by {@link scan}: whether the value scanned is a clean `http(s)://`
   * loc (see {@link isCleanHttpLoc}), the one test the check needs of nearly
   * every loc. False when unsure (a chunk not seen as bytes yet).
   */
  clean = false;

  /**
   * Set by {@link scan}: whether the loc starts with the origin given to
   * {@link setOrigin} and the origin ends there (see loc-bytes.ts); false
   * when unsure (no origin, or a chunk not seen as bytes): the caller then
   * tests the loc itself.
   */
  onOrigin = false;
  private originWords = new Int32Array(0);
  private originBytes = new Uint8Array(0);
  private origin = '';

  /** The origin, as written, that {@link scan} compares each loc with ('' for none); only an ASCII one is compared. */
  setOrigin(raw: string): void {
    if (raw === this.origin) return;
    this.origin = raw;
    const ascii = /^[\0-\x7f]*$/.test(raw);
    const bytes = ascii ? this.encoder.encode(raw) : new Uint8Array(0);
    const words = new Int32Array(bytes.length >> 2);
    for (let k = 0; k < words.length; k++) {
      const i = k * 4;
      words[k] =
        (bytes[i] as number) |
        ((bytes[i + 1] as number) << 8) |
        ((bytes[i + 2] as number) << 16) |
        ((bytes[i + 3] as number) << 24) |
        0;
    }
    this.originWords = words;
    this.originBytes = bytes;
  }

  /**
   * {@link hash} of a loc `text[start, end)`, and whether it is clean (in
   * {@link clean}), in one pass over its bytes: the check's loop then
   * needs no string of the loc and no regular expression.
   */
  scan(text: string, start: number, end: number): number {
    if (text !== this.text || !this.encoded) this.load(text);
    if (!this.isAscii) {
      this.clean = false;
      this.onOrigin = false;
      return hashText(text, start, end);
    }
    const h = scanLoc(this.view, this.bytes, start, end, this.originWords, this.originBytes);
    this.clean = scanned.clean;
    this.onOrigin = scanned.onOrigin;
    return h;
  }

  /**
   * Whether `text[start, end)` starts with the ASCII `prefix` (a word at a
   * time when the chunk is ASCII; `startsWith` else).
   */
  startsWith(text: string, start: number, end: number, prefix: string): boolean {
    const len = prefix.length;
    if (end - start < len) return false;
    if (text !== this.text || !this.encoded) this.load(text);
    if (prefix !== this.prefix) this.setPrefix(prefix);
    if (!this.isAscii || !this.prefixIsAscii) return text.startsWith(prefix, start);
    const view = this.view;
    const words = this.prefixWords;
    let at = start;
    for (let k = 0; k < words.length; k++, at += 4) if (view.getInt32(at, true) !== words[k]) return false;
    const bytes = this.bytes;
    for (let j = at - start; j < len; j++) if (bytes[start + j] !== prefix.charCodeAt(j)) return false;
    return true;
  }

  private prefix = '';
  private prefixIsAscii = true;
  private prefixWords = new Int32Array(0);

  private setPrefix(prefix: string): void {
    this.prefix = prefix;
    const words = new Int32Array(prefix.length >> 2);
    for (let k = 0; k < words.length; k++) {
      const i = k * 4;
      words[k] =
        prefix.charCodeAt(i) |
        (prefix.charCodeAt(i + 1) << 8) |
        (prefix.charCodeAt(i + 2) << 16) |
        (prefix.charCodeAt(i + 3) << 24) |
        0;
    }
    this.prefixWords = words;
    this.prefixIsAscii = /^[\0-\x7f]*$/.test(prefix);
  }

  /** Makes `text` the current one; encodes it once enough values in a row came from it. */
  private load(text: string): void {
    if (text !== this.text) {
      this.text = text;
      this.isAscii = false;
      this.encoded = text.length < MIN_ENCODED;
      this.run = 0;
      if (!this.eager || this.encoded) return;
    } else if (++this.run < RUN_BEFORE_ENCODING) return;
    this.encoded = true;
    if (this.bytes.length < text.length) {
      this.bytes = new Uint8Array(text.length + (text.length >> 2));
      this.view = new DataView(this.bytes.buffer);
    }
    // ASCII exactly when every character took one byte; anything else stops short.
    const r = this.encoder.encodeInto(text, this.bytes.subarray(0, text.length));
    this.isAscii = r.read === text.length && r.written === text.length;
  }
}
