import { decodeBytes } from '../read/decode';

/** Enough bytes to see a byte order mark and an XML declaration's encoding. */
export const DECODE_HEAD_BYTES = 256;

const REPLACEMENT = '\uFFFD';

/**
 * Bytes to text piece by piece, with the same choice of encoding as the
 * table path's `decodeBytes` (BOM, then the XML declaration, then UTF-8),
 * which is asked about the head of the file. A character cut between two
 * pieces is kept by the platform decoder until the next one.
 */
export class StreamDecoder {
  /** The encoding label chosen, e.g. 'utf-8', 'utf-16le', 'windows-1251'. */
  readonly encoding: string;
  /** Notes for the `encoding` rule found in the head (not UTF-8, declared another encoding). */
  readonly notes: string[];
  /** True once invalid byte sequences were replaced with U+FFFD. */
  replaced = false;
  private readonly decoder: TextDecoder;
  private skip: number;
  private readonly checkGenuine: boolean;

  /** @param head the first bytes of the file (at least {@link DECODE_HEAD_BYTES}, or all of a smaller file). */
  constructor(head: Uint8Array) {
    const probe = decodeBytes(head.subarray(0, DECODE_HEAD_BYTES));
    this.encoding = probe.encoding;
    // The probe may cut a character at its end: that note is not about the file.
    this.notes = probe.notes.filter((n) => !n.startsWith('invalid '));
    const [b0, b1, b2] = head;
    this.skip =
      b0 === 0xef && b1 === 0xbb && b2 === 0xbf
        ? 3
        : (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)
          ? 2
          : 0;
    this.decoder = new TextDecoder(this.encoding, { ignoreBOM: true });
    this.checkGenuine = this.encoding === 'utf-8';
  }

  /**
   * The text of the next piece of bytes (pass `final` with the last one, or
   * an empty piece at the end). Returns the offset of the first replaced
   * invalid sequence in the text, when this piece has one, in {@link lastReplacement}.
   */
  decode(bytes: Uint8Array, final = false): string {
    let input = bytes;
    if (this.skip > 0) {
      const n = Math.min(this.skip, input.length);
      input = input.subarray(n);
      this.skip -= n;
    }
    const text = this.decoder.decode(input, { stream: !final });
    this.lastReplacement = -1;
    const at = text.indexOf(REPLACEMENT);
    if (at >= 0 && (!this.checkGenuine || countChar(text, REPLACEMENT) > countGenuine(input))) {
      this.lastReplacement = at;
      this.replaced = true;
    }
    return text;
  }

  /** Offset in the last decoded text of a replaced invalid sequence, or -1. */
  lastReplacement = -1;
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** U+FFFD written in the file itself (EF BF BD) is text, not a decoding failure. */
function countGenuine(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0xef); i >= 0 && i + 2 < bytes.length; i = bytes.indexOf(0xef, i + 1)) {
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) n++;
  }
  return n;
}
